package org.topicstorm.os;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessesTest {

    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void exitCodeAndBothOutputStreamsAreReturned() {
        Processes.Result r = Processes.run(List.of("sh", "-c", "echo out; echo err >&2; exit 3"), null, MINUTE);
        assertEquals(3, r.exitCode());
        assertFalse(r.ok());
        assertFalse(r.timedOut());
        assertTrue(r.output().contains("out") && r.output().contains("err"), r.output());
        assertEquals("exited with 3", r.failure(MINUTE));
    }

    @Test
    void theTimeoutKillsAChildThatKeepsItsOutputOpen() {
        // The bug this class replaces: output read to its end before the wait, so a hanging child was never killed.
        Duration timeout = Duration.ofMillis(300);
        Processes.Result r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> Processes.run(List.of("sh", "-c", "echo started; exec sleep 60"), null, timeout));
        assertTrue(r.timedOut());
        assertFalse(r.ok());
        assertEquals(-1, r.exitCode());
        assertEquals("started", r.output());
        assertEquals("timed out after 300 ms", r.failure(timeout));
    }

    @Test
    void aChildThatIgnoresTheRequestToStopIsKilledWithWhatItStarted() {
        // SIGTERM is ignored by the shell and by the sleep it starts (ignored signals are inherited)
        Duration timeout = Duration.ofMillis(300);
        Processes.Result r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> Processes.run(List.of("sh", "-c", "trap '' TERM; echo started; sleep 60; echo late"), null,
                        timeout));
        assertTrue(r.timedOut());
        assertEquals("started", r.output());
    }

    @Test
    void standardInputIsEmptySoAReaderDoesNotWait() {
        Processes.Result r = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> Processes.run(List.of("cat"), null, MINUTE));
        assertTrue(r.ok());
        assertEquals("", r.output());
    }

    @Test
    void argumentsGoAsTheyAreAndTheDirectoryIsUsed(@TempDir Path dir) throws Exception {
        Processes.Result r = Processes.run(List.of("sh", "-c", "pwd; printf '%s|' \"$0\" \"$1\"", "a b", "${x} \"q\""),
                dir, MINUTE);
        assertTrue(r.ok(), r.output());
        assertEquals(dir.toRealPath().toString() + "\na b|${x} \"q\"|", r.output());
    }

    @Test
    void aMissingProgramIsAResultNotAnException() {
        Processes.Result r = Processes.run(List.of("no-such-program-topicstorm"), null, MINUTE);
        assertEquals(-1, r.exitCode());
        assertFalse(r.timedOut());
        assertFalse(r.started());
        assertTrue(r.output().startsWith("cannot run no-such-program-topicstorm"), r.output());
        assertEquals(r.output(), r.failure(MINUTE));
    }

    @Test
    void lastLinesKeepsTheLastNonBlankLines() {
        assertEquals(List.of("b", "c"), Processes.lastLines("a\n\nb\n  \nc\n", 2));
        assertEquals(List.of(), Processes.lastLines("\n \n", 3));
    }
}
