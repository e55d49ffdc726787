package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HostThrottlesTest {

    @Test
    void aHostIsLeftOutUntilItsTimeAndTheIndexIsReadAgainEveryInterval() throws Exception {
        List<Long> reads = new ArrayList<>();
        Map<String, Long>[] index = new Map[] {Map.of("a.test", 5_000L, "b.test", 2_500L)};
        HostThrottles t = new HostThrottles(2_000, (shard, now) -> {
            reads.add(now);
            return index[0];
        });
        assertEquals(Set.of("a.test", "b.test"), t.waiting(0, 1_000));
        // b.test's time has come: back at once, without a read
        assertEquals(Set.of("a.test"), t.waiting(0, 2_500));
        assertEquals(List.of(1_000L), reads);
        // a new throttle shows at the next read, 2 s after the last
        index[0] = Map.of("a.test", 5_000L, "c.test", 9_000L);
        assertEquals(Set.of("a.test"), t.waiting(0, 2_999));
        assertEquals(Set.of("a.test", "c.test"), t.waiting(0, 3_000));
        assertEquals(List.of(1_000L, 3_000L), reads);
        assertEquals(Set.of("c.test"), t.waiting(0, 5_000));
    }
}
