package org.topicstorm.metrics;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichSpout;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.ThresholdTuner;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;

import java.io.IOException;
import java.util.Map;
import org.topicstorm.topology.LogThrottle;

/**
 * Writes a {@link MetricsDoc} to {@code <crawl>-metrics} every {@value #INTERVAL_SECS} seconds, counted from what
 * the status index holds, so the series is right however many workers the crawl has and survives restarts.
 * A spout that emits nothing: a component without input streams must be a spout (Flux leaves out bolts nobody
 * sends to). Run it with parallelism 1.
 */
public class MetricsSpout extends BaseRichSpout {

    /** Configuration key: seconds between samples (0 = no metrics). */
    public static final String INTERVAL_SECS = "metrics.interval.secs";

    private static final Logger LOG = LoggerFactory.getLogger(MetricsSpout.class);

    private transient ElasticsearchClient es;
    private transient CrawlIndices indices;
    private transient CrawlStats stats;
    private transient long intervalMs;
    private transient long next;
    private transient MetricsDoc previous;

    @Override
    public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
        this.intervalMs = ConfUtils.getInt(conf, INTERVAL_SECS, 10) * 1000L;
        this.indices = CrawlIndices.fromConf(conf);
        this.es = EsClients.create(EsSettings.fromConf(conf));
        this.stats = new CrawlStats(es, indices);
        this.next = System.currentTimeMillis() + intervalMs;
    }

    @Override
    public void nextTuple() {
        long now = System.currentTimeMillis();
        if (intervalMs <= 0 || now < next) {
            return; // Storm's wait strategy lets the executor sleep when nothing is emitted
        }
        next = now + intervalMs;
        try {
            MetricsDoc doc = MetricsDoc.of(indices.crawl(), now, stats.counts(now), previous)
                    .withJudging(tunedThreshold(), judgements()).withDuplicates(stats.duplicates())
                    .withFreshness(stats.freshness(), stats.revisits());
            es.index(i -> i.index(indices.metrics()).id(Long.toString(now)).document(doc));
            previous = doc;
        } catch (IOException | RuntimeException e) {
            // metrics are not crawl state: a lost sample is logged, the crawl goes on
            LogThrottle.WARNINGS.warn(LOG, "Cannot record crawl metrics in {}: {}", indices.metrics(), e.toString());
        }
    }

    /** The self-tuned threshold, or null when the crawl does not tune it. */
    private Double tunedThreshold() throws IOException {
        return new EsModelStateStore(es, indices.model()).load(ThresholdTuner.KIND, ThresholdTuner.State.class)
                .map(ThresholdTuner.State::r).orElse(null);
    }

    private long judgements() throws IOException {
        return es.count(c -> c.index(indices.judgements()).ignoreUnavailable(true)).count();
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        // no output
    }

    @Override
    public void close() {
        EsClients.closeQuietly(es);
    }
}
