package org.topicstorm.frontier;

import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The topic's {@code limits.max-pages-per-host}: which hosts of a spout task's shard have had their pages, so that
 * frontier queries leave them out (their URLs stay waiting in the index; nothing is lost, and raising the cap
 * brings them back).
 *
 * <p>A host's pages are those fetched so far by the index (every URL with a fetch outcome, as a crawl log counts
 * requests), counted every {@code refreshMs}, plus the URLs this task emitted since that count. The index lags by
 * up to its refresh interval, so a host can pass the cap by the URLs in flight when it is reached (at most
 * {@code frontier.max.urls.per.host}). A host lives in one shard, so one task's count is the crawl's.
 * Thread-safe: emissions are counted on the spout thread, queries run on the query thread.
 */
public final class HostCaps {

    /** Counts the fetched pages of a shard's hosts. */
    @FunctionalInterface
    public interface Counter {
        /**
         * The fetched pages of the shard's hosts ({@code -1}: all shards), for the hosts with the most of them (a
         * count may leave out hosts with few pages: they are far from any cap).
         */
        Map<String, Long> fetchedPerHost(int shard) throws IOException;
    }

    private final long maxPages;
    private final long refreshMs;
    private final Counter counter;
    private Map<String, Long> counted = Map.of();
    private final Map<String, Long> emittedSince = new HashMap<>();
    private long countedAt;
    private boolean everCounted;

    /** @param maxPages the cap, at least 1 */
    public HostCaps(long maxPages, long refreshMs, Counter counter) {
        if (maxPages < 1) {
            throw new IllegalArgumentException("maxPages must be at least 1, got " + maxPages);
        }
        this.maxPages = maxPages;
        this.refreshMs = refreshMs;
        this.counter = counter;
    }

    /** A URL of {@code host} was emitted: it counts until the next count of the index sees it. */
    public synchronized void emitted(String host) {
        emittedSince.merge(host, 1L, Long::sum);
    }

    /** The hosts at the cap now, counting the index again when {@code refreshMs} have passed. */
    public Set<String> capped(int shard, long now) throws IOException {
        synchronized (this) {
            if (everCounted && now - countedAt < refreshMs) {
                return cappedNow();
            }
            // emissions from here on are not in the count about to be read
            emittedSince.clear();
        }
        Map<String, Long> fresh = counter.fetchedPerHost(shard);
        synchronized (this) {
            counted = Map.copyOf(fresh);
            countedAt = now;
            everCounted = true;
            return cappedNow();
        }
    }

    private Set<String> cappedNow() {
        Set<String> capped = new HashSet<>();
        counted.forEach((host, pages) -> {
            if (pages + emittedSince.getOrDefault(host, 0L) >= maxPages) {
                capped.add(host);
            }
        });
        emittedSince.forEach((host, pages) -> {
            if (pages >= maxPages) {
                capped.add(host);
            }
        });
        return capped;
    }
}
