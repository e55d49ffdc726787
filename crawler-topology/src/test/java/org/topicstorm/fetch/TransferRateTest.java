package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TransferRateTest {

    @Test
    void aDripIsCutOffAtTheEndOfTheFirstWindow() {
        // 1,024 bytes/s over 10 s windows; one byte a second
        TransferRate rate = new TransferRate(1024, 10_000, 0);
        for (int s = 1; s < 10; s++) {
            assertNull(rate.received(1, s * 1000L), "no verdict before a whole window");
        }
        assertEquals("cut off: transfer slower than 1024 bytes/s (10 bytes in 10.0 s)", rate.received(1, 10_000));
    }

    @Test
    void theRateIsJudgedOverTheWindowSoAPauseThenABurstPasses() {
        TransferRate rate = new TransferRate(1024, 10_000, 0);
        // nothing for 9 s, then 10,240 bytes: 1,024 bytes/s over the 10 s window, exactly the minimum
        assertNull(rate.received(0, 9_000));
        assertNull(rate.received(10_240, 10_000));
        // the next window starts afresh at 10 s: 10,239 bytes by 20 s is below 10 x 1,024
        assertNull(rate.received(10_239 - 1, 19_999));
        assertEquals("cut off: transfer slower than 1024 bytes/s (10239 bytes in 10.0 s)", rate.received(1, 20_000));
    }

    @Test
    void aLateReadIsJudgedOverItsWholeSpan() {
        // the window is a minimum: a read 25 s in is judged over 25 s, 1,024 x 25 = 25,600 bytes needed
        TransferRate rate = new TransferRate(1024, 10_000, 0);
        assertNull(rate.received(25_600, 25_000));
        TransferRate slow = new TransferRate(1024, 10_000, 0);
        assertEquals("cut off: transfer slower than 1024 bytes/s (25599 bytes in 25.0 s)",
                slow.received(25_599, 25_000));
    }

    @Test
    void aRateAndAWindowAreNeeded() {
        assertThrows(IllegalArgumentException.class, () -> new TransferRate(0, 10_000, 0));
        assertThrows(IllegalArgumentException.class, () -> new TransferRate(1024, 0, 0));
    }
}
