package org.topicstorm.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code topicstorm rank}'s options and help, without Elasticsearch: bad options fail before any connection. */
class RankCommandTest extends CliTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--root|0|--root must be between 1 and 10000, got 0",
            "--root|10001|--root must be between 1 and 10000, got 10001",
            "--in-per-root|-1|--in-per-root must be 0 or more, got -1",
            "--epsilon|0|--epsilon must be a positive number, got 0.0",
            "--max-iterations|0|--max-iterations must be at least 1, got 0",
            "--lambda|1.5|--lambda must be between 0 and 1, got 1.5",
            "--lambda|-0.1|--lambda must be between 0 and 1, got -0.1"})
    void badOptionsAreNamed(String option, String value, String message) {
        // an address nothing listens on: the options must be refused before it is tried
        assertEquals(1, run("rank", "--crawl", "c", option, value, "--es-url", "http://127.0.0.1:1"));
        assertEquals("topicstorm: " + message, err.toString().strip());
    }

    @Test
    void helpDocumentsTheDefaultsAndTheCombinedRank() {
        assertEquals(0, run("rank", "--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        for (String expected : new String[] {
                "Default: 200 (Kleinberg's t)", "Default: 50 (Kleinberg's d)", "Default: 1.0E-6", "Default: 100",
                "Default: 0.5",
                "rank lambda * relevance + (1 - lambda) * authority / (highest authority of a page of the index)"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "': " + help);
        }
    }
}
