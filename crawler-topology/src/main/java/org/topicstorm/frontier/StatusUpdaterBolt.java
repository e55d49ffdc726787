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
import org.topicstorm.topology.TupleFields;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Storm adapter for {@link StatusWriter}: batches status tuples, writes them, and acks each tuple only once ES
 * confirmed its write (fails it otherwise, so the spout replays the URL). Writes happen on the executor thread,
 * so the collector is only ever used from that thread.
 */
public class StatusUpdaterBolt extends BaseRichBolt {

    private transient OutputCollector collector;
    private transient ElasticsearchClient es;
    private transient StatusWriter writer;
    private transient MetadataTransfer transfer;
    private transient FrontierConfig config;
    private transient List<Tuple> batch;
    private transient List<StatusUpdate> updates;
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
        this.batch = new ArrayList<>();
        this.updates = new ArrayList<>();
    }

    @Override
    public void execute(Tuple tuple) {
        if (!TupleUtils.isTick(tuple)) {
            String url = tuple.getStringByField(TupleFields.URL);
            Metadata md = (Metadata) tuple.getValueByField(TupleFields.METADATA);
            Status status = (Status) tuple.getValueByField(TupleFields.STATUS);
            if (batch.isEmpty()) {
                batchStarted = System.currentTimeMillis();
            }
            batch.add(tuple);
            updates.add(StatusUpdates.fromTuple(url, md, status, transfer.filter(md)));
        }
        if (batch.size() >= config.statusBatchSize()
                || (!batch.isEmpty() && System.currentTimeMillis() - batchStarted >= config.statusBatchMaxDelayMs())) {
            flush();
        }
    }

    private void flush() {
        boolean[] ok = writer.write(updates);
        for (int i = 0; i < batch.size(); i++) {
            if (ok[i]) {
                collector.ack(batch.get(i));
            } else {
                collector.fail(batch.get(i));
            }
        }
        batch.clear();
        updates.clear();
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
