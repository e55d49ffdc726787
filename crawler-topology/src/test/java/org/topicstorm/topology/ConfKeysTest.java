package org.topicstorm.topology;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.fetch.FetchConfig;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.parse.ParseConfig;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfKeysTest {

    @TempDir
    Path tmp;

    /** Loads a user file with the given YAML and returns the error message (the test fails if there is none). */
    private String loadError(String yaml) throws IOException {
        Path file = tmp.resolve("crawl.yaml");
        Files.writeString(file, yaml);
        return assertThrows(CrawlConf.ConfException.class, () -> CrawlConf.load(file)).getMessage();
    }

    private String file() {
        return tmp.resolve("crawl.yaml").toString();
    }

    @Test
    void theIssuesTwoCasesNameTheFileTheKeyAndTheExpectedType() throws IOException {
        assertEquals(file() + ": key 'frontier.max.urls.per.host' must be a whole number from 1 to 100, got the "
                + "string 'abc'", loadError("frontier.max.urls.per.host: \"abc\"\n"));
        assertEquals(file() + ": key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the "
                + "string 'lots'", loadError("fetcher.threads.number: \"lots\"\n"));
    }

    @Test
    void eachKindOfWrongValueIsNamed() throws IOException {
        assertEquals(file() + ": key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the "
                + "number 2.5", loadError("fetcher.threads.number: 2.5\n"));
        assertEquals(file() + ": key 'frontier.max.urls.per.host' must be a whole number from 1 to 100, got the "
                + "number 101", loadError("frontier.max.urls.per.host: 101\n"));
        assertEquals(file() + ": key 'parse.hub.anchor.share' must be a number from 0 to 1, got the number 1.5",
                loadError("parse.hub.anchor.share: 1.5\n"));
        assertEquals(file() + ": key 'http.robots.meta.skip' must be true or false, got the string 'yes please'",
                loadError("http.robots.meta.skip: yes please\n"));
        assertEquals(file() + ": key 'fetcher.queue.mode' must be one of byHost, byDomain, byIP, got the string "
                + "'byhost'", loadError("fetcher.queue.mode: byhost\n"));
        assertEquals(file() + ": key 'http.protocol.implementation' must be the name of a Java class on the "
                + "classpath, got the string 'org.example.NoSuchProtocol'",
                loadError("http.protocol.implementation: org.example.NoSuchProtocol\n"));
        assertEquals(file() + ": key 'metadata.persist' must be a list of strings, got the string '_redirTo'",
                loadError("metadata.persist: _redirTo\n"));
        assertEquals(file() + ": key 'es.addresses' must be a list of strings or one comma-separated string, got "
                + "the number 9200", loadError("es.addresses: 9200\n"));
        assertEquals(file() + ": key 'okhttp.protocol.connection.pool' must be a mapping, got the number 5",
                loadError("okhttp.protocol.connection.pool: 5\n"));
        // -1 is StormCrawler's "unlimited"; -2 is nothing
        assertEquals(file() + ": key 'http.content.limit' must be a whole number from -1 to 2147483647, got the "
                + "number -2", loadError("http.content.limit: -2\n"));
        // a key read as a long has no upper bound
        assertEquals(file() + ": key 'frontier.purgatory.ms' must be a whole number >= 0, got the number -5",
                loadError("frontier.purgatory.ms: -5\n"));
    }

    @Test
    void aQuotedNumberAndAnUnquotedVersionGetAHint() throws IOException {
        assertEquals(file() + ": key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the "
                        + "string '20' (in quotes, YAML reads it as a string: write it without quotes)",
                loadError("fetcher.threads.number: \"20\"\n"));
        assertEquals(file() + ": key 'http.agent.version' must be a string, got the number 1.0 (write it in quotes)",
                loadError("http.agent.version: 1.0\n"));
    }

    @Test
    void stormsOwnKeysAreCheckedByStormsValidators() throws IOException {
        assertEquals(file() + ": key 'topology.workers' must be an Integer within type range (Storm's check), got "
                + "the string 'lots'", loadError("topology.workers: lots\n"));
        assertEquals(file() + ": key 'topology.message.timeout.secs' must be an Integer within type range (Storm's "
                + "check), got the number 1.5", loadError("topology.message.timeout.secs: 1.5\n"));
    }

    @Test
    void everyProblemOfAFileIsListedOnItsOwnLine() throws IOException {
        String message = loadError("fetcher.threads.number: lots\nfrontier.max.urls.per.host: 0\n"
                + "fetcher.server.delay: 2\n");
        assertEquals(file() + ": key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the string "
                + "'lots'\n" + file() + ": key 'frontier.max.urls.per.host' must be a whole number from 1 to 100, "
                + "got the number 0", message);
    }

    @Test
    void goodValuesAndEmptyOnesPass() throws IOException {
        Path file = tmp.resolve("good.yaml");
        Files.writeString(file, "fetcher.threads.number: 50\nfetcher.server.delay: 2\nhttp.proxy.host: proxy.lan\n"
                + "http.proxy.port: 3128\nes.addresses: http://127.0.0.1:9200\nhttp.timeout:\n"
                + "metadata.persist: [a, b]\nfrontier.purgatory.ms: 10000000000\n");
        Map<String, Object> conf = CrawlConf.load(file);
        assertEquals(50, conf.get("fetcher.threads.number"));
        // http.proxy.* are StormCrawler keys its defaults file leaves out: known through the table
        assertEquals(3128, conf.get("http.proxy.port"));
        assertNull(conf.get("http.timeout"));
    }

    @Test
    void setOverridesAreCheckedAsAFilesKeysAre() throws IOException {
        Map<String, String> set = new LinkedHashMap<>();
        set.put("frontier.query.min.interval.ms", "300");
        set.put("parse.skip.nofollow", "false");
        Map<String, Object> values = CrawlConf.overrides(set);
        assertEquals(300, values.get("frontier.query.min.interval.ms"));
        assertEquals(false, values.get("parse.skip.nofollow"));

        assertEquals("--set: key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the string "
                + "'lots'", assertThrows(CrawlConf.ConfException.class,
                () -> CrawlConf.overrides(Map.of("fetcher.threads.number", "lots"))).getMessage());
        assertTrue(assertThrows(CrawlConf.ConfException.class,
                () -> CrawlConf.overrides(Map.of("fetcher.thread.number", "5"))).getMessage()
                .startsWith("--set: unknown configuration key(s) [fetcher.thread.number]"));
    }

    @Test
    void everyKeyOfBothDefaultFilesIsInTheTableAndItsDefaultFits() throws IOException {
        List<String> untyped = new ArrayList<>();
        for (String resource : List.of(CrawlConf.STORMCRAWLER_DEFAULTS, CrawlConf.TOPICSTORM_DEFAULTS)) {
            Map<String, Object> defaults = readDefaults(resource);
            for (String key : defaults.keySet()) {
                if (!ConfKeys.isKnown(key)) {
                    untyped.add(resource + ": " + key);
                }
            }
            assertEquals(List.of(), ConfKeys.problems(defaults, resource));
        }
        assertEquals(List.of(), untyped, "keys of a defaults file without a rule in ConfKeys");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> readDefaults(String resource) throws IOException {
        try (InputStream in = ConfKeysTest.class.getClassLoader().getResourceAsStream(resource)) {
            Map<String, Object> file = new ObjectMapper(new YAMLFactory()).readValue(in, LinkedHashMap.class);
            return (Map<String, Object>) file.get("config");
        }
    }

    /**
     * The table's bounds are the readers' bounds: the smallest and largest value the table lets through are
     * accepted by the classes that read the key (a table wider than its reader would let a bad value reach a worker).
     */
    @Test
    void theTablesBoundsAreAcceptedByTheReaders() throws IOException {
        int checked = 0;
        for (String key : ConfKeys.keys()) {
            ConfKeys.Rule rule = ConfKeys.rule(key);
            boolean ours = key.startsWith("frontier.") || key.startsWith("status.") || key.startsWith("fetch.")
                    || key.startsWith("parse.") || key.startsWith("topicstorm.") || key.equals("max.fetch.errors")
                    || key.equals("fetchInterval.fetch.error");
            if (!ours || !(rule.kind() == ConfKeys.Kind.WHOLE || rule.kind() == ConfKeys.Kind.NUMBER)) {
                continue;
            }
            for (double bound : new double[] {rule.min(), rule.max()}) {
                Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
                // the back-off's maximum may not be below its initial value: give each room
                conf.put(FetchConfig.BACKOFF_INITIAL_SECS, 1);
                conf.put(FetchConfig.BACKOFF_MAX_SECS, 7 * 86_400);
                Object value = rule.kind() == ConfKeys.Kind.NUMBER ? (Object) bound
                        : bound <= Integer.MAX_VALUE && bound >= Integer.MIN_VALUE ? (Object) (int) bound
                        : (Object) (long) bound;
                conf.put(key, value);
                assertEquals(List.of(), ConfKeys.problems(conf, "test"), key + "=" + value);
                FrontierConfig.fromConf(conf);
                FetchConfig.fromConf(conf);
                ParseConfig.fromConf(conf);
                TopicStormConfig.softFocusFactor(conf);
                TopicStormConfig.modelSyncSecs(conf);
                TopicStormConfig.linkLearnMs(conf);
                TopicStormConfig.flushIntervalMs(conf);
                checked++;
            }
        }
        assertTrue(checked > 40, "checked " + checked);
    }

    @Test
    void valuesJustOutsideTheBoundsAreRefused() {
        assertEquals("must be a whole number from 1 to 100, got the number 0",
                ConfKeys.problem("frontier.max.urls.per.host", 0));
        assertNull(ConfKeys.problem("frontier.max.urls.per.host", 1));
        assertNull(ConfKeys.problem("frontier.max.urls.per.host", 100));
        assertEquals("must be a number from 0.1 to 3600, got the number 0.09",
                ConfKeys.problem("fetch.time.limit.secs", 0.09));
        assertNull(ConfKeys.problem("fetch.time.limit.secs", 0.1));
        // a whole number written with a decimal point is still whole; StormCrawler's getInt reads it right
        assertNull(ConfKeys.problem("fetcher.threads.number", 5.0));
        // an unknown key is not this class's business (CrawlConf names it)
        assertNull(ConfKeys.problem("no.such.key", "x"));
    }
}
