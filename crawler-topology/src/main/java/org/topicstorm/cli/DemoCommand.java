package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.site.DemoSite;
import org.topicstorm.site.SiteServer;
import org.topicstorm.topic.Topic;
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
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code topicstorm demo}: a first focused crawl that works offline. Serves a small site on 127.0.0.1, crawls it
 * for "renewable energy" with the embedded Elasticsearch node, and shows what was found and where to look.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Crawl a small demo site served on 127.0.0.1 for the topic 'renewable energy', with the "
                + "local Elasticsearch node; works offline. Starts from nothing each time.")
final class DemoCommand implements Callable<Integer> {

    static final String CRAWL = "demo";

    @Spec
    CommandSpec spec;

    @Option(names = "--conf", paramLabel = "FILE", description = "Configuration file (e.g. a remote Elasticsearch).")
    Path confFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = Files.createTempDirectory("topicstorm-demo");
        try (SiteServer site = DemoSite.serve()) {
            out.println("Demo site: " + site.base() + "/ (a portal on energy, cooking and football)");
            Path topicFile = dir.resolve("demo-renewable-energy.yaml");
            Files.writeString(topicFile, "name: " + CRAWL + "\nlanguages: [en]\nkeywords:\n" + DemoSite.TOPIC_KEYWORDS
                    + "seeds:\n  - " + site.base() + "/\nthreshold: 0.3\nstrategy: best-first\nfocus: soft\n");
            Topic topic = TopicLoader.load(topicFile);
            Map<String, Object> conf = CrawlConf.load(confFile);
            // our own loopback server: a short politeness delay is enough
            conf.put("fetcher.server.delay", 0.2);
            conf.put("crawl.idle.stop.secs", 8);
            CrawlCommand.run(out, topic, topicFile, CRAWL, conf, 0, Duration.ofMinutes(5), null, true);
            showResults(out, conf);
        } finally {
            Files.deleteIfExists(dir.resolve("demo-renewable-energy.yaml"));
            Files.deleteIfExists(dir);
        }
        return 0;
    }

    private static void showResults(PrintWriter out, Map<String, Object> conf) throws Exception {
        CrawlIndices indices = new CrawlIndices(CRAWL);
        EsSettings es = EsSettings.fromConf(conf);
        try (ElasticsearchClient client = EsClients.create(es)) {
            out.println();
            out.println("Most relevant pages found:");
            for (CrawlStats.TopPage p : new CrawlStats(client, indices).topRelevant(5)) {
                out.printf("  %.3f  %s%n", p.relevance(), p.title());
            }
        }
        String url = es.addresses().get(0).toString().replaceAll("/$", "");
        out.println();
        out.println("Look at them:");
        out.println("  bin/topicstorm stats --crawl " + CRAWL);
        out.println("  curl '" + url + "/" + indices.content() + "/_search?q=text:wind&pretty'");
        out.println("Kibana: point it at " + url + " and add a data view for " + indices.content()
                + " (time field: fetched).");
        out.flush();
    }
}
