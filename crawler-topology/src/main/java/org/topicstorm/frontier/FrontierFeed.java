package org.topicstorm.frontier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import org.topicstorm.topology.LogThrottle;

/**
 * The spout's logic without Storm: hands out due URLs one by one, best-first, from batches read by a
 * {@link FrontierReader}, never a URL that is still in flight. Queries run on the given executor so that
 * {@link #next(long)} never waits for ES.
 *
 * <p>A host's places in a batch are taken by its URLs in flight, so its next URLs come only once those are done.
 * To keep that wait short, a query leaves out the URLs that are blocked anyway (acked during the purgatory: done,
 * though perhaps still due in the not yet refreshed index; or failed and backing off), and an ack or fail
 * triggers the next query at once instead of after the minimum interval.
 *
 * <p>The start of a crawl is different: the frontier knows only the seeds' outlinks, and a query triggered by the
 * first ack would choose the next batch from the outlinks of whichever page was written first (a race that decided,
 * in real crawls, whether the first pages came from an off-topic seed's site). For its first
 * {@code settlePages} acks and fails, a query therefore waits until none of its URLs is in flight, or at most
 * {@code settleMaxMs} since the last query (a slow page cannot stall the crawl): each early batch is chosen knowing
 * the outlinks of every page before it. Past that, throughput matters more than the last pages' outlinks. The wait has
 * its own bound, not the minimum query interval: a page's outlinks are written about a second after its fetch (parse,
 * relevance, the status writer's batch), and evaluation crawls query every 300 ms, which ended every wait before the
 * slower seed's outlinks were in. Past {@code settleMaxMs} the wait goes on while pages are still coming back (one
 * less than {@code settleQuietMs} ago), up to {@link #SETTLE_BUSY_FACTOR} times the bound: a site's front page with a
 * thousand outlinks came back 2.5 s after the first query of a cold crawl, just after the bound, while a server that
 * never finishes a page sends nothing back, so the wait for it still ends at the bound.
 *
 * <p>Past the start, a query may also run one batch ahead ({@code aheadBelow}, off by default): while fewer than
 * that many URLs are in flight, it leaves those URLs out as well, so they take no places of their hosts and the next
 * batch is chosen while the last one is still being fetched and written. Otherwise a crawl whose best URLs sit on one
 * host has at most that host's places ({@code frontier.max.urls.per.host}) in flight, and each batch waits for a whole
 * round trip (fetch, content write, status write, query). At or above the bound the URLs in flight hold their hosts'
 * places as before, so about {@code aheadBelow} plus one batch are in flight at most. The batch ahead is chosen
 * knowing neither batch's outlinks, which is why it is off by default: measured, more pages/s and less recall
 * (docs/benchmarks.md, "Session 23").
 */
public final class FrontierFeed {

    private static final Logger LOG = LoggerFactory.getLogger(FrontierFeed.class);
    /** At most this many blocked URLs are left out by a query (their ids go in the request). */
    static final int MAX_LEFT_OUT = 10_000;
    /** While pages keep coming back, the start's wait lasts at most this many times {@code settleMaxMs}. */
    static final int SETTLE_BUSY_FACTOR = 5;

    /** Reads a batch of due URLs ({@link FrontierReader} against ES). */
    @FunctionalInterface
    public interface BatchReader {
        /**
         * @param leftOut URLs to leave out: blocked for now although the index may show them due
         */
        List<StatusDoc> nextBatch(int shard, long now, Collection<String> leftOut) throws IOException;
    }

    private final BatchReader reader;
    private final int shard;
    private final InFlight inFlight;
    private final long minQueryIntervalMs;
    private final long maxBufferAgeMs;
    private final long settlePages;
    private final long settleMaxMs;
    private final long settleQuietMs;
    private final long aheadBelow;
    private final Executor executor;
    private final Deque<StatusDoc> buffer = new ArrayDeque<>();
    private CompletableFuture<List<StatusDoc>> pending;
    /** When the last query started. */
    private long pendingStartedAt;
    private long bufferQueriedAt;
    private long nextQueryAt;
    /** Acks and fails so far, and their number when the last query started: did anything change since? */
    private long completions;
    private long completionsAtQuery;
    private long lastCompletionAt = Long.MIN_VALUE;

    /**
     * @param shard          the status index shard to read, -1 for all
     * @param maxBufferAgeMs a batch older than this is dropped unread and the frontier asked again (at most the
     *                       purgatory of acked URLs, so that no URL acked since the query can be emitted again)
     * @param executor       where queries run (a single background thread in the spout; the caller's thread in
     *                       tests)
     */
    public FrontierFeed(BatchReader reader, int shard, InFlight inFlight, long minQueryIntervalMs,
                        long maxBufferAgeMs, Executor executor) {
        this(reader, shard, inFlight, minQueryIntervalMs, maxBufferAgeMs, 0, 0, 0, 0, executor);
    }

