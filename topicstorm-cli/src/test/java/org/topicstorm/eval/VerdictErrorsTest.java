package org.topicstorm.eval;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The false positives and negatives of a hand-made crawl log: which pages, in which order, how many. */
class VerdictErrorsTest {

    /** R = {a/1, a/2, a/3, b/1, b/2}. */
    private static final GroundTruth TRUTH = GroundTruth.ofUrls(Set.of("http://a.test/1", "http://a.test/2",
            "http://a.test/3", "http://b.test/1", "http://b.test/2"));

    private static FetchedPage page(String path, String status, Boolean crawlerSays, double score, long at) {
        String url = "http://" + path;
        return new FetchedPage(url, url.substring(7, 13), status, crawlerSays, at, score, "title of " + path,
                List.of("term"));
    }

    /**
     * n   url     outcome      crawler  score  in R  verdict
     * 1   a/0     FETCHED      yes      0.90   no    FP
     * 2   a/1     FETCHED      yes      0.80   yes   TP
     * 3   a/404   FETCH_ERROR  -        -      no    (not judged)
     * 4   a/2     FETCHED      no       0.25   yes   FN
     * 5   b/0     FETCHED      yes      0.95   no    FP
     * 6   b/1     FETCHED      no       0.05   yes   FN
     * 7   c/0     FETCHED      yes      0.60   no    FP
     * 8   a/3     FETCHED      no       0.25   yes   FN (same score as a/2, fetched later)
     * 9   c/1     FETCHED      no       0.10   no    TN
     * 10  b/2     FETCHED      no       none   yes   FN (no stored score)
     * 11  c/2     FETCHED      yes      none   no    FP (no stored score)
     * 12  c/3     REDIRECTION  -        -      no    (not judged)
     * 13  c/4     FETCHED      yes      0.60   no    FP (same score as c/0, fetched later)
     *
     * FP by score, highest first: b/0 0.95, a/0 0.90, c/0 0.60, c/4 0.60 (fetch order), c/2 (no score: last).
     * FN by score, lowest first:  b/1 0.05, a/2 0.25, a/3 0.25 (fetch order), b/2 (no score: last).
     * Judged: 13 - 2 (a/404, c/3) = 11.
     */
    private static final List<FetchedPage> LOG = List.of(
            page("a.test/0", "FETCHED", true, 0.90, 1),
            page("a.test/1", "FETCHED", true, 0.80, 2),
            page("a.test/404", "FETCH_ERROR", null, Double.NaN, 3),
            page("a.test/2", "FETCHED", false, 0.25, 4),
            page("b.test/0", "FETCHED", true, 0.95, 5),
            page("b.test/1", "FETCHED", false, 0.05, 6),
            page("c.test/0", "FETCHED", true, 0.60, 7),
            page("a.test/3", "FETCHED", false, 0.25, 8),
            page("c.test/1", "FETCHED", false, 0.10, 9),
            page("b.test/2", "FETCHED", false, Double.NaN, 10),
            page("c.test/2", "FETCHED", true, Double.NaN, 11),
            page("c.test/3", "REDIRECTION", null, Double.NaN, 12),
            page("c.test/4", "FETCHED", true, 0.60, 13));

    private final CrawlMetrics metrics = CrawlMetrics.of(LOG, TRUTH);

    private static List<String> urls(List<FetchedPage> pages) {
        return pages.stream().map(FetchedPage::url).toList();
    }

    @Test
    void allErrorsInOrder() {
        VerdictErrors e = metrics.errors(10);
        assertEquals(List.of("http://b.test/0", "http://a.test/0", "http://c.test/0", "http://c.test/4",
                "http://c.test/2"), urls(e.falsePositives()));
        assertEquals(List.of("http://b.test/1", "http://a.test/2", "http://a.test/3", "http://b.test/2"),
                urls(e.falseNegatives()));
        assertEquals(5, e.fpTotal());
        assertEquals(4, e.fnTotal());
        assertEquals(11, e.judged());
        assertEquals(13, e.fetched());
    }

    @Test
    void theTotalsAreTheVerdictsOfTheTable() {
        CrawlMetrics.Verdicts v = metrics.verdicts(metrics.fetched());
        VerdictErrors e = metrics.errors(1);
        assertEquals(v.falsePositives(), e.fpTotal());
        assertEquals(v.falseNegatives(), e.fnTotal());
    }

    @Test
    void theFirstMaxOfEachAreListedAndAllCounted() {
        VerdictErrors e = metrics.errors(3);
        assertEquals(List.of("http://b.test/0", "http://a.test/0", "http://c.test/0"), urls(e.falsePositives()));
        assertEquals(List.of("http://b.test/1", "http://a.test/2", "http://a.test/3"), urls(e.falseNegatives()));
        assertEquals(5, e.fpTotal());
        assertEquals(4, e.fnTotal());

        VerdictErrors none = metrics.errors(0);
        assertEquals(List.of(), none.falsePositives());
        assertEquals(List.of(), none.falseNegatives());
        assertEquals(5, none.fpTotal());
        assertEquals(4, none.fnTotal());
    }

    @Test
    void aCrawlWithoutErrors() {
        // every judged page agrees with its label; the error and the redirect have no verdict
        List<FetchedPage> log = List.of(LOG.get(1), LOG.get(2), LOG.get(8), LOG.get(11));
        VerdictErrors e = CrawlMetrics.of(log, TRUTH).errors(10);
        assertEquals(List.of(), e.falsePositives());
        assertEquals(List.of(), e.falseNegatives());
        assertEquals("0 false positives and 0 false negatives of the 2 fetched pages the crawler judged (4 fetched; "
                + "a relevant page never fetched has no verdict)", e.summary());
    }

    @Test
    void theSummaryCountsOneAndMany() {
        assertEquals("5 false positives and 4 false negatives of the 11 fetched pages the crawler judged (13 "
                + "fetched; a relevant page never fetched has no verdict)", metrics.errors(10).summary());
        VerdictErrors one = CrawlMetrics.of(List.of(LOG.get(0), LOG.get(3)), TRUTH).errors(10);
        assertEquals("1 false positive and 1 false negative of the 2 fetched pages the crawler judged (2 fetched; "
                + "a relevant page never fetched has no verdict)", one.summary());
    }

    @Test
    void oneLabelPerLogEntry() {
        assertThrows(IllegalArgumentException.class, () -> VerdictErrors.of(LOG, new boolean[2], 10));
    }
}
