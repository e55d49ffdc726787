package org.topicstorm.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.TopicStormConfig;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.EsClients;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The crawl benchmark: a whole crawl (the real topology in Storm's local mode via {@link CrawlRunner}, real
 * Elasticsearch) of a {@link SyntheticSite} with no politeness delay, measured at the site: page requests per
 * second, from the first fetch (topology start-up excluded) to the last.
 */
public final class CrawlBench {

    /** Seconds after the first fetch that count as ramp-up, not steady state. */
    public static final int RAMP_UP_SECS = 5;

    /**
     * @param overrides configuration keys set on top of the defaults (fetcher.server.delay is 0 unless given)
     */
    public record Options(int hosts, int pagesPerHost, long latencyMillis, Duration maxTime, long seed,
                          Map<String, Object> overrides) {
    }

    /**
     * What the site saw: {@code perSecond[i]} = pages fetched in second i after the crawl started; and CPU time
     * used up to the end of each second (milliseconds; -1 where not sampled) by Elasticsearch and by this JVM (the
     * topology and the site).
     */
    public record Result(long fetched, long[] perSecond, long[] esCpuMs, long[] jvmCpuMs,
                         CrawlRunner.Summary summary) {

        /** CPU used over the steady state, in cores (1.0 = one core busy all the time) and per page. */
        public String steadyStateCpu() {
            int from = firstFetchSecond() + RAMP_UP_SECS - 1;
            int to = lastFetchSecond();
            if (from < 0 || to <= from || to >= esCpuMs.length || esCpuMs[from] < 0 || esCpuMs[to] < 0) {
                return "not measured";
            }
            long pages = 0;
            for (int i = from + 1; i <= to; i++) {
                pages += perSecond[i];
            }
            double seconds = to - from;
            double es = (esCpuMs[to] - esCpuMs[from]) / 1000.0;
            double jvm = (jvmCpuMs[to] - jvmCpuMs[from]) / 1000.0;
            return String.format(Locale.ROOT, "Elasticsearch %.2f cores, topology + site JVM %.2f cores; "
                    + "CPU per page %.1f ms (Elasticsearch %.1f ms)", es / seconds, jvm / seconds,
                    (es + jvm) * 1000 / Math.max(1, pages), es * 1000 / Math.max(1, pages));
        }

        /** Seconds from the crawl's start (seed injection, topology start) to its first fetch. */
        public int firstFetchSecond() {
            for (int i = 0; i < perSecond.length; i++) {
                if (perSecond[i] > 0) {
                    return i;
                }
            }
            return -1;
        }

        public int lastFetchSecond() {
            for (int i = perSecond.length - 1; i >= 0; i--) {
                if (perSecond[i] > 0) {
                    return i;
                }
            }
            return -1;
        }

        /** Pages per second from the end of the ramp-up to the last second with a fetch (both whole seconds). */
        public Rate steadyState() {
            return Steady.of(perSecond, firstFetchSecond() + RAMP_UP_SECS, lastFetchSecond());
        }
    }

    private final Options o;
    private final Consumer<String> out;

    public CrawlBench(Options options, Consumer<String> out) {
        this.o = options;
        this.out = out;
    }

