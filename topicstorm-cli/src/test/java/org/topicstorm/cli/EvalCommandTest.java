package org.topicstorm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code topicstorm eval}'s checks, which all happen before anything is served or crawled. */
class EvalCommandTest extends CliTest {

    @TempDir
    Path tmp;

    @Test
    void aTopicOrASuiteNotBoth() {
        assertEquals(2, run("eval", "--topic", "../seeds/eval/lo-calc-en.yaml", "--suite", "../seeds/eval"));
        assertTrue(err.toString().contains("--topic=FILE, --suite=DIR are mutually exclusive"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval"));
        assertTrue(err.toString().contains("Missing required argument"), err.toString());
    }

    @Test
    void anUnknownStrategyIsRefusedBeforeTheSuiteRuns() {
        assertEquals(2, run("eval", "--suite", "../seeds/eval", "--strategy", "best-first,depth-first"));
        assertTrue(err.toString().contains("--strategy: unknown strategy depth-first; known are "), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void aSuiteIsADirectoryOfTopics() {
        assertEquals(1, run("eval", "--suite", tmp.resolve("none").toString()));
        assertEquals("topicstorm: " + tmp.resolve("none") + ": not a directory (a suite is a directory of labelled "
                + "topics, *.yaml, such as seeds/eval/)" + System.lineSeparator(), err.toString());
    }

    @Test
    void politenessIsSecondsForRealCrawls() {
        assertEquals(2, run("eval", "--topic", "../seeds/eval/lo-calc-en.yaml", "--politeness", "-1"));
        assertTrue(err.toString().contains("--politeness must be between 0 and 60 s"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "--suite", "../seeds/eval", "--simulate", "--politeness", "1"));
        assertTrue(err.toString().contains("--simulate has no politeness delay"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void errorsIsACountForOneTopic() {
        assertEquals(2, run("eval", "--topic", "../seeds/eval/lo-calc-en.yaml", "--errors", "-1"));
        assertTrue(err.toString().contains("--errors must be at least 0"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "--suite", "../seeds/eval", "--errors", "5"));
        assertTrue(err.toString().contains("--errors is for --topic; a suite writes 10 of each kind per run to "
                + "OUT/TOPIC/errors-STRATEGY.md"), err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void timesRIsAMultipleOfRForASuite() {
        assertEquals(2, run("eval", "--suite", "../seeds/eval", "--times-r", "0"));
        assertTrue(err.toString().contains("--times-r must be between 1 and 20"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "--suite", "../seeds/eval", "--times-r", "2", "--pages", "100"));
        assertTrue(err.toString().contains("--times-r and --pages both set a crawl's length: give one"),
                err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("eval", "--topic", "../seeds/eval/lo-calc-en.yaml", "--times-r", "2"));
        assertTrue(err.toString().contains("--times-r is for --suite (a single topic takes --pages)"),
                err.toString());
        assertEquals("", out.toString());
    }

    @Test
    void strategyAliases() {
        assertEquals(List.of("breadth-first", "best-first"),
                EvalCommand.strategyNames(List.of("bfs", "Best", "breadth-first")));
    }

    /** A --conf file's key that evaluation crawls set anyway is named in a warning; other keys are not. */
    @Test
    void aConfKeyTheEvaluationOverridesIsNamed() {
        java.util.Map<String, Object> defaults = java.util.Map.of("frontier.query.min.interval.ms", 1000,
                "frontier.query.max.rank", 10);
        java.util.Map<String, Object> loaded = java.util.Map.of("frontier.query.min.interval.ms", 4000,
                "frontier.query.max.rank", 50);
        assertEquals(List.of("c.yaml sets frontier.query.min.interval.ms to 4000, but evaluation crawls use 300 "
                        + "(corpora served on loopback)"),
                EvalCommand.overriddenByEval(defaults, loaded, Path.of("c.yaml")));
        assertEquals(List.of(), EvalCommand.overriddenByEval(defaults, defaults, Path.of("c.yaml")),
                "the defaults themselves are no warning");
    }
}
