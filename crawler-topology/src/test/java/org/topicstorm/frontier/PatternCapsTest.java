package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PatternCapsTest {

    private static final String CAL = "h/cal?month=N&year={date}";

    @Test
    void aPatternIsLeftOutOnceItsCountPlusItsEmissionsReachTheBudget() throws Exception {
        Map<String, Long> index = new HashMap<>(Map.of(CAL, 3L, "h/p/N", 5L));
        int[] counts = {0};
        PatternCaps caps = new PatternCaps(new PatternBudget(10, 0, 5), 1000, shard -> {
            counts[0]++;
            return new PatternCaps.Counts(index, 8);
        });
        assertEquals(Set.of(), caps.capped(0, 0));
        caps.emitted(CAL);
        assertEquals(Set.of(), caps.capped(0, 100), "3 + 1 < 5");
        caps.emitted(CAL);
        assertEquals(Set.of(CAL), caps.capped(0, 200), "3 + 2 = 5");
        assertEquals(1, counts[0], "counted once per interval");
        // the next count replaces the emissions: the index now holds 4 of the calendar's pages (one still in flight)
        index.put(CAL, 4L);
        assertEquals(Set.of(), caps.capped(0, 1000));
        assertEquals(2, counts[0]);
        // nothing was dropped: a larger budget brings the pattern back
        index.put(CAL, 5L);
        assertEquals(Set.of(CAL), caps.capped(0, 2000));
        assertEquals(Set.of(), new PatternCaps(new PatternBudget(10, 0, 6), 1000,
                shard -> new PatternCaps.Counts(index, 10)).capped(0, 0));
    }
}
