package org.topicstorm.frontier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The crawl's per-pattern budgets ({@link PatternBudget}) applied by a spout task: which URL patterns of its shard
 * have had their pages, so that frontier queries leave them out. Their URLs stay waiting in the index: nothing is
 * lost, and a larger budget (or a crawl grown large enough for the share to allow more) brings them back.
 *
 * <p>Where the budget is counted, and why there. The crawl is distributed and its frontier is Elasticsearch, so a
 * count kept in a worker's memory (a counter per fetcher or parser task) would be lost with the worker, start again
 * at 0 on every resume, and be split over the tasks a pattern's URLs pass through. Refusing URLs at discovery (in
 * the status updater) would need a shared counter document per pattern, written with optimistic concurrency by
 * every status updater task on the crawl's hottest path, and would drop the refused URLs for good. Instead:
 * <ul>
 *   <li>the pattern is a pure function of the URL ({@link UrlPattern}), computed at discovery by whichever status
 *       updater task writes the URL and stored in its status document (field {@code pattern}): no coordination;</li>
 *   <li>the spout, the only reader of its shard, counts the fetched pages per pattern with one terms aggregation
 *       (every URL with a fetch outcome, as {@link HostCaps} counts hosts) every {@code refreshMs}, and the crawl's
 *       total over all shards for the share; a pattern includes its host, and documents are routed by host, so a
 *       pattern lives in one shard and one task's count is the crawl's;</li>
 *   <li>to that count it adds what the index cannot show yet: the URLs it emitted that are still in flight, and
 *       those that came back (acked or failed) less than {@link #VISIBILITY_MS} before the count was asked (their
 *       outcome may not be searchable yet: the index refreshes every second). The status updater acks a tuple only
 *       once its status is written, so a URL may be counted twice for a moment but is not missed (except a tuple
 *       that timed out and whose status is written later still): a pattern stops a little early rather than late.</li>
 * </ul>
 * A batch takes no more of a pattern than its {@link #room}, so a pattern does not pass its budget (HostCaps, which
 * forgets its emissions at each count, can pass a host's cap by the URLs in flight). Thread-safe: emissions and acks
 * are counted on the spout thread, queries run on the query thread.
 */
public final class PatternCaps {

    private static final Logger LOG = LoggerFactory.getLogger(PatternCaps.class);

    /**
     * Milliseconds after its ack before a URL's outcome is surely in a count: the index's refresh interval (1 s,
     * es-conf/status.json) and a margin for a refresh that runs late under load.
     */
    static final long VISIBILITY_MS = 3_000;

    /** What the status index says: the fetched pages per pattern of a shard, and the crawl's fetched pages. */
    public record Counts(Map<String, Long> perPattern, long crawlFetched) {
        public Counts {
            perPattern = Map.copyOf(perPattern);
        }
    }

    /** Counts the fetched pages of a shard's patterns ({@code -1}: all shards). */
    @FunctionalInterface
    public interface Counter {
        Counts fetchedPerPattern(int shard) throws IOException;
    }

    private record Returned(long at, String pattern) {
    }

    private final PatternBudget budget;
    private final long refreshMs;
    private final Counter counter;
    private Counts counted = new Counts(Map.of(), 0);
    /** When the last count was asked (its result holds every outcome visible then). */
    private long countedAt;
    private boolean everCounted;
    /** URL -> pattern of the URLs emitted and not yet back. */
    private final Map<String, String> inFlight = new HashMap<>();
    private final Map<String, Long> inFlightPerPattern = new HashMap<>();
    /** URLs back from the topology, oldest first, kept until a count surely holds them. */
    private final Deque<Returned> returned = new ArrayDeque<>();
    /** Patterns already logged as capped (each is logged once). */
    private final Set<String> reported = new HashSet<>();

    public PatternCaps(PatternBudget budget, long refreshMs, Counter counter) {
        this.budget = budget;
        this.refreshMs = refreshMs;
        this.counter = counter;
    }

    /** A URL of {@code pattern} was emitted: it counts from now on. */
    public synchronized void emitted(String url, String pattern) {
        if (inFlight.put(url, pattern) == null) {
            inFlightPerPattern.merge(pattern, 1L, Long::sum);
        }
    }

    /**
     * The URL's tuple came back (acked, or failed: its outcome may have been written all the same): it counts until
     * a count asked {@link #VISIBILITY_MS} later holds it.
     */
    public synchronized void returned(String url, long now) {
        String pattern = inFlight.remove(url);
        if (pattern != null) {
            inFlightPerPattern.merge(pattern, -1L, Long::sum);
            inFlightPerPattern.remove(pattern, 0L);
            returned.addLast(new Returned(now, pattern));
        }
    }

    /** The patterns at their budget now, counting the index again when {@code refreshMs} have passed. */
    public Set<String> capped(int shard, long now) throws IOException {
        synchronized (this) {
            if (everCounted && now - countedAt < refreshMs) {
                return cappedNow();
            }
        }
        Counts fresh = counter.fetchedPerPattern(shard);
        synchronized (this) {
            counted = fresh;
            countedAt = now;
            everCounted = true;
            // what came back well before this count was asked is in it
            while (!returned.isEmpty() && returned.peekFirst().at() < now - VISIBILITY_MS) {
                returned.removeFirst();
            }
            return cappedNow();
        }
    }

    /**
     * Pages of {@code pattern} that may still be emitted before the next count (0 when it is capped): a batch takes
     * no more of a pattern than this, so that one batch cannot take a pattern past its budget.
     */
    public long room(String pattern) {
        return room().room(pattern);
    }

    /** What each pattern may still take, as things stand now: one batch asks it for each of its URLs. */
    public synchronized Room room() {
        Map<String, Long> extra = notInTheCount();
        return new Room(budget, counted.perPattern(), extra, crawlFetched(extra));
    }

    /** A snapshot of the counts: the room of each pattern at one moment. */
    public record Room(PatternBudget budget, Map<String, Long> counted, Map<String, Long> notCounted,
                       long crawlFetched) {
        public long room(String pattern) {
            long limit = budget.limit(pattern, crawlFetched);
            if (limit == Long.MAX_VALUE) {
                return Long.MAX_VALUE;
            }
            long pages = counted.getOrDefault(pattern, 0L) + notCounted.getOrDefault(pattern, 0L);
            return Math.max(0, limit - pages);
        }
    }

    /** Per pattern, the URLs the last count may not hold: in flight, or back too recently to be visible in it. */
    private Map<String, Long> notInTheCount() {
        Map<String, Long> extra = new HashMap<>(inFlightPerPattern);
        for (Returned r : returned) {
            extra.merge(r.pattern(), 1L, Long::sum);
        }
        return extra;
    }

    private long crawlFetched(Map<String, Long> extra) {
        return counted.crawlFetched() + extra.values().stream().mapToLong(Long::longValue).sum();
    }

    private Set<String> cappedNow() {
        Map<String, Long> extra = notInTheCount();
        long crawlFetched = crawlFetched(extra);
        Set<String> capped = budget.capped(counted.perPattern(), extra, crawlFetched);
        for (String p : capped) {
            if (reported.add(p)) {
                LOG.info("URL pattern {} had its budget of {} pages (a crawler trap?): its other URLs wait", p,
                        budget.limit(p, crawlFetched));
            }
        }
        return capped;
    }
}
