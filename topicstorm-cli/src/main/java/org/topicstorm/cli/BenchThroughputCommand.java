package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.topicstorm.bench.BenchNode;
import org.topicstorm.bench.FetchParseLoop;
import org.topicstorm.bench.Machine;
import org.topicstorm.bench.ThroughputBench;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusCatalog;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.topic.Durations;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code topicstorm bench throughput}: the whole topology against a bare fetch+parse loop on real corpora. */
@Command(name = "throughput", mixinStandardHelpOptions = true,
        description = "Pages/s of a whole local crawl (real topology, real Elasticsearch, no politeness delay) of "
                + "served corpora, against a bare fetch+parse loop (HTTP client + jsoup, no Storm, no Elasticsearch) "
                + "over the same pages in the same run.")
final class BenchThroughputCommand implements Callable<Integer> {


    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "CORPUS", arity = "0..*",
            description = "Corpora to serve (one host each; fetched if needed). Default: the three known ones.")
    List<String> corpora = new ArrayList<>();

    @Option(names = "--max-pages", paramLabel = "N", description = "Stop the crawl after N pages. Default: ${DEFAULT-VALUE}.")
    long maxPages = 3000;

    @Option(names = "--max-time", paramLabel = "DURATION",
            description = "Stop the crawl after this long (e.g. 90s, 3m). Default: ${DEFAULT-VALUE}.")
    String maxTime = "90s";

    @Option(names = "--bare-threads", paramLabel = "N", split = ",",
            description = "Threads of the bare loop, one run per value. Default: one per host (the topology fetches "
                    + "one page per host at a time by default), then 20 (fetcher.threads.number).")
    List<Integer> bareThreads = new ArrayList<>();

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A configuration key on top of the defaults (repeatable; the value is read as YAML).")
    Map<String, String> set = new LinkedHashMap<>();

    @Option(names = "--es-url", paramLabel = "URL",
            description = "Use this Elasticsearch node (its indices " + ThroughputBench.CRAWL + "-* are deleted and "
                    + "recreated) instead of a throwaway local one.")
    URI esUrl;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        if (maxPages < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-pages must be at least 1, got "
                    + maxPages);
        }
        // checked like a configuration file's keys: an unknown key or a wrong-typed value fails here, naming --set
        Map<String, Object> overrides = org.topicstorm.topology.CrawlConf.overrides(set);
        Duration time;
        try {
            time = Durations.parse(maxTime);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-time " + e.getMessage());
        }
        CorpusCatalog catalog = CorpusCatalog.openDefault();
        List<Corpus> served = new ArrayList<>();
        for (String name : corpora.isEmpty() ? CorpusCatalog.knownNames() : corpora) {
            served.add(catalog.get(name, print));
        }
        List<Integer> threads = bareThreads.isEmpty() ? List.of(served.size(), 20) : bareThreads;
        // Storm's LocalCluster logs at INFO to the console: keep the report readable.
        Configurator.setRootLevel(Level.WARN);
        print.accept("machine: " + Machine.describe());
        Path work = Files.createTempDirectory("topicstorm-bench-throughput");
        try (BenchNode node = BenchNode.start(esUrl, print);
             ElasticsearchClient es = EsClients.create(EsSettings.of(node.url()))) {
            print.accept("Elasticsearch: " + node.describe());
            new CrawlIndices(ThroughputBench.CRAWL).delete(es);
            ThroughputBench.Result r = new ThroughputBench(
                    new ThroughputBench.Options(maxPages, time, threads, overrides), print).run(served, node.url(), work);
            print.accept(String.format(Locale.ROOT, "topology: stopped (%s) after %d s; %,d pages served; "
                            + "%.1f pages/s from first to last fetch; steady state: %s", r.summary().reason(),
                    r.summary().elapsed().toSeconds(), r.topologyPages(), r.topologyOverall(), r.topologySteady()));
            for (FetchParseLoop.Result b : r.bare()) {
                print.accept(String.format(Locale.ROOT, "ratio topology / bare loop on %d threads: %.3f "
                                + "(%.1f vs %.1f pages/s; topology steady state %.1f pages/s)", b.threads(),
                        r.topologyOverall() / Math.max(1e-9, b.pagesPerSecond()), r.topologyOverall(),
                        b.pagesPerSecond(), r.topologySteady().mean()));
            }
            print.accept("machine after the run: " + Machine.describe());
        } finally {
            Files.deleteIfExists(work.resolve(ThroughputBench.CRAWL + ".yaml"));
            Files.deleteIfExists(work);
        }
        return 0;
    }
}
