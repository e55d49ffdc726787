package org.topicstorm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code topicstorm crawl} refuses bad input before it starts anything: no Elasticsearch node, no topology. These
 * tests need neither, and would hang or fail differently if the command got as far as starting them.
 */
class CrawlCommandTest extends CliTest {

    @TempDir
    Path tmp;

    private Path topic() throws IOException {
        return Files.writeString(tmp.resolve("t.yaml"), """
                name: t
                languages: [en]
                keywords: {cloud computing: 1.0}
                seeds: [https://example.org/]
                """);
    }

    @Test
    void aWrongTypedConfigurationValueExitsOneNamingFileAndKeyAndStartsNothing() throws IOException {
        Path conf = Files.writeString(tmp.resolve("crawl.yaml"), "fetcher.threads.number: \"lots\"\n");
        assertEquals(1, run("crawl", "--topic", topic().toString(), "--conf", conf.toString()));
        assertEquals("topicstorm: " + conf + ": key 'fetcher.threads.number' must be a whole number from 1 to 10000, "
                + "got the string 'lots'" + System.lineSeparator(), err.toString());
        // nothing was started: no "Elasticsearch: ..." line, no "Crawl 't' of topic ..." line
        assertEquals("", out.toString());
    }

    @Test
    void aClassCastOfOldIsNowAMessage() throws IOException {
        Path conf = Files.writeString(tmp.resolve("crawl.yaml"), "frontier.max.urls.per.host: \"abc\"\n");
        assertEquals(1, run("crawl", "--topic", topic().toString(), "--conf", conf.toString()));
        assertEquals("topicstorm: " + conf + ": key 'frontier.max.urls.per.host' must be a whole number from 1 to "
                + "100, got the string 'abc'" + System.lineSeparator(), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void aNegativePageLimitIsAUsageError() throws IOException {
        assertEquals(2, run("crawl", "--topic", topic().toString(), "--max-pages", "-1"));
        assertTrue(err.toString().startsWith("--max-pages must be 0 (the topic's limit, or none) or a positive number "
                + "of pages, got -1"), err.toString());
        assertEquals("", out.toString());
    }
}
