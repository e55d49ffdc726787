package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.util.ConfUtils;

import java.time.Duration;
import java.util.Map;

/**
 * The frontier's configuration keys (documented with their defaults in storm-conf/topicstorm-default.yaml), read
 * in this one place.
 */
public record FrontierConfig(int maxHostsPerQuery, int maxUrlsPerHost, int maxQueryPages, int maxRank,
                             double rankNearBest, double rankHostShare, long minQueryIntervalMs,
                             long purgatoryMs, long retryBackoffMs, int statusBatchSize, long statusBatchMaxDelayMs,
                             long statusBatchQuietMs, boolean recordLinks, Schedule schedule, int maxAttempts,
                             StatusWriter.BulkLimits bulkLimits, long queryRefreshMs, int settlePages,
                             long settleMaxMs, long settleQuietMs, int queryAheadBelow) {

    public static final String MAX_HOSTS_PER_QUERY = "frontier.max.hosts.per.query";
    public static final String MAX_URLS_PER_HOST = "frontier.max.urls.per.host";
    public static final String MAX_QUERY_PAGES = "frontier.query.max.pages";
    public static final String MAX_RANK = "frontier.query.max.rank";
    /** A due URL at least this fraction of the best due URL's priority is taken whatever its rank ({@link RankCut}). */
    public static final String RANK_NEAR_BEST = "frontier.query.rank.near.best";
    /**
     * A host whose best due unfetched URL has less than this fraction of the best due unfetched URL's priority waits,
     * unless it is already in the batch ({@link RankCut}).
     */
    public static final String RANK_HOST_SHARE = "frontier.query.rank.host.share";
    public static final String MIN_QUERY_INTERVAL_MS = "frontier.query.min.interval.ms";
    /**
     * Milliseconds between two refreshes of the status index before a query that follows acks
     * ({@link RefreshBeforeQuery}); -1 = never (the index's own 1 s refresh only).
     */
    public static final String QUERY_REFRESH_MS = "frontier.query.refresh.ms";
    /**
     * For this many acks and fails of a spout task (the crawl's start), a query waits for the task's URLs in flight
     * ({@link FrontierFeed}); 0 = never.
     */
    public static final String SETTLE_PAGES = "frontier.query.settle.pages";
    /** ... but at most this many milliseconds after the task's last query. */
    public static final String SETTLE_MAX_MS = "frontier.query.settle.max.ms";
    /** ... or, past that, until no page has come back for this many milliseconds (at most 5 x the bound). */
    public static final String SETTLE_QUIET_MS = "frontier.query.settle.quiet.ms";
    /**
     * Past the start, while fewer URLs than this are in flight in a spout task, its query leaves them out: the next
     * batch is chosen one ahead ({@link FrontierFeed}); 0 = never, the default (it costs focus: docs/benchmarks.md).
     */
    public static final String QUERY_AHEAD_BELOW = "frontier.query.ahead.below";
    public static final String PURGATORY_MS = "frontier.purgatory.ms";
    public static final String RETRY_BACKOFF_MS = "frontier.retry.backoff.ms";
    public static final String STATUS_BATCH_SIZE = "status.batch.size";
    public static final String STATUS_BATCH_MAX_DELAY_MS = "status.batch.max.delay.ms";
    public static final String STATUS_BATCH_QUIET_MS = "status.batch.quiet.ms";
    public static final String RECORD_LINKS = "status.links.enabled";
    /** Failed attempts of a URL's tuples (ES refused a write for good, or unreadable) after which it is ERROR. */
    public static final String MAX_ATTEMPTS = "status.max.attempts";
    /** Documents per mget or bulk request of the status writer (and outlinks per links document). */
    public static final String BULK_MAX_DOCS = "status.bulk.max.docs";
    /** Bytes per bulk request of the status writer, about (a larger single document goes alone). */
    public static final String BULK_MAX_BYTES = "status.bulk.max.bytes";
    public static final String REFETCH_RELEVANT_MINUTES = "status.refetch.relevant.minutes";
    public static final String REFETCH_DISCARDED_MINUTES = "status.refetch.discarded.minutes";
    /** StormCrawler's key: failed fetches after which a URL is given up (ERROR). */
    public static final String MAX_FETCH_ERRORS = "max.fetch.errors";
    /**
     * {@link #RANK_NEAR_BEST}'s default: within 10 % of the best is a near-tie (set before measuring; 4.7x the pages/s
     * of a crawl of 50 hosts with the same focus on the labelled topics: docs/benchmarks.md, session 25).
     */
    static final double DEFAULT_RANK_NEAR_BEST = 0.9;
    /**
     * {@link #RANK_HOST_SHARE}'s default: half the best (set before measuring; real crawls of the fourteen labelled and
     * held-out topics that span several hosts, two rounds: recall@|R| +4.3 points, docs/evaluation.md, session 31).
     */
    static final double DEFAULT_RANK_HOST_SHARE = 0.5;
    /** More URLs per host in one batch would let one host take the fetchers' queues. */
    static final int MAX_URLS_PER_HOST_LIMIT = 100;
    /** Elasticsearch's default index.max_result_window bounds the hosts per query. */
    static final int MAX_RESULT_WINDOW = 10_000;

    /**
     * The frontier's rules for this crawl's topic: a continuous crawl's fetched pages come due again by its revisit
     * settings ({@link RevisitPolicy}), a one-off crawl's by the re-fetch intervals of the configuration.
     */
    public StatusMerge merge(org.topicstorm.topic.Topic topic) {
        return new StatusMerge(schedule, maxAttempts, topic.continuous() ? new RevisitPolicy(topic.revisit()) : null);
    }

    public static FrontierConfig fromConf(Map<String, Object> conf) {
        Schedule schedule = new Schedule(
                minutesOrNever(ConfUtils.getInt(conf, REFETCH_RELEVANT_MINUTES, 1440)),
                minutesOrNever(ConfUtils.getInt(conf, REFETCH_DISCARDED_MINUTES, -1)),
                Duration.ofMinutes(ConfUtils.getInt(conf, Constants.fetchErrorFetchIntervalParamName, 120)),
                positive(conf, MAX_FETCH_ERRORS, 3, Integer.MAX_VALUE));
        return new FrontierConfig(
                positive(conf, MAX_HOSTS_PER_QUERY, 100, MAX_RESULT_WINDOW),
                positive(conf, MAX_URLS_PER_HOST, 5, MAX_URLS_PER_HOST_LIMIT),
                positive(conf, MAX_QUERY_PAGES, FrontierReader.DEFAULT_MAX_PAGES, 1000),
                nonNegative(conf, MAX_RANK, FrontierReader.DEFAULT_MAX_RANK, MAX_RESULT_WINDOW),
                fraction(conf, RANK_NEAR_BEST, DEFAULT_RANK_NEAR_BEST),
                fraction(conf, RANK_HOST_SHARE, DEFAULT_RANK_HOST_SHARE),
                ConfUtils.getLong(conf, MIN_QUERY_INTERVAL_MS, 1000L),
                ConfUtils.getLong(conf, PURGATORY_MS, 5000L),
                ConfUtils.getLong(conf, RETRY_BACKOFF_MS, 2000L),
                positive(conf, STATUS_BATCH_SIZE, 500, Integer.MAX_VALUE),
                ConfUtils.getLong(conf, STATUS_BATCH_MAX_DELAY_MS, 200L),
                nonNegative(conf, STATUS_BATCH_QUIET_MS, 20, 60_000),
                ConfUtils.getBoolean(conf, RECORD_LINKS, true),
                schedule,
                positive(conf, MAX_ATTEMPTS, StatusMerge.DEFAULT_MAX_ATTEMPTS, 1000),
                new StatusWriter.BulkLimits(
                        positive(conf, BULK_MAX_DOCS, StatusWriter.BulkLimits.DEFAULT.maxDocs(), 100_000),
                        positive(conf, BULK_MAX_BYTES, (int) StatusWriter.BulkLimits.DEFAULT.maxBytes(),
                                Integer.MAX_VALUE)),
                refreshInterval(conf),
                nonNegative(conf, SETTLE_PAGES, 100, 1_000_000),
                nonNegative(conf, SETTLE_MAX_MS, 2000, 600_000),
                nonNegative(conf, SETTLE_QUIET_MS, 1000, 600_000),
                nonNegative(conf, QUERY_AHEAD_BELOW, 0, 100_000));
    }

    /** How far down the frontier's order one batch reaches. */
    public RankCut rankCut() {
        return new RankCut(maxRank, rankNearBest, rankHostShare);
    }

    private static double fraction(Map<String, Object> conf, String key, double dflt) {
        Object raw = conf.get(key);
        if (raw != null && !(raw instanceof Number)) {
            throw new IllegalArgumentException("configuration key '" + key + "' must be a number between 0 and 1, got "
                    + raw);
        }
        double v = raw == null ? dflt : ((Number) raw).doubleValue();
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException("configuration key '" + key + "' must be between 0 and 1, got " + v);
        }
        return v;
    }

    private static long refreshInterval(Map<String, Object> conf) {
        long v = ConfUtils.getLong(conf, QUERY_REFRESH_MS, 250L);
        if (v < -1 || v > 60_000) {
            throw new IllegalArgumentException("configuration key '" + QUERY_REFRESH_MS
                    + "' must be -1 (never) or between 0 and 60000, got " + v);
        }
        return v;
    }

    private static Duration minutesOrNever(int minutes) {
        return minutes < 0 ? null : Duration.ofMinutes(minutes);
    }

    private static int positive(Map<String, Object> conf, String key, int dflt, int max) {
        int v = ConfUtils.getInt(conf, key, dflt);
        if (v <= 0 || v > max) {
            throw new IllegalArgumentException("configuration key '" + key + "' must be between 1 and " + max
                    + ", got " + v);
        }
        return v;
    }

    private static int nonNegative(Map<String, Object> conf, String key, int dflt, int max) {
        int v = ConfUtils.getInt(conf, key, dflt);
        if (v < 0 || v > max) {
            throw new IllegalArgumentException("configuration key '" + key + "' must be between 0 and " + max
                    + ", got " + v);
        }
        return v;
    }
}
