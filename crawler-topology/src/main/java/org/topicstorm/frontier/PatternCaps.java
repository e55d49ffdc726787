package org.topicstorm.frontier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
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
 *       updater task writes the URL and stored in its status document (field {@code pattern}) — no coordination;</li>
 *   <li>the spout, the only reader of its shard, counts the fetched pages per pattern with one terms aggregation
 *       (every URL with a fetch outcome, as {@link HostCaps} counts hosts) every {@code refreshMs}, and the crawl's
 *       total over all shards for the share; a pattern includes its host, and documents are routed by host, so a
 *       pattern lives in one shard and one task's count is the crawl's;</li>
 *   <li>URLs this task emitted since that count are added, so a pattern stops being emitted as soon as the budget is
 *       reached rather than a refresh later.</li>
 * </ul>
 * A pattern can pass its budget by the URLs in flight when it is reached: those of one batch (at most
 * {@code frontier.max.urls.per.host}) and those emitted but not yet written when the index is counted again.
 * Thread-safe: emissions are counted on the spout thread, queries run on the query thread.
 */
public final class PatternCaps {

    private static final Logger LOG = LoggerFactory.getLogger(PatternCaps.class);

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

    private final PatternBudget budget;
    private final long refreshMs;
    private final Counter counter;
    private Counts counted = new Counts(Map.of(), 0);
    private final Map<String, Long> emittedSince = new HashMap<>();
    private long countedAt;
    private boolean everCounted;
    /** Patterns already logged as capped (each is logged once). */
    private final Set<String> reported = new HashSet<>();

    public PatternCaps(PatternBudget budget, long refreshMs, Counter counter) {
        this.budget = budget;
        this.refreshMs = refreshMs;
        this.counter = counter;
    }

    /** A URL of {@code pattern} was emitted: it counts until the next count of the index sees it. */
    public synchronized void emitted(String pattern) {
        emittedSince.merge(pattern, 1L, Long::sum);
    }

    /** The patterns at their budget now, counting the index again when {@code refreshMs} have passed. */
    public Set<String> capped(int shard, long now) throws IOException {
        synchronized (this) {
            if (everCounted && now - countedAt < refreshMs) {
                return cappedNow();
            }
            // emissions from here on are not in the count about to be read
            emittedSince.clear();
        }
        Counts fresh = counter.fetchedPerPattern(shard);
        synchronized (this) {
            counted = fresh;
            countedAt = now;
            everCounted = true;
            return cappedNow();
        }
    }

    private Set<String> cappedNow() {
        long emitted = emittedSince.values().stream().mapToLong(Long::longValue).sum();
        long crawlFetched = counted.crawlFetched() + emitted;
        Set<String> capped = budget.capped(counted.perPattern(), emittedSince, crawlFetched);
        for (String p : capped) {
            if (reported.add(p)) {
                LOG.info("URL pattern {} had its budget of {} pages (a crawler trap?): its other URLs wait", p,
                        budget.limit(p, crawlFetched));
            }
        }
        return capped;
    }
}
