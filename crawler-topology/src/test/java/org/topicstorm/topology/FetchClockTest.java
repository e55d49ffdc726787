package org.topicstorm.topology;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FetchClockTest {

    @Test
    void timesStrictlyIncreaseAndFollowTheClockOnceItMovesAhead() {
        ArrayDeque<Long> wall = new ArrayDeque<>(List.of(100L, 100L, 100L, 101L, 250L, 249L));
        FetchClock clock = new FetchClock(wall::poll);
        // 100; 100 again -> 101; 100 -> 102; 101 -> 103 (behind); 250 -> 250; 249 (clock stepped back) -> 251
        assertEquals(List.of(100L, 101L, 102L, 103L, 250L, 251L),
                List.of(clock.next(), clock.next(), clock.next(), clock.next(), clock.next(), clock.next()));
    }
}
