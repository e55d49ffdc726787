package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.apache.storm.utils.TupleUtils;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.metrics.TaskMetrics;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.FlushSpout;
import org.topicstorm.topology.TupleBatch;
import org.topicstorm.topology.TupleFields;

import java.util.List;
import java.util.Map;

/**
 * Storm adapter for {@link ContentWriter}: stores relevant pages (unless they ask not to be indexed: robots noindex;
 * they are still judged, and their links followed, as search engines do), removes pages that a re-fetch found
 * irrelevant or noindex, and passes each page on to the link-priority bolt once ES confirmed its content (fails the
 * tuple otherwise, so that it is replayed). A content document ES rejects for good (a 400) is not retried: the page
 * goes on without it, the cause in {@link CrawlMetadata#NOT_INDEXED}, which its status records as its error; so does
 * a near-duplicate of a stored page ({@link ContentWriter}; off with {@value #NEAR_DUPLICATES}: false), and a page
 * that declares another stored URL of its host its original ({@link ParsedPage#canonical()}; off with
 * {@value #CANONICAL}: false).
 * It stands before the status updater so that a page never leaves the frontier before its content is stored.
 */
public class IndexerBolt extends BaseRichBolt {

    public static final String BATCH_SIZE = "indexer.batch.size";
    public static final String BATCH_MAX_DELAY_MS = "indexer.batch.max.delay.ms";
    public static final String BATCH_QUIET_MS = "indexer.batch.quiet.ms";
    public static final String NEAR_DUPLICATES = "indexer.near.duplicates";
    public static final String CANONICAL = "indexer.canonical";

    private transient OutputCollector collector;
    private transient ElasticsearchClient es;
    private transient ContentWriter writer;
    private transient TupleBatch<ContentWriter.Change> batch;
    private transient Timer writes;
    private transient Counter writeFailures;
    private transient Counter nearDuplicates;
    private transient Counter canonicalCopies;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.batch = new TupleBatch<>(ConfUtils.getInt(conf, BATCH_SIZE, 50),
                ConfUtils.getLong(conf, BATCH_MAX_DELAY_MS, 200L), ConfUtils.getLong(conf, BATCH_QUIET_MS, 20L),
                Long.MAX_VALUE);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        this.writer = new ContentWriter(es, CrawlIndices.fromConf(conf).content(),
                ConfUtils.getBoolean(conf, NEAR_DUPLICATES, true), ConfUtils.getBoolean(conf, CANONICAL, true));
        TaskMetrics metrics = TaskMetrics.of(context);
        this.writes = metrics.timer(TaskMetrics.CONTENT_WRITE);
        this.writeFailures = metrics.counter(TaskMetrics.CONTENT_WRITE_FAILURES);
        this.nearDuplicates = metrics.counter(TaskMetrics.NEAR_DUPLICATES);
        this.canonicalCopies = metrics.counter(TaskMetrics.CANONICAL_COPIES);
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple) && !FlushSpout.isFlush(tuple)) {
            ContentWriter.Change change;
            try {
                change = changeFor(tuple);
            } catch (RuntimeException e) {
                // A malformed tuple must not kill the worker, and failing it would replay it for ever: it goes on
                // without its content copy, the cause recorded, or as it came if not even its metadata can be read
                // (the link-priority bolt then records its URL as an ERROR)
                collector.reportError(e);
                try {
                    passOn(tuple, "cannot index: " + e);
                } catch (RuntimeException unreadable) {
                    collector.emit(tuple, new Values(tuple.getValues().toArray()));
                    collector.ack(tuple);
                }
                return;
            }
            if (change == null) {
                passOn(tuple);
            } else {
                batch.add(tuple, change, System.currentTimeMillis());
            }
        }
        if (batch.isDue(System.currentTimeMillis())) {
            List<ContentWriter.Written> written;
            try (Timer.Context ignored = writes.time()) {
                written = writer.writeAll(batch.items());
            }
            batch.complete(written, (t, w) -> {
                if (w.duplicateOf() != null) {
                    // judged relevant, its links followed, but not stored twice: its status names the original
                    (w.canonical() ? canonicalCopies : nearDuplicates).inc();
                    passOn(t, (w.canonical() ? CrawlMetadata.CANONICAL_COPY_OF : CrawlMetadata.NEAR_DUPLICATE_OF)
                            + w.duplicateOf());
                } else if (w.applied()) {
                    passOn(t);
                } else if (w.rejection() != null) {
                    // retrying can only fail again: the page goes on without its content copy, the cause recorded
                    passOn(t, w.rejection());
                } else {
                    writeFailures.inc();
                    collector.fail(t);
                }
            });
        }
    }

    /**
     * Store a relevant page; remove a re-fetched page that is no longer relevant, or now asks not to be indexed
     * (robots noindex); nothing for a new irrelevant or noindex one.
     */
    private static ContentWriter.Change changeFor(Tuple tuple) {
        ParsedPage page = (ParsedPage) tuple.getValueByField(TupleFields.PAGE);
        Relevance relevance = (Relevance) tuple.getValueByField(TupleFields.RELEVANCE);
        Metadata md = (Metadata) tuple.getValueByField(TupleFields.METADATA);
        if (relevance.relevant() && !page.robots().noIndex()) {
            int depth = parseInt(md.getFirstValue(CrawlMetadata.DEPTH));
            return ContentWriter.Change.store(ContentDoc.of(page, relevance, depth, System.currentTimeMillis())
                    .withHeat(heat(md.getFirstValue(CrawlMetadata.HEAT))));
        }
        boolean fetchedBefore = parseInt(md.getFirstValue(CrawlMetadata.FETCH_COUNT)) > 0;
        return fetchedBefore ? ContentWriter.Change.remove(page.url()) : null;
    }

    private void passOn(Tuple tuple) {
        collector.emit(tuple, new Values(tuple.getValueByField(TupleFields.URL), tuple.getValueByField(TupleFields.PAGE),
                tuple.getValueByField(TupleFields.RELEVANCE), tuple.getValueByField(TupleFields.METADATA)));
        collector.ack(tuple);
    }

    /** The page's topic heat as the relevance bolt wrote it; null when there is none (or it cannot be read). */
    private static Double heat(String value) {
        try {
            Double heat = value == null ? null : Double.valueOf(value);
            // Elasticsearch refuses NaN and infinities: the page would not be stored
            return heat != null && Double.isFinite(heat) ? heat : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Passes the page on with why its content is not stored (a copy of its metadata: it may be shared). */
    private void passOn(Tuple tuple, String notIndexed) {
        Metadata md = new Metadata();
        Metadata in = (Metadata) tuple.getValueByField(TupleFields.METADATA);
        if (in != null) {
            md.putAll(in);
        }
        md.setValue(CrawlMetadata.NOT_INDEXED, notIndexed);
        collector.emit(tuple, new Values(tuple.getValueByField(TupleFields.URL), tuple.getValueByField(TupleFields.PAGE),
                tuple.getValueByField(TupleFields.RELEVANCE), md));
        collector.ack(tuple);
    }

    private static int parseInt(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        return TupleBatch.TICK_EVERY_SECOND;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.RELEVANCE, TupleFields.METADATA));
    }

    @Override
    public void cleanup() {
        EsClients.closeQuietly(es);
    }
}
