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
                urls(FrontierReader.choose(due, 100, 2, 4)));
        // maxRank 5: the 5th is c/1 at 0.5, and c/2 ties with it: ties are taken
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1", "http://c/1", "http://c/2"),
                urls(FrontierReader.choose(due, 100, 2, 5)));
        // no cut (0) or fewer due URLs than maxRank: every host's best perHost
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1", "http://c/1", "http://c/2", "http://d/1"),
                urls(FrontierReader.choose(due, 100, 2, 0)));
        assertEquals(urls(FrontierReader.choose(due, 100, 2, 0)), urls(FrontierReader.choose(due, 100, 2, 50)));
        // two hosts at most: a and b, the hosts of the best URLs
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1"), urls(FrontierReader.choose(due, 2, 2, 0)));
    }

    @Test
    void theFloorIsTheMaxRankthPriorityOfTheBestDue() {
        List<StatusDoc> due = sorted(doc("http://a/1", 0.9, 1), doc("http://a/2", 0.4, 2));
        assertEquals(0.4, FrontierReader.floor(due, 2), 0);
        assertEquals(Double.NEGATIVE_INFINITY, FrontierReader.floor(due, 3));
        assertEquals(Double.NEGATIVE_INFINITY, FrontierReader.floor(due, 0));
    }

    @Test
    void theScansFirstPageHoldsTwiceTheRankCutAndNoMoreThanAFullPage() {
        assertEquals(20, FrontierReader.firstPageSize(500, 10));   // 2 x 10
        assertEquals(2, FrontierReader.firstPageSize(500, 1));     // 2 x 1
        assertEquals(500, FrontierReader.firstPageSize(500, 0));   // no cut: the full page
        assertEquals(500, FrontierReader.firstPageSize(500, 300)); // 2 x 300 = 600 > 500
        assertEquals(500, FrontierReader.firstPageSize(500, 250)); // 2 x 250 = 500
        assertEquals(10_000, FrontierReader.firstPageSize(10_000, Integer.MAX_VALUE)); // no int overflow
    }
}
