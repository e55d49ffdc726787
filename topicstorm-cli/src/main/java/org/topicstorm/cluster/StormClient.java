package org.topicstorm.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.apache.storm.Config;
import org.apache.storm.StormSubmitter;
import org.apache.storm.generated.ClusterSummary;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.NotAliveException;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.generated.SubmitOptions;
import org.apache.storm.generated.TopologyInitialStatus;
import org.apache.storm.generated.TopologySummary;
import org.apache.storm.thrift.TException;
import org.apache.storm.utils.NimbusClient;
import org.apache.storm.utils.Utils;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A client of a Storm cluster's Nimbus: submits a topology with its jar, kills it, lists what runs.
 * Closing it closes the connection.
 */
public final class StormClient implements AutoCloseable {

    /** Nimbus's default Thrift port. */
    public static final int DEFAULT_NIMBUS_PORT = 6627;

    /**
     * How to reach Nimbus: the client-side Storm configuration (nimbus.seeds, nimbus.thrift.port, transport and
     * TLS settings...), never sent to the cluster with a topology.
     *
     * @param conf      client configuration overriding Storm's defaults
     * @param stormYaml the file it was read from, or null when built from HOST:PORT
     */
    public record Target(Map<String, Object> conf, Path stormYaml) {

        public Target {
            conf = Map.copyOf(conf);
        }

        /** Nimbus at {@code host:port} (port optional, default 6627). */
        public static Target fromHostPort(String hostPort) {
            String text = hostPort == null ? "" : hostPort.strip();
            String host = text;
            int port = DEFAULT_NIMBUS_PORT;
            int colon = text.lastIndexOf(':');
            if (colon >= 0) {
                host = text.substring(0, colon);
                try {
                    port = Integer.parseInt(text.substring(colon + 1));
                } catch (NumberFormatException e) {
                    port = -1;
                }
            }
            if (host.isEmpty() || port < 1 || port > 65535) {
                throw new IllegalArgumentException("--nimbus: expected HOST:PORT such as nimbus.example.org:6627, got '"
                        + hostPort + "'");
            }
            Map<String, Object> conf = new LinkedHashMap<>();
            conf.put(Config.NIMBUS_SEEDS, List.of(host));
            conf.put(Config.NIMBUS_THRIFT_PORT, port);
            return new Target(conf, null);
        }

        /**
         * The client configuration in a storm.yaml (the cluster's own, or a client copy of it).
         *
         * @throws IllegalArgumentException naming the file and the field when it is unreadable or names no Nimbus
         */
        @SuppressWarnings("unchecked")
        public static Target fromStormYaml(Path file) {
            Map<String, Object> conf;
            try {
                Object parsed = new ObjectMapper(new YAMLFactory()).readValue(file.toFile(), Object.class);
                if (parsed == null) {
                    conf = Map.of();
                } else if (parsed instanceof Map<?, ?> map) {
                    conf = (Map<String, Object>) map;
                } else {
                    throw new IllegalArgumentException(file + ": not a YAML map of Storm settings");
                }
            } catch (IOException e) {
                throw new IllegalArgumentException(file + ": cannot read it as YAML (" + e.getMessage().lines()
                        .findFirst().orElse("") + ")", e);
            }
            Object seeds = conf.get(Config.NIMBUS_SEEDS);
            if (!(seeds instanceof Collection<?> list) || list.isEmpty()) {
                throw new IllegalArgumentException(file + ": " + Config.NIMBUS_SEEDS
                        + " must list the Nimbus host(s), e.g. [\"nimbus.example.org\"]");
            }
            Object port = conf.get(Config.NIMBUS_THRIFT_PORT);
            if (port != null && !(port instanceof Integer p && p > 0 && p < 65536)) {
                throw new IllegalArgumentException(file + ": " + Config.NIMBUS_THRIFT_PORT + " must be a port number, got "
                        + port);
            }
            return new Target(new LinkedHashMap<>(conf), file.toAbsolutePath());
        }

        public int nimbusPort() {
            Object port = conf.get(Config.NIMBUS_THRIFT_PORT);
            return port instanceof Number n ? n.intValue() : DEFAULT_NIMBUS_PORT;
        }

        /** e.g. "Nimbus 127.0.0.1:6627 (storm.yaml ...)", for messages. */
        public String describe() {
            Object seeds = conf.get(Config.NIMBUS_SEEDS);
            String hosts = seeds instanceof Collection<?> c ? String.join(",", c.stream().map(String::valueOf).toList())
                    : String.valueOf(seeds);
            return "Nimbus " + hosts + ":" + nimbusPort() + (stormYaml == null ? "" : " (from " + stormYaml + ")");
        }
    }

    private final Target target;
    private final NimbusClient nimbus;

