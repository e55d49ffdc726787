package org.topicstorm.cluster;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.topicstorm.crawl.SeedInjector;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.LinkPrioritizer;
import org.topicstorm.priority.LinkPrioritizers;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.ModelBootstrap;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.TopicStormConfig;

import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts a crawl on a Storm cluster: checks the configuration, sets up the crawl's indices, injects the seeds (as
 * {@code topicstorm crawl} does), then submits the topology of storm-conf/crawler-cluster.flux.yaml with its jar.
 * The crawl then runs until it is killed ({@link StormClient#kill}); everything it knows is in ES, so submitting
 * it again resumes it.
 */
public final class CrawlSubmission {

    /**
     * What to submit.
     *
     * @param topic       the parsed topic
     * @param topicFile   its file (its text travels in the topology's configuration)
     * @param topicYaml   the file's text
     * @param crawlName   the crawl's name (prefix of its indices), or null for the topic's name
     * @param conf        the merged crawl configuration (defaults and the user's file); with es.addresses set
     * @param confSource  where conf came from, for messages
     * @param fluxFile    a Flux file, or null for crawler-cluster.flux.yaml on the classpath
     * @param workers     worker JVMs, or 0 to keep topology.workers from the configuration
     * @param jar         the topology jar (topology-jar/target/topicstorm-topology-VERSION.jar)
     */
    public record Request(Topic topic, Path topicFile, String topicYaml, String crawlName, Map<String, Object> conf,
                          String confSource, Path fluxFile, int workers, Path jar) {
    }

    /** What was submitted. */
    public record Result(String topologyName, CrawlIndices indices, int workers, List<String> seedsInjected,
                         List<String> seedsRejected) {
    }

    private final Consumer<String> progress;

    public CrawlSubmission(Consumer<String> progress) {
        this.progress = progress;
    }

    /** The topology's name on the cluster: the Flux file's name and the crawl's, e.g. topicstorm-energy. */
    public static String topologyName(CrawlTopology topology, String crawl) {
        return topology.name() + "-" + crawl;
    }

    /**
     * Everything that can be checked before touching ES or the cluster: the bolts' settings, the cluster-mode keys,
     * the Flux file and its placeholders, the jar. Returns the loaded topology and the final configuration.
     */
    public Prepared prepare(Request request) throws Exception {
        Map<String, Object> conf = new HashMap<>(request.conf());
        CrawlIndices indices = new CrawlIndices(request.crawlName() == null ? request.topic().name()
                : request.crawlName());
        conf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
        conf.put(TopicStormConfig.TOPIC_FILE, request.topicFile().toAbsolutePath().toString());
        conf.put(TopicStormConfig.TOPIC_YAML, request.topicYaml());
        if (request.workers() > 0) {
            conf.put(Config.TOPOLOGY_WORKERS, request.workers());
        }
        // The same checks each bolt makes when it starts: on a cluster a failure there only restarts the worker.
        org.topicstorm.topology.CrawlConf.checkTypes(conf, request.confSource());
        FrontierConfig.fromConf(conf);
        org.topicstorm.frontier.PatternBudget.fromConf(conf);
        org.topicstorm.fetch.FetchConfig.fromConf(conf);
        ParseConfig.fromConf(conf);
        UrlFilterChain.fromConf(conf);
        LinkPrioritizers.forTopic(request.topic(), conf);
        ClusterConfig.validate(conf, request.confSource());
        EsSettings es = EsSettings.fromConf(conf);
        if (es.useLocalNode()) {
            throw new IllegalArgumentException(request.confSource() + ": " + EsSettings.ADDRESSES
                    + " is empty: a crawl on a cluster needs an Elasticsearch its workers can reach (--es-url URL)");
        }
        if (!java.nio.file.Files.isRegularFile(request.jar())) {
            throw new IllegalArgumentException("topology jar " + request.jar() + " does not exist: build it with "
                    + "`mvn -B -DskipTests package -pl topology-jar -am` (bin/topicstorm submit does)");
        }
        CrawlTopology topology = CrawlTopology.load(request.fluxFile(), CrawlTopology.CLUSTER_FLUX, conf);
        return new Prepared(topology, conf, indices, es);
    }

    /** A checked submission. */
    public record Prepared(CrawlTopology topology, Map<String, Object> conf, CrawlIndices indices, EsSettings es) {
        public String topologyName() {
            return CrawlSubmission.topologyName(topology, indices.crawl());
        }
    }

    /** Checks, sets up the indices, injects the seeds and submits. */
    public Result submit(StormClient client, Request request) throws Exception {
        Prepared prepared = prepare(request);
        String name = prepared.topologyName();
        List<String> running = client.topologyNames();
        if (running.contains(name)) {
            throw new IllegalStateException("Topology " + name + " is already running on " + client.target().describe()
                    + ": `topicstorm kill --crawl " + prepared.indices().crawl() + "` stops it");
        }
        Map<String, Object> conf = prepared.conf();
        SeedInjector.Result seeds;
        try (ElasticsearchClient es = EsClients.create(prepared.es())) {
            prepared.indices().ensure(es, prepared.topology().spoutParallelism(), CrawlIndices.replicas(conf));
            // as for a local crawl: the adaptive models' states (from the seed pages) and the learning states
            // (page classifier, self-tuned threshold) exist before any worker's relevance task looks for them
            ModelBootstrap.ensure(request.topic(), new EsModelStateStore(es, prepared.indices().model()),
                    ParseConfig.fromConf(conf));
            FrontierConfig frontier = FrontierConfig.fromConf(conf);
            StatusWriter writer = new StatusWriter(es, prepared.indices().status(),
                    frontier.recordLinks() ? prepared.indices().links() : null, new StatusMerge(frontier.schedule()),
                    Clock.systemUTC());
            seeds = new SeedInjector(writer, UrlFilterChain.fromConf(conf),
                    org.topicstorm.fetch.AddressGuard.fromConf(conf), LinkPrioritizer.SEED_PRIORITY)
                    .inject(org.topicstorm.search.SearchSources.startUrls(request.topic()));
        }
        progress.accept("Indices of crawl '" + prepared.indices().crawl() + "' ready; " + seeds.injected().size()
                + " seeds injected" + (seeds.rejected().isEmpty() ? "" : ", rejected by the URL filters: "
                + seeds.rejected()) + (seeds.refused().isEmpty() ? "" : ", refused by the address guard ("
                + org.topicstorm.fetch.AddressGuard.ALLOW + " lets networks through): " + seeds.refused()));
        Config config = prepared.topology().config(conf);
        StormTopology topology = prepared.topology().build(config);
        int workers = ClusterConfig.positiveInt(config, Config.TOPOLOGY_WORKERS, request.confSource());
        progress.accept("Submitting topology " + name + " (" + workers + " worker" + (workers == 1 ? "" : "s")
                + ") to " + client.target().describe());
        client.submit(name, config, topology, request.jar(), progress);
        return new Result(name, prepared.indices(), workers, seeds.injected(), seeds.rejected());
    }
}
