package org.topicstorm.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LatenciesTest {

    @Test
    void nearestRankPercentiles() {
        Latencies l = new Latencies();
        // 20 durations of 1..20 ms, added out of order
        for (int ms = 20; ms >= 1; ms--) {
            l.add(ms * 1_000_000L);
        }
        assertEquals(20, l.count());
        // median: rank ceil(0.5 * 20) = 10 -> 10 ms
        assertEquals(10.0, l.medianMillis());
        // p95: rank ceil(0.95 * 20) = 19 -> 19 ms
        assertEquals(19.0, l.percentileMillis(95));
        assertEquals(20.0, l.maxMillis());
        assertEquals("median 10.0 ms, p95 19.0 ms, max 20.0 ms (n=20)", l.toString());
    }

    @Test
    void oneValueIsEveryPercentile() {
        Latencies l = new Latencies();
        l.add(2_500_000L);
        assertEquals(2.5, l.percentileMillis(1));
        assertEquals(2.5, l.maxMillis());
    }

    @Test
    void noValuesOrABadPercentileIsAnError() {
        Latencies l = new Latencies();
        assertThrows(IllegalStateException.class, l::medianMillis);
        l.add(1);
        assertThrows(IllegalArgumentException.class, () -> l.percentileMillis(0));
        assertThrows(IllegalArgumentException.class, () -> l.percentileMillis(101));
    }
}
