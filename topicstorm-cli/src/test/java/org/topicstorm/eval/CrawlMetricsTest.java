package org.topicstorm.eval;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The measures on a hand-made crawl log, checked against hand arithmetic. */
class CrawlMetricsTest {

    private static final double EPS = 1e-12;

    /** R = {a/1, a/2, b/1, c/1, c/9}: |R| = 5; c/9 is never fetched. */
    private static final GroundTruth TRUTH = GroundTruth.ofUrls(Set.of(
            "http://a.test/1", "http://a.test/2", "http://b.test/1", "http://c.test/1", "http://c.test/9"));

    private static FetchedPage page(String url, String status, Boolean crawlerSays, long at) {
        return new FetchedPage(url, url.substring(7, 13), status, crawlerSays, at);
    }

    /**
     * n  url          outcome      crawler  in R   relevant so far  distinct of R so far  verdict
     * 1  a/0          FETCHED      yes      no     0                0                     FP
     * 2  a/1          FETCHED      yes      yes    1                1                     TP
     * 3  a/404        FETCH_ERROR  -        no     1                1                     (not judged)
     * 4  a/2          FETCHED      no       yes    2                2                     FN
     * 5  b/0          REDIRECTION  -        no     2                2                     (not judged)
     * 6  b/1          FETCHED      yes      yes    3                3                     TP
     * 7  a/1#top      FETCHED      yes      yes    4                3 (a/1 again)         TP
     * 8  c/0          FETCHED      no       no     4                3                     TN
     * 9  c/1          FETCHED      yes      yes    5                4                     TP
     * 10 c/2          FETCHED      yes      no     5                4                     FP
     */
    private static final List<FetchedPage> LOG = List.of(
            page("http://a.test/0", "FETCHED", true, 1),
            page("http://a.test/1", "FETCHED", true, 2),
            page("http://a.test/404", "FETCH_ERROR", null, 3),
            page("http://a.test/2", "FETCHED", false, 4),
            page("http://b.test/0", "REDIRECTION", null, 5),
            page("http://b.test/1", "FETCHED", true, 6),
            page("http://a.test/1#top", "FETCHED", true, 7),
            page("http://c.test/0", "FETCHED", false, 8),
            page("http://c.test/1", "FETCHED", true, 9),
            page("http://c.test/2", "FETCHED", true, 10));

    private final CrawlMetrics m = CrawlMetrics.of(LOG, TRUTH);

    @Test
    void harvestRateCountsErrorsAndRedirectsAsFetched() {
        assertEquals(10, m.fetched());
        assertEquals(5, m.truthSize());
        assertEquals(0.0, m.harvestRate(1), EPS);          // 0/1
        assertEquals(2.0 / 4, m.harvestRate(4), EPS);      // a/1, a/2 among 4 (the 404 counts in the 4)
        assertEquals(2.0 / 5, m.harvestRate(5), EPS);      // the redirect counts too
        assertEquals(4.0 / 7, m.harvestRate(7), EPS);      // a/1#top is the relevant page a/1 again
        assertEquals(5.0 / 10, m.harvestRate(10), EPS);
        assertTrue(Double.isNaN(m.harvestRate(11)), "fewer than 11 pages fetched");
        assertTrue(Double.isNaN(m.harvestRate(0)));
        assertEquals(5, m.relevantAt(10));
        assertEquals(5, m.relevantAt(1000));
    }

    @Test
    void theCurveIsTheHarvestRateAtEveryN() {
        assertArrayEquals(new double[] {0.0 / 1, 1.0 / 2, 1.0 / 3, 2.0 / 4, 2.0 / 5, 3.0 / 6, 4.0 / 7, 4.0 / 8,
                5.0 / 9, 5.0 / 10}, m.curve(), EPS);
    }

    @Test
    void recallCountsEachPageOfROnce() {
        assertEquals(2.0 / 5, m.recall(4), EPS);           // a/1, a/2
        assertEquals(3.0 / 5, m.recall(7), EPS);           // a/1, a/2, b/1: a/1#top adds nothing
        assertEquals(4.0 / 5, m.recall(10), EPS);          // + c/1; c/9 never fetched
        assertEquals(4.0 / 5, m.recall(500), EPS);         // the crawl ended at 10: nothing more found
        assertEquals(2.0 / 5, m.recallAtTruthSize(), EPS); // n = |R| = 5: a/1, a/2
        assertTrue(Double.isNaN(CrawlMetrics.of(LOG, GroundTruth.ofUrls(Set.of())).recall(10)));
    }

