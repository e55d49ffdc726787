package org.topicstorm.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Timer;
import org.apache.storm.task.TopologyContext;

/**
 * The Storm (metrics v2) metrics a crawl's components register, one set per task, and the names a platform team reads
 * them by. Storm's configured reporters ({@code topology.metrics.reporters}: JMX, and Prometheus once a port is set
 * ({@link PrometheusStormReporter}); see storm-conf/topicstorm-default.yaml) publish them with the topology, component
 * and task in the name (as labels for Prometheus). They count what
 * each task did, replays included; the crawl-wide figures (pages fetched and relevant, harvest rate over the whole
 * crawl) are in {@code <crawl>-metrics}, counted from the status index by {@link MetricsSpout}.
 *
 * <p>Without a context (a bolt prepared by a unit test) the metrics are made but not registered: the code that counts
 * needs no null checks.
 */
public final class TaskMetrics {

    /** Timer: one frontier query of the spout (ES search of due URLs, with its refresh when one is due). */
    public static final String FRONTIER_QUERY = "topicstorm.frontier.query";
    /** Gauge: URLs the spout task emitted that are neither acked nor failed yet. */
    public static final String IN_FLIGHT = "topicstorm.frontier.in-flight";
    /** Counter: URLs the spout task emitted. */
    public static final String EMITTED = "topicstorm.frontier.emitted";
    /**
     * Counter: fetch outcomes the status updater task received: every URL the fetcher tried, whatever came of it
     * (FETCHED, FETCH_ERROR, ERROR, REDIRECTION; robots.txt refusals and pages that could not be parsed included), not
     * discoveries and not requests held back for a host that asked to wait (nothing was sent). A URL fetched again (a
     * retry, a revisit, a replay after a failed write) counts again. Unlike the crawl-wide {@code fetched} of
     * {@code <crawl>-metrics}, which counts the pages downloaded and judged, and unlike {@link #PAGES_JUDGED}.
     */
    public static final String PAGES_FETCHED = "topicstorm.pages.fetched";
    /**
     * Counter: pages the relevance bolt judged (fetched and parsed); a page replayed after a failed write downstream
     * is judged, and counted, again. Fetch errors, redirects and pages that are not HTML never reach it: see
     * {@link #PAGES_FETCHED} for every fetch.
     */
    public static final String PAGES_JUDGED = "topicstorm.pages.judged";
    /** Counter: of those, the judgements "relevant". */
    public static final String PAGES_RELEVANT = "topicstorm.pages.relevant";
    /** Gauge: relevant / judged pages of this task since it started (0 before the first page). */
    public static final String HARVEST_RATE = "topicstorm.pages.harvest-rate";
    /** Timer: one bulk write of the status updater (reads of the current documents included). */
    public static final String STATUS_WRITE = "topicstorm.es.status-write";
    /** Counter: status changes whose write failed (their tuples are failed and replayed). */
    public static final String STATUS_WRITE_FAILURES = "topicstorm.es.status-write-failures";
    /** Timer: one bulk write of the indexer. */
    public static final String CONTENT_WRITE = "topicstorm.es.content-write";
    /** Counter: pages whose content write failed and will be retried (rejected ones are passed on, not counted). */
    public static final String CONTENT_WRITE_FAILURES = "topicstorm.es.content-write-failures";
    /** Counter: relevant pages left out of the content index as near-duplicates of a stored page. */
    public static final String NEAR_DUPLICATES = "topicstorm.pages.near-duplicates";
    /** Counter: relevant pages left out of the content index as copies of the canonical URL they declare. */
    public static final String CANONICAL_COPIES = "topicstorm.pages.canonical-copies";

    private final TopologyContext context;

    private TaskMetrics(TopologyContext context) {
        this.context = context;
    }

    /** @param context the task's context, or null (unit tests): metrics that nobody reports */
    public static TaskMetrics of(TopologyContext context) {
        return new TaskMetrics(context);
    }

    public Counter counter(String name) {
        return context == null ? new Counter() : context.registerCounter(name);
    }

    public Timer timer(String name) {
        return context == null ? new Timer() : context.registerTimer(name);
    }

    public <T> Gauge<T> gauge(String name, Gauge<T> gauge) {
        return context == null ? gauge : context.registerGauge(name, gauge);
    }

    /** relevant / fetched, 0 when nothing was fetched. */
    public static double harvestRate(long relevant, long fetched) {
        return fetched == 0 ? 0.0 : (double) relevant / fetched;
    }
}