    private StormClient(Target target, NimbusClient nimbus) {
        this.target = target;
        this.nimbus = nimbus;
    }

    /**
     * Connects to Nimbus.
     *
     * @throws IllegalStateException naming the Nimbus address when it cannot be reached
     */
    public static StormClient connect(Target target) {
        Map<String, Object> conf = clientConf(target);
        // Fail within seconds when Nimbus is down, instead of Storm's default minute of retries.
        conf.putIfAbsent(Config.STORM_NIMBUS_RETRY_TIMES, 1);
        conf.putIfAbsent(Config.STORM_NIMBUS_RETRY_INTERVAL, 1000);
        try {
            return new StormClient(target, NimbusClient.getConfiguredClient(conf));
        } catch (RuntimeException e) {
            throw new IllegalStateException("Cannot reach " + target.describe() + ": " + rootMessage(e), e);
        }
    }

    /** Storm's defaults (defaults.yaml, and storm.yaml when the `storm` script gave one) under the target's. */
    private static Map<String, Object> clientConf(Target target) {
        Map<String, Object> conf = new HashMap<>(Utils.readStormConfig());
        conf.putAll(target.conf());
        return conf;
    }

    public ClusterSummary clusterSummary() {
        try {
            return nimbus.getClient().getClusterInfo();
        } catch (TException e) {
            throw new IllegalStateException(target.describe() + ": cluster information unavailable: " + rootMessage(e), e);
        }
    }

    public List<TopologySummary> topologies() {
        return clusterSummary().get_topologies();
    }

    /**
     * Uploads the jar and submits the topology (active at once).
     *
     * @param topologyConf the topology's own configuration: what the workers get
     * @param progress     receives a line when the upload starts and when it is done
     */
    public void submit(String name, Map<String, Object> topologyConf, StormTopology topology, Path jar,
                       Consumer<String> progress) throws Exception {
        if (!Files.isRegularFile(jar)) {
            throw new IllegalArgumentException("topology jar " + jar + " does not exist");
        }
        // StormSubmitter reads the client configuration from storm.conf.file and the jar from storm.jar (as the
        // `storm jar` command sets them), and takes the rest from the topology's configuration.
        Path clientYaml = target.stormYaml();
        Path temporary = null;
        if (clientYaml == null) {
            temporary = Files.createTempFile("topicstorm-client", ".yaml");
            Files.writeString(temporary, new ObjectMapper(new YAMLFactory()).writeValueAsString(target.conf()),
                    StandardCharsets.UTF_8);
            clientYaml = temporary;
        }
        String oldConfFile = System.getProperty("storm.conf.file");
        String oldJar = System.getProperty("storm.jar");
        try {
            System.setProperty("storm.conf.file", clientYaml.toAbsolutePath().toString());
            System.setProperty("storm.jar", jar.toAbsolutePath().toString());
            StormSubmitter.submitTopologyAs(name, topologyConf, topology,
                    new SubmitOptions(TopologyInitialStatus.ACTIVE), new UploadProgress(progress), null);
        } finally {
            restore("storm.conf.file", oldConfFile);
            restore("storm.jar", oldJar);
            if (temporary != null) {
                Files.deleteIfExists(temporary);
            }
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    /**
     * Kills a topology: Nimbus deactivates it (the spout stops emitting), waits {@code waitSecs} so that the bolts
     * can finish their writes, then stops its workers.
     *
     * @return false if no topology of that name runs
     */
    public boolean kill(String name, int waitSecs) {
        KillOptions options = new KillOptions();
        options.set_wait_secs(waitSecs);
        try {
            nimbus.getClient().killTopologyWithOpts(name, options);
            return true;
        } catch (NotAliveException e) {
            return false;
        } catch (TException e) {
            throw new IllegalStateException(target.describe() + ": cannot kill " + name + ": " + rootMessage(e), e);
        }
    }

    /** Names of the running topologies, for messages. */
    public List<String> topologyNames() {
        List<String> names = new ArrayList<>();
        for (TopologySummary t : topologies()) {
            names.add(t.get_name());
        }
        return names;
    }

    public Target target() {
        return target;
    }

    @Override
    public void close() {
        nimbus.close();
    }

    static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage();
        return root.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private record UploadProgress(Consumer<String> progress) implements StormSubmitter.ProgressListener {
        @Override
        public void onStart(String srcFile, String targetFile, long totalBytes) {
            progress.accept(String.format("Uploading %s (%.0f MB) to Nimbus", srcFile, totalBytes / 1e6));
        }

        @Override
        public void onProgress(String srcFile, String targetFile, long bytesUploaded, long totalBytes) {
            // one line at the start and one at the end are enough
        }

        @Override
        public void onCompleted(String srcFile, String targetFile, long totalBytes) {
            progress.accept("Uploaded the topology jar");
        }
    }
}
