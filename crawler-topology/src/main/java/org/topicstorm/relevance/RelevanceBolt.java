package org.topicstorm.relevance;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleFields;

import java.util.Map;

/**
 * Scores each parsed page against the topic ({@link WeightedKeywordModel}).
 *
 * <p>In: (url, page, metadata). Out, default stream: (url, page, relevance, metadata), the metadata a copy with
 * {@link CrawlMetadata#RELEVANCE} and {@link CrawlMetadata#RELEVANT} added. A page the model cannot score goes to
 * the status stream as (url, metadata, ERROR) with StormCrawler's error.cause, so it is recorded, not retried.
 * The topic file is read once, in prepare, from {@link TopicStormConfig#TOPIC_FILE}.
 */
public class RelevanceBolt extends BaseRichBolt {

    private static final Logger LOG = LoggerFactory.getLogger(RelevanceBolt.class);

    private transient OutputCollector collector;
    private transient RelevanceModel model;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.model = new WeightedKeywordModel(TopicStormConfig.topic(conf));
    }

    @Override
    public void execute(Tuple input) {
        String url = input.getStringByField(TupleFields.URL);
        ParsedPage page = (ParsedPage) input.getValueByField(TupleFields.PAGE);
        Metadata metadata = copy((Metadata) input.getValueByField(TupleFields.METADATA));
        Relevance relevance;
        try {
            relevance = model.score(page);
        } catch (RuntimeException e) {
            LOG.warn("Cannot score {}: {}", url, e.toString());
            metadata.setValue(Constants.STATUS_ERROR_SOURCE, "relevance");
            metadata.setValue(Constants.STATUS_ERROR_CAUSE, "relevance scoring failed: " + e);
            collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, metadata, Status.ERROR));
            collector.ack(input);
            return;
        }
        metadata.setValue(CrawlMetadata.RELEVANCE, Double.toString(relevance.score()));
        metadata.setValue(CrawlMetadata.RELEVANT, Boolean.toString(relevance.relevant()));
        collector.emit(input, new Values(url, page, relevance, metadata));
        collector.ack(input);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.RELEVANCE, TupleFields.METADATA));
        declarer.declareStream(TupleFields.STATUS_STREAM,
                new Fields(TupleFields.URL, TupleFields.METADATA, TupleFields.STATUS));
    }

    /** The incoming metadata may be shared with other bolts' tuples: never modify it in place. */
    private static Metadata copy(Metadata metadata) {
        Metadata copy = new Metadata();
        if (metadata != null) {
            copy.putAll(metadata);
        }
        return copy;
    }
}
