package org.topicstorm.topology;

import org.slf4j.Logger;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * At most one warning line per kind and interval: while Elasticsearch is down every bolt's every write fails, and a
 * line each (about 130 in a minute's outage) buried what mattered on the terminal. The first occurrence of a kind is
 * logged at once; later ones within the interval are only counted, and the next line logged after the interval says
 * how many there were ("... (and 37 more like it in the last 10 s)"). A kind is the message's format string, so
 * each call site is its own kind.
 */
public final class LogThrottle {

    /** The interval of the warnings of a crawl's bolts and spouts. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);

    /**
     * The throttle of the warnings that repeat while Elasticsearch is unavailable (writes, queries, metrics), one
     * for the JVM: the tasks of a worker share it, so that N tasks failing make one line, not N.
     */
    public static final LogThrottle WARNINGS = new LogThrottle(DEFAULT_INTERVAL);

    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final Map<String, Window> windows = new HashMap<>();

    /** Occurrences of a kind since its last logged line. */
    private static final class Window {
        long loggedAt;
        long suppressed;
    }

    public LogThrottle(Duration interval) {
        this(interval, System::nanoTime);
    }

    /** @param nanoClock a monotonic clock in nanoseconds (System::nanoTime; a settable one in tests) */
    public LogThrottle(Duration interval, LongSupplier nanoClock) {
        this.intervalNanos = interval.toNanos();
        this.nanoClock = nanoClock;
    }

    /**
     * Counts one occurrence of a kind.
     *
     * @return -1 when it must not be logged (a line of its kind was logged less than an interval ago), else the
     *         number of occurrences left unlogged since the last line (0 for the first)
     */
    public synchronized long admit(String kind) {
        long now = nanoClock.getAsLong();
        Window w = windows.get(kind);
        if (w == null) {
            w = new Window();
            w.loggedAt = now;
            windows.put(kind, w);
            return 0;
        }
        if (now - w.loggedAt < intervalNanos) {
            w.suppressed++;
            return -1;
        }
        long suppressed = w.suppressed;
        w.loggedAt = now;
        w.suppressed = 0;
        return suppressed;
    }

    /**
     * {@code log.warn(format, args)}, throttled as {@link #admit} says, with the count of lines left out. The
     * arguments are formatted into the message: pass an exception as {@code e.toString()}, not as a last argument.
     */
    public void warn(Logger log, String format, Object... args) {
        long suppressed = admit(format);
        if (suppressed < 0) {
            return;
        }
        if (suppressed == 0) {
            log.warn(format, args);
        } else {
            Object[] withCount = java.util.Arrays.copyOf(args, args.length + 2);
            withCount[args.length] = suppressed;
            withCount[args.length + 1] = intervalNanos / 1_000_000_000L;
            log.warn(format + " ({} more like it not shown since the previous one; one line per {} s)", withCount);
        }
    }
}
