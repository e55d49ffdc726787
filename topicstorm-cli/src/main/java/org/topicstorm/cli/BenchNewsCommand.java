package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;
import org.topicstorm.bench.BenchNode;
import org.topicstorm.bench.Machine;
import org.topicstorm.bench.NewsBench;
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
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

/** {@code topicstorm bench news}: how soon a continuous crawl finds what a news site publishes while it runs. */
@Command(name = "news", mixinStandardHelpOptions = true,
        description = {"A continuous crawl (real topology, real Elasticsearch) of a loopback news site of H hosts "
                + "that publishes articles at a known rate while it runs: the share of new on-topic articles found, "
                + "publication to first fetch (p50, p95), and revisit fetches per article found."})
final class BenchNewsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--hosts", paramLabel = "H", description = "News hosts (127.0.0.2 on). Default: ${DEFAULT-VALUE}.")
    int hosts = 50;

    @Option(names = "--rate", paramLabel = "N", description = "Articles published per second, over all hosts. "
            + "Default: ${DEFAULT-VALUE}.")
    double rate = 1.0;

    @Option(names = "--publish-for", paramLabel = "DURATION", description = "How long articles are published. "
            + "Default: ${DEFAULT-VALUE}.")
    String publishFor = "3m";

    @Option(names = "--warm-up", paramLabel = "DURATION", description = "From the crawl's start to the first new "
            + "article. Default: ${DEFAULT-VALUE}.")
    String warmUp = "30s";

    @Option(names = "--tail", paramLabel = "DURATION", description = "How long the crawl goes on after the last "
            + "article. Default: ${DEFAULT-VALUE}.")
    String tail = "1m";

    @Option(names = "--on-topic", paramLabel = "SHARE", description = "Share of articles on the topic. "
            + "Default: ${DEFAULT-VALUE}.")
    double onTopic = 0.5;

    @Option(names = "--initial", paramLabel = "N", description = "Articles per host before the crawl starts. "
            + "Default: ${DEFAULT-VALUE}.")
    int initial = 10;

    @Option(names = "--revisit", paramLabel = "YAML", description = "The topic's revisit settings. "
            + "Default: ${DEFAULT-VALUE}.")
    String revisit = "{hubs: 1m, relevant: 1h, min: 10s, max: 1h}";

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "A configuration key on top of the defaults (repeatable; the value is read as YAML).")
    Map<String, String> set = new LinkedHashMap<>();

    @Option(names = "--seed", description = "Random seed of the site. Default: ${DEFAULT-VALUE}.")
    long seed = 42;

    @Option(names = "--es-url", paramLabel = "URL",
            description = "Use this Elasticsearch node (its indices bench-news-* are deleted and recreated) "
                    + "instead of a throwaway local one.")
    URI esUrl;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Consumer<String> print = line -> {
            out.println(line);
            out.flush();
        };
        Map<String, Object> overrides = org.topicstorm.topology.CrawlConf.overrides(set);
        if (!(rate > 0) || rate > 1000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--rate must be in (0, 1000], got " + rate);
        }
        NewsBench.Options options = new NewsBench.Options(hosts, rate, duration("--warm-up", warmUp),
                duration("--publish-for", publishFor), duration("--tail", tail), onTopic, initial, revisit, seed,
                overrides);
        Configurator.setRootLevel(Level.WARN);
        print.accept("machine: " + Machine.describe());
        Path work = Files.createTempDirectory("topicstorm-bench-news");
        try (BenchNode node = BenchNode.start(esUrl, print);
             ElasticsearchClient es = EsClients.create(EsSettings.of(node.url()))) {
            print.accept("Elasticsearch: " + node.describe());
            new CrawlIndices("bench-news").delete(es);
            NewsBench.report(new NewsBench(options, print).run(node.url(), work)).forEach(print);
        } finally {
            Files.deleteIfExists(work.resolve("bench-news.yaml"));
            Files.deleteIfExists(work);
        }
        return 0;
    }

    private Duration duration(String option, String value) {
        try {
            return Durations.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + e.getMessage());
        }
    }
}
