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
 * still see the old document until the index refreshes. A failed URL is released at once: its status was not
 * written, so the next query finds it due and it is replayed from ES. This is a cache, not state: losing it
 * (a restarted worker) costs at most a duplicate fetch, never a URL.
 */
public final class InFlight {

    private final long purgatoryMillis;
    private final Map<String, Long> emitted = new HashMap<>();
    private final Map<String, Long> purgatory = new HashMap<>();

    public InFlight(long purgatoryMillis) {
        this.purgatoryMillis = purgatoryMillis;
    }

    /** True when the URL must not be emitted now. */
    public boolean isBlocked(String url, long now) {
        if (emitted.containsKey(url)) {
            return true;
        }
        Long until = purgatory.get(url);
        if (until == null) {
            return false;
        }
        if (until <= now) {
            purgatory.remove(url);
            return false;
        }
        return true;
    }

    public void emitted(String url, long now) {
        emitted.put(url, now);
    }

    public void acked(String url, long now) {
        if (emitted.remove(url) != null) {
            purgatory.put(url, now + purgatoryMillis);
        }
    }

    public void failed(String url) {
        emitted.remove(url);
    }

    /** URLs emitted and neither acked nor failed yet. */
    public int size() {
        return emitted.size();
    }

    /**
     * URLs acked less than the purgatory ago: their new status is written, so a frontier query can leave them out
     * even before the index has refreshed. A copy, safe to hand to another thread.
     */
    public List<String> recentlyAcked(long now) {
        List<String> urls = new ArrayList<>(purgatory.size());
        purgatory.forEach((url, until) -> {
            if (until > now) {
                urls.add(url);
            }
        });
        return urls;
    }

    /** Drops expired purgatory entries; call now and then to bound memory. */
    public void expire(long now) {
        Iterator<Long> it = purgatory.values().iterator();
        while (it.hasNext()) {
            if (it.next() <= now) {
                it.remove();
            }
        }
    }
}