    @Test
    void liftIsTheRatioOfHarvestRatesToTheBaseline() {
        // baseline: 10 pages, relevant ones at n = 3 and n = 8
        List<FetchedPage> bfs = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            String url = i == 3 ? "http://a.test/1" : i == 8 ? "http://c.test/1" : "http://z.test/" + i;
            bfs.add(page(url, "FETCHED", false, i));
        }
        CrawlMetrics base = CrawlMetrics.of(bfs, TRUTH);
        assertEquals(1.0 / 4, base.harvestRate(4), EPS);
        assertEquals((2.0 / 4) / (1.0 / 4), m.lift(base, 4), EPS);   // 2.0
        assertEquals((5.0 / 10) / (2.0 / 10), m.lift(base, 10), EPS); // 2.5
        assertTrue(Double.isNaN(m.lift(base, 2)), "baseline HR@2 = 0");
        assertTrue(Double.isNaN(m.lift(base, 11)), "not reached");
    }

    @Test
    void crawlerVerdictsAgainstLabelsOverJudgedPagesOnly() {
        CrawlMetrics.Verdicts all = m.verdicts(10);
        assertEquals(new CrawlMetrics.Verdicts(4, 2, 1, 1), all); // TP n=2,6,7,9; FP 1,10; FN 4; TN 8
        assertEquals(4.0 / 6, all.precision(), EPS);
        assertEquals(4.0 / 5, all.recall(), EPS);
        CrawlMetrics.Verdicts first4 = m.verdicts(4);              // FP n=1, TP 2, FN 4; the 404 is not judged
        assertEquals(new CrawlMetrics.Verdicts(1, 1, 1, 0), first4);
        assertEquals(0.5, first4.precision(), EPS);
        assertEquals(0.5, first4.recall(), EPS);
        assertTrue(Double.isNaN(new CrawlMetrics.Verdicts(0, 0, 0, 3).precision()));
        assertTrue(Double.isNaN(new CrawlMetrics.Verdicts(0, 0, 0, 3).recall()));
    }

    @Test
    void theDuplicateRateIsDuplicatesOverThePagesTheCrawlerCalledRelevant() {
        List<FetchedPage> log = new ArrayList<>(LOG);
        // n=7 (a/1#top) and n=10 were left out as duplicates; n=8, judged irrelevant, is marked but does not count
        log.set(6, new FetchedPage("http://a.test/1#top", "a.test", "FETCHED", true, 7, 0.5, "", List.of(), true));
        log.set(7, new FetchedPage("http://c.test/0", "c.test", "FETCHED", false, 8, 0.1, "", List.of(), true));
        log.set(9, new FetchedPage("http://c.test/2", "c.test", "FETCHED", true, 10, 0.5, "", List.of(), true));
        CrawlMetrics d = CrawlMetrics.of(log, TRUTH);
        assertEquals(2.0 / 6, d.duplicateRate(10), EPS);  // called relevant: n=1,2,6,7,9,10; duplicates n=7,10
        assertEquals(0.0, d.duplicateRate(6), EPS);       // relevant n=1,2,6: none a duplicate
        assertEquals(1.0 / 4, d.duplicateRate(7), EPS);   // n=1,2,6,7: one
        assertTrue(Double.isNaN(d.duplicateRate(0)));
        assertEquals(0.0, m.duplicateRate(10), EPS);
    }

    @Test
    void distinctRelevantHosts() {
        assertEquals(1, m.relevantHosts(4));   // a
        assertEquals(2, m.relevantHosts(6));   // a, b
        assertEquals(3, m.relevantHosts(10));  // a, b, c
        assertEquals(0, m.relevantHosts(1));
    }

    @Test
    void groundTruthIsEveryServedPageWithOneOfTheTopicsLabels() {
        Map<String, String> served = Map.of(
                "http://h.test/text/scalc/1.html", "scalc",
                "http://h.test/text/schart/2.html", "schart",
                "http://h.test/text/swriter/3.html", "swriter",
                "http://h.test/index.html", "");
        // the server's lookup: a fragment does not change the page
        GroundTruth t = GroundTruth.of(served,
                url -> Optional.ofNullable(served.get(GroundTruth.pageKey(url))).filter(l -> !l.isEmpty()),
                List.of("scalc", "schart"));
        assertEquals(2, t.size());
        assertTrue(t.isRelevant("http://h.test/text/scalc/1.html"));
        assertTrue(t.isRelevant("http://h.test/text/schart/2.html#anchor"));
        assertFalse(t.isRelevant("http://h.test/text/swriter/3.html"));
        assertFalse(t.isRelevant("http://h.test/"));
        assertFalse(t.isRelevant("http://h.test/unlabelled.html"));
    }

    @Test
    void aPageHasOneKeyWhateverItsSpelling() {
        assertEquals("http://h.test/a b.html", GroundTruth.pageKey("http://h.test/a%20b.html#x"));
        assertEquals("http://h.test/dir/index.html", GroundTruth.pageKey("http://h.test/dir/"));
        assertEquals("http://h.test/c++.html", GroundTruth.pageKey("http://h.test/c++.html"));
        assertEquals("http://h.test/a.html", GroundTruth.pageKey("http://h.test/a.html?x=1#y"));
    }
}
