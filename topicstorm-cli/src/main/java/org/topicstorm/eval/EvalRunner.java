package org.topicstorm.eval;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.judge.JudgeSampler;
import org.topicstorm.judge.JudgementStore;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ServedHostsFilter;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.LinkPrioritizers;
import org.topicstorm.relevance.CurrentThreshold;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.TopicStormConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs an evaluation: one real crawl (the Flux topology in local mode, against Elasticsearch) per strategy, from the
 * same seeds on the same served corpora, each under a fresh crawl name; then reads each crawl's log and measures it
 * against the labels. The corpora must already be served, and {@code conf} must name the Elasticsearch to use.
 */
public final class EvalRunner {

    /** The baseline every strategy is compared with (lift). */
    public static final String BASELINE = "breadth-first";

    /**
     * @param strategies  strategy names as in topic files (best-first, breadth-first, ...), in report order
     * @param pages       pages to fetch per strategy (the log is cut at this many)
     * @param maxTime     time limit of each crawl
     * @param fluxFile    topology file, or null for the default
     * @param keepIndices keep each crawl's indices afterwards (else deleted once measured)
     * @param crawlPrefix null: each crawl gets a fresh name, eval-TOPIC-STRATEGY-TIME; else PREFIX-STRATEGY, whose
     *                    indices are deleted first (a crawl from nothing, under a name that stays the same)
     * @param judging     the oracle's judgements and the relevance settings that use them
     */
    public record Options(List<String> strategies, int pages, Duration maxTime, Path fluxFile, boolean keepIndices,
                          String crawlPrefix, Judging judging) {

        public Options(List<String> strategies, int pages, Duration maxTime, Path fluxFile, boolean keepIndices,
                       String crawlPrefix) {
            this(strategies, pages, maxTime, fluxFile, keepIndices, crawlPrefix, Judging.NONE);
        }

        public Options {
            judging = judging == null ? Judging.NONE : judging;
            strategies = List.copyOf(strategies);
            if (strategies.isEmpty()) {
                throw new IllegalArgumentException("no strategy to evaluate");
            }
            if (pages < 1) {
                throw new IllegalArgumentException("pages must be at least 1, got " + pages);
            }
        }
    }

    /**
     * Judgements during each crawl, and what the topic does with them.
     *
     * @param budget     judgements the oracle makes from the labels in each crawl (0: none)
     * @param model      the relevance model to use instead of the topic's (e.g. classifier), or null
     * @param selfTuning turn the threshold's self-tuning on (with its defaults) when the topic does not
     * @param settings   more topic fields to set, dotted path -> YAML value (e.g. relevance.classifier.url-words ->
     *                   false), for measuring one setting against another on every topic alike
     */
    public record Judging(int budget, String model, boolean selfTuning, Map<String, String> settings) {
        public static final Judging NONE = new Judging(0, null, false, Map.of());

        public Judging {
            settings = settings == null ? Map.of() : Map.copyOf(settings);
            if (budget < 0) {
                throw new IllegalArgumentException("the judgement budget must be >= 0, got " + budget);
            }
        }

        /** Judgements per oracle round: a tenth of the budget, at least 5, so most are made early in a crawl. */
        int perRound() {
            return Math.max(5, budget / 10);
        }
    }

    /** Seconds between the oracle's rounds (and the crawl's judgement rounds: {@link #EVAL_CONF}'s model sync). */
    static final int ORACLE_ROUND_SECS = 2;

    /** One strategy's crawl and its measures. */
    public record Run(String strategy, String crawl, CrawlRunner.Summary summary, List<FetchedPage> log,
                      CrawlMetrics metrics) {
    }

    /** Every strategy's run, in the order asked. */
    public record Result(EvalTopic topic, int truthSize, int pages, List<Run> runs) {

        /** The breadth-first run, if there was one. */
        public java.util.Optional<Run> baseline() {
            return runs.stream().filter(r -> r.strategy().equals(BASELINE)).findFirst();
        }
    }

    /** StormCrawler's politeness delay between two requests to a host, in seconds. */
    private static final String SERVER_DELAY = "fetcher.server.delay";

