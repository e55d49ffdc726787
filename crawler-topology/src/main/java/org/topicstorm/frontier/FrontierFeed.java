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
    private final Executor executor;
    private final Deque<StatusDoc> buffer = new ArrayDeque<>();
    private CompletableFuture<List<StatusDoc>> pending;
    private long nextQueryAt;

    /**
     * @param shard the status index shard to read, -1 for all
     * @param executor where queries run (a single background thread in the spout; the caller's thread in tests)
     */
    public FrontierFeed(FrontierReader reader, int shard, InFlight inFlight, long minQueryIntervalMs,
                        Executor executor) {
        this.reader = reader;
        this.shard = shard;
        this.inFlight = inFlight;
        this.minQueryIntervalMs = minQueryIntervalMs;
        this.executor = executor;
    }

    /** The next URL to emit, now marked in flight; null when there is none right now. */
    public StatusDoc next(long now) {
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

    public void failed(String url) {
        inFlight.failed(url);
    }

    public int inFlight() {
        return inFlight.size();
    }

    private void startQueryIfDue(long now) {
        if (pending == null && now >= nextQueryAt) {
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