    public Result run(URI esUrl, Path workDir) throws Exception {
        try (SyntheticSite site = new SyntheticSite(o.hosts(), o.pagesPerHost(), o.latencyMillis(), o.seed())) {
            site.start();
            out.accept("site: " + site);
            Path topicFile = workDir.resolve("bench-crawl.yaml");
            Files.writeString(topicFile, """
                    name: bench-crawl
                    languages: [en]
                    keywords:
                      solar: 1.0
                      photovoltaic: 0.8
                      energy: 0.5
                    seeds:
                    %s
                    threshold: 0.3
                    strategy: best-first
                    focus: soft
                    """.formatted(site.seeds().stream().map(s -> "  - " + s).collect(Collectors.joining("\n"))));
            Topic topic = TopicLoader.load(topicFile);
            CrawlIndices indices = new CrawlIndices("bench-crawl");
            Map<String, Object> conf = benchConf(esUrl, indices, topicFile);
            conf.put("fetcher.server.delay", 0.0);
            conf.putAll(o.overrides());
            out.accept("configuration changed from the defaults: fetcher.server.delay=" + conf.get("fetcher.server.delay")
                    + (o.overrides().isEmpty() ? "" : ", " + o.overrides()));

            CrawlRunner runner = new CrawlRunner(line -> out.accept("  " + line));
            long start = System.currentTimeMillis();
            int offset = (int) ((start - site.startMillis()) / 1000);
            int maxSeconds = (int) o.maxTime().toSeconds() + 120;
            long[] esCpu = new long[maxSeconds];
            long[] jvmCpu = new long[maxSeconds];
            java.util.Arrays.fill(esCpu, -1);
            java.util.Arrays.fill(jvmCpu, -1);
            CrawlRunner.Summary summary;
            ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
            try (ElasticsearchClient es = EsClients.create(EsSettings.of(esUrl))) {
                // at the end of each second of the crawl (seconds counted from its start, as perSecond)
                sampler.scheduleAtFixedRate(() -> {
                    int second = (int) Math.round((System.currentTimeMillis() - start) / 1000.0) - 1;
                    if (second >= 0 && second < maxSeconds) {
                        try {
                            esCpu[second] = CpuTime.elasticsearchMillis(es);
                            jvmCpu[second] = CpuTime.thisProcessMillis();
                        } catch (IOException | RuntimeException e) {
                            // a missed sample only leaves a gap
                        }
                    }
                }, 1000, 1000, TimeUnit.MILLISECONDS);
                summary = runner.run(new CrawlRunner.Request(topic, indices, conf, CrawlTopology.load(null),
                        site.pages(), o.maxTime()));
            } finally {
                sampler.shutdownNow();
            }
            int seconds = (int) ((System.currentTimeMillis() - site.startMillis()) / 1000) + 1;
            long[] all = site.requestsPerSecond(seconds);
            long[] perSecond = java.util.Arrays.copyOfRange(all, Math.min(offset, all.length), all.length);
            return new Result(site.requests(), perSecond, esCpu, jvmCpu, summary);
        }
    }

    /**
     * The defaults with what a benchmark crawl of a loopback site needs: the Elasticsearch node, the crawl's name,
     * its topic file, and the loopback network let through the address guard (which refuses it otherwise).
     */
    static Map<String, Object> benchConf(URI esUrl, CrawlIndices indices, Path topicFile) throws IOException {
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put(EsSettings.ADDRESSES, List.of(esUrl.toString()));
        conf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
        conf.put(TopicStormConfig.TOPIC_FILE, topicFile.toString());
        conf.put(org.topicstorm.fetch.AddressGuard.ALLOW, List.of("127.0.0.0/8"));
        return conf;
    }

    /** Pages per second over a window of whole seconds, and the seconds in it when nothing was fetched. */
    public record Rate(int seconds, long pages, double mean, double median, int idleSeconds, int longestIdleRun) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%.1f pages/s (mean over %d s; median second %.0f), %d seconds with "
                    + "no fetch, longest run of them %d s", mean, seconds, median, idleSeconds, longestIdleRun);
        }
    }

    static final class Steady {
        private Steady() {
        }

        /** The rate over seconds from..to inclusive (an empty window gives zeros). */
        static Rate of(long[] perSecond, int from, int to) {
            if (from < 0 || to < from || to >= perSecond.length) {
                return new Rate(0, 0, 0, 0, 0, 0);
            }
            int n = to - from + 1;
            long pages = 0;
            int idle = 0;
            int run = 0;
            int longest = 0;
            long[] window = new long[n];
            for (int i = from; i <= to; i++) {
                pages += perSecond[i];
                window[i - from] = perSecond[i];
                if (perSecond[i] == 0) {
                    idle++;
                    longest = Math.max(longest, ++run);
                } else {
                    run = 0;
                }
            }
            java.util.Arrays.sort(window);
            double median = n % 2 == 1 ? window[n / 2] : (window[n / 2 - 1] + window[n / 2]) / 2.0;
            return new Rate(n, pages, (double) pages / n, median, idle, longest);
        }
    }
}
