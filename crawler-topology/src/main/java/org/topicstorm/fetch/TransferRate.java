package org.topicstorm.fetch;

import java.util.Locale;

/**
 * A minimum transfer rate, checked as bytes arrive: over each window of at least {@code windowMs}, at least
 * {@code minBytesPerSec} bytes a second on average (as curl's --speed-limit with --speed-time). A server that drips
 * a byte a second is cut off after one window instead of holding a fetcher thread until the whole-fetch limit; a
 * burst after a pause is judged over the whole window, so one slow moment does not cut a good transfer. Not
 * thread-safe: one per transfer.
 */
public final class TransferRate {

    private final long minBytesPerSec;
    private final long windowMs;
    private long windowStart;
    private long bytes;

    /**
     * @param minBytesPerSec the minimum average rate over a window, > 0
     * @param windowMs       the window, > 0
     * @param startMs        when the transfer started (epoch milliseconds)
     */
    public TransferRate(long minBytesPerSec, long windowMs, long startMs) {
        if (minBytesPerSec <= 0 || windowMs <= 0) {
            throw new IllegalArgumentException("need a rate and a window > 0, got " + minBytesPerSec + " and "
                    + windowMs);
        }
        this.minBytesPerSec = minBytesPerSec;
        this.windowMs = windowMs;
        this.windowStart = startMs;
    }

    /**
     * {@code n} more bytes arrived at {@code now}.
     *
     * @return null while the transfer is fast enough, else why it is cut off
     */
    public String received(long n, long now) {
        bytes += n;
        long elapsed = now - windowStart;
        if (elapsed < windowMs) {
            return null;
        }
        // bytes / (elapsed / 1000) < min, without division
        if (bytes * 1000 < minBytesPerSec * elapsed) {
            return String.format(Locale.ROOT, "cut off: transfer slower than %d bytes/s (%d bytes in %.1f s)",
                    minBytesPerSec, bytes, elapsed / 1000.0);
        }
        windowStart = now;
        bytes = 0;
        return null;
    }
}
