package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.util.MetadataTransfer;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.metrics.TaskMetrics;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.Demotion;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.FetchClock;
import org.topicstorm.topology.FlushSpout;
import org.topicstorm.topology.TupleBatch;
import org.topicstorm.topology.TupleFields;

import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Storm adapter for {@link StatusWriter}: batches status tuples, writes them (each page's outlinks before its own
 * status, see {@link StatusChange}), and acks each tuple once ES confirmed all of its writes, or once its URL was
 * given up after status.max.attempts failed attempts ({@link StatusWriter.Fate}); it fails it otherwise: the URL is
 * still due, so the spout emits it again after a back-off. Writes happen on the executor thread, so the collector is
 * only ever used from that thread.
 */
public class StatusUpdaterBolt extends BaseRichBolt {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StatusUpdaterBolt.class);

    private transient OutputCollector collector;
    private transient ElasticsearchClient es;
    private transient StatusWriter writer;
    private transient MetadataTransfer transfer;
    private transient StatusUpdates toChanges;
    private transient FrontierConfig config;
    private transient TupleBatch<StatusChange> batch;
    private transient FetchClock fetchClock;
    private transient Timer writes;
    private transient Counter writeFailures;
    private transient Counter fetched;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.config = FrontierConfig.fromConf(conf);
        CrawlIndices indices = CrawlIndices.fromConf(conf);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        this.writer = new StatusWriter(es, indices.status(), config.recordLinks() ? indices.links() : null,
                config.merge(org.topicstorm.topology.TopicStormConfig.topic(conf)), Clock.systemUTC(),
                config.bulkLimits());
        this.transfer = MetadataTransfer.getInstance(conf);
        this.toChanges = new StatusUpdates(UrlFilterChain.fromConf(conf),
                ParseConfig.fromConf(conf).protocolMetadataPrefix());
        // due at status.batch.size tuples, once they write status.bulk.max.docs documents (pages and outlinks), or
        // once no tuple has come for status.batch.quiet.ms
        this.batch = new TupleBatch<>(config.statusBatchSize(), config.statusBatchMaxDelayMs(),
                config.statusBatchQuietMs(), config.bulkLimits().maxDocs());
        this.fetchClock = new FetchClock();
        TaskMetrics metrics = TaskMetrics.of(context);
        this.writes = metrics.timer(TaskMetrics.STATUS_WRITE);
        this.writeFailures = metrics.counter(TaskMetrics.STATUS_WRITE_FAILURES);
        this.fetched = metrics.counter(TaskMetrics.PAGES_FETCHED);
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple) && !FlushSpout.isFlush(tuple)) {
            StatusChange change = readOrCount(tuple);
            if (change == null) {
                collector.fail(tuple);
                return;
            }
            if (change.isFetchOutcome()) {
                fetched.inc();
            }
            batch.add(tuple, change, System.currentTimeMillis(), change.documents());
        }
        if (batch.isDue(System.currentTimeMillis())) {
            List<StatusWriter.Fate> fates;
            try (Timer.Context ignored = writes.time()) {
                fates = writer.writeChanges(batch.items());
            }
            batch.complete(fates, (t, fate) -> {
                if (fate.ack()) {
                    collector.ack(t);
                } else {
                    writeFailures.inc();
                    collector.fail(t);
                }
            });
        }
    }

    /**
     * The tuple's change; for a tuple that cannot be read (it must not kill the worker), a failed attempt of its URL,
     * so that a tuple that never can be read is given up after status.max.attempts instead of replayed for ever;
     * null when not even its URL can be read (failed: the spout backs off).
     */
    private StatusChange readOrCount(Tuple tuple) {
        try {
            return changeOf(tuple);
        } catch (RuntimeException e) {
            LOG.warn("cannot read status tuple {}: {}", tuple, e.toString());
            String url = urlOf(tuple);
            return url == null ? null
                    : StatusChange.failedAttempt(url, StatusWriter.cause("unreadable status tuple: " + e));
        }
    }

    private static String urlOf(Tuple tuple) {
        try {
            return tuple.getStringByField(TupleFields.URL);
        } catch (RuntimeException e) {
            return null;
        }
    }

    @SuppressWarnings("unchecked")
    private StatusChange changeOf(Tuple tuple) {
        String url = tuple.getStringByField(TupleFields.URL);
        Metadata md = (Metadata) tuple.getValueByField(TupleFields.METADATA);
        Status status = (Status) tuple.getValueByField(TupleFields.STATUS);
        if (status != Status.DISCOVERED && md.getFirstValue(CrawlMetadata.FETCHED_AT) == null) {
            // an error or redirect straight from the fetcher: it left the fetcher just now
            md.setValue(CrawlMetadata.FETCHED_AT, Long.toString(fetchClock.next()));
        }
        List<ScoredLink> outlinks = tuple.contains(TupleFields.OUTLINKS)
                ? (List<ScoredLink>) tuple.getValueByField(TupleFields.OUTLINKS) : null;
        List<Demotion> demotions = tuple.contains(TupleFields.DEMOTIONS)
                ? (List<Demotion>) tuple.getValueByField(TupleFields.DEMOTIONS) : List.of();
        return toChanges.fromTuple(url, md, status, outlinks, transfer.filter(md), demotions);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return TupleBatch.TICK_EVERY_SECOND;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // terminal bolt
    }

    @Override
    public void cleanup() {
        EsClients.closeQuietly(es);
    }
}
