package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.LabelRule;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A suite of one small topic end to end: a hand-made site of 19 pages served on loopback, the suite asked for
 * breadth-first only (best-first is added: it is a baseline of the summary), each crawl |R| = 6 pages long by the
 * real topology (Storm LocalCluster, the test ES node), the summary and the topic's own files written.
 * <pre>
 * index.html -> cook/0.html, net/0.html
 * cook/i     -> cook/i+1 (i < 11)               12 pages about cooking, no label
 * net/i      -> net/i+1 (i < 5), cook/i         6 pages about sockets and networks, label "net": R
 * </pre>
 */
class EvalSuiteIT {

    @Test
    void aSuiteOfOneTopicWritesItsSummary(@TempDir Path tmp) throws Exception {
        Path site = tmp.resolve("site");
        page(site, "index.html", "Index", "<a href='cook/0.html'>cooking</a> <a href='net/0.html'>networks</a>");
        for (int i = 0; i < 12; i++) {
            page(site, "cook/" + i + ".html", "Recipe " + i, "Bake the bread with flour, butter and sugar. "
                    + (i < 11 ? "<a href='" + (i + 1) + ".html'>next recipe</a>" : ""));
        }
        for (int i = 0; i < 6; i++) {
            page(site, "net/" + i + ".html", "Socket " + i, "A socket connects a network client to a server. "
                    + "Network sockets. " + (i < 5 ? "<a href='" + (i + 1) + ".html'>next socket page</a> " : "")
                    + "<a href='../cook/" + i + ".html'>a recipe</a>");
        }
        Corpus tiny = new Corpus("tiny", site, LabelRule.parse(List.of("net/**=net")), "index.html");
        Path suiteDir = Files.createDirectories(tmp.resolve("suite"));
        Files.writeString(suiteDir.resolve("tiny-net.yaml"), """
                name: tiny-net
                languages: [en]
                keywords: {socket: 1.0, sockets: 0.9, network: 0.8}
                seeds: [corpus://tiny/]
                threshold: 0.2
                evaluation: {corpora: [tiny], labels: [net]}
                """);

        Map<String, Object> conf = CrawlConf.defaults();
        conf.put(EsSettings.ADDRESSES, List.of(EsTestNode.url().toString()));
        conf.put("fetcher.threads.number", 4);
        conf.put("topology.testing.always.try.serialize", true);
        List<EvalTopic> topics = EvalSuite.loadTopics(EvalSuite.topicFiles(suiteDir));
        List<String> strategies = EvalSuite.strategies(List.of("breadth-first"), List.of("best-first",
                "breadth-first"));
        Path out = tmp.resolve("out");
        SuiteSummary summary = new EvalSuite(name -> tiny, line -> System.out.println("[suite] " + line)).run(topics,
                conf, new EvalSuite.Options(strategies, null, Duration.ofMinutes(3), List.of(), false, 0), out);

        assertEquals(1, summary.topics().size());
        SuiteSummary.TopicResult t = summary.topics().get(0);
        assertEquals(6, t.truthSize());
        assertEquals(6, t.pages(), "|R| pages per crawl by default");
        assertEquals(6, t.reachableRelevant(), "every net page is linked from the seed");
        assertEquals(5, t.informedRelevant(), "in |R| = 6 fetches: the index, then net/0 to net/4");
        assertEquals(List.of("breadth-first", "best-first"),
                t.crawls().stream().map(SuiteSummary.Crawl::strategy).toList());
        for (SuiteSummary.Crawl c : t.crawls()) {
            assertEquals(6, c.metrics().fetched(), c.strategy() + ": log cut at |R|");
            assertTrue(c.fetchedThisRun() >= 6, c.strategy());
            assertFalse(c.elapsed().isZero(), c.strategy());
        }
        List<SuiteSummary.Row> rows = summary.rows();
        assertEquals(2, rows.size());
        assertEquals(1.0, rows.get(0).reachableShare(), 1e-12);
        assertEquals(1.0, rows.get(0).liftOverBreadthFirst(), 1e-12);
        assertEquals(1.0, rows.get(1).liftOverBestFirst(), 1e-12);
        for (SuiteSummary.Row r : rows) {
            assertTrue(r.recall() >= 0 && r.recall() <= 1, r.toString());
            assertTrue(r.pagesPerSecond() > 0, r.toString());
        }
        System.out.println(summary.table());

        for (String f : List.of("table.txt", "table.csv", "means.csv", "summary.md", "tiny-net/table.txt",
                "tiny-net/table.csv", "tiny-net/curve.csv", "tiny-net/harvest-rate.png",
                "tiny-net/errors-best-first.md", "tiny-net/errors-breadth-first.md")) {
            assertTrue(Files.size(out.resolve(f)) > 0, f);
        }
        assertTrue(Files.readString(out.resolve("tiny-net/table.csv")).startsWith("strategy,fetched,hr@3,hr@6,"));
        assertEquals(3, Files.readAllLines(out.resolve("table.csv")).size());
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("| tiny-net | breadth-first | 6 | 6 (100.0%) |"), md);
        assertTrue(md.contains(" Suite: "), md);
        assertNotNull(summary.means().get(1));
    }

    private static void page(Path root, String path, String title, String body) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<html><head><title>" + title + "</title></head><body><h1>" + title + "</h1><p>"
                + body + "</p></body></html>");
    }
}
