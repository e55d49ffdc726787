package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PatternCapsTest {

    private static final String CAL = "h/cal?month=N&year={date}";

    @Test
    void aPatternIsLeftOutOnceItsCountPlusWhatTheCountCannotSeeReachesTheBudget() throws Exception {
        Map<String, Long> index = new HashMap<>(Map.of(CAL, 3L, "h/p/N", 5L));
        int[] counts = {0};
        // calendar budget 5, counted every 1000 ms
        PatternCaps caps = new PatternCaps(new PatternBudget(10, 0, 5), 1000, shard -> {
            counts[0]++;
            return new PatternCaps.Counts(index, 8);
        });
        assertEquals(Set.of(), caps.capped(0, 0));
        caps.emitted("u1", CAL);
        caps.emitted("u1", CAL); // a replay of a URL in flight counts once
        assertEquals(Set.of(), caps.capped(0, 100), "3 + 1 in flight < 5");
        caps.emitted("u2", CAL);
        assertEquals(Set.of(CAL), caps.capped(0, 200), "3 + 2 in flight = 5");
        assertEquals(1, counts[0], "counted once per interval");

        // u1 comes back at 300; the count at 1000 may not show it yet (returned 700 ms before, within 3000 ms)
        caps.returned("u1", 300);
        index.put(CAL, 4L); // it does show it: counted twice for a moment, a pattern stops early rather than late
        assertEquals(Set.of(CAL), caps.capped(0, 1000), "4 + u1 returned + u2 in flight = 6 >= 5");
        assertEquals(2, counts[0]);
        // u2 fails at 1500 (its outcome may have been written all the same): still counted
        caps.returned("u2", 1500);
        caps.returned("unknown", 1600); // not emitted by this task: nothing to count
        // the count at 4000 surely holds u1 (returned 3700 ms before) but perhaps not u2 (2500 ms before)
        assertEquals(Set.of(CAL), caps.capped(0, 4000), "4 + u2 (returned 2500 ms before) = 5");
        assertEquals(3, counts[0]);
        // at 5000 u2 came back 3500 ms before: the count holds whatever it wrote (nothing: it failed); 4 < 5
        assertEquals(Set.of(), caps.capped(0, 5000));
        assertEquals(1, caps.room(CAL), "5 - 4");
    }

    @Test
    void theRoomIsTheBudgetLessWhatWasCountedAndWhatTheCountCannotSee() throws Exception {
        PatternCaps caps = new PatternCaps(new PatternBudget(10, 0.5, 5), 1000,
                shard -> new PatternCaps.Counts(Map.of(CAL, 3L, "h/p/N", 4L), 30));
        caps.capped(0, 0);
        assertEquals(2, caps.room(CAL), "calendar: 5 - 3");
        // others: max(10, floor(0.5 x 30) = 15) - 4 = 11
        assertEquals(11, caps.room("h/p/N"));
        assertEquals(15, caps.room("h/never-seen/N"), "max(10, 15) - 0");
        caps.emitted("a", CAL);
        caps.emitted("b", CAL);
        caps.emitted("c", CAL);
        assertEquals(0, caps.room(CAL), "5 - (3 + 3) is below 0: no room");
        // the three in flight count towards the crawl's total too: max(10, floor(0.5 x 33) = 16) - 4 = 12
        assertEquals(12, caps.room("h/p/N"));
        assertEquals(Long.MAX_VALUE, new PatternCaps(new PatternBudget(0, 0, 5), 1000,
                shard -> new PatternCaps.Counts(Map.of(), 0)).room("h/p/N"), "no per-pattern limit");
    }
}
