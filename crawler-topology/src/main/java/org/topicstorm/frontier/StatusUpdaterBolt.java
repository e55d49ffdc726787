package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.util.MetadataTransfer;
import org.apache.storm.Config;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.TupleUtils;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.topology.TupleFields;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Storm adapter for {@link StatusWriter}: batches status tuples, writes them (each page's outlinks before its own
 * status, see {@link StatusChange}), and acks each tuple only once ES confirmed all of its writes (fails it
 * otherwise: the URL is still due, so the spout emits it again). Writes happen on the executor thread,
 * so the collector is only ever used from that thread.
 */
public class StatusUpdaterBolt extends BaseRichBolt {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(StatusUpdaterBolt.class);

    private transient OutputCollector collector;
    private transient ElasticsearchClient es;
    private transient StatusWriter writer;
    private transient MetadataTransfer transfer;
    private transient StatusUpdates toChanges;
    private transient FrontierConfig config;
    private transient List<Tuple> batch;
    private transient List<StatusChange> changes;
    private transient long batchStarted;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.config = FrontierConfig.fromConf(conf);
        CrawlIndices indices = CrawlIndices.fromConf(conf);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        this.writer = new StatusWriter(es, indices.status(), config.recordLinks() ? indices.links() : null,
                new StatusMerge(config.schedule()), Clock.systemUTC());
        this.transfer = MetadataTransfer.getInstance(conf);
        this.toChanges = new StatusUpdates(UrlFilterChain.fromConf(conf));
        this.batch = new ArrayList<>();
        this.changes = new ArrayList<>();
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            StatusChange change;
            try {
                change = changeOf(tuple);
            } catch (RuntimeException e) {
                // a malformed tuple must not kill the worker; failing it replays the URL from the frontier
                LOG.warn("cannot read status tuple {}: {}", tuple, e.toString());
                collector.fail(tuple);
                return;
            }
            if (batch.isEmpty()) {
                batchStarted = System.currentTimeMillis();
            }
            batch.add(tuple);
            changes.add(change);
        }
        if (batch.size() >= config.statusBatchSize()
                || (!batch.isEmpty() && System.currentTimeMillis() - batchStarted >= config.statusBatchMaxDelayMs())) {
            flush();
        }
    }

    @SuppressWarnings("unchecked")
    private StatusChange changeOf(Tuple tuple) {
        String url = tuple.getStringByField(TupleFields.URL);
        Metadata md = (Metadata) tuple.getValueByField(TupleFields.METADATA);
        Status status = (Status) tuple.getValueByField(TupleFields.STATUS);
        List<ScoredLink> outlinks = tuple.contains(TupleFields.OUTLINKS)
                ? (List<ScoredLink>) tuple.getValueByField(TupleFields.OUTLINKS) : null;
        return toChanges.fromTuple(url, md, status, outlinks, transfer.filter(md));
    }

    private void flush() {
        boolean[] ok = writer.writeChanges(changes);
        for (int i = 0; i < batch.size(); i++) {
            if (ok[i]) {
                collector.ack(batch.get(i));
            } else {
                collector.fail(batch.get(i));
            }
        }
        batch.clear();
        changes.clear();
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        // a tick every second flushes a partial batch
        Map<String, Object> conf = new HashMap<>();
        conf.put(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);
        return conf;
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
