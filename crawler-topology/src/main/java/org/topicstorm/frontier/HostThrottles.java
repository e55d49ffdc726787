package org.topicstorm.frontier;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Hosts of a spout task's shard that asked the crawl to wait (HTTP 429 or 503), left out of frontier queries until
 * their time comes, so that their other due URLs are neither fetched nor sent to the fetcher only to be deferred.
 *
 * <p>A host's time is what its throttled URLs' status documents say: such a URL is a FETCH_ERROR with error
 * "http 429" or "http 503", or a URL the fetcher held back meanwhile (error {@link StatusUpdates#DEFERRED}), with its
 * next fetch date at the time the host asked for ({@code BoundedHttpProtocol}). The
 * index is read again every {@code refreshMs}; between reads a host comes back as soon as its time has passed. The
 * index lags the fetcher by a status batch and a refresh (about a second): the fetcher itself sends nothing to a
 * waiting host meanwhile. Thread-safe (queries run on the spout's query thread).
 */
public final class HostThrottles {

    /** Reads when each throttled host of a shard may be asked again. */
    @FunctionalInterface
    public interface Reader {
        /** @return host to epoch ms, for the hosts whose time is after {@code now} */
        Map<String, Long> throttledUntil(int shard, long now) throws IOException;
    }

    private final long refreshMs;
    private final Reader reader;
    private Map<String, Long> until = Map.of();
    private long readAt;
    private boolean everRead;

    public HostThrottles(long refreshMs, Reader reader) {
        this.refreshMs = refreshMs;
        this.reader = reader;
    }

    /** The hosts still waiting at {@code now}, reading the index again when {@code refreshMs} have passed. */
    public synchronized Set<String> waiting(int shard, long now) throws IOException {
        if (!everRead || now - readAt >= refreshMs) {
            until = Map.copyOf(reader.throttledUntil(shard, now));
            readAt = now;
            everRead = true;
        }
        Set<String> hosts = new HashSet<>();
        until.forEach((host, at) -> {
            if (at > now) {
                hosts.add(host);
            }
        });
        return hosts;
    }
}
