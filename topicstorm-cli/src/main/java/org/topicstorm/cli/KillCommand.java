package org.topicstorm.cli;

import org.topicstorm.cluster.CrawlSubmission;
import org.topicstorm.cluster.StormClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.topology.CrawlTopology;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code topicstorm kill}: stops a crawl submitted to a Storm cluster. Its state stays in ES. */
@Command(name = "kill", mixinStandardHelpOptions = true,
        description = "Stop a crawl running on a Storm cluster (submitted with `topicstorm submit`). Nothing is lost: "
                + "submitting it again resumes it from Elasticsearch.")
final class KillCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterTargetOptions cluster;

    @Option(names = "--crawl", required = true, paramLabel = "NAME", description = "Crawl name.")
    String crawlName;

    @Option(names = "--wait", paramLabel = "SECONDS",
            description = "Seconds between stopping the spout and stopping the workers, for the last writes. "
                    + "Default: ${DEFAULT-VALUE}.")
    int waitSecs = 5;

    @Option(names = "--flux", paramLabel = "FILE",
            description = "The Flux file the crawl was submitted with (its name prefixes the topology's).")
    Path fluxFile;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        CrawlIndices indices = new CrawlIndices(crawlName);
        CrawlTopology topology = CrawlTopology.load(fluxFile, CrawlTopology.CLUSTER_FLUX,
                org.topicstorm.topology.CrawlConf.defaults());
        String name = CrawlSubmission.topologyName(topology, indices.crawl());
        StormClient.Target target = cluster.resolve();
        try (StormClient client = StormClient.connect(target)) {
            if (!client.kill(name, Math.max(0, waitSecs))) {
                throw new IllegalStateException("No topology " + name + " runs on " + target.describe()
                        + "; running: " + client.topologyNames());
            }
        }
        out.println("Killing topology " + name + ": the spout stops now, the workers in " + Math.max(0, waitSecs)
                + " s. The crawl's state stays in Elasticsearch; `topicstorm submit` resumes it.");
        out.flush();
        return 0;
    }
}
