package org.topicstorm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code topicstorm judge}'s options, help and CSV errors, without Elasticsearch: they fail before any connection. */
class JudgeCommandTest extends CliTest {

    /** An address nothing listens on: everything here must be refused before it is tried. */
    private static final String NOWHERE = "http://127.0.0.1:1";

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "--sample|0|--sample must be at least 1, got 0",
            "--threshold|1.5|--threshold must be between 0 and 1, got 1.5",
            "--threshold|-0.1|--threshold must be between 0 and 1, got -0.1",
            "--who|' '|--who must not be empty"})
    void badOptionsAreNamed(String option, String value, String message) {
        assertEquals(1, run("judge", "--crawl", "c", option, value, "--es-url", NOWHERE));
        assertEquals("topicstorm: " + message, err.toString().strip());
    }

    @Test
    void samplingOptionsDoNotGoWithImportOrExport() throws Exception {
        Path csv = Files.writeString(dir.resolve("l.csv"), "url,relevant\n");
        assertEquals(1, run("judge", "--crawl", "c", "--import", csv.toString(), "--sample", "5", "--es-url",
                NOWHERE));
        assertEquals("topicstorm: --sample applies only when judging in the terminal, not with --import or --export",
                err.toString().strip());
        err.getBuffer().setLength(0);
        assertEquals(1, run("judge", "--crawl", "c", "--export", csv.toString(), "--threshold", "0.5", "--es-url",
                NOWHERE));
        assertEquals("topicstorm: --threshold applies only when judging in the terminal, not with --import or "
                + "--export", err.toString().strip());
    }

    @Test
    void importAndExportTogetherIsBadUsage() {
        assertEquals(2, run("judge", "--crawl", "c", "--import", "a.csv", "--export", "b.csv"));
        assertTrue(err.toString().contains("mutually exclusive"), err.toString());
    }

    @Test
    void aMalformedCsvNamesItsLinesBeforeAnyConnection() throws Exception {
        Path csv = Files.writeString(dir.resolve("labels.csv"), "url,relevant\nhttp://a.test/,yes\nhttp://b.test/,"
                + "perhaps\n");
        assertEquals(1, run("judge", "--crawl", "c", "--import", csv.toString(), "--es-url", NOWHERE));
        assertEquals("topicstorm: " + csv + ": 1 malformed line, nothing imported:\n  " + csv
                + ":3: relevant must be yes/no, y/n, true/false, 1/0 or relevant/irrelevant, got 'perhaps'",
                err.toString().strip());
    }

    @Test
    void aMissingOrNonUtf8FileIsNamed() throws Exception {
        assertEquals(1, run("judge", "--crawl", "c", "--import", dir.resolve("none.csv").toString(), "--es-url",
                NOWHERE));
        assertEquals("topicstorm: no such file: " + dir.resolve("none.csv"), err.toString().strip());
        err.getBuffer().setLength(0);
        Path latin1 = Files.write(dir.resolve("latin1.csv"), new byte[] {'u', 'r', 'l', ',', 'r', (byte) 0xE9, '\n'});
        assertEquals(1, run("judge", "--crawl", "c", "--import", latin1.toString(), "--es-url", NOWHERE));
        assertEquals("topicstorm: " + latin1 + ": not UTF-8 text, nothing imported", err.toString().strip());
    }

    @Test
    void whoDefaultsToTheUserElseCli() {
        assertEquals("alice", JudgeCommand.defaultWho("alice"));
        assertEquals("cli", JudgeCommand.defaultWho(null));
        assertEquals("cli", JudgeCommand.defaultWho(""));
    }

    @Test
    void helpExplainsTheAnswersTheThresholdAndTheCsv() {
        assertEquals(0, run("judge", "--help"));
        String help = out.toString().replaceAll("\\s+", " ");
        for (String expected : new String[] {"y (relevant), n (not relevant), s (skip), q (quit",
                "Default: 20", "the crawl's self-tuned threshold",
                "the lowest score of a page the crawl judged relevant",
                "relevant is yes/no, y/n, true/false, 1/0 or relevant/irrelevant",
                "url,relevant,who,judged,score,verdict"}) {
            assertTrue(help.contains(expected), "help lacks '" + expected + "': " + help);
        }
    }
}
