package org.topicstorm.fetch;

import org.apache.http.client.utils.DateUtils;

import java.util.Date;

/**
 * The HTTP Retry-After header (RFC 9110, section 10.2.3): either a number of seconds ("120") or an HTTP-date
 * ("Wed, 21 Oct 2015 07:28:00 GMT", and the obsolete RFC 850 and asctime forms every HTTP/1.1 reader must accept).
 */
public final class RetryAfter {

    /** Seconds beyond this (about 31 years) are read as this: the caller bounds the wait anyway. */
    static final long MAX_SECONDS = 1_000_000_000L;

    private RetryAfter() {
    }

    /**
     * @param value the header's value, or null
     * @param now   epoch milliseconds, against which an HTTP-date is read
     * @return milliseconds to wait from {@code now} (0 for a date already past), or null when there is no value or
     *         it is neither form
     */
    public static Long delayMillis(String value, long now) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        if (v.chars().allMatch(c -> c >= '0' && c <= '9')) {
            // 1*DIGIT: no sign, no fraction; a huge number is still "wait very long"
            long seconds = v.length() > 10 ? MAX_SECONDS : Math.min(MAX_SECONDS, Long.parseLong(v));
            return seconds * 1000;
        }
        Date date = DateUtils.parseDate(v);
        if (date == null) {
            return null;
        }
        return Math.max(0, date.getTime() - now);
    }
}
