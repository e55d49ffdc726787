package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.topicstorm.bench.BenchNode;
import org.topicstorm.bench.CrawlBench;
import org.topicstorm.bench.Machine;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.topic.Durations;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code topicstorm bench crawl}: pages/s of a whole local crawl of a generated site on loopback addresses. */
@Command(name = "crawl", mixinStandardHelpOptions = true,
        description = "Pages/s of a whole local crawl (real topology, real Elasticsearch) of a generated, linked "
                + "site served on 127.0.0.2..127.0.0.(H+1), without politeness delay.")
final class BenchCrawlCommand implements Callable<Integer> {


    @Spec
    CommandSpec spec;

    @Option(names = "--hosts", paramLabel = "H", description = "Hosts (one loopback address each, at most 250). "
            + "Default: ${DEFAULT-VALUE}.")
    int hosts = 20;

    @Option(names = "--pages-per-host", paramLabel = "P", description = "Pages per host. Default: ${DEFAULT-VALUE}.")
    int pagesPerHost = 500;

    @Option(names = "--latency-ms", paramLabel = "L", description = "Delay of every response. Default: ${DEFAULT-VALUE}.")
    long latencyMs;

    @Option(names = "--max-time", paramLabel = "DURATION",
            description = "Stop the crawl after this long (e.g. 90s, 3m). Default: ${DEFAULT-VALUE}.")
    String maxTime = "3m";

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A configuration key on top of the defaults (repeatable; the value is read as YAML), "
                    + "e.g. --set frontier.query.min.interval.ms=300.")
    Map<String, String> set = new LinkedHashMap<>();

    @Option(names = "--seed", description = "Random seed of the site. Default: ${DEFAULT-VALUE}.")
    long seed = 42;

    @Option(names = "--es-url", paramLabel = "URL",
            description = "Use this Elasticsearch node (its indices bench-crawl-* are deleted and recreated) "
                    + "instead of a throwaway local one.")
    URI esUrl;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        // checked like a configuration file's keys: an unknown key or a wrong-typed value fails here, naming --set
        Map<String, Object> overrides = org.topicstorm.topology.CrawlConf.overrides(set);
        CrawlBench.Options options;
        try {
            options = new CrawlBench.Options(hosts, pagesPerHost, latencyMs, Durations.parse(maxTime), seed,
                    overrides);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-time " + e.getMessage());
        }
        // Storm's LocalCluster logs at INFO to the console (storm-client's log4j2.xml): keep the report readable.
        Configurator.setRootLevel(Level.WARN);
        print.accept("machine: " + Machine.describe());
        Path work = Files.createTempDirectory("topicstorm-bench-crawl");
        try (BenchNode node = BenchNode.start(esUrl, print);
             ElasticsearchClient es = EsClients.create(EsSettings.of(node.url()))) {
            print.accept("Elasticsearch: " + node.describe());
            new CrawlIndices("bench-crawl").delete(es);
            CrawlBench.Result r = new CrawlBench(options, print).run(node.url(), work);
            print.accept(String.format(Locale.ROOT, "stopped: %s after %d s; %,d pages fetched (site count)",
                    r.summary().reason(), r.summary().elapsed().toSeconds(), r.fetched()));
            print.accept("first fetch " + r.firstFetchSecond() + " s after the start (seed injection, topology "
                    + "start-up); last fetch at " + r.lastFetchSecond() + " s");
            print.accept("steady state (from " + CrawlBench.RAMP_UP_SECS + " s after the first fetch): " + r.steadyState());
            print.accept("CPU in the steady state: " + r.steadyStateCpu());
            print.accept("pages fetched per second: " + timeline(r.perSecond(), r.lastFetchSecond()));
        } finally {
            Files.deleteIfExists(work.resolve("bench-crawl.yaml"));
            Files.deleteIfExists(work);
        }
        return 0;
    }

    private static String timeline(long[] perSecond, int last) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i <= last && i < perSecond.length; i++) {
            sb.append(i % 10 == 0 ? (i == 0 ? "" : " | ") + i + "s: " : " ").append(perSecond[i]);
        }
        return sb.toString();
    }
}
