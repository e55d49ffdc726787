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
}
