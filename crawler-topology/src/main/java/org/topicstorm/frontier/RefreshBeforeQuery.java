package org.topicstorm.frontier;

import java.io.IOException;
import java.util.Collection;
import java.util.List;

/**
 * Makes the status index show what was acked before a frontier query reads it. A URL is acked once its status and
 * its outlinks are written, but the index shows them only after its next refresh (every second): a query that ran
 * in between chose from the frontier as it was before those pages, and since a crawl of few hosts runs a round of
 * fetches in a few hundred milliseconds, several rounds in a row were chosen without the outlinks of the last ones.
 * That cost focus: on the labelled topics, recall@|R| fell by a third on the small ones once the batching bolts
 * stopped waiting 200 ms each (docs/benchmarks.md). So when URLs were acked since the last refresh, the index is
 * refreshed before the query, at most once per {@code minIntervalMs} (a crawl of many hosts acks all the time and
 * would otherwise refresh before every query).
 */
public final class RefreshBeforeQuery implements FrontierFeed.BatchReader {

    /** Refreshes the status index. */
    @FunctionalInterface
    public interface Refresher {
        void refresh() throws IOException;
    }

    private final FrontierFeed.BatchReader reader;
    private final Refresher refresher;
    private final long minIntervalMs;
    /** the latest ack, written by the spout's thread, read by the query thread */
    private volatile long lastAck = Long.MIN_VALUE;
    private long lastRefresh = Long.MIN_VALUE;

    public RefreshBeforeQuery(FrontierFeed.BatchReader reader, Refresher refresher, long minIntervalMs) {
        this.reader = reader;
        this.refresher = refresher;
        this.minIntervalMs = minIntervalMs;
    }

    /** A URL was acked at {@code now}: its writes are done, not yet visible. */
    public void acked(long now) {
        lastAck = now;
    }

    @Override
    public List<StatusDoc> nextBatch(int shard, long now, Collection<String> leftOut) throws IOException {
        long ack = lastAck;
        if (ack != Long.MIN_VALUE && ack >= lastRefresh
                && (lastRefresh == Long.MIN_VALUE || now - lastRefresh >= minIntervalMs)) {
            refresher.refresh();
            lastRefresh = now;
        }
        return reader.nextBatch(shard, now, leftOut);
    }
}
