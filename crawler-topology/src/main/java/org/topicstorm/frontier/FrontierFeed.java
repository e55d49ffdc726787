package org.topicstorm.frontier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The spout's logic without Storm: hands out due URLs one by one, best-first, from batches read by a
 * {@link FrontierReader}, never a URL that is still in flight. Queries run on the given executor so that
 * {@link #next(long)} never waits for ES.
 */
public final class FrontierFeed {

    private static final Logger LOG = LoggerFactory.getLogger(FrontierFeed.class);

    private final FrontierReader reader;
    private final int shard;
    private final InFlight inFlight;
    private final long minQueryIntervalMs;
    private final long maxBufferAgeMs;
    private final Executor executor;
    private final Deque<StatusDoc> buffer = new ArrayDeque<>();
    private CompletableFuture<List<StatusDoc>> pending;
    private long pendingStartedAt;
    private long bufferQueriedAt;
    private long nextQueryAt;

    /**
     * @param shard          the status index shard to read, -1 for all
     * @param maxBufferAgeMs a batch older than this is dropped unread and the frontier asked again (at most the
     *                       purgatory of acked URLs, so that no URL acked since the query can be emitted again)
     * @param executor       where queries run (a single background thread in the spout; the caller's thread in
     *                       tests)
     */
    public FrontierFeed(FrontierReader reader, int shard, InFlight inFlight, long minQueryIntervalMs,
                        long maxBufferAgeMs, Executor executor) {
        this.reader = reader;
        this.shard = shard;
        this.inFlight = inFlight;
        this.minQueryIntervalMs = minQueryIntervalMs;
        this.maxBufferAgeMs = maxBufferAgeMs;
        this.executor = executor;
    }

    /** The next URL to emit, now marked in flight; null when there is none right now. */
    public StatusDoc next(long now) {
        if (!buffer.isEmpty() && now - bufferQueriedAt > maxBufferAgeMs) {
            // what the query saw may be stale by now (URLs acked since have left the purgatory): ask again
            buffer.clear();
        }
        if (buffer.isEmpty()) {
            startQueryIfDue(now);
            collectQuery(now);
        }
        while (!buffer.isEmpty()) {
            StatusDoc doc = buffer.poll();
            if (!inFlight.isBlocked(doc.url(), now)) {
                inFlight.emitted(doc.url(), now);
                return doc;
            }
        }
        return null;
    }

    public void acked(String url, long now) {
        inFlight.acked(url, now);
    }

    public void failed(String url, long now) {
        inFlight.failed(url, now);
    }

    private void startQueryIfDue(long now) {
        if (pending == null && now >= nextQueryAt) {
            pendingStartedAt = now;
            pending = CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.nextBatch(shard, now);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, executor);
        }
    }

    private void collectQuery(long now) {
        if (pending == null || !pending.isDone()) {
            return;
        }
        try {
            List<StatusDoc> batch = pending.join();
            buffer.addAll(batch);
            bufferQueriedAt = pendingStartedAt;
            // a batch of only in-flight URLs counts as empty: wait a little before asking again
            boolean anyNew = batch.stream().anyMatch(d -> !inFlight.isBlocked(d.url(), now));
            nextQueryAt = anyNew ? now : now + minQueryIntervalMs;
        } catch (RuntimeException e) {
            LOG.warn("frontier query failed (will retry): {}", e.getCause() == null ? e : e.getCause().toString());
            nextQueryAt = now + minQueryIntervalMs;
        }
        pending = null;
        inFlight.expire(now);
    }
}
