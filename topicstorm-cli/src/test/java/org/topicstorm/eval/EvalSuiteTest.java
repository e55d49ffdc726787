package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.topic.TopicException;
import org.topicstorm.topic.TopicLoader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a suite runs: its topic files, its strategies, the points of each topic's own table. */
class EvalSuiteTest {

    private static final Path SEEDS_EVAL = Path.of("..", "seeds", "eval");

    @Test
    void theTopicsOfASuiteAreItsYamlFilesInNameOrder(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("b.yaml"), "");
        Files.writeString(dir.resolve("a.yaml"), "");
        Files.writeString(dir.resolve("README.md"), "");
        Files.writeString(dir.resolve("c.yml.bak"), "");
        Files.createDirectories(dir.resolve("sub.yaml"));
        assertEquals(List.of(dir.resolve("a.yaml"), dir.resolve("b.yaml")), EvalSuite.topicFiles(dir));
    }

    @Test
    void theShippedSuiteHasSixteenTopicsThatLoad() throws Exception {
        List<String> names = List.of("lo-base-en", "lo-basic-en", "lo-calc-en", "lo-calc-zh", "lo-impress-en",
                "lo-math-en", "lo-writer-en", "lo-writer-zh", "pg-catalogs-en", "pg-libpq-en", "pg-plang-en",
                "pg-replication-en", "pg-textsearch-en", "py-concurrency-en", "py-networking-en", "py-text-en");
        List<Path> files = EvalSuite.topicFiles(SEEDS_EVAL);
        assertEquals(names.stream().map(n -> n + ".yaml").toList(),
                files.stream().map(p -> p.getFileName().toString()).toList());
        assertEquals(names, EvalSuite.loadTopics(files).stream().map(EvalTopic::name).toList());
    }

    @Test
    void aMissingOrEmptyDirectoryIsNamed(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EvalSuite.topicFiles(dir.resolve("nope")));
        assertTrue(e.getMessage().contains("nope: not a directory"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> EvalSuite.topicFiles(dir));
        assertTrue(e.getMessage().contains("no labelled topic (*.yaml)"), e.getMessage());
    }

    @Test
    void everyBadFileIsReportedBeforeAnythingRuns(@TempDir Path dir) throws Exception {
        String good = Files.readString(SEEDS_EVAL.resolve("lo-calc-en.yaml"));
        Files.writeString(dir.resolve("a.yaml"), good);
        Files.writeString(dir.resolve("b.yaml"), good);                       // the same name again
        Files.writeString(dir.resolve("c.yaml"), good.replace("threshold: 0.2", "threshold: 7")
                .replace("name: lo-calc-en", "name: other"));
        TopicException e = assertThrows(TopicException.class,
                () -> EvalSuite.loadTopics(EvalSuite.topicFiles(dir)));
        assertEquals(2, e.errors().size(), e.getMessage());
        assertTrue(e.errors().get(0).startsWith(dir.resolve("b.yaml") + ": field 'name': 'lo-calc-en' is also the "
                + "name of " + dir.resolve("a.yaml")), e.getMessage());
        assertTrue(e.errors().get(1).startsWith(dir.resolve("c.yaml") + ": field 'threshold'"), e.getMessage());
    }

    @Test
    void withoutStrategiesASuiteRunsEveryStrategyTheLoaderKnows() {
        List<String> known = TopicLoader.STRATEGY_NAMES;
        assertTrue(known.containsAll(EvalSuite.BASELINES), known.toString());
        assertEquals(known, EvalSuite.strategies(null, known));
        assertEquals(known, EvalSuite.strategies(List.of(), known));
        assertEquals(List.of("best-first", "breadth-first", "hub", "learned"),
                EvalSuite.strategies(null, List.of("best-first", "breadth-first", "hub", "learned")));
    }

    @Test
    void theLoaderAcceptsEveryStrategyItLists() {
        String topic = "name: t\nlanguages: [en]\nkeywords: {socket: 1}\nseeds: [http://127.0.0.1/]\nstrategy: %s\n";
        for (String name : TopicLoader.STRATEGY_NAMES) {
            assertNotNull(TopicLoader.fromString(topic.formatted(name), "t.yaml").strategy(), name);
        }
        assertThrows(TopicException.class, () -> TopicLoader.fromString(topic.formatted("no-such"), "t.yaml"));
    }

    @Test
    void theBaselinesAreAddedAfterTheStrategiesAsked() {
        List<String> known = List.of("best-first", "breadth-first", "hub", "learned");
        assertEquals(List.of("hub", "best-first", "breadth-first"), EvalSuite.strategies(List.of("hub"), known));
        assertEquals(List.of("breadth-first", "best-first"),
                EvalSuite.strategies(List.of("breadth-first", "breadth-first"), known));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EvalSuite.strategies(List.of("hub", "depth-first"), known));
        assertEquals("unknown strategy depth-first; known are best-first, breadth-first, hub, learned",
                e.getMessage());
    }

    @Test
    void eachTopicsTableIsAtHalfOfRAndAtR() {
        assertEquals(List.of(23, 47), EvalSuite.points(47, 47, List.of()));          // 47 / 2 = 23
        assertEquals(List.of(100, 240), EvalSuite.points(480, 300, List.of(100)));   // 480 beyond the crawl
        assertEquals(List.of(1), EvalSuite.points(1, 1, List.of()));                 // |R|/2 at least 1
        assertEquals(List.of(10), EvalSuite.points(480, 10, List.of()));             // nothing within: the limit
        assertEquals(List.of(23, 47, 94), EvalSuite.points(47, 94, List.of()));      // --times-r 2: the limit too
    }

    @Test
    void aCrawlIsKTimesRPagesUnlessPagesAreGiven() {
        assertEquals(47, EvalSuite.crawlPages(null, 1, 47));
        assertEquals(141, EvalSuite.crawlPages(null, 3, 47));          // 3 x 47
        assertEquals(500, EvalSuite.crawlPages(500, 1, 47));
        List<String> s = List.of("best-first");
        java.time.Duration t = java.time.Duration.ofMinutes(1);
        assertEquals(3, new EvalSuite.Options(s, null, t, List.of(), false, 0, null, null, 3).timesR());
        assertEquals(1, new EvalSuite.Options(s, null, t, List.of(), false, 0).timesR());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new EvalSuite.Options(s, 500, t, List.of(), false, 0, null, null, 2));
        assertEquals("pages and times-r both set the length of a crawl: give one", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> new EvalSuite.Options(s, null, t, List.of(), false, 0, null, null, 21));
        assertEquals("times-r must be between 1 and 20, got 21", e.getMessage());
    }
}
