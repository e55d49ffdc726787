package org.topicstorm.cli;

import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.TopologySummary;
import org.topicstorm.cluster.LocalStormCluster;
import org.topicstorm.cluster.StormClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code topicstorm cluster start|stop|status}: the local multi-process Storm cluster. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = "Start, stop or inspect a local Storm cluster (ZooKeeper, Nimbus, a Supervisor and its workers "
                + "as separate JVMs, all on 127.0.0.1) for `topicstorm submit`.",
        subcommands = {ClusterCommand.Start.class, ClusterCommand.Stop.class, ClusterCommand.Status.class})
final class ClusterCommand {

    static final class HomeOption {
        @Option(names = "--home", paramLabel = "DIR",
                description = "The cluster's directory (configuration, storm.local.dir, logs). Default: ~/.topicstorm/storm.")
        Path home;

        Path home() {
            return home == null ? LocalStormCluster.defaultHome() : home;
        }
    }

    static LocalStormCluster cluster(Path home, PrintWriter progress) {
        return cluster(home, progress, LocalStormCluster.Options.defaults());
    }

    static LocalStormCluster cluster(Path home, PrintWriter progress, LocalStormCluster.Options options) {
        return new LocalStormCluster(home, ClusterTargetOptions.installation().localClusterInstall(), options, line -> {
            if (progress != null) {
                progress.println(line);
                progress.flush();
            }
        });
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start the cluster (or reuse it if it runs) and wait until its Supervisor has registered. "
                    + "It keeps running after this command ends.")
    static final class Start implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;

        @Option(names = "--worker-heap", paramLabel = "MB", description = "Heap of each worker JVM. Default: ${DEFAULT-VALUE}.")
        int workerHeapMb = LocalStormCluster.Options.defaults().workerHeapMb();

        @Option(names = "--timeout", paramLabel = "SECONDS", description = "How long to wait for the daemons. "
                + "Default: ${DEFAULT-VALUE}.")
        long timeoutSecs = LocalStormCluster.Options.defaults().startTimeout().toSeconds();

        @Override
        public Integer call() throws Exception {
            if (workerHeapMb < 128) {
                throw new IllegalArgumentException("--worker-heap must be at least 128 (MB)");
            }
            PrintWriter out = spec.commandLine().getOut();
            LocalStormCluster cluster = cluster(home.home(), spec.commandLine().getErr(),
                    new LocalStormCluster.Options(workerHeapMb, Duration.ofSeconds(timeoutSecs)));
            Path stormYaml = cluster.start();
            printStatus(cluster, out);
            out.println("Submit a crawl: topicstorm submit --topic FILE (or --storm-conf " + stormYaml + ")");
            out.flush();
            return 0;
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true,
            description = "Stop the workers, the Supervisor, Nimbus and ZooKeeper. Running crawls stop too (their "
                    + "state stays in Elasticsearch).")
    static final class Stop implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;

        @Override
        public Integer call() throws Exception {
            boolean wasRunning = cluster(home.home(), spec.commandLine().getErr()).stop();
            spec.commandLine().getOut().println(wasRunning ? "Stopped." : "The local Storm cluster was not running.");
            spec.commandLine().getOut().flush();
            return 0;
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Which daemons run, and the topologies on the cluster. Exit code 3 when it is not running: "
                    + "a daemon is missing, or Nimbus does not answer.")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;
        @Option(names = "--json", description = "Print the status as one JSON object, for scripts.")
        boolean json;

