package org.topicstorm.bench;

import java.util.Arrays;

/** Durations of repeated operations and their summary (median, 95th percentile, maximum), in milliseconds. */
public final class Latencies {

    private long[] nanos = new long[16];
    private int count;

    public void add(long durationNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = durationNanos;
    }

    public int count() {
        return count;
    }

    /**
     * Nearest-rank percentile: the smallest recorded value such that at least {@code p} percent of all values are
     * at or below it.
     *
     * @param p in (0, 100]
     */
    public double percentileMillis(double p) {
        if (count == 0) {
            throw new IllegalStateException("no durations recorded");
        }
        if (!(p > 0 && p <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], got " + p);
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * count);
        return sorted[rank - 1] / 1e6;
    }

    public double medianMillis() {
        return percentileMillis(50);
    }

    public double maxMillis() {
        return percentileMillis(100);
    }

    /** "median 12.3 ms, p95 15.0 ms, max 20.1 ms (n=50)". */
    @Override
    public String toString() {
        return String.format(java.util.Locale.ROOT, "median %.1f ms, p95 %.1f ms, max %.1f ms (n=%d)",
                medianMillis(), percentileMillis(95), maxMillis(), count);
    }
}
