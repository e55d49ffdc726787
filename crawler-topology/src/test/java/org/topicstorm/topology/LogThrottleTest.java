package org.topicstorm.topology;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LogThrottleTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void oneLineAKindPerIntervalWithTheCountOfThoseLeftOut() {
        AtomicLong now = new AtomicLong(1_000 * SECOND);
        LogThrottle throttle = new LogThrottle(Duration.ofSeconds(10), now::get);

        assertEquals(0, throttle.admit("write failed"));          // t = 0: the first is logged at once
        now.addAndGet(1 * SECOND);
        assertEquals(-1, throttle.admit("write failed"));         // t = 1: left out (1)
        now.addAndGet(8 * SECOND);
        assertEquals(-1, throttle.admit("write failed"));         // t = 9: left out (2)
        assertEquals(-1, throttle.admit("write failed"));         // t = 9: left out (3)
        now.addAndGet(1 * SECOND);
        assertEquals(3, throttle.admit("write failed"));          // t = 10: 10 s after the line: logged, 3 left out
        now.addAndGet(5 * SECOND);
        assertEquals(-1, throttle.admit("write failed"));         // t = 15: within 10 s of the line at t = 10
        now.addAndGet(60 * SECOND);
        assertEquals(1, throttle.admit("write failed"));          // t = 75: logged, the one at t = 15 left out
    }

    @Test
    void kindsAreCountedApart() {
        AtomicLong now = new AtomicLong(0);
        LogThrottle throttle = new LogThrottle(Duration.ofSeconds(10), now::get);
        assertEquals(0, throttle.admit("status write failed"));
        assertEquals(0, throttle.admit("content write failed"));  // another kind: logged although within 10 s
        assertEquals(-1, throttle.admit("status write failed"));
        now.addAndGet(10 * SECOND);
        assertEquals(1, throttle.admit("status write failed"));
        assertEquals(0, throttle.admit("content write failed"));
    }

    /**
     * 130 failures evenly over 60 s (as in an outage; the i-th at i * 60 / 130 s) make 6 lines with a 10 s interval,
     * at i = 0 (0 s), 22 (10.15 s), 44 (20.31 s), 66 (30.46 s), 88 (40.62 s) and 110 (50.77 s): each the first at least
     * 10 s after the previous line.
     */
    @Test
    void aFloodBecomesALineAnInterval() {
        AtomicLong now = new AtomicLong(0);
        LogThrottle throttle = new LogThrottle(Duration.ofSeconds(10), now::get);
        int lines = 0;
        long counted = 0;
        for (int i = 0; i < 130; i++) {
            now.set(i * 60 * SECOND / 130);   // evenly over 60 s
            long left = throttle.admit("write failed");
            if (left >= 0) {
                lines++;
                counted += left + 1;
            }
        }
        assertEquals(6, lines);
        // occurrences 0 to 110 are each logged or counted in a later line; the 19 after the last line are not yet
        assertEquals(111, counted);
    }
}
