package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import org.apache.storm.Config;
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
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TupleFields;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Storm adapter for {@link ContentWriter}: stores relevant pages, removes pages that a re-fetch found irrelevant,
 * and passes each page on to the link-priority bolt once ES confirmed its content (fails the tuple otherwise).
 * It stands before the status updater so that a page never leaves the frontier before its content is stored.
 */
public class IndexerBolt extends BaseRichBolt {

    public static final String BATCH_SIZE = "indexer.batch.size";
    public static final String BATCH_MAX_DELAY_MS = "indexer.batch.max.delay.ms";

    private transient OutputCollector collector;
    private transient ElasticsearchClient es;
    private transient ContentWriter writer;
    private transient int batchSize;
    private transient long maxDelayMs;
    private transient List<Tuple> batch;
    private transient List<ContentWriter.Change> changes;
    private transient long batchStarted;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.batchSize = ConfUtils.getInt(conf, BATCH_SIZE, 50);
        this.maxDelayMs = ConfUtils.getLong(conf, BATCH_MAX_DELAY_MS, 1000L);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        this.writer = new ContentWriter(es, CrawlIndices.fromConf(conf).content());
        this.batch = new ArrayList<>();
        this.changes = new ArrayList<>();
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            ContentWriter.Change change;
            try {
                change = changeFor(tuple);
            } catch (RuntimeException e) {
                // a malformed tuple must not kill the worker; failing it replays the URL from the frontier
                collector.reportError(e);
                collector.fail(tuple);
                return;
            }
            if (change == null) {
                passOn(tuple);
            } else {
                if (batch.isEmpty()) {
                    batchStarted = System.currentTimeMillis();
                }
                batch.add(tuple);
                changes.add(change);
            }
        }
        if (batch.size() >= batchSize
                || (!batch.isEmpty() && System.currentTimeMillis() - batchStarted >= maxDelayMs)) {
            flush();
        }
    }

    /** Store a relevant page; remove a re-fetched page that is no longer relevant; nothing for a new irrelevant one. */
    private static ContentWriter.Change changeFor(Tuple tuple) {
        ParsedPage page = (ParsedPage) tuple.getValueByField(TupleFields.PAGE);
        Relevance relevance = (Relevance) tuple.getValueByField(TupleFields.RELEVANCE);
        Metadata md = (Metadata) tuple.getValueByField(TupleFields.METADATA);
        if (relevance.relevant()) {
            int depth = parseInt(md.getFirstValue(CrawlMetadata.DEPTH));
            return ContentWriter.Change.store(ContentDoc.of(page, relevance, depth, System.currentTimeMillis()));
        }
        boolean fetchedBefore = parseInt(md.getFirstValue(CrawlMetadata.FETCH_COUNT)) > 0;
        return fetchedBefore ? ContentWriter.Change.remove(page.url()) : null;
    }

    private void flush() {
        boolean[] ok = writer.write(changes);
        for (int i = 0; i < batch.size(); i++) {
            if (ok[i]) {
                passOn(batch.get(i));
            } else {
                collector.fail(batch.get(i));
            }
        }
        batch.clear();
        changes.clear();
    }

    private void passOn(Tuple tuple) {
        collector.emit(tuple, new Values(tuple.getValueByField(TupleFields.URL), tuple.getValueByField(TupleFields.PAGE),
                tuple.getValueByField(TupleFields.RELEVANCE), tuple.getValueByField(TupleFields.METADATA)));
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
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        return conf;
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