    /**
     * Settings every evaluation crawl gets (over the configuration given): the corpora are on loopback, so no
     * politeness delay is needed; short batch delays and query intervals, since a few hosts answering at once would
     * otherwise leave the crawl waiting on them most of the time. The frontier's order (best-first, K URLs per host
     * per query) is the crawler's own. Outlinks are kept only on the served hosts
     * (storm-conf/urlfilters-offline.json: the usual chain plus {@link ServedHostsFilter}, whose hosts
     * {@link #run} sets to the server's): a crawl follows links between corpora and between the hosts of a split
     * corpus, but the corpora also link to real sites (Wikipedia, the LibreOffice wiki), and an evaluation must
     * neither leave the served web nor count unreachable pages. The address guard lets exactly the served loopback
     * addresses through ({@link #crawlConf}).
     */
    public static final Map<String, Object> EVAL_CONF = Map.of(
            SERVER_DELAY, 0.0,
            UrlFilterChain.CONFIG_FILE, "urlfilters-offline.json",
            "frontier.query.min.interval.ms", 300,
            CrawlRunner.IDLE_STOP_SECS, 5,
            CrawlRunner.PROGRESS_SECS, 1,
            // judgements reach the models within seconds, as the crawls last about a minute
            TopicStormConfig.MODEL_SYNC_SECS, ORACLE_ROUND_SECS);

    /**
     * Not a crawl setting: the politeness delay (seconds) `eval --politeness` asks for, which {@link #crawlConf} sets
     * as fetcher.server.delay instead of {@link #EVAL_CONF}'s 0, to measure a crawl as it would run on real hosts.
     */
    public static final String POLITENESS_SECS = "eval.politeness.secs";

    /**
     * The configuration of every evaluation crawl: {@code conf} with {@link #EVAL_CONF} over it (the politeness
     * delay {@link #POLITENESS_SECS} when given), kept on the served hosts.
     */
    public static Map<String, Object> crawlConf(Map<String, Object> conf, CorpusServer server) {
        Map<String, Object> runConf = new HashMap<>(conf);
        runConf.putAll(EVAL_CONF);
        Object politeness = runConf.remove(POLITENESS_SECS);
        if (politeness != null) {
            runConf.put(SERVER_DELAY, politeness);
        }
        // the offline URL filter keeps a crawl on the hosts the server serves
        runConf.put(ServedHostsFilter.HOSTS, server.hostAuthorities());
        // the corpora are on loopback, which the address guard refuses: exactly the served addresses are let through
        runConf.put(org.topicstorm.fetch.AddressGuard.ALLOW, server.hostNetworks());
        return runConf;
    }

    private final Consumer<String> progress;
    private volatile CrawlRunner current;
    private volatile boolean stopped;

    /** @param progress receives what happens, a line at a time */
    public EvalRunner(Consumer<String> progress) {
        this.progress = progress;
    }

    /** Stops the crawl under way and skips the strategies not yet run. */
    public void stop() {
        stopped = true;
        CrawlRunner r = current;
        if (r != null) {
            r.stop();
        }
    }