        @Override
        public Integer call() throws java.io.IOException {
            LocalStormCluster cluster = cluster(home.home(), null);
            boolean running = json ? printJson(cluster, spec.commandLine().getOut())
                    : printStatus(cluster, spec.commandLine().getOut());
            return running ? 0 : EsCommand.NOT_RUNNING;
        }
    }

    /** Asks Nimbus for the cluster's summary; throws (a RuntimeException) when it does not answer. */
    interface Nimbus {
        ClusterSummary summary(Path stormYaml);
    }

    /** Nimbus through the clients' storm.yaml. */
    static final Nimbus NIMBUS = stormYaml -> {
        try (StormClient client = StormClient.connect(StormClient.Target.fromStormYaml(stormYaml))) {
            return client.clusterSummary();
        }
    };

    static boolean printJson(LocalStormCluster cluster, PrintWriter out) throws java.io.IOException {
        return printJson(cluster.status(), cluster.home(), cluster.logsDir(), NIMBUS, out);
    }

    static boolean printStatus(LocalStormCluster cluster, PrintWriter out) {
        return printStatus(cluster.status(), cluster.home(), cluster.logsDir(), NIMBUS, out);
    }

    /**
     * The status as one JSON object: running (every daemon runs and Nimbus answers: the exit code is 0 exactly when
     * it is true), home, daemons (name: pid), missing daemons, Nimbus's port and the clients' storm.yaml, and, when
     * Nimbus answers, the Supervisors and topologies (else nimbusError, when every daemon runs but Nimbus does not
     * answer).
     *
     * @return true if the whole cluster runs and Nimbus answers
     */
    static boolean printJson(LocalStormCluster.Status status, Path home, Path logs, Nimbus nimbus, PrintWriter out)
            throws java.io.IOException {
        Map<String, Object> fields = new java.util.LinkedHashMap<>();
        fields.put("running", status.running());
        fields.put("home", home.toString());
        fields.put("daemons", status.pids());
        fields.put("missing", LocalStormCluster.DAEMON_NAMES.stream().filter(d -> !status.pids().containsKey(d)).toList());
        fields.put("nimbusPort", status.pids().isEmpty() ? null : status.nimbusPort());
        fields.put("stormYaml", status.pids().isEmpty() ? null : status.stormYaml().toString());
        fields.put("logs", logs.toString());
        boolean running = status.running();
        if (running) {
            try {
                ClusterSummary summary = nimbus.summary(status.stormYaml());
                fields.put("supervisors", summary.get_supervisors_size());
                fields.put("topologies", summary.get_topologies().stream().map(t -> {
                    Map<String, Object> topology = new java.util.LinkedHashMap<>();
                    topology.put("name", t.get_name());
                    topology.put("status", t.get_status());
                    topology.put("workers", t.get_num_workers());
                    topology.put("uptimeSecs", t.get_uptime_secs());
                    return topology;
                }).toList());
            } catch (RuntimeException e) {
                running = false;
                fields.put("running", false); // keeps its place, first
                fields.put("nimbusError", String.valueOf(e.getMessage()));
            }
        }
        out.println(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(fields));
        out.flush();
        return running;
    }

    /** @return true if the whole cluster runs and Nimbus answers */
    static boolean printStatus(LocalStormCluster.Status status, Path home, Path logs, Nimbus nimbus,
                               PrintWriter out) {
        if (status.pids().isEmpty()) {
            out.println("The local Storm cluster (" + home + ") is not running.");
            out.flush();
            return false;
        }
        for (Map.Entry<String, Long> daemon : status.pids().entrySet()) {
            out.printf("%-11s pid %d%n", daemon.getKey(), daemon.getValue());
        }
        for (String daemon : LocalStormCluster.DAEMON_NAMES) {
            if (!status.pids().containsKey(daemon)) {
                out.printf("%-11s NOT RUNNING (log: %s)%n", daemon, logs.resolve(daemon + ".log"));
            }
        }
        out.println("Nimbus: 127.0.0.1:" + status.nimbusPort() + "; configuration for clients: " + status.stormYaml());
        out.println("Logs: " + logs + " (workers: workers-artifacts/TOPOLOGY/PORT/worker.log)");
        boolean running = status.running();
        if (running) {
            try {
                ClusterSummary summary = nimbus.summary(status.stormYaml());
                out.println("Supervisors: " + summary.get_supervisors_size() + "; topologies: "
                        + summary.get_topologies_size());
                for (TopologySummary t : summary.get_topologies()) {
                    out.printf("  %s  %s  %d worker(s)  up %d s%n", t.get_name(), t.get_status(), t.get_num_workers(),
                            t.get_uptime_secs());
                }
            } catch (RuntimeException e) {
                running = false;
                out.println("NOT RUNNING: the daemons' processes exist but Nimbus does not answer (" + e.getMessage()
                        + "); see " + logs.resolve("nimbus.log") + ", or restart the cluster (cluster stop, then "
                        + "cluster start)");
            }
        }
        out.flush();
        return running;
    }
}
