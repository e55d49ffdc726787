package org.topicstorm.priority;

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
import org.apache.storm.utils.TupleUtils;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.EsLinkCrawl;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.TupleBatch;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleFields;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns a scored page into status updates for the frontier.
 *
 * <p>In: (url, page, relevance, metadata), once the indexer has stored the page. Out, status stream, anchored to
 * the input: one tuple (url, metadata, FETCHED, outlinks, demotions) carrying the outlinks the topic's
 * {@link LinkPrioritizer} keeps, so that the status updater can write the outlinks before the page's own status (one
 * tuple: the page leaves the frontier only once its outlinks are in it). The page's own depth, distance and in-link
 * count are read from its metadata (0 when absent).
 *
 * <p>The scoring itself is {@link LinkScoring} (which also counts 003's runs of irrelevant children per parent; a run
 * that completes travels as a {@link Demotion}). The {@code learned} strategy also has a {@link LinkLearner} here:
 * task 0 trains the crawl's link classifier on ticks and re-scores waiting URLs; the other tasks reload it. Each task's
 * learner starts with the first page it scores (the writer's, at the latest, a tick after the crawl judged one), so
 * that its interval ({@code topicstorm.link.learn.ms}) counts from the crawl's first pages, not from Storm's start.
 */
public class LinkPriorityBolt extends BaseRichBolt {

    private static final Logger LOG = LoggerFactory.getLogger(LinkPriorityBolt.class);

    private transient OutputCollector collector;
    private transient LinkScoring scoring;
    private transient LinkLearner learner;
    /** makes the learner once the first page comes (null: the strategy learns nothing) */
    private transient java.util.function.LongFunction<LinkLearner> startLearner;
    /**
     * the writer task's crawl, asked on ticks whether any page was judged yet (null on the other tasks, and when the
     * writer is the bolt's only task)
     */
    private transient EsLinkCrawl writerWaitsFor;
    private transient ElasticsearchClient es;
    /** where the learner retrains, off the tuple path */
    private transient java.util.concurrent.ExecutorService learning;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        Topic topic = TopicStormConfig.topic(conf);
        if (topic.strategy() == Topic.Strategy.LEARNED) {
            // task 0 trains the crawl's link classifier; the other tasks load it (see LinkLearner)
            boolean writer = context == null || context.getThisTaskIndex() == 0;
            CrawlIndices indices = CrawlIndices.fromConf(conf);
            this.es = EsClients.create(EsSettings.fromConf(conf));
            StatusWriter rescorer = new StatusWriter(es, indices.status(), null,
                    new StatusMerge(FrontierConfig.fromConf(conf).schedule()), Clock.systemUTC());
            EsLinkCrawl crawl = new EsLinkCrawl(es, indices.status(), rescorer, topic.links().learned(),
                    topic.threshold());
            EsModelStateStore store = new EsModelStateStore(es, indices.model());
            long intervalMillis = TopicStormConfig.linkLearnMs(conf);
            learning = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "link-learner");
                t.setDaemon(true);
                return t;
            });
            // The learner's interval counts from the first page this task scores, not from the topology's start:
            // nothing can be learnt before it, and a Storm start of a second or two would otherwise decide after how
            // many pages the first lifts come (in real crawls of small topics, after the first batch in some runs
            // and after the third in others: docs/evaluation.md, session 30). The simulated crawl's clock starts
            // with its first page likewise. The writer also starts on a tick once the crawl has judged a page, in
            // case no page comes to it (on a cluster, the indexer sends pages to the link tasks of its own worker).
            this.startLearner = now -> new LinkLearner(crawl, store, topic.links().learned(),
                    SparseLogistic.Options.DEFAULT, writer, intervalMillis, now, learning);
            // one task gets every page, so it never needs to ask (local mode)
            boolean alone = context == null || context.getComponentTasks(context.getThisComponentId()).size() == 1;
            this.writerWaitsFor = writer && !alone ? crawl : null;
            this.scoring = LinkScoring.forTopic(topic, conf, () -> learner == null ? null : learner.current());
        } else {
            this.scoring = LinkScoring.forTopic(topic, conf, () -> null);
        }
    }

    @Override
    public void execute(Tuple input) {
        boolean tick = TupleUtils.isTick(input);
        if (learner == null && startLearner != null && (!tick || crawlHasJudgedPages())) {
            learner = startLearner.apply(System.currentTimeMillis());
        }
        if (learner != null) {
            learner.maybeRun(System.currentTimeMillis());
        }
        if (tick) {
            return;
        }
        String url;
        ParsedPage page;
        Relevance relevance;
        Metadata metadata;
        try {
            url = input.getStringByField(TupleFields.URL);
            page = (ParsedPage) input.getValueByField(TupleFields.PAGE);
            relevance = (Relevance) input.getValueByField(TupleFields.RELEVANCE);
            metadata = (Metadata) input.getValueByField(TupleFields.METADATA);
            if (metadata == null) {
                metadata = new Metadata();
            }
            if (page == null || relevance == null) {
                throw new IllegalArgumentException("no page or no relevance");
            }
        } catch (RuntimeException e) {
            unreadable(input, e);
            return;
        }

        ParentInfo parent = new ParentInfo(url, relevance.score(), relevance.relevant(),
                hops(metadata, CrawlMetadata.DEPTH, url), hops(metadata, CrawlMetadata.DISTANCE, url),
                hops(metadata, CrawlMetadata.INLINKS, url));
        String pageParent = metadata.getFirstValue(CrawlMetadata.PARENT);
        LinkScoring.Scored scored;
        try {
            // robots nofollow: the page is judged, but none of its links enters the frontier or the link graph
            scored = scoring.score(parent, pageParent, page.robots().noFollow() ? List.of() : page.outlinks());
        } catch (RuntimeException e) {
            // A malformed outlink must not lose the page itself: record it as fetched, without its links.
            LOG.warn("Cannot prioritise the outlinks of {}: {}", url, e.toString());
            collector.reportError(e);
            scored = new LinkScoring.Scored(new ArrayList<>(), scoring.demotions(pageParent, relevance.relevant()));
        }
        collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, metadata, Status.FETCHED, scored.links(),
                scored.demotions()));
        collector.ack(input);
    }

    /** Whether the writer task should start its learner on a tick: the crawl has judged a page somewhere. */
    private boolean crawlHasJudgedPages() {
        if (writerWaitsFor == null) {
            return false;
        }
        try {
            return writerWaitsFor.judgedPages() > 0;
        } catch (java.io.IOException | RuntimeException e) {
            return false;   // asked again at the next tick
        }
    }

    /**
     * A tuple this bolt cannot read (a bug upstream) would fail on every replay: its URL is recorded as an ERROR with
     * the cause instead, once, and the tuple acked; only a tuple without a readable URL is failed.
     */
    private void unreadable(Tuple input, RuntimeException e) {
        collector.reportError(e);
        String url;
        try {
            url = input.getStringByField(TupleFields.URL);
        } catch (RuntimeException again) {
            url = null;
        }
        if (url == null) {
            collector.fail(input);
            return;
        }
        LOG.warn("Cannot read the page tuple of {}: {}", url, e.toString());
        Metadata md = new Metadata();
        md.setValue(com.digitalpebble.stormcrawler.Constants.STATUS_ERROR_SOURCE, "links");
        md.setValue(com.digitalpebble.stormcrawler.Constants.STATUS_ERROR_CAUSE, "unreadable page tuple: " + e);
        collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, md, Status.ERROR, new ArrayList<ScoredLink>(),
                new ArrayList<Demotion>()));
        collector.ack(input);
    }

    @Override
    public Map<String, Object> getComponentConfiguration() {
        // the learner retrains (or reloads) on time, also while no page arrives (once it has started)
        return TupleBatch.TICK_EVERY_SECOND;
    }

    @Override
    public void cleanup() {
        if (learning != null) {
            learning.shutdownNow();
        }
        EsClients.closeQuietly(es);
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declareStream(TupleFields.STATUS_STREAM, new Fields(TupleFields.URL, TupleFields.METADATA,
                TupleFields.STATUS, TupleFields.OUTLINKS, TupleFields.DEMOTIONS));
    }

    /** A hop count from the metadata; 0 when absent or unreadable (a seed, or a URL injected by hand). */
    private static int hops(Metadata metadata, String key, String url) {
        String value = metadata.getFirstValue(key);
        if (value == null) {
            return 0;
        }
        try {
            int hops = Integer.parseInt(value.strip());
            if (hops >= 0) {
                return hops;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        LOG.warn("Metadata {}='{}' of {} is not a hop count; using 0", key, value, url);
        return 0;
    }
}
