package org.topicstorm.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CrawlBenchTest {

    @Test
    void steadyStateRateOverAWindowOfSeconds() {
        long[] perSecond = {0, 0, 3, 10, 0, 0, 12, 8, 0, 9};
        CrawlBench.Rate r = CrawlBench.Steady.of(perSecond, 3, 9);
        // seconds 3..9: 10 + 0 + 0 + 12 + 8 + 0 + 9 = 39 pages in 7 s = 5.571 pages/s
        assertEquals(7, r.seconds());
        assertEquals(39, r.pages());
        assertEquals(39 / 7.0, r.mean(), 1e-9);
        // sorted 0 0 0 8 9 10 12: median 8
        assertEquals(8.0, r.median());
        // idle seconds 4, 5, 8: three, the longest run two (4-5)
        assertEquals(3, r.idleSeconds());
        assertEquals(2, r.longestIdleRun());
    }

    @Test
    void anEmptyWindowIsAllZero() {
        assertEquals(new CrawlBench.Rate(0, 0, 0, 0, 0, 0), CrawlBench.Steady.of(new long[]{1, 2}, 5, 1));
    }

    @Test
    void firstAndLastFetchSeconds() {
        CrawlBench.Result r = new CrawlBench.Result(5, new long[]{0, 0, 2, 0, 3, 0}, new long[6], new long[6], null);
        assertEquals(2, r.firstFetchSecond());
        assertEquals(4, r.lastFetchSecond());
    }

    @Test
    void steadyStateCpuInCoresAndPerPage() {
        long[] perSecond = {0, 10, 10, 10, 10, 10, 10, 10, 10, 10};
        long[] es = {-1, -1, -1, -1, -1, 1000, -1, -1, -1, 3000};
        long[] jvm = {-1, -1, -1, -1, -1, 0, -1, -1, -1, 4000};
        // first fetch in second 1, steady state from second 1 + 5 = 6: CPU from the end of second 5 to the end of
        // second 9 = 4 s; 40 pages. ES 2000 ms / 4 s = 0.50 cores, JVM 4000 ms / 4 s = 1.00 cores;
        // per page (2000 + 4000) / 40 = 150 ms, ES 2000 / 40 = 50 ms
        CrawlBench.Result r = new CrawlBench.Result(90, perSecond, es, jvm, null);
        assertEquals("Elasticsearch 0.50 cores, topology + site JVM 1.00 cores; CPU per page 150.0 ms "
                + "(Elasticsearch 50.0 ms)", r.steadyStateCpu());
    }
}
