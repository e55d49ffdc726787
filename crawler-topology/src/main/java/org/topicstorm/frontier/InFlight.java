package org.topicstorm.frontier;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The spout's memory of URLs it emitted, so that it never emits a URL twice while it is being processed.
 *
 * <p>An acked URL stays blocked for a short purgatory: its new status is written to ES, but a frontier query may
 * still see the old document until the index refreshes. A failed URL is still due in ES (its own status is always
 * written last) and is emitted again after a back-off that doubles with each failure, so that a URL whose writes
 * keep failing cannot monopolise the spout. This is a cache, not state: losing it (a restarted worker) costs at
 * most a duplicate fetch, never a URL.
 */
public final class InFlight {

    /** The longest back-off after repeated failures of one URL. */
    static final long MAX_BACKOFF_MS = 5 * 60_000L;

    private final long purgatoryMillis;
    private final long firstBackoffMillis;
    private final Map<String, Long> emitted = new HashMap<>();
    private final Map<String, Long> blockedUntil = new HashMap<>();
    private final Map<String, Integer> failures = new HashMap<>();

    /**
     * @param purgatoryMillis    how long an acked URL stays blocked
     * @param firstBackoffMillis how long a URL stays blocked after its first failure (doubling after each one)
     */
    public InFlight(long purgatoryMillis, long firstBackoffMillis) {
        this.purgatoryMillis = purgatoryMillis;
        this.firstBackoffMillis = firstBackoffMillis;
    }

    /** True when the URL must not be emitted now. */
    public boolean isBlocked(String url, long now) {
        if (emitted.containsKey(url)) {
            return true;
        }
        Long until = blockedUntil.get(url);
        if (until == null) {
            return false;
        }
        if (until <= now) {
            blockedUntil.remove(url);
            return false;
        }
        return true;
    }

    public void emitted(String url, long now) {
        emitted.put(url, now);
    }

    public void acked(String url, long now) {
        if (emitted.remove(url) != null) {
            failures.remove(url);
            blockedUntil.put(url, now + purgatoryMillis);
        }
    }

    public void failed(String url, long now) {
        if (emitted.remove(url) != null) {
            int n = failures.merge(url, 1, Integer::sum);
            long backoff = Math.min(MAX_BACKOFF_MS, firstBackoffMillis << Math.min(n - 1, 20));
            blockedUntil.put(url, now + backoff);
        }
    }

    /** URLs emitted and neither acked nor failed yet. */
    public int size() {
        return emitted.size();
    }

    /**
     * URLs acked or failed recently and still blocked: a frontier query can leave them out (an acked URL's new
     * status may not be visible yet; a failed one is backing off). A copy, safe to hand to another thread.
     */
    public List<String> blocked(long now) {
        List<String> urls = new ArrayList<>(blockedUntil.size());
        blockedUntil.forEach((url, until) -> {
            if (until > now) {
                urls.add(url);
            }
        });
        return urls;
    }

    /** URLs emitted and neither acked nor failed yet. A copy, safe to hand to another thread. */
    public List<String> inFlight() {
        return new ArrayList<>(emitted.keySet());
    }

    /** Drops expired blocks; call now and then to bound memory. */
    public void expire(long now) {
        Iterator<Long> it = blockedUntil.values().iterator();
        while (it.hasNext()) {
            if (it.next() <= now) {
                it.remove();
            }
        }
    }
}