    /**
     * @param settlePages for this many acks and fails (the crawl's start, for this task), a query waits for the URLs
     *                    in flight; 0 = never
     * @param settleMaxMs ... but at most this many milliseconds after the last query
     * @param settleQuietMs ... or, past that and up to {@link #SETTLE_BUSY_FACTOR} x settleMaxMs, until no page has come
     *                    back for this many milliseconds; 0 = the bound alone
     * @param aheadBelow  past the start, while fewer URLs than this are in flight, a query leaves them out (one batch
     *                    ahead); 0 = never
     */
    public FrontierFeed(BatchReader reader, int shard, InFlight inFlight, long minQueryIntervalMs,
                        long maxBufferAgeMs, long settlePages, long settleMaxMs, long settleQuietMs, long aheadBelow,
                        Executor executor) {
        if (settlePages < 0 || settleMaxMs < 0 || settleQuietMs < 0 || aheadBelow < 0) {
            throw new IllegalArgumentException("settlePages, settleMaxMs, settleQuietMs and aheadBelow must be >= 0, got "
                    + settlePages + ", " + settleMaxMs + ", " + settleQuietMs + " and " + aheadBelow);
        }
        this.reader = reader;
        this.shard = shard;
        this.inFlight = inFlight;
        this.minQueryIntervalMs = minQueryIntervalMs;
        this.maxBufferAgeMs = maxBufferAgeMs;
        this.settlePages = settlePages;
        this.settleMaxMs = settleMaxMs;
        this.settleQuietMs = settleQuietMs;
        this.aheadBelow = aheadBelow;
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
        completions++;
        lastCompletionAt = now;
    }

    public void failed(String url, long now) {
        inFlight.failed(url, now);
        completions++;
        lastCompletionAt = now;
    }

    private void startQueryIfDue(long now) {
        // Acks and fails since the last query free places of their hosts: ask again without waiting.
        if (pending == null && (now >= nextQueryAt || completions != completionsAtQuery) && !settling(now)) {
            completionsAtQuery = completions;
            pendingStartedAt = now;
            List<String> blocked = inFlight.blocked(now);
            if (completions >= settlePages && inFlight.size() < aheadBelow) {
                // one batch ahead: the URLs in flight take no places of their hosts (first, so that the bound below
                // cuts the acked ones, which the in-flight filter blocks anyway, before them)
                List<String> both = inFlight.inFlight();
                both.addAll(blocked);
                blocked = both;
            }
            if (blocked.size() > MAX_LEFT_OUT) {
                // the in-flight filter still blocks the others; this only bounds the request size
                blocked = blocked.subList(0, MAX_LEFT_OUT);
            }
            List<String> leftOut = blocked;
            pending = CompletableFuture.supplyAsync(() -> {
                try {
                    return reader.nextBatch(shard, now, leftOut);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, executor);
        }
    }

    /**
     * At the crawl's start, while URLs of the last batches are in flight and {@code settleMaxMs} since the last query
     * have not passed (or, past that, pages are still coming back): their outlinks are not in the frontier yet, so the
     * next batch waits for them.
     */
    private boolean settling(long now) {
        // URLs in flight mean a query has run: pendingStartedAt is the last one's start
        if (completions >= settlePages || inFlight.size() == 0) {
            return false;
        }
        if (now < pendingStartedAt + settleMaxMs) {
            return true;
        }
        // past the bound, pages still coming back (the last less than settleQuietMs ago) are waited for, up to
        // SETTLE_BUSY_FACTOR times the bound: a big seed page whose outlinks take a while to write, on a cold start
        boolean comingBack = lastCompletionAt > pendingStartedAt && now < lastCompletionAt + settleQuietMs;
        return comingBack && now < pendingStartedAt + SETTLE_BUSY_FACTOR * settleMaxMs;
    }

    private void collectQuery(long now) {
        if (pending == null || !pending.isDone()) {
            return;
        }
        try {
            List<StatusDoc> batch = pending.join();
            buffer.addAll(batch);
            bufferQueriedAt = pendingStartedAt;
            // A batch of only in-flight URLs counts as empty: wait a little before asking again (unless URLs are
            // acked or failed meanwhile, see startQueryIfDue).
            boolean anyNew = batch.stream().anyMatch(d -> !inFlight.isBlocked(d.url(), now));
            nextQueryAt = anyNew ? now : now + minQueryIntervalMs;
        } catch (RuntimeException e) {
            LogThrottle.WARNINGS.warn(LOG, "frontier query failed (will retry): {}",
                    e.getCause() == null ? e : e.getCause().toString());
            nextQueryAt = now + minQueryIntervalMs;
        }
        pending = null;
        inFlight.expire(now);
    }
}
