package org.topicstorm.cli;

import org.topicstorm.cluster.CrawlSubmission;
import org.topicstorm.cluster.StormClient;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.LocalElasticsearch;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code topicstorm submit}: starts a crawl on a Storm cluster. It runs until {@code topicstorm kill}; submitting the
 * same crawl again later resumes it from ES.
 */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Crawl a topic on a Storm cluster: check the configuration, set up the crawl's indices, inject "
                + "its seeds and submit the topology (storm-conf/crawler-cluster.flux.yaml) with its jar. The crawl "
                + "runs until `topicstorm kill`; `topicstorm stats` shows its progress.")
final class SubmitCommand implements Callable<Integer> {

    /** The topology jar when --jar is not given: the container image's entrypoint sets it. */
    static final String TOPOLOGY_JAR_PROPERTY = "topicstorm.topology.jar";

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterTargetOptions cluster;

    @Option(names = "--topic", required = true, paramLabel = "FILE", description = "Topic file (see seeds/README.md).")
    Path topicFile;

    @Option(names = "--crawl", paramLabel = "NAME",
            description = "Crawl name, prefix of its Elasticsearch indices. Default: the topic's name.")
    String crawlName;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "Configuration file overriding storm-conf/topicstorm-default.yaml.")
    Path confFile;

    @Option(names = "--es-url", paramLabel = "URL",
            description = "Elasticsearch address(es) the workers use, comma-separated (overrides es.addresses). "
                    + "Credentials: see es.user, es.password.env, es.apikey.env.")
    String esUrl;

    @Option(names = "--workers", paramLabel = "N", description = "Worker JVMs (overrides topology.workers).")
    int workers;

    @Option(names = "--flux", paramLabel = "FILE",
            description = "Flux topology file. Default: storm-conf/crawler-cluster.flux.yaml.")
    Path fluxFile;

    @Option(names = "--jar", paramLabel = "FILE",
            description = "Topology jar. Default: the system property " + TOPOLOGY_JAR_PROPERTY + " (set in the "
                    + "container image), else topology-jar/target/topicstorm-topology-*.jar.")
    Path jar;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (workers < 0) {
            throw new IllegalArgumentException("--workers must be at least 1");
        }
        StormClient.Target target = cluster.resolve();
        Topic topic = TopicLoader.load(topicFile);
        Map<String, Object> conf = CrawlConf.load(confFile);
        String confSource = confFile == null ? "the defaults (storm-conf/topicstorm-default.yaml)"
                : confFile + " (over the defaults)";
        if (esUrl != null) {
            conf.put(EsSettings.ADDRESSES, esUrl);
            confSource = "--es-url and " + confSource;
        }
        EsSettings es = EsSettings.fromConf(conf);
        boolean workersHere = ClusterTargetOptions.onThisMachine(target);
        if (es.useLocalNode() && workersHere) {
            // The workers run on this machine: the embedded local node serves them as it serves `crawl`.
            URI url = LocalElasticsearch.builder().progress(line -> println(out, line)).build().start();
            conf.put(EsSettings.ADDRESSES, List.of(url.toString()));
            println(out, "Elasticsearch: local node at " + url + " (it keeps running; `topicstorm es stop` stops it)");
        } else if (!es.useLocalNode()) {
            println(out, "Elasticsearch: " + es);
            if (!workersHere && es.addresses().stream().anyMatch(SubmitCommand::isLoopback)) {
                println(out, "Warning: " + EsSettings.ADDRESSES + " names this machine's loopback address; workers on"
                        + " other machines cannot reach it");
            }
        }
        Path topologyJar = jar != null ? jar : defaultJar();
        CrawlSubmission submission = new CrawlSubmission(line -> println(out, line));
        CrawlSubmission.Result result;
        try (StormClient client = StormClient.connect(target)) {
            result = submission.submit(client, new CrawlSubmission.Request(topic, topicFile,
                    Files.readString(topicFile), crawlName, conf, confSource, fluxFile, workers, topologyJar));
        }
        String where = cluster.nimbus != null ? " --nimbus " + cluster.nimbus
                : cluster.stormConf != null ? " --storm-conf " + cluster.stormConf : "";
        println(out, "Submitted: topology " + result.topologyName() + ", crawl '" + result.indices().crawl() + "'.");
        println(out, "Progress: topicstorm stats --crawl " + result.indices().crawl()
                + (confFile == null ? "" : " --conf " + confFile)
                + "; stop it: topicstorm kill --crawl " + result.indices().crawl() + where);
        return 0;
    }

    private static Path defaultJar() {
        String configured = System.getProperty(TOPOLOGY_JAR_PROPERTY);
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return ClusterTargetOptions.installation().topologyJar().orElseThrow(() -> new IllegalArgumentException(
                "no topology jar in topology-jar/target: build it with `mvn -B -DskipTests package -pl topology-jar "
                        + "-am` (bin/topicstorm submit does) or give --jar FILE"));
    }

    private static boolean isLoopback(URI uri) {
        String host = uri.getHost();
        return host != null && (host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]"));
    }

    private static void println(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