    /**
     * @param conf the crawl configuration (defaults, the user's file) with the Elasticsearch addresses to use
     */
    public Result run(EvalTopic topic, CorpusServer server, Map<String, Object> conf, Options options)
            throws Exception {
        GroundTruth truth = GroundTruth.of(server.labelledPages(), server::label, topic.labels());
        if (truth.size() == 0) {
            throw new IllegalArgumentException(topic.source() + ": no served page has one of the labels "
                    + topic.labels() + " (corpora " + topic.corpora() + ")");
        }
        progress.accept("Ground truth: " + truth.size() + " pages labelled " + String.join(" or ", topic.labels())
                + " of " + server.labelledPages().size() + " served");
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        CrawlTopology topology = CrawlTopology.load(options.fluxFile());
        List<Run> runs = new ArrayList<>();
        for (String strategy : options.strategies()) {
            if (stopped) {
                break;
            }
            String yaml = topic.topicYaml(seed -> server.resolve(seed).toString(), strategy,
                    options.judging().model(), options.judging().selfTuning(), options.judging().settings());
            Topic t = org.topicstorm.topic.TopicLoader.fromString(yaml, topic.source());
            CrawlIndices indices = new CrawlIndices(options.crawlPrefix() == null
                    ? crawlName(topic.name(), strategy, stamp)
                    : (options.crawlPrefix() + "-" + strategy).toLowerCase(java.util.Locale.ROOT));
            Map<String, Object> runConf = crawlConf(conf, server);
            runConf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
            runConf.put(TopicStormConfig.TOPIC_FILE, topic.source() + " (" + strategy + ")");
            runConf.put(TopicStormConfig.TOPIC_YAML, yaml);
            validate(runConf, t);
            progress.accept("Crawl '" + indices.crawl() + "': " + strategy + ", " + options.pages() + " pages, "
                    + t.seeds().size() + " seeds");
            if (options.crawlPrefix() != null) {
                try (ElasticsearchClient es = EsClients.create(EsSettings.fromConf(runConf))) {
                    indices.delete(es);
                }
            }
            CrawlRunner runner = new CrawlRunner(progress);
            current = runner;
            CrawlRunner.Summary summary;
            try (Oracle oracle = Oracle.start(options.judging(), t, indices, runConf, truth)) {
                summary = runner.run(new CrawlRunner.Request(t, indices, runConf, topology, options.pages(),
                        options.maxTime()));
                if (oracle != null) {
                    progress.accept("Oracle: " + oracle.oracle.spent() + " judgements");
                }
            } finally {
                current = null;
            }
            try (ElasticsearchClient es = EsClients.create(EsSettings.fromConf(runConf))) {
                List<FetchedPage> log = CrawlLog.read(es, indices.status(), options.pages());
                runs.add(new Run(strategy, indices.crawl(), summary, log, CrawlMetrics.of(log, truth)));
                if (!options.keepIndices()) {
                    indices.delete(es);
                }
            }
        }
        return new Result(topic, truth.size(), options.pages(), runs);
    }

    /** The oracle of one crawl, judging on its own thread every {@link #ORACLE_ROUND_SECS} seconds. */
    private record Oracle(JudgementOracle oracle, ElasticsearchClient es, ScheduledExecutorService timer)
            implements AutoCloseable {

        /** null when the budget is 0. */
        static Oracle start(Judging judging, Topic topic, CrawlIndices indices, Map<String, Object> conf,
                            GroundTruth truth) {
            if (judging.budget() == 0) {
                return null;
            }
            ElasticsearchClient es = EsClients.create(EsSettings.fromConf(conf));
            EsModelStateStore models = new EsModelStateStore(es, indices.model());
            JudgementOracle oracle = new JudgementOracle(new JudgementStore(es, indices),
                    new JudgeSampler(es, indices), truth::isRelevant, () -> {
                try {
                    return CurrentThreshold.of(topic, models);
                } catch (java.io.IOException | RuntimeException e) {
                    return topic.threshold(); // the model index is made when the crawl starts
                }
            }, judging.budget(), judging.perRound());
            ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "eval-oracle");
                t.setDaemon(true);
                return t;
            });
            timer.scheduleWithFixedDelay(oracle::roundQuietly, ORACLE_ROUND_SECS, ORACLE_ROUND_SECS,
                    TimeUnit.SECONDS);
            return new Oracle(oracle, es, timer);
        }

        @Override
        public void close() {
            timer.shutdownNow();
            try {
                timer.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            EsClients.closeQuietly(es);
        }
    }

    /** A fresh, valid crawl name: eval-TOPIC-STRATEGY-STAMP. */
    static String crawlName(String topic, String strategy, String stamp) {
        return ("eval-" + topic + "-" + strategy + "-" + stamp).toLowerCase(java.util.Locale.ROOT)
                .replaceAll("[^a-z0-9_-]", "-");
    }

    /** Every bolt's configuration checked before the topology starts (a bad value in a worker would kill it). */
    private static void validate(Map<String, Object> conf, Topic topic) {
        FrontierConfig.fromConf(conf);
        ParseConfig.fromConf(conf);
        UrlFilterChain.fromConf(conf);
        LinkPrioritizers.forTopic(topic, conf);
    }
}
