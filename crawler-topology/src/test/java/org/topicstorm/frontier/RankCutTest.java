package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The rank cut's floor and the scan's first page, against hand arithmetic. */
class RankCutTest {

    private static StatusDoc doc(double priority) {
        String url = "http://a/" + priority;
        return new StatusDoc(url, UrlIds.host(url), "DISCOVERED", CrawlState.WAITING, null, null, priority, 0L, 1, 0,
                0, List.of(), null, null, null, 0, 0, 1L, null, null, 1L, null);
    }

    private static StatusDoc fetched(double relevance) {
        String url = "http://a/page" + relevance;
        return new StatusDoc(url, UrlIds.host(url), "FETCHED", CrawlState.DONE, true, relevance, relevance, 0L, 1,
                0, 0, List.of(), null, null, null, 1, 0, 1L, 1L, 1L, 1L, null);
    }

    @Test
    void theHostFloorIsTheHostShareOfTheBestNewUrl() {
        // 0.5 x 0.0054 = 0.0027
        assertEquals(0.0027, new RankCut(10, 0.9, 0.5).hostFloor(List.of(doc(0.0054), doc(0.0012))), 1e-15);
        // a revisit (0.4, a page's relevance) and an unreadable hit ahead of it are passed over: 0.25 x 0.0054
        List<StatusDoc> first = new java.util.ArrayList<>();
        first.add(null);
        first.addAll(List.of(fetched(0.4), doc(0.0054)));
        assertEquals(0.00135, new RankCut(10, 0.9, 0.25).hostFloor(first), 1e-15);
        // no new URL, or no host share: nothing is held back
        assertEquals(Double.NEGATIVE_INFINITY, new RankCut(10, 0.9, 0.5).hostFloor(List.of(fetched(0.4))));
        assertEquals(Double.NEGATIVE_INFINITY, new RankCut(10, 0.9).hostFloor(List.of(doc(0.0054))));
        assertEquals(Double.NEGATIVE_INFINITY, RankCut.NONE.hostFloor(List.of(doc(0.0054))));
        // no count, no cut: the host share is off too
        assertEquals(Double.NEGATIVE_INFINITY, new RankCut(0, 0.9, 0.5).hostFloor(List.of(doc(0.0054))));
        // a retry after a fetch error keeps its link's priority: it is the reference, 0.5 x 0.003
        assertEquals(0.0015, new RankCut(10, 0.9, 0.5).hostFloor(List.of(fetched(0.4), retry(0.003), doc(0.002))),
                1e-15);
    }

    private static StatusDoc retry(double priority) {
        String url = "http://a/retry" + priority;
        return new StatusDoc(url, UrlIds.host(url), "FETCH_ERROR", CrawlState.WAITING, null, null, priority, 0L, 1, 0,
                0, List.of(), null, null, "timeout", 1, 1, 1L, null, null, 1L, null);
    }

    @Test
    void theFloorIsTheMaxRankthPriorityOfTheBestDue() {
        List<StatusDoc> due = List.of(doc(0.9), doc(0.4));
        assertEquals(0.4, RankCut.of(2).floor(due), 0);
        assertEquals(Double.NEGATIVE_INFINITY, RankCut.of(3).floor(due), "fewer due URLs than the count: no cut");
        assertEquals(Double.NEGATIVE_INFINITY, RankCut.NONE.floor(due));
    }

    @Test
    void nearTheBestTheFloorIsTheLowerOfTheCountsAndTheRatioTimesTheBest() {
        List<StatusDoc> flat = List.of(doc(1.0), doc(0.98), doc(0.97));
        // count 3: 0.97; 0.9 x 1.0 = 0.9 is lower, so 0.9
        assertEquals(0.9, new RankCut(3, 0.9).floor(flat), 1e-12);
        List<StatusDoc> steep = List.of(doc(1.0), doc(0.5), doc(0.2));
        // count 3: 0.2; 0.9 x 1.0 = 0.9 is higher, so the count's 0.2
        assertEquals(0.2, new RankCut(3, 0.9).floor(steep), 0);
        // 0.4 x 1.0 = 0.4 against count 2's 0.5: the lower, 0.4 (the higher would be the count's 0.5)
        assertEquals(0.4, new RankCut(2, 0.4).floor(steep), 1e-12);
        // a ratio of 1 is the count alone: nothing ranks above the best
        assertEquals(0.97, new RankCut(3, 1).floor(flat), 0);
        // a ratio of 0 is the count alone
        assertEquals(0.97, new RankCut(3, 0).floor(flat), 0);
        // with no count there is no cut, whatever the ratio
        assertEquals(Double.NEGATIVE_INFINITY, new RankCut(0, 0.9).floor(flat));
    }

    @Test
    void anUnreadableBestDocumentIsSkippedForTheRatio() {
        // the scan's first hit had no source: the ratio is taken of the best readable one, 0.98 (0.9 x 0.98 = 0.882)
        List<StatusDoc> first = new java.util.ArrayList<>();
        first.add(null);
        first.addAll(List.of(doc(0.98), doc(0.97)));
        assertEquals(0.882, new RankCut(3, 0.9).floor(first), 1e-12);
    }

    @Test
    void aRatioOutsideZeroToOneOrANegativeCountIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, -0.1));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, 0.9, 1.01));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, 0.9, -0.5));
        assertThrows(IllegalArgumentException.class, () -> new RankCut(10, 0.9, Double.NaN));
    }

    @Test
    void theScansFirstPageHoldsTwiceTheCountAndNoMoreThanAFullPage() {
        assertEquals(20, RankCut.of(10).firstPageSize(500));   // 2 x 10
        assertEquals(2, RankCut.of(1).firstPageSize(500));     // 2 x 1
        assertEquals(500, RankCut.NONE.firstPageSize(500));    // no cut: the full page
        assertEquals(500, RankCut.of(300).firstPageSize(500)); // 2 x 300 = 600 > 500
        assertEquals(500, RankCut.of(250).firstPageSize(500)); // 2 x 250 = 500
        assertEquals(10_000, RankCut.of(Integer.MAX_VALUE).firstPageSize(10_000)); // no int overflow
    }
}
