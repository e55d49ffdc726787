package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.LocalElasticsearch;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.LinkPrioritizers;
import org.topicstorm.topic.Durations;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.TopicStormConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code topicstorm crawl}: a focused crawl in Storm's local mode, against the configured Elasticsearch or the
 * embedded local node. Running it again with the same crawl name resumes the crawl from ES.
 */
@Command(name = "crawl", mixinStandardHelpOptions = true,
        description = "Crawl a topic in local mode: inject its seeds, run the topology, show progress, stop at a "
                + "limit, when nothing is left to fetch, or on Ctrl-C. Run again to resume.")
final class CrawlCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--topic", required = true, paramLabel = "FILE", description = "Topic file (see seeds/README.md).")
    Path topicFile;

    @Option(names = "--crawl", paramLabel = "NAME",
            description = "Crawl name, prefix of its Elasticsearch indices. Default: the topic's name.")
    String crawlName;

    @Option(names = "--max-pages", paramLabel = "N",
            description = "Stop after fetching N pages in this run (0 = the topic's limit, or none).")
    long maxPages;

    @Option(names = "--max-time", paramLabel = "DURATION",
            description = "Stop after this long, e.g. 90s, 15m, 2h (default: the topic's limit, or none).")
    String maxTime;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "Configuration file overriding storm-conf/topicstorm-default.yaml.")
    Path confFile;

    @Option(names = "--flux", paramLabel = "FILE", description = "Flux topology file. Default: storm-conf/crawler.flux.yaml.")
    Path fluxFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (maxPages < 0) {
            // -1 used to mean "no limit" silently (as 0 does): a negative count is a mistake, say so
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-pages must be 0 (the topic's limit, "
                    + "or none) or a positive number of pages, got " + maxPages);
        }
        Topic topic = TopicLoader.load(topicFile);
        Duration time = maxTime != null ? parseMaxTime() : topic.limits().maxTime();
        long pages = maxPages > 0 ? maxPages : topic.limits().maxPages();
        Map<String, Object> conf = CrawlConf.load(confFile);
        run(out, topic, topicFile, crawlName, conf, pages, time, fluxFile, false);
        return 0;
    }

    /**
     * Runs a crawl to its end and prints its progress and summary; shared with {@code topicstorm demo}.
     *
     * @param fresh delete the crawl's indices first (start from nothing instead of resuming)
     */
    static CrawlRunner.Summary run(PrintWriter out, Topic topic, Path topicFile, String crawlName,
                                   Map<String, Object> conf, long pages, Duration time, Path fluxFile, boolean fresh)
            throws Exception {
        CrawlIndices indices = new CrawlIndices(crawlName == null ? topic.name() : crawlName);
        conf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
        conf.put(TopicStormConfig.TOPIC_FILE, topicFile.toAbsolutePath().toString());
        conf.put(TopicStormConfig.TOPIC_YAML, java.nio.file.Files.readString(topicFile));
        validate(conf, topic);

        EsSettings es = connect(out, conf);
        if (fresh) {
            try (ElasticsearchClient client = EsClients.create(es)) {
                indices.delete(client);
            }
        }

        CrawlTopology topology = CrawlTopology.load(fluxFile);
        boolean console = System.console() != null;
        CrawlRunner runner = new CrawlRunner(line -> {
            out.print(console ? "\r" + line + "   " : line + System.lineSeparator());
            out.flush();
        });
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            runner.stop();
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "crawl-shutdown");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        println(out, "Crawl '" + indices.crawl() + "' of topic '" + topic.name() + "': " + topic.seeds().size()
                + " seeds, strategy " + topic.strategy() + ", focus " + topic.focus() + ", threshold "
                + topic.threshold() + (pages > 0 ? ", max " + pages + " pages" : "")
                + (time != null ? ", max " + time.toSeconds() + " s" : ""));
        CrawlRunner.Summary summary;
        try {
            summary = runner.run(new CrawlRunner.Request(topic, indices, conf, topology, pages, time));
        } finally {
            finished.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
        } catch (IllegalStateException e) {
            // already shutting down (Ctrl-C): the hook is running
        }
        if (console) {
            out.println();
        }
        printSummary(out, indices, summary);
        return summary;
    }

    /**
     * The Elasticsearch to use: the configured one, or else the embedded local node, started if it is not running
     * (its address is then put into {@code conf}).
     */
    static EsSettings connect(PrintWriter out, Map<String, Object> conf) throws Exception {
        EsSettings es = EsSettings.fromConf(conf);
        if (es.useLocalNode()) {
            URI url = LocalElasticsearch.builder().progress(line -> println(out, line)).build().start();
            conf.put(EsSettings.ADDRESSES, List.of(url.toString()));
            es = es.withAddresses(List.of(url));
            println(out, "Elasticsearch: local node at " + url + " (it keeps running; `topicstorm es stop` stops it)");
        } else {
            println(out, "Elasticsearch: " + es);
        }
        return es;
    }

    private Duration parseMaxTime() {
        try {
            return Durations.parse(maxTime);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-time " + e.getMessage());
        }
    }

    /** Checks every bolt's configuration before the topology starts: a bad value in a worker would kill it. */
    private static void validate(Map<String, Object> conf, Topic topic) {
        FrontierConfig.fromConf(conf);
        org.topicstorm.fetch.FetchConfig.fromConf(conf);
        ParseConfig.fromConf(conf);
        UrlFilterChain.fromConf(conf);
        LinkPrioritizers.forTopic(topic, conf);
        org.topicstorm.topology.TopicStormConfig.modelSyncSecs(conf);
        org.topicstorm.topology.TopicStormConfig.linkLearnMs(conf);
        if (topic.relevance().uses(org.topicstorm.topic.RelevanceSettings.Model.WORD2VEC)) {
            // Loads (and caches) the vectors: a bad file fails here, with its name, not in a worker.
            org.topicstorm.relevance.Word2VecModel.embeddings(topic.relevance().word2vec().vectors());
        }
    }

    private static void printSummary(PrintWriter out, CrawlIndices indices, CrawlRunner.Summary s) {
        CrawlStats.Counts c = s.counts();
        out.printf("Stopped: %s after %d s; %d pages fetched in this run.%n", describe(s.reason()),
                s.elapsed().toSeconds(), s.fetchedThisRun());
        out.printf("Crawl '%s' so far: %d fetched, %d relevant (harvest rate %.1f%%), %d waiting, %d errors, "
                        + "%d redirects.%n", indices.crawl(), c.fetched(), c.relevant(), 100 * c.harvestRate(),
                c.get(org.topicstorm.frontier.CrawlState.WAITING), c.get(org.topicstorm.frontier.CrawlState.EXCEPTION),
                c.get(org.topicstorm.frontier.CrawlState.REDIRECTED));
        out.printf("Relevant pages: index %s; `topicstorm stats --crawl %s` lists the best ones.%n",
                indices.content(), indices.crawl());
        out.flush();
    }

    private static String describe(CrawlRunner.StopReason r) {
        return switch (r) {
            case MAX_PAGES -> "page limit reached";
            case MAX_TIME -> "time limit reached";
            case FRONTIER_EXHAUSTED -> "nothing left to fetch";
            case STOPPED -> "interrupted";
        };
    }

    private static void println(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
