package org.topicstorm.bench;

import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsSettings;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.TopicStormConfig;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The throughput benchmark: pages/s of a whole crawl (the real topology in Storm's local mode via
 * {@link CrawlRunner}, real Elasticsearch, no politeness delay) of real corpora served by a {@link CorpusServer}
 * (one loopback host each), against a bare fetch-and-parse loop ({@link FetchParseLoop}) over the same pages in the
 * same run. The ratio says what the topology's machinery (frontier in ES, tuples, relevance, status writes) costs
 * over fetching and parsing alone.
 *
 * <p>The server (in this JVM) rewrites each page on its first request in both runs (its memory of rewritten pages
 * is dropped before each run of the loop). The topology's rate is counted at the server: from its first page to
 * its last, and over its steady state (from {@link CrawlBench#RAMP_UP_SECS} after the first fetch to the last).
 */
public final class ThroughputBench {

    /** The crawl's name (its indices are bench-throughput-*). */
    public static final String CRAWL = "bench-throughput";

    /**
     * @param maxPages    the topology stops after this many pages
     * @param maxTime     ... or after this long
     * @param bareThreads thread counts the bare loop is run with, one run each
     * @param overrides   configuration keys on top of the defaults (fetcher.server.delay is 0 unless given)
     */
    public record Options(long maxPages, Duration maxTime, List<Integer> bareThreads, Map<String, Object> overrides) {
    }

    /**
     * @param topologyPages  pages the server served during the crawl
     * @param topologySteady the topology's steady-state rate
     * @param topologyOverall pages/s from the first fetch to the last
     * @param bare           the bare loop's runs over the same pages
     */
    public record Result(long topologyPages, CrawlBench.Rate topologySteady, double topologyOverall,
                         List<FetchParseLoop.Result> bare, CrawlRunner.Summary summary) {
    }

    private final Options o;
    private final Consumer<String> out;

    public ThroughputBench(Options options, Consumer<String> out) {
        this.o = options;
        this.out = out;
    }

    public Result run(List<Corpus> corpora, URI esUrl, Path workDir) throws Exception {
        try (CorpusServer server = CorpusServer.start(corpora, CorpusServer.Options.DEFAULTS)) {
            out.accept(String.format(java.util.Locale.ROOT, "served: %s (%,d pages)",
                    corpora.stream().map(c -> c.name() + " at " + server.baseUrl(c.name()))
                            .collect(Collectors.joining(", ")), server.labelledPages().size()));

            Path topicFile = workDir.resolve(CRAWL + ".yaml");
            List<String> seeds = corpora.stream().map(c -> server.baseUrl(c.name()).toString()).toList();
            // breadth-first with soft focus: the crawl goes everywhere, as a throughput test should
            Files.writeString(topicFile, """
                    name: %s
                    languages: [en]
                    keywords:
                      spreadsheet: 1.0
                      socket: 0.8
                      function: 0.5
                    seeds:
                    %s
                    threshold: 0.3
                    strategy: breadth-first
                    focus: soft
                    """.formatted(CRAWL, seeds.stream().map(s -> "  - " + s).collect(Collectors.joining("\n"))));
            Topic topic = TopicLoader.load(topicFile);
            Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
            conf.put(EsSettings.ADDRESSES, List.of(esUrl.toString()));
            conf.put(CrawlIndices.CRAWL_NAME, CRAWL);
            conf.put(TopicStormConfig.TOPIC_FILE, topicFile.toString());
            conf.put("fetcher.server.delay", 0.0);
            // the site is served on loopback, which the address guard refuses unless allowed
            conf.put(org.topicstorm.fetch.AddressGuard.ALLOW, List.of("127.0.0.0/8"));
            conf.putAll(o.overrides());
            out.accept("configuration changed from the defaults: fetcher.server.delay=" + conf.get("fetcher.server.delay")
                    + (o.overrides().isEmpty() ? "" : ", " + o.overrides()));

            server.clearServed();
            CrawlRunner runner = new CrawlRunner(line -> out.accept("  " + line));
            long crawlStart = System.currentTimeMillis();
            CrawlRunner.Summary summary = runner.run(new CrawlRunner.Request(topic, new CrawlIndices(CRAWL), conf,
                    CrawlTopology.load(null), o.maxPages(), o.maxTime()));
            List<CorpusServer.Served> served = server.served();
            long[] perSecond = perSecond(served, crawlStart);
            int first = firstNonZero(perSecond);
            int last = lastNonZero(perSecond);
            CrawlBench.Rate steady = CrawlBench.Steady.of(perSecond, first + CrawlBench.RAMP_UP_SECS, last);
            double overall = served.size() < 2 ? 0 : (served.size() - 1) * 1000.0
                    / Math.max(1, served.get(served.size() - 1).epochMillis() - served.get(0).epochMillis());

            List<String> urls = new ArrayList<>(new LinkedHashSet<>(served.stream().map(CorpusServer.Served::url)
                    .toList()));
            List<FetchParseLoop.Result> bare = new ArrayList<>();
            for (int threads : o.bareThreads()) {
                server.dropRenderedPages(); // the server rewrites each page again, as it did for the topology
                FetchParseLoop.Result r = FetchParseLoop.run(urls, threads);
                out.accept("bare fetch+parse loop: " + r);
                bare.add(r);
            }
            return new Result(served.size(), steady, overall, bare, summary);
        }
    }

    /** Pages served in each second after {@code startMillis}. */
    static long[] perSecond(List<CorpusServer.Served> served, long startMillis) {
        int seconds = served.isEmpty() ? 0
                : (int) ((served.get(served.size() - 1).epochMillis() - startMillis) / 1000) + 1;
        long[] counts = new long[Math.max(0, seconds)];
        for (CorpusServer.Served s : served) {
            int i = (int) ((s.epochMillis() - startMillis) / 1000);
            if (i >= 0 && i < counts.length) {
                counts[i]++;
            }
        }
        return counts;
    }

    private static int firstNonZero(long[] a) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] > 0) {
                return i;
            }
        }
        return -1;
    }

    private static int lastNonZero(long[] a) {
        for (int i = a.length - 1; i >= 0; i--) {
            if (a[i] > 0) {
                return i;
            }
        }
        return -1;
    }
}
