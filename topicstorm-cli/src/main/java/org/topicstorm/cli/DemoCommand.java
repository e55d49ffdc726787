package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.eval.EvalRunner;
import org.topicstorm.eval.EvalTopic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code topicstorm demo}: the first thing to run. Fetches the English LibreOffice help (a real documentation site
 * from a Debian package) if it is not cached yet, serves it on 127.0.0.x, crawls it for "LibreOffice Calc" with
 * the embedded Elasticsearch node with the default link strategy, then best-first and breadth-first as baselines, and
 * shows how much of what each fetched is on topic by the site's own labels (harvest rate), a chart, and where to look
 * at the pages found.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A focused crawl of real pages served on 127.0.0.x (the LibreOffice help, fetched once from its "
                + "Debian package) for the topic 'LibreOffice Calc', the default link strategy against best-first and "
                + "breadth-first, with the local "
                + "Elasticsearch node; ends with the harvest-rate table and chart. Starts from nothing each time.")
final class DemoCommand implements Callable<Integer> {

    /** False positives and negatives shown per strategy. */
    static final int DEMO_ERRORS = 5;


    /** The demo's crawls are CRAWL-STRATEGY (CRAWL-learned, CRAWL-best-first, CRAWL-breadth-first). */
    static final String CRAWL = "demo";
    static final String TOPIC = "seeds/eval/lo-calc-en.yaml";

    @Spec
    CommandSpec spec;

    @Option(names = "--topic", paramLabel = "FILE", description = "Labelled topic to crawl. Default: " + TOPIC + ".")
    Path topicFile;

    @Option(names = "--pages", paramLabel = "N", description = "Pages to fetch per strategy. Default: 300.")
    int pages = 300;

    @Option(names = "--conf", paramLabel = "FILE", description = "Configuration file (e.g. a remote Elasticsearch).")
    Path confFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (pages < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--pages must be at least 1, got "
                    + pages);
        }
        Path file = topicFile != null ? topicFile : findInProject(TOPIC);
        EvalTopic topic = EvalTopic.load(file);
        List<String> strategies = List.copyOf(new java.util.LinkedHashSet<>(List.of(
                TopicLoader.strategyName(TopicLoader.DEFAULT_STRATEGY), "best-first", "breadth-first")));
        out.println("Demo: a focused crawl for '" + topic.name() + "' (" + file + ") on "
                + String.join(", ", topic.corpora()) + ", served on 127.0.0.x; " + String.join(", then ", strategies)
                + " from the same seeds, " + pages + " pages each.");
        out.flush();
        Map<String, Object> conf = CrawlConf.load(confFile);
        EvalRunner.Options options = new EvalRunner.Options(strategies, pages, Duration.ofMinutes(5), null, true,
                CRAWL);
        List<Integer> points = new ArrayList<>(List.of(100, pages));
        Path dir = EvalCommand.defaultOutDir(CRAWL);
        // three strategies: the five most confident mistakes of each are enough for a first look (the files have ten)
        EvalCommand.evaluate(out, topic, conf, options, points, 0, dir, DEMO_ERRORS);
        showResults(out, conf, new CrawlIndices(CRAWL + "-" + strategies.get(0)), strategies);
        return 0;
    }

    private static void showResults(PrintWriter out, Map<String, Object> conf, CrawlIndices indices,
                                    List<String> strategies) throws Exception {
        EsSettings es = EsSettings.fromConf(conf);
        try (ElasticsearchClient client = EsClients.create(es)) {
            out.println();
            out.println("Most relevant pages of the " + strategies.get(0) + " crawl (by the crawler's own score):");
            for (CrawlStats.TopPage p : new CrawlStats(client, indices).topRelevant(5)) {
                out.printf("  %.3f  %s%n", p.relevance(), p.title());
            }
        }
        String url = es.addresses().get(0).toString().replaceAll("/$", "");
        out.println();
        out.println("Look at the pages it indexed:");
        out.println("  bin/topicstorm stats --crawl " + indices.crawl());
        out.println("  curl '" + url + "/" + indices.content() + "/_search?q=text:pivot&pretty'");
        out.println("Tell it which pages are relevant (it learns from them: README.md, Judging pages):");
        out.println("  bin/topicstorm judge --crawl " + indices.crawl());
        out.println("Kibana: point it at " + url + " and import es-conf/kibana/topicstorm.ndjson (the dashboard "
                + "\"TopicStorm: crawl\", a saved search of the relevant pages, data views for the pages, the "
                + "frontier, the crawl metrics and the judgements), or add a data view for " + indices.content()
                + " (time field: fetched).");
        out.println("The crawls' indices stay (" + strategies.stream().map(x -> CRAWL + "-" + x + "-*")
                .collect(java.util.stream.Collectors.joining(", ")) + "); `bin/topicstorm es stop` stops the node.");
        out.flush();
    }

    /**
     * A file of the project (e.g. seeds/eval/x.yaml): under the working directory, or else under the project the
     * classes were built in (bin/topicstorm runs them from crawler-topology/target/classes).
     */
    static Path findInProject(String relative) {
        Path here = Path.of(relative);
        if (Files.isRegularFile(here)) {
            return here;
        }
        try {
            Path classes = Path.of(DemoCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path dir = classes; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve(relative);
                if (Files.isRegularFile(candidate)) {
                    return candidate;
                }
            }
        } catch (Exception e) {
            // no code location (unusual class loader): fall through to the error below
        }
        throw new IllegalArgumentException(relative + " not found (run from the project directory, or give --topic)");
    }
}
