package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FrontierConfigTest {

    @Test
    void theDocumentedDefaults() throws IOException {
        FrontierConfig c = FrontierConfig.fromConf(CrawlConf.defaults());
        assertEquals(100, c.maxHostsPerQuery());
        assertEquals(5, c.maxUrlsPerHost());
        assertEquals(5000, c.purgatoryMs());
        assertEquals(2000, c.retryBackoffMs());
        assertEquals(500, c.statusBatchSize());
        assertEquals(Duration.ofMinutes(1440), c.schedule().refetchRelevant());
        assertNull(c.schedule().refetchDiscarded(), "-1 = never");
        assertEquals(Duration.ofMinutes(120), c.schedule().retryFetchError());
        assertEquals(3, c.schedule().maxFetchErrors());
        assertEquals(3, c.maxAttempts());
        assertEquals(new StatusWriter.BulkLimits(1000, 5 * 1024 * 1024), c.bulkLimits());
        assertEquals(100, c.settlePages());
        assertEquals(2000, c.settleMaxMs());
        assertEquals(1000, c.settleQuietMs());
        assertEquals(0, c.queryAheadBelow(), "no query ahead");
        assertEquals(new RankCut(10, 0.9, 0.5), c.rankCut());
    }

    @Test
    void theQueryAheadIsReadAndRangeChecked() {
        assertEquals(0, FrontierConfig.fromConf(Map.of()).queryAheadBelow(), "off unless set");
        assertEquals(10, FrontierConfig.fromConf(Map.of(FrontierConfig.QUERY_AHEAD_BELOW, 10)).queryAheadBelow());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.QUERY_AHEAD_BELOW, -1)));
        assertTrue(e.getMessage().contains("'frontier.query.ahead.below' must be between 0 and 100000, got -1"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.QUERY_AHEAD_BELOW, 100_001)));
    }

    @Test
    void theRankCutsRatioToTheBestIsReadAndRangeChecked() {
        assertEquals(new RankCut(10, 0.9, 0.5), FrontierConfig.fromConf(Map.of()).rankCut(), "the default");
        assertEquals(new RankCut(10, 0.0, 0.5),
                FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_NEAR_BEST, 0)).rankCut());
        assertEquals(new RankCut(4, 0.5, 0.5), FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_NEAR_BEST, 0.5,
                FrontierConfig.MAX_RANK, 4)).rankCut());
        assertEquals(new RankCut(10, 1.0, 0.5),
                FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_NEAR_BEST, 1)).rankCut());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_NEAR_BEST, 1.5)));
        assertTrue(e.getMessage().contains("'frontier.query.rank.near.best' must be between 0 and 1, got 1.5"),
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_NEAR_BEST, "0.9")));
        assertTrue(e.getMessage().contains("'frontier.query.rank.near.best' must be a number between 0 and 1, got 0.9"),
                e.getMessage());
    }

    @Test
    void theRankCutsHostShareIsReadAndRangeChecked() {
        assertEquals(new RankCut(10, 0.9, 0.3),
                FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_HOST_SHARE, 0.3)).rankCut());
        assertEquals(new RankCut(10, 0.9, 0), FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_HOST_SHARE, 0)).rankCut());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.RANK_HOST_SHARE, 2)));
        assertTrue(e.getMessage().contains("'frontier.query.rank.host.share' must be between 0 and 1, got 2.0"),
                e.getMessage());
    }

    @Test
    void maxFetchErrorsIsReadFromStormCrawlersKey() throws IOException {
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put(FrontierConfig.MAX_FETCH_ERRORS, 5);
        assertEquals(5, FrontierConfig.fromConf(conf).schedule().maxFetchErrors());
    }

    @Test
    void valuesElasticsearchWouldRejectAreRefusedWithTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.MAX_URLS_PER_HOST, 101)));
        assertTrue(e.getMessage().contains("'frontier.max.urls.per.host' must be between 1 and 100, got 101"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.MAX_HOSTS_PER_QUERY, 0)));
        e = assertThrows(IllegalArgumentException.class,
                () -> FrontierConfig.fromConf(Map.of(FrontierConfig.SETTLE_MAX_MS, -1)));
        assertTrue(e.getMessage().contains("'frontier.query.settle.max.ms' must be between 0 and 600000, got -1"),
                e.getMessage());
    }
}
