package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import java.time.ZonedDateTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class RetryAfterTest {

    /** Wed, 21 Oct 2015 07:28:00 GMT. */
    private static final long OCT_21 = ZonedDateTime.parse("2015-10-21T07:28:00Z").toInstant().toEpochMilli();

    @Test
    void secondsAreMilliseconds() {
        assertEquals(120_000L, RetryAfter.delayMillis("120", OCT_21));
        assertEquals(3_000L, RetryAfter.delayMillis(" 3 ", OCT_21));
        assertEquals(0L, RetryAfter.delayMillis("0", OCT_21));
    }

    @Test
    void aHugeNumberOfSecondsIsBoundedNotAnOverflow() {
        assertEquals(1_000_000_000L * 1000, RetryAfter.delayMillis("99999999999999999999999", OCT_21));
        assertEquals(1_000_000_000L * 1000, RetryAfter.delayMillis("1000000001", OCT_21));
    }

    @Test
    void anHttpDateIsTheTimeLeftUntilIt() {
        // IMF-fixdate, 90 s after "now"
        assertEquals(90_000L, RetryAfter.delayMillis("Wed, 21 Oct 2015 07:29:30 GMT", OCT_21));
        // the obsolete forms: RFC 850 and asctime, 1 h after
        assertEquals(3_600_000L, RetryAfter.delayMillis("Wednesday, 21-Oct-15 08:28:00 GMT", OCT_21));
        assertEquals(3_600_000L, RetryAfter.delayMillis("Wed Oct 21 08:28:00 2015", OCT_21));
    }

    @Test
    void aDatePastMeansNow() {
        assertEquals(0L, RetryAfter.delayMillis("Wed, 21 Oct 2015 07:00:00 GMT", OCT_21));
    }

    @Test
    void anythingElseIsNoValue() {
        assertNull(RetryAfter.delayMillis(null, OCT_21));
        assertNull(RetryAfter.delayMillis("  ", OCT_21));
        assertNull(RetryAfter.delayMillis("-5", OCT_21));
        assertNull(RetryAfter.delayMillis("1.5", OCT_21));
        assertNull(RetryAfter.delayMillis("soon", OCT_21));
    }
}
