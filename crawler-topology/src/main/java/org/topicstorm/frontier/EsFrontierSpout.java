package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import com.digitalpebble.stormcrawler.Metadata;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.metrics.TaskMetrics;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleFields;

import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Storm adapter for {@link FrontierFeed}: emits due URLs from the ES status index, best-first, one shard per spout
 * task. Queries run on a background thread so nextTuple() never blocks; the collector is only used on the spout
 * thread.
 * The message id is the URL: a failed tuple is found due again by a later query (a URL's own status is always
 * its last write, so a failure leaves it due), which is how Storm's replay reaches the frontier.
 */
public class EsFrontierSpout extends BaseRichSpout {

    private static final Logger LOG = LoggerFactory.getLogger(EsFrontierSpout.class);

    private transient SpoutOutputCollector collector;
    private transient ElasticsearchClient es;
    private transient ExecutorService queryThread;
    private transient FrontierFeed feed;
    private transient HostCaps caps;
    private transient PatternCaps patterns;

    /** null when frontier.query.refresh.ms is -1 */
    private transient RefreshBeforeQuery fresh;
    /** URLs emitted and not yet acked or failed: read by Storm's metrics reporter on its own thread */
    private transient AtomicInteger inFlight;
    private transient Counter emitted;

    /** How often the fetched pages per host are counted for limits.max-pages-per-host. */
    static final long CAP_COUNT_INTERVAL_MS = 5_000;
    /**
     * How often the fetched pages per URL pattern are counted (budgets against traps). Between counts PatternCaps adds
     * what this task emitted, so the budget holds whatever the interval; the count (a terms aggregation over every
     * fetched URL of the shard, many patterns) costs more than the hosts', so it runs less often.
     */
    static final long PATTERN_COUNT_INTERVAL_MS = 10_000;
    /** How often the hosts that asked to wait (429/503) are read from the status index. */
    static final long THROTTLE_READ_INTERVAL_MS = 2_000;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.collector = collector;
        FrontierConfig config = FrontierConfig.fromConf(conf);
        CrawlIndices indices = CrawlIndices.fromConf(conf);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        long perHost = TopicStormConfig.topic(conf).limits().maxPagesPerHost();
        // limits.max-pages-per-host: hosts that had their pages are left out of the queries, counted every 5 s
        this.caps = perHost <= 0 ? null : new HostCaps(perHost, CAP_COUNT_INTERVAL_MS,
                shard -> FrontierReader.fetchedPerHost(es, indices.status(), shard));
        // hosts that answered 429/503 are left out until the time they asked for
        HostThrottles throttles = new HostThrottles(THROTTLE_READ_INTERVAL_MS,
                (shard, now) -> FrontierReader.throttledUntil(es, indices.status(), shard, now));
        // budgets against crawler traps: URL patterns that had their pages are left out, counted every 10 s
        PatternBudget budget = PatternBudget.fromConf(conf);
        this.patterns = !budget.enabled() ? null : new PatternCaps(budget, PATTERN_COUNT_INTERVAL_MS,
                shard -> FrontierReader.fetchedPerPattern(es, indices.status(), shard));
        FrontierReader reader = new FrontierReader(es, indices.status(), config.maxHostsPerQuery(),
                config.maxUrlsPerHost(), config.maxQueryPages(), caps, config.rankCut(), throttles, patterns);
        // the status index has one shard per spout task: task i reads shard i
        int shard = context.getThisTaskIndex();
        this.queryThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "frontier-query-" + shard);
            t.setDaemon(true);
            return t;
        });
        // a query after acks first makes their writes visible (at most every frontier.query.refresh.ms)
        FrontierFeed.BatchReader batches = reader;
        if (config.queryRefreshMs() >= 0) {
            this.fresh = new RefreshBeforeQuery(reader, () -> es.indices().refresh(r -> r.index(indices.status())),
                    config.queryRefreshMs());
            batches = fresh;
        }
        TaskMetrics metrics = TaskMetrics.of(context);
        Timer queries = metrics.timer(TaskMetrics.FRONTIER_QUERY);
        FrontierFeed.BatchReader untimed = batches;
        batches = (s, now, leftOut) -> {
            try (Timer.Context ignored = queries.time()) {
                return untimed.nextBatch(s, now, leftOut);
            }
        };
        this.inFlight = new AtomicInteger();
        metrics.gauge(TaskMetrics.IN_FLIGHT, inFlight::get);
        this.emitted = metrics.counter(TaskMetrics.EMITTED);
        this.feed = new FrontierFeed(batches, shard, new InFlight(config.purgatoryMs(), config.retryBackoffMs()),
                config.minQueryIntervalMs(), config.purgatoryMs(), config.settlePages(), config.settleMaxMs(),
                config.settleQuietMs(), config.queryAheadBelow(), queryThread);
    }

    @Override
    public void nextTuple() {
        StatusDoc doc = feed.next(System.currentTimeMillis());
        if (doc != null) {
            if (caps != null) {
                caps.emitted(doc.host());
            }
            if (patterns != null) {
                patterns.emitted(doc.url(), doc.pattern());
            }
            // counted before the emit: without ackers Storm acks inside it
            inFlight.incrementAndGet();
            emitted.inc();
            collector.emit(new Values(doc.url(), metadataOf(doc)), doc.url());
        }
    }

    /** The metadata a URL travels with: its frontier fields plus what was persisted with it. */
    static Metadata metadataOf(StatusDoc doc) {
        Metadata md = new Metadata();
        doc.metadata().forEach((k, v) -> md.setValues(k, v.toArray(String[]::new)));
        md.setValue(CrawlMetadata.PRIORITY, Double.toString(doc.priority()));
        md.setValue(CrawlMetadata.DEPTH, Integer.toString(doc.depth()));
        md.setValue(CrawlMetadata.DISTANCE, Integer.toString(doc.distance()));
        md.setValue(CrawlMetadata.FETCH_COUNT, Integer.toString(doc.fetchCount()));
        md.setValue(CrawlMetadata.INLINKS, Integer.toString(doc.inlinks()));
        if (doc.parent() != null) {
            md.setValue(CrawlMetadata.PARENT, doc.parent());
        }
        if (doc.anchor() != null) {
            md.setValue(CrawlMetadata.ANCHOR, doc.anchor());
        }
        return md;
    }

    @Override
    public void ack(Object msgId) {
        long now = System.currentTimeMillis();
        inFlight.decrementAndGet();
        if (fresh != null) {
            fresh.acked(now);
        }
        feed.acked((String) msgId, now);
        if (patterns != null) {
            patterns.returned((String) msgId, now);
        }
    }

    @Override
    public void fail(Object msgId) {
        LOG.debug("failed, will be replayed from the frontier: {}", msgId);
        inFlight.decrementAndGet();
        feed.failed((String) msgId, System.currentTimeMillis());
        if (patterns != null) {
            patterns.returned((String) msgId, System.currentTimeMillis());
        }
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(TupleFields.URL, TupleFields.METADATA));
    }

    @Override
    public void close() {
        if (queryThread != null) {
            queryThread.shutdownNow();
        }
        EsClients.closeQuietly(es);
    }
}
