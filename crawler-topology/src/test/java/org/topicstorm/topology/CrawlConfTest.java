package org.topicstorm.topology;

import org.apache.storm.Config;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrawlConfTest {

    @Test
    void defaultsLayerTopicStormOverStormCrawler() throws IOException {
        Map<String, Object> conf = CrawlConf.defaults();
        // StormCrawler's default is "Anonymous Coward"; ours wins
        assertEquals("TopicStorm", conf.get("http.agent.name"));
        // a StormCrawler key we do not set keeps its default
        assertEquals("byHost", conf.get("fetcher.queue.mode"));
        assertEquals(100, conf.get("frontier.max.hosts.per.query"));
    }

    @Test
    void idleBoltsSleepRatherThanParkAThousandTimes() throws IOException {
        // Storm's own default is 1,000: the indexer and the status updaters, flushed every
        // topicstorm.flush.interval.ms, never reached the sleep and spent their idle time in system calls
        // (docs/benchmarks.md, session 28)
        assertEquals(0, CrawlConf.defaults().get(Config.TOPOLOGY_BOLT_WAIT_PROGRESSIVE_LEVEL2_COUNT));
    }

    @Test
    void aUserFileOverridesKnownKeys(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("my.yaml");
        Files.writeString(file, "fetcher.server.delay: 2.5\ntopology.workers: 3\nfrontier.max.urls.per.host: 9\n");
        Map<String, Object> conf = CrawlConf.load(file);
        assertEquals(2.5, conf.get("fetcher.server.delay"));
        assertEquals(3, conf.get("topology.workers"));
        assertEquals(9, conf.get("frontier.max.urls.per.host"));
    }

    @Test
    void anUnknownKeyIsAnErrorNamingTheFileAndTheKey(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("typo.yaml");
        Files.writeString(file, "frontier.max.url.per.host: 9\nfetcher.server.delay: 2\n");
        CrawlConf.ConfException e = assertThrows(CrawlConf.ConfException.class, () -> CrawlConf.load(file));
        assertTrue(e.getMessage().startsWith(file + ": unknown configuration key(s) [frontier.max.url.per.host]"),
                e.getMessage());
    }

    @Test
    void aStormCrawlerStyleFileWithATopLevelConfigWorks(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("sc.yaml");
        Files.writeString(file, "config:\n  fetcher.server.delay: 0.5\n");
        assertEquals(0.5, CrawlConf.load(file).get("fetcher.server.delay"));
    }

    @Test
    void badYamlAndAMissingFileNameTheFile(@TempDir Path tmp) throws IOException {
        Path bad = tmp.resolve("bad.yaml");
        Files.writeString(bad, "a: [unclosed\n");
        assertTrue(assertThrows(CrawlConf.ConfException.class, () -> CrawlConf.load(bad)).getMessage()
                .startsWith(bad + ": not valid YAML"));
        Path missing = tmp.resolve("missing.yaml");
        assertEquals(missing + ": configuration file not found",
                assertThrows(CrawlConf.ConfException.class, () -> CrawlConf.load(missing)).getMessage());
    }

    @Test
    void everyKeyOfTheDefaultsFileHasACommentAboveIt() throws IOException {
        List<String> lines;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream(CrawlConf.TOPICSTORM_DEFAULTS)) {
            lines = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
        int keys = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            // a top-level key of the config map: two spaces of indent, then a key and a colon
            if (line.matches("  [a-z][A-Za-z0-9_.]*:.*")) {
                keys++;
                String above = lines.get(i - 1).strip();
                assertTrue(above.startsWith("#") || lines.get(i - 1).matches("  [a-z][A-Za-z0-9_.]*:.*"),
                        "no comment above " + line.strip());
            }
        }
        assertTrue(keys > 30, "found " + keys + " keys");
    }
}
