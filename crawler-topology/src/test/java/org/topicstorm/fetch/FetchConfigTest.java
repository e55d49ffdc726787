package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;
import org.topicstorm.topology.CrawlConf;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FetchConfigTest {

    @Test
    void theDocumentedDefaults() throws Exception {
        FetchConfig expected = new FetchConfig(30_000, 1024, 10_000, 60_000, 3_600_000);
        assertEquals(expected, FetchConfig.fromConf(Map.of()));
        // storm-conf/topicstorm-default.yaml says the same
        assertEquals(expected, FetchConfig.fromConf(CrawlConf.defaults()));
    }

    @Test
    void secondsMayHaveDecimalsAndComeAsStrings() {
        FetchConfig c = FetchConfig.fromConf(Map.of(FetchConfig.TIME_LIMIT_SECS, 2.5,
                FetchConfig.MIN_RATE, "0", FetchConfig.MIN_RATE_WINDOW_SECS, "0.5",
                FetchConfig.BACKOFF_INITIAL_SECS, 2, FetchConfig.BACKOFF_MAX_SECS, 8));
        assertEquals(new FetchConfig(2_500, 0, 500, 2_000, 8_000), c);
    }

    @Test
    void aBadValueNamesItsKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FetchConfig.fromConf(Map.of(FetchConfig.TIME_LIMIT_SECS, "lots")));
        assertTrue(e.getMessage().contains("'fetch.time.limit.secs'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FetchConfig.fromConf(Map.of(FetchConfig.TIME_LIMIT_SECS, 0)));
        assertTrue(e.getMessage().contains("'fetch.time.limit.secs'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FetchConfig.fromConf(Map.of(FetchConfig.MIN_RATE, 10.5)));
        assertTrue(e.getMessage().contains("'fetch.min.rate.bytes.per.sec'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> FetchConfig.fromConf(Map.of(FetchConfig.BACKOFF_INITIAL_SECS, 600,
                        FetchConfig.BACKOFF_MAX_SECS, 60)));
        assertTrue(e.getMessage().contains("'fetch.backoff.max.secs'"), e.getMessage());
    }
}
