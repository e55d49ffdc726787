package org.topicstorm.bench;

import org.junit.jupiter.api.Test;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class NewsBenchTest {

    private static StatusDoc fetched(String url, long at, boolean relevant) {
        return new StatusDoc(url, "h", "FETCHED", relevant ? CrawlState.DONE : CrawlState.DISCARDED, relevant,
                relevant ? 0.8 : 0.1, 0.8, null, 1, 0, 1, List.of(), null, null, null, 1, 0, at - 10, at, at, at,
                Map.of());
    }

    @Test
    void percentilesAreNearestRank() {
        List<Long> ten = List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
        assertEquals(5L, NewsBench.percentile(ten, 0.5));   // ceil(0.5 x 10) = 5th
        assertEquals(10L, NewsBench.percentile(ten, 0.95)); // ceil(9.5) = 10th
        assertEquals(1L, NewsBench.percentile(ten, 0.01));
        assertEquals(7L, NewsBench.percentile(List.of(7L), 0.95));
        assertNull(NewsBench.percentile(List.of(), 0.5));
    }

    @Test
    void theResultComparesWhatWasPublishedWithWhatWasFetched() {
        List<NewsSite.Article> fresh = List.of(
                new NewsSite.Article("http://a/1", 1_000, true),
                new NewsSite.Article("http://a/2", 2_000, true),
                new NewsSite.Article("http://a/3", 3_000, true),
                new NewsSite.Article("http://a/4", 4_000, false),
                new NewsSite.Article("http://a/5", 5_000, false));
        // 1 fetched 4 s after publication and judged relevant, 2 after 1.5 s judged irrelevant, 3 never; of the
        // off-topic ones 4 was fetched
        Map<String, StatusDoc> status = Map.of("http://a/1", fetched("http://a/1", 5_000, true),
                "http://a/2", fetched("http://a/2", 3_500, false), "http://a/4", fetched("http://a/4", 4_500, false));
        NewsBench.Result r = NewsBench.result(fresh, status, 12, CrawlStats.FreshnessStats.NONE, 99, null);
        assertEquals(3, r.published());
        assertEquals(2, r.found());
        assertEquals(1, r.judgedRelevant());
        assertEquals(List.of(1_500L, 4_000L), r.lagsMs());
        assertEquals(1_500L, r.lagPercentile(0.5));
        assertEquals(4_000L, r.lagPercentile(0.95));
        assertEquals(6.0, r.revisitsPerFound());   // 12 revisits / 2 found
        assertEquals(2, r.offTopic());
        assertEquals(1, r.offTopicFetched());
    }
}
