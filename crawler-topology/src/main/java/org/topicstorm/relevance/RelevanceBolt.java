package org.topicstorm.relevance;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.codahale.metrics.Counter;
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
import org.apache.storm.utils.TupleUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.metrics.TaskMetrics;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.LogThrottle;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleBatch;
import org.topicstorm.topology.TupleFields;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scores each parsed page with the model the topic file configures ({@link RelevanceModels}).
 *
 * <p>In: (url, page, metadata). Out, default stream: (url, page, relevance, metadata), the metadata a copy with
 * {@link CrawlMetadata#RELEVANCE} and {@link CrawlMetadata#RELEVANT} added. A page the model cannot score goes to
 * the status stream as (url, metadata, ERROR) with StormCrawler's error.cause, so it is recorded, not retried.
 * The topic is read once, in prepare ({@link TopicStormConfig#topic}).
 *
 * <p>Adaptive models (centroid, seed set) keep their state in the crawl's model index: task 0 is the one writer,
 * it learns from the pages it scores and saves the state; the other tasks reload it ({@link ModelSync}, every
 * {@link TopicStormConfig#MODEL_SYNC_SECS} seconds). The sync runs on a tick every second as well as on pages, so
 * that what the writer learnt is saved within that interval even when no page comes: a Storm cluster does not
 * promise to call {@link #cleanup()} (a killed worker never does), so the save there is only the last one.
 */
public class RelevanceBolt extends BaseRichBolt {

    private static final Logger LOG = LoggerFactory.getLogger(RelevanceBolt.class);

    private transient OutputCollector collector;
    private transient RelevanceModels.Built model;
    private transient ModelSync sync;
    private transient JudgementRounds rounds;
    /** The writer's round over new judgements, run before it saves; null when there is none. */
    private transient Runnable learn;
    private transient ElasticsearchClient es;
    private transient Counter judged;
    private transient Counter relevant;
    /** A continuous crawl's revisits: its fetched pages then carry what their revisits compare; else null. */
    private transient org.topicstorm.frontier.RevisitPolicy revisits;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        TaskMetrics metrics = TaskMetrics.of(context);
        this.judged = metrics.counter(TaskMetrics.PAGES_JUDGED);
        this.relevant = metrics.counter(TaskMetrics.PAGES_RELEVANT);
        // read on the reporter's thread; relevant first, so the rate never exceeds 1
        metrics.gauge(TaskMetrics.HARVEST_RATE, () -> TaskMetrics.harvestRate(relevant.getCount(), judged.getCount()));
        Topic topic = TopicStormConfig.topic(conf);
        this.revisits = topic.continuous() ? new org.topicstorm.frontier.RevisitPolicy(topic.revisit()) : null;
        if (topic.relevance().usesAdaptiveModel()) {
            boolean writer = context == null || context.getThisTaskIndex() == 0;
            this.es = EsClients.create(EsSettings.fromConf(conf));
            CrawlIndices indices = CrawlIndices.fromConf(conf);
            ModelStateStore store = new EsModelStateStore(es, indices.model());
            RelevanceModels.Built built = RelevanceModels.build(topic, store, writer);
            this.model = built;
            List<AdaptiveModel<?>> synced = new ArrayList<>(built.adaptive());
            if (writer && (built.tuner() != null || built.classifier() != null)) {
                StatusWriter verdicts = new StatusWriter(es, indices.status(), null,
                        FrontierConfig.fromConf(conf).merge(topic), Clock.systemUTC());
                this.rounds = judgementRounds(topic, built, store, new EsJudgementSource(es, indices, verdicts));
                this.learn = this::judgementRound;
                synced.add(rounds);
            }
            this.sync = new ModelSync(store, synced, writer, TopicStormConfig.modelSyncSecs(conf) * 1000L,
                    System.currentTimeMillis());
        } else {
            this.model = RelevanceModels.build(topic, null, false);
        }
    }

    @Override
    public void execute(Tuple input) {
        if (TupleUtils.isTick(input)) {
            if (sync != null) {
                sync.maybeSync(System.currentTimeMillis(), learn);
            }
            return;
        }
        String url = input.getStringByField(TupleFields.URL);
        Object page = input.getValueByField(TupleFields.PAGE);
        Metadata metadata = copy((Metadata) input.getValueByField(TupleFields.METADATA));
        Relevance relevance;
        try {
            relevance = model.score((ParsedPage) page);
        } catch (RuntimeException e) {
            LOG.warn("Cannot score {}: {}", url, e.toString());
            metadata.setValue(Constants.STATUS_ERROR_SOURCE, "relevance");
            metadata.setValue(Constants.STATUS_ERROR_CAUSE, "relevance scoring failed: " + e);
            collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, metadata, Status.ERROR));
            collector.ack(input);
            return;
        }
        judged.inc();
        if (relevance.relevant()) {
            relevant.inc();
        }
        metadata.setValue(CrawlMetadata.RELEVANCE, Double.toString(relevance.score()));
        metadata.setValue(CrawlMetadata.RELEVANT, Boolean.toString(relevance.relevant()));
        metadata.setValue(CrawlMetadata.PAGE, PageSummary.of((ParsedPage) page, relevance).toJson());
        if (revisits != null) {
            signals((ParsedPage) page, metadata, revisits);
        }
        collector.emit(input, new Values(url, page, relevance, metadata));
        collector.ack(input);
        if (sync != null) {
            sync.maybeSync(System.currentTimeMillis(), learn);
        }
    }

    /**
     * What a continuous crawl's next visit of the page compares (its text's signature, whether it is a hub, its
     * replies) and its topic heat, at the time it left the fetcher.
     */
    static void signals(ParsedPage page, Metadata metadata, org.topicstorm.frontier.RevisitPolicy revisits) {
        java.util.OptionalLong signature = org.topicstorm.index.SimHash.of(page.text());
        if (signature.isPresent()) {
            metadata.setValue(CrawlMetadata.SIGNATURE, Long.toString(signature.getAsLong()));
        }
        metadata.setValue(CrawlMetadata.HUB, Boolean.toString(page.type() == org.topicstorm.parse.PageType.HUB));
        if (page.replies().count() > 0) {
            Long fetchedAt = org.topicstorm.fetch.FetchSignals.decimalLong(
                    metadata.getFirstValue(CrawlMetadata.FETCHED_AT));
            long now = fetchedAt == null ? System.currentTimeMillis() : fetchedAt;
            metadata.setValue(CrawlMetadata.REPLIES, Integer.toString(page.replies().count()));
            metadata.setValue(CrawlMetadata.HEAT, Double.toString(
                    revisits.heat(page.replies().count(), page.replies().meanTime(), now)));
        }
    }

    /** The writer's rounds over people's judgements, continuing where the crawl left off (a resumed crawl). */
    private static JudgementRounds judgementRounds(Topic topic, RelevanceModels.Built built, ModelStateStore store,
                                                   JudgementRounds.Source judgements) {
        JudgementRounds.Progress progress;
        try {
            progress = store.load(JudgementRounds.KIND, JudgementRounds.Progress.class)
                    .orElse(JudgementRounds.Progress.START);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read the judgement rounds' progress", e);
        }
        return new JudgementRounds(judgements, built.tuner(), built.classifier(),
                topic.relevance().classifier().minJudgements(), topic.seeds(), progress);
    }

    private void judgementRound() {
        try {
            rounds.round(System.currentTimeMillis());
        } catch (java.io.IOException | RuntimeException e) {
            LogThrottle.WARNINGS.warn(LOG, "Cannot read the crawl's judgements: {}", e.toString());
        }
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        // the model state is saved on time, also while no page arrives
        return TupleBatch.TICK_EVERY_SECOND;
    }

    @Override
    public void cleanup() {
        if (sync != null && sync.writer()) {
            if (rounds != null) {
                judgementRound(); // the judgements made since the last round are not lost when the crawl stops
            }
            sync.sync(); // what the writer learnt since its last save
        }
        EsClients.closeQuietly(es);
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
