package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HostBackoffTest {

    private static final long INITIAL = 60_000;
    private static final long MAX = 3_600_000;

    @Test
    void retryAfterIsHonouredWithinTheBounds() {
        assertEquals(120_000, HostBackoff.delayMillis(120_000L, 1, INITIAL, MAX));
        // a Retry-After does not double with the run: the host says what it wants
        assertEquals(3_000, HostBackoff.delayMillis(3_000L, 5, INITIAL, MAX));
        // 0 (or a date past) still waits a second, else the host would be asked again at once, in a loop
        assertEquals(1_000, HostBackoff.delayMillis(0L, 1, INITIAL, MAX));
        // a day is cut to the max, an hour
        assertEquals(3_600_000, HostBackoff.delayMillis(86_400_000L, 1, INITIAL, MAX));
    }

    @Test
    void withoutRetryAfterTheWaitDoublesWithEachThrottleInARowUpToTheMax() {
        assertEquals(60_000, HostBackoff.delayMillis(null, 1, INITIAL, MAX));
        assertEquals(120_000, HostBackoff.delayMillis(null, 2, INITIAL, MAX));
        assertEquals(240_000, HostBackoff.delayMillis(null, 3, INITIAL, MAX));
        // 60 s x 2^5 = 1920 s; x 2^6 = 3840 s > 3600 s
        assertEquals(1_920_000, HostBackoff.delayMillis(null, 6, INITIAL, MAX));
        assertEquals(3_600_000, HostBackoff.delayMillis(null, 7, INITIAL, MAX));
        // no overflow however long the run
        assertEquals(3_600_000, HostBackoff.delayMillis(null, 1_000_000, INITIAL, MAX));
    }

    @Test
    void aHostWaitsItsTimeAndOnlyIt() {
        HostBackoff b = new HostBackoff(INITIAL, MAX);
        long now = 1_000_000;
        assertNull(b.notBefore("a.example", now));
        assertEquals(now + 3_000, b.throttled("a.example", 3_000L, now));
        assertEquals(now + 3_000, b.notBefore("a.example", now + 2_999));
        assertNull(b.notBefore("a.example", now + 3_000), "due again at the time it asked for");
        assertNull(b.notBefore("b.example", now), "other hosts are not held up");
    }

    @Test
    void aRunOfThrottlesDoublesAndAnyOtherAnswerEndsIt() {
        HostBackoff b = new HostBackoff(INITIAL, MAX);
        long t = 0;
        assertEquals(t + 60_000, b.throttled("h", null, t));
        t += 60_000;
        assertEquals(t + 120_000, b.throttled("h", null, t));
        t += 120_000;
        assertEquals(t + 240_000, b.throttled("h", null, t));
        // a Retry-After in the run is honoured as it is, and the run goes on counting
        t += 240_000;
        assertEquals(t + 5_000, b.throttled("h", 5_000L, t));
        t += 5_000;
        assertEquals(t + 960_000, b.throttled("h", null, t), "the fifth in a row: 60 s x 2^4");
        b.answered("h");
        assertNull(b.notBefore("h", t));
        assertEquals(t + 60_000, b.throttled("h", null, t), "a new run starts from the initial wait");
    }

    @Test
    void boundsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new HostBackoff(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new HostBackoff(10, 5));
    }
}
