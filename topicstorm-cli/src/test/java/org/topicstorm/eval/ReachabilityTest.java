package org.topicstorm.eval;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.corpus.LabelRule;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The reachable part of R on two small served corpora (real HTTP on loopback), walked with the evaluation's
 * offline URL filters, which keep a crawl on the hosts the corpus server serves.
 * <pre>
 * site:  index.html -> t/a.html, x.html        (depth 1)
 *        t/a.html   -> t/b.html, t/a.html#top   (depth 2; the fragment is the same page)
 *        x.html     -> t/d.html, t/a.html?x=1  (depth 2; the query is another URL, not a served page)
 *        t/b.html   -> other's t/c.html          (another served host: followed)
 *        t/e.html      (nothing links to it)
 * other: index.html -> t/c.html
 * R = pages labelled t: site t/a, t/b, t/d, t/e and other t/c: |R| = 5.
 * </pre>
 */
class ReachabilityTest {

    @TempDir
    static Path dir;

    private static CorpusServer server;
    private static GroundTruth truth;
    private static Map<String, Object> conf;

    @BeforeAll
    static void serve() throws IOException {
        Path site = dir.resolve("site");
        write(site.resolve("index.html"), "<a href='t/a.html'>a</a> <a href='x.html'>x</a>");
        write(site.resolve("t/a.html"), "<a href='b.html'>b</a> <a href='a.html#top'>top</a>");
        write(site.resolve("x.html"), "<a href='t/d.html'>d</a> <a href='t/a.html?x=1'>a again</a>");
        write(site.resolve("t/b.html"), "<a href='OTHER/t/c.html'>c elsewhere</a>");
        write(site.resolve("t/d.html"), "d");
        write(site.resolve("t/e.html"), "e");
        Path other = dir.resolve("other");
        write(other.resolve("index.html"), "<a href='t/c.html'>c</a>");
        write(other.resolve("t/c.html"), "c");
        LabelRule labels = LabelRule.parse(List.of("t/**=t"));
        server = CorpusServer.start(List.of(new Corpus("site", site, labels, "index.html"),
                new Corpus("other", other, labels, "index.html")), CorpusServer.Options.DEFAULTS);
        // the cross-host link needs the other corpus's address, known only now
        write(site.resolve("t/b.html"), "<a href='" + server.baseUrl("other") + "t/c.html'>c elsewhere</a>");
        truth = GroundTruth.of(server.labelledPages(), server::label, List.of("t"));
        conf = EvalRunner.crawlConf(CrawlConf.defaults(), server);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void write(Path file, String body) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<html><head><title>" + file.getFileName() + "</title></head><body>" + body
                + "</body></html>");
    }

    private static List<String> seeds(String... paths) {
        return java.util.Arrays.stream(paths).map(p -> server.resolve("corpus://" + p).toString()).toList();
    }

    @Test
    void anEvaluationCrawlLetsExactlyTheServedAddressesThroughTheAddressGuard() {
        // two corpora: 127.0.0.2 and 127.0.0.3 (CorpusServer gives addresses from 127.0.0.2 on)
        assertEquals(List.of("127.0.0.2/32", "127.0.0.3/32"), conf.get(org.topicstorm.fetch.AddressGuard.ALLOW));
        org.topicstorm.fetch.AddressGuard guard = org.topicstorm.fetch.AddressGuard.fromConf(conf);
        assertEquals(null, guard.literalRefusal(server.baseUrl("other").toString()));
        assertEquals("address guard: 127.0.0.1 is loopback", guard.literalRefusal("http://127.0.0.1:9200/"));
    }

    @Test
    void anEvaluationCrawlHasNoPolitenessDelayUnlessAskedFor() throws IOException {
        assertEquals(0.0, conf.get("fetcher.server.delay"), "the corpora are served here");
        java.util.Map<String, Object> asked = new java.util.HashMap<>(CrawlConf.defaults());
        asked.put(EvalRunner.POLITENESS_SECS, 1.5);
        java.util.Map<String, Object> polite = EvalRunner.crawlConf(asked, server);
        assertEquals(1.5, polite.get("fetcher.server.delay"));
        assertEquals(false, polite.containsKey(EvalRunner.POLITENESS_SECS), "not a crawl setting");
    }

    @Test
    void theWalkFollowsOnlyLinksTheCrawlerFollows() throws Exception {
        assertEquals(5, truth.size());
        Reachability r = Reachability.walk(server, seeds("site/index.html"), conf, 0, truth);
        // t/a, t/b, t/d and, across to the other served host, t/c; not t/e (no link); index and x are pages too
        assertEquals(4, r.reachedRelevant());
        assertEquals(6, r.reachedPages());
        assertEquals(5, r.truthSize());
        assertEquals(4.0 / 5, r.share(), 1e-12);
        // within |R| = 5 fetches an informed crawler takes index, t/a, t/b, t/c on the other host, then x (t/d is a
        // sixth fetch away)
        assertEquals(3, r.informedRelevant());
        assertEquals(3.0 / 5, r.informedShare(), 1e-12);
    }

    @Test
    void seedsOnEveryHostWidenTheWalk() throws Exception {
        Reachability r = Reachability.walk(server, seeds("site/index.html", "other/"), conf, 0, truth);
        assertEquals(4, r.reachedRelevant());
        assertEquals(7, r.reachedPages()); // the other host's own root too
    }

    @Test
    void aDepthLimitStopsTheWalkWhereTheCrawlStops() throws Exception {
        // max-depth 1: index (0), t/a and x (1) are reached; their links are not followed
        assertEquals(1, Reachability.walk(server, seeds("site/index.html"), conf, 1, truth).reachedRelevant());
        assertEquals(3, Reachability.walk(server, seeds("site/index.html"), conf, 2, truth).reachedRelevant());
    }
}
