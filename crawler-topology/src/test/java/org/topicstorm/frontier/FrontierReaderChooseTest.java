package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The batch rule applied to due URLs held in memory (the simulated crawl's frontier): rank cut and host quota. */
class FrontierReaderChooseTest {

    private static StatusDoc doc(String url, double priority, long discovered) {
        return new StatusDoc(url, UrlIds.host(url), "DISCOVERED", CrawlState.WAITING, null, null, priority, 0L, 1, 0,
                0, List.of(), null, null, null, 0, 0, discovered, null, null, discovered, null);
    }

    /** A fetched page due again (a revisit): its priority is its relevance. */
    private static StatusDoc revisit(String url, double priority, long discovered) {
        return new StatusDoc(url, UrlIds.host(url), "FETCHED", CrawlState.DONE, true, priority, priority, 0L, 1, 0,
                0, List.of(), null, null, null, 1, 0, discovered, discovered, discovered, discovered, null);
    }

    private static List<String> urls(List<StatusDoc> docs) {
        return docs.stream().map(StatusDoc::url).toList();
    }

    private static List<StatusDoc> sorted(StatusDoc... docs) {
        List<StatusDoc> due = new ArrayList<>(List.of(docs));
        due.sort(FrontierReader.BEST_FIRST);
        return due;
    }

    @Test
    void theRankCutTakesDownToTheMaxRankthBestTiesIncludedAndEachHostAtMostPerHost() {
        List<StatusDoc> due = sorted(doc("http://a/1", 0.9, 1), doc("http://a/2", 0.8, 2), doc("http://a/3", 0.7, 3),
                doc("http://b/1", 0.6, 4), doc("http://c/1", 0.5, 5), doc("http://c/2", 0.5, 6),
                doc("http://d/1", 0.1, 7));
        // maxRank 4: the 4th best is b/1 at 0.6; a takes only its 2 places (perHost 2)
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1"),
                urls(FrontierReader.choose(due, 100, 2, RankCut.of(4))));
        // maxRank 5: the 5th is c/1 at 0.5, and c/2 ties with it: ties are taken
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1", "http://c/1", "http://c/2"),
                urls(FrontierReader.choose(due, 100, 2, RankCut.of(5))));
        // no cut (0) or fewer due URLs than maxRank: every host's best perHost
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1", "http://c/1", "http://c/2", "http://d/1"),
                urls(FrontierReader.choose(due, 100, 2, RankCut.of(0))));
        assertEquals(urls(FrontierReader.choose(due, 100, 2, RankCut.of(0))),
                urls(FrontierReader.choose(due, 100, 2, RankCut.of(50))));
        // two hosts at most: a and b, the hosts of the best URLs
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1"),
                urls(FrontierReader.choose(due, 2, 2, RankCut.of(0))));
    }

    @Test
    void urlsNearTheBestAreTakenBeyondTheCount() {
        // a flat top: six URLs of three hosts within 0.9 of the best (0.9 x 1.0 = 0.9), then 0.5
        List<StatusDoc> due = sorted(doc("http://a/1", 1.0, 1), doc("http://b/1", 0.98, 2), doc("http://c/1", 0.96, 3),
                doc("http://a/2", 0.95, 4), doc("http://b/2", 0.92, 5), doc("http://c/2", 0.9, 6),
                doc("http://d/1", 0.5, 7));
        // the count alone (2): down to b/1 at 0.98
        assertEquals(List.of("http://a/1", "http://b/1"), urls(FrontierReader.choose(due, 100, 2, RankCut.of(2))));
        // with 0.9 of the best: down to 0.9, so c/2 at exactly 0.9 is in and d/1 at 0.5 is not
        assertEquals(List.of("http://a/1", "http://b/1", "http://c/1", "http://a/2", "http://b/2", "http://c/2"),
                urls(FrontierReader.choose(due, 100, 2, new RankCut(2, 0.9))));
        // the per-host cap still holds: one place per host
        assertEquals(List.of("http://a/1", "http://b/1", "http://c/1"),
                urls(FrontierReader.choose(due, 100, 1, new RankCut(2, 0.9))));
    }

    @Test
    void aHostWhoseBestNewUrlIsWorthLessThanTheHostShareOfTheBestWaits() {
        // a crawl's second round: the relevant seed's links on docs (0.0054 ... 0.0028), the irrelevant seed's on
        // other (0.0012 each). Rank 10 reaches other's links (only 4 of docs are due), so without a host share other
        // takes places; with 0.5 the host floor is 0.5 x 0.0054 = 0.0027 and other's best, 0.0012, is below it.
        List<StatusDoc> due = sorted(doc("http://docs/re", 0.0054, 1), doc("http://docs/difflib", 0.0049, 2),
                doc("http://docs/string", 0.0041, 3), doc("http://docs/copy", 0.0028, 4),
                doc("http://other/a", 0.0012, 5), doc("http://other/b", 0.0012, 6), doc("http://other/c", 0.0012, 7));
        assertEquals(List.of("http://docs/re", "http://docs/difflib", "http://docs/string", "http://docs/copy",
                "http://other/a", "http://other/b", "http://other/c"),
                urls(FrontierReader.choose(due, 100, 5, new RankCut(10, 0.9))));
        assertEquals(List.of("http://docs/re", "http://docs/difflib", "http://docs/string", "http://docs/copy"),
                urls(FrontierReader.choose(due, 100, 5, new RankCut(10, 0.9, 0.5))));
        // a host share of 0.2 puts the floor at 0.00108: other's links are above it and come in
        assertEquals(7, FrontierReader.choose(due, 100, 5, new RankCut(10, 0.9, 0.2)).size());
        // once docs' links are fetched, other's are the best: they come in
        assertEquals(List.of("http://other/a", "http://other/b", "http://other/c"),
                urls(FrontierReader.choose(due.subList(4, 7), 100, 5, new RankCut(10, 0.9, 0.5))));
    }

    @Test
    void revisitsAreNeitherTheHostShareReferenceNorHeldBack() {
        // a due revisit at 0.4 (a page's relevance) on other: it is taken, and the host floor is still 0.5 x the best
        // new URL (0.0054), not 0.5 x 0.4, which would hold back every link. other is in the batch through its revisit,
        // so its new link (0.0012, below the host floor) comes in too; third's does not.
        List<StatusDoc> due = sorted(revisit("http://other/page", 0.4, 1), doc("http://docs/re", 0.0054, 2),
                doc("http://docs/copy", 0.0028, 3), doc("http://other/a", 0.0012, 4),
                doc("http://third/x", 0.0012, 5));
        assertEquals(List.of("http://other/page", "http://docs/re", "http://docs/copy", "http://other/a"),
                urls(FrontierReader.choose(due, 100, 5, new RankCut(10, 0.9, 0.5))));
    }

    @Test
    void aUrlAtTheHostFloorComesInAndAHeldHostStaysHeldForTheBatch() {
        // host floor 0.5 x 0.006 = 0.003: at.test's 0.003 is not below it; low.test's retry after a fetch error
        // (0.002, a link's priority) is held like a new link, and so is low.test's new link although low.test's page
        // due again (a revisit, 0.001 here) comes later and is taken
        List<StatusDoc> due = sorted(doc("http://best/a", 0.006, 1), doc("http://at/a", 0.003, 2),
                retryAfterError("http://low/r", 0.002, 3), doc("http://low/n", 0.0015, 4),
                revisit("http://low/page", 0.001, 5));
        assertEquals(List.of("http://best/a", "http://at/a", "http://low/page"),
                urls(FrontierReader.choose(due, 100, 5, new RankCut(10, 0.9, 0.5))));
        // with no count there is no cut and no host share: everything comes in
        assertEquals(5, FrontierReader.choose(due, 100, 5, new RankCut(0, 0.9, 0.5)).size());
    }

    private static StatusDoc retryAfterError(String url, double priority, long discovered) {
        return new StatusDoc(url, UrlIds.host(url), "FETCH_ERROR", CrawlState.WAITING, null, null, priority, 0L, 1, 0,
                0, List.of(), null, null, "timeout", 1, 1, discovered, null, null, discovered, null);
    }
}
