package org.topicstorm.fetch;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hosts that answered 429 (Too Many Requests) or 503 (Service Unavailable): each must not be asked anything again
 * before its not-before time. The wait is the host's Retry-After within [{@link #MIN_DELAY_MS}, max]; without a
 * usable Retry-After it is exponential: the initial wait after the host's first such answer, doubled with each further
 * one in a row, up to the max. Any other answer from the host ends its run.
 *
 * <p>A cache in the fetcher's memory, not state: losing it (a restarted worker) loses no URL, since each throttled
 * URL's next fetch date in the status index follows the same wait and the spout leaves the host out until then
 * ({@code HostThrottles}); only the doubling starts again. Thread-safe (all fetcher threads share it); bounded to
 * {@link #MAX_HOSTS} hosts, the least recently throttled forgotten first.
 */
public final class HostBackoff {

    /** A Retry-After of 0 (or a date past) still waits this long: else the host is asked again at once, in a loop. */
    static final long MIN_DELAY_MS = 1000;
    static final int MAX_HOSTS = 10_000;

    private record State(long notBefore, int throttles) {
    }

    private final long initialMs;
    private final long maxMs;
    private final Map<String, State> hosts = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
            return size() > MAX_HOSTS;
        }
    };

    public HostBackoff(long initialMs, long maxMs) {
        if (initialMs < 1 || maxMs < initialMs) {
            throw new IllegalArgumentException("need 1 <= initial <= max, got " + initialMs + " and " + maxMs);
        }
        this.initialMs = initialMs;
        this.maxMs = maxMs;
    }

    /**
     * How long a host is left alone after its {@code throttles}-th 429/503 in a row.
     *
     * @param retryAfterMs the wait the host asked for (its Retry-After), or null when it gave none (or none readable)
     * @param throttles    1 for the first such answer in a row, 2 for the second, ...
     */
    public static long delayMillis(Long retryAfterMs, int throttles, long initialMs, long maxMs) {
        if (retryAfterMs != null) {
            return Math.min(maxMs, Math.max(MIN_DELAY_MS, retryAfterMs));
        }
        int doublings = Math.min(Math.max(throttles, 1) - 1, 40);
        // initial <= 7 days < 2^30 ms: shifting by at most 32 cannot overflow a long
        long delay = doublings >= 32 ? maxMs : initialMs << doublings;
        return Math.min(maxMs, delay);
    }

    /**
     * The host answered 429 or 503.
     *
     * @return the epoch milliseconds before which it must not be asked again
     */
    public synchronized long throttled(String host, Long retryAfterMs, long now) {
        State before = hosts.get(host);
        int throttles = before == null ? 1 : before.throttles() + 1;
        long notBefore = now + delayMillis(retryAfterMs, throttles, initialMs, maxMs);
        hosts.put(host, new State(notBefore, throttles));
        return notBefore;
    }

    /** The host answered something else (a page, a redirect, a 404, ...): its run of throttling ends. */
    public synchronized void answered(String host) {
        hosts.remove(host);
    }

    /** The host's not-before time while it is still ahead of {@code now}, else null. */
    public synchronized Long notBefore(String host, long now) {
        State s = hosts.get(host);
        return s != null && s.notBefore() > now ? s.notBefore() : null;
    }
}
