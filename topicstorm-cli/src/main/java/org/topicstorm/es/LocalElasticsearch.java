package org.topicstorm.es;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.os.Processes;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * A local single-node Elasticsearch server, run from the integ-test-zip distribution in the Maven repository.
 *
 * <p>Everything lives under one home directory: the unpacked distribution, {@code data/}, {@code logs/},
 * {@code tmp/} and {@code run/elasticsearch.pid}. Data is kept between runs. The node listens on 127.0.0.1 only,
 * with security disabled. It runs detached: it outlives the JVM that started it until {@link #stop()} (or
 * {@link #close()}) is called, from this or any later process using the same home.
 *
 * <p>Elasticsearch refuses to run as root. When this JVM runs as root, the home is handed to an unprivileged user
 * ({@code nobody} by default) and the node is started as that user with {@code setpriv}.
 *
 * <pre>{@code
 * try (LocalElasticsearch es = LocalElasticsearch.builder().home(dir).port(0).build()) {
 *     URI url = es.start();
 *     ...
 * } // stops the node
 * }</pre>
 */
public final class LocalElasticsearch implements AutoCloseable {

    public static final int DEFAULT_PORT = 9200;
    public static final String DEFAULT_HEAP = "512m";
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);
    /** Unprivileged user that runs the node when this JVM runs as root. */
    public static final String DEFAULT_RUN_AS_USER = "nobody";

    static final String CLUSTER_NAME = "topicstorm";
    static final String NODE_NAME = "topicstorm-local";

    private static final Logger LOG = LoggerFactory.getLogger(LocalElasticsearch.class);
    private static final Pattern HEAP = Pattern.compile("[1-9][0-9]*[kKmMgG]");
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);
    private static final Duration KILL_GRACE = Duration.ofSeconds(10);
    private static final int LOG_TAIL_LINES = 30;

    private final Path home;
    private final int port;
    private final String heap;
    private final Duration startTimeout;
    private final String runAsUser;
    private final Path mavenRepository;
    private final Path javaHome;
    private final Consumer<String> progress;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private LocalElasticsearch(Builder b) {
        this.home = b.home.toAbsolutePath().normalize();
        this.port = b.port;
        this.heap = b.heap;
        this.startTimeout = b.startTimeout;
        this.runAsUser = b.runAsUser;
        this.mavenRepository = b.mavenRepository;
        this.javaHome = b.javaHome;
        this.progress = b.progress;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Default home: ~/.topicstorm/elasticsearch, or /var/lib/topicstorm/elasticsearch for root (whose home
     * directory is usually mode 0700, so the unprivileged user that runs the node could not reach it).
     */
    public static Path defaultHome() {
        if (Processes.currentUid() == 0) {
            return Path.of("/var/lib/topicstorm/elasticsearch");
        }
        return Path.of(System.getProperty("user.home"), ".topicstorm", "elasticsearch");
    }

    public Path home() {
        return home;
    }

    /**
     * Starts the node, or reuses it if it already runs from this home, and waits until its cluster health is green
     * or yellow.
     *
     * @return the node's HTTP URL
     * @throws IllegalStateException with a message naming the problem (port in use, no Java, no mvn, the node's
     *                               last log lines if it failed or did not become healthy in time)
     */
    public URI start() throws IOException {
        OptionalLong running = runningPid();
        if (running.isPresent()) {
            progress.accept("Elasticsearch is already running from " + home + " (pid " + running.getAsLong()
                    + "); reusing it");
            URI url = awaitHealthy(null, Instant.now().plus(startTimeout));
            if (port != 0 && url.getPort() != port) {
                progress.accept("Note: it listens on port " + url.getPort() + ", not " + port);
            }
            return url;
        }
        if (port != 0) {
            checkPortFree(port);
        }
        Path java = javaHome.resolve("bin/java");
        if (!Files.isExecutable(java)) {
            throw new IllegalStateException("No Java found at " + java
                    + ": set ES_JAVA_HOME to a JDK 17 or newer for Elasticsearch");
        }
        RunAs runAs = Processes.currentUid() == 0 ? RunAs.resolve(runAsUser) : null;
        Path dist = prepareHome(runAs, java);

        progress.accept("Starting Elasticsearch " + EsDistribution.VERSION + " from " + home
                + (runAs == null ? "" : " as user " + runAs.name()));
        Process launcher = launch(dist, runAs);
        try {
            return awaitHealthy(launcher, Instant.now().plus(startTimeout));
        } catch (RuntimeException | IOException e) {
            stopAfterFailedStart(launcher);
            throw e;
        }
    }

    /** Unpacks the distribution if needed, writes the config, clears stale files; returns the distribution. */
    private Path prepareHome(RunAs runAs, Path java) throws IOException {
        if (runAs != null) {
            // Before the long unpack: fail now if that user cannot reach the home at all.
            Files.createDirectories(home);
            runAs.takeOwnership(home);
            runAs.checkCanRun(home, java);
        }

        Path dist = EsDistribution.ensureUnpacked(home, mavenRepository, progress);
        for (Path dir : List.of(dataDir(), logsDir(), home.resolve("tmp"), pidFile().getParent())) {
            Files.createDirectories(dir);
        }
        Files.writeString(dist.resolve("config/elasticsearch.yml"), elasticsearchYml(port, dataDir(), logsDir()),
                StandardCharsets.UTF_8);
        // Stale files from an earlier run would point at a dead node.
        Files.deleteIfExists(portsFile());
        Files.deleteIfExists(pidFile());
        Files.deleteIfExists(launcherLog());
        Files.createFile(launcherLog()); // before the chown below, so that it belongs to the node's user as well
        if (runAs != null) {
            runAs.takeOwnership(home);
        }
        return dist;
    }

    private Process launch(Path dist, RunAs runAs) throws IOException {
        List<String> command = new ArrayList<>();
        // Own session: the node outlives the CLI and is not hit by a Ctrl-C or hang-up meant for the terminal.
        Path setsid = Processes.findOnPath("setsid");
        if (setsid != null) {
            command.addAll(List.of(setsid.toString(), "--wait"));
        }
        if (runAs != null) {
            command.addAll(runAs.commandPrefix());
        }
        // -d: the launcher exits once the node has started; -p: the node writes its pid (used by stop and status).
        command.addAll(List.of(dist.resolve("bin/elasticsearch").toString(), "-d", "-p", pidFile().toString()));
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(launcherLog().toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Map<String, String> env = pb.environment();
        env.remove("JAVA_HOME"); // ES ignores it but warns
        env.put("ES_JAVA_HOME", javaHome.toString());
        env.put("ES_JAVA_OPTS", "-Xms" + heap + " -Xmx" + heap);
        env.put("ES_TMPDIR", home.resolve("tmp").toString());
        return pb.start();
    }

    /** Polls cluster health until green or yellow; fails early if the launcher or the node dies. */
    private URI awaitHealthy(Process launcher, Instant deadline) throws IOException {
        String lastHealth = null;
        while (true) {
            URI url = portsFileUrl();
            if (url != null) {
                lastHealth = clusterHealth(url);
                if ("green".equals(lastHealth) || "yellow".equals(lastHealth)) {
                    progress.accept("Elasticsearch is up at " + url + " (cluster health " + lastHealth + ")");
                    return url;
                }
            }
            if (launcher != null && !launcher.isAlive() && launcher.exitValue() != 0) {
                throw new IllegalStateException("Elasticsearch failed to start (launcher exit code "
                        + launcher.exitValue() + "). Last lines of " + launcherLog() + ":\n"
                        + Processes.tail(launcherLog(), LOG_TAIL_LINES));
            }
            boolean launcherDone = launcher == null || !launcher.isAlive();
            if (launcherDone && runningPid().isEmpty()) {
                throw new IllegalStateException("Elasticsearch exited during start-up. Last lines of "
                        + nodeLog() + ":\n" + Processes.tail(nodeLog(), LOG_TAIL_LINES));
            }
            if (Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("Elasticsearch did not become healthy within "
                        + startTimeout.toSeconds() + " s (" + (url == null ? "no HTTP port yet" : "health "
                        + lastHealth + " at " + url) + ")" + (launcher == null ? "" : "; it was stopped")
                        + ". Last lines of " + nodeLog() + ":\n" + Processes.tail(nodeLog(), LOG_TAIL_LINES));
            }
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("Interrupted while waiting for Elasticsearch", e);
            }
        }
    }

    private void stopAfterFailedStart(Process launcher) {
        try {
            stop();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not stop the Elasticsearch node after a failed start", e);
        }
        // Before the node has written its pid file, only the launcher knows it.
        List<ProcessHandle> processes = new ArrayList<>(launcher.descendants().toList());
        processes.add(launcher.toHandle());
        killAndWait(processes);
        // A node the launcher spawned just before it died is no longer its descendant: find it by its command line.
        killStrays();
    }

    /**
     * Kills every process started from this home's distribution: a node whose pid file is not written yet (it was
     * starting) or is gone. {@link #stop()} finds a node by its pid file only.
     *
     * @return how many processes were killed
     */
    public int killStrays() {
        List<ProcessHandle> strays = ProcessHandle.allProcesses().filter(p -> isFromThisHome(p.pid())).toList();
        killAndWait(strays);
        return strays.size();
    }

    private static void killAndWait(List<ProcessHandle> processes) {
        processes.forEach(ProcessHandle::destroyForcibly);
        processes.forEach(p -> awaitExit(p, KILL_GRACE));
    }

    /**
     * Stops the node of this home: SIGTERM (a clean shutdown), then SIGKILL if it has not exited after 30 s.
     *
     * @return true if a node was running
     */
    public boolean stop() throws IOException {
        OptionalLong pid = runningPid();
        if (pid.isEmpty()) {
            Files.deleteIfExists(pidFile());
            return false;
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(pid.getAsLong());
        if (handle.isEmpty()) {
            return false;
        }
        ProcessHandle process = handle.get();
        progress.accept("Stopping Elasticsearch (pid " + process.pid() + ")");
        if (!process.destroy() && process.isAlive()) {
            throw new IllegalStateException("Not allowed to signal Elasticsearch (pid " + process.pid() + ")");
        }
        if (!awaitExit(process, STOP_GRACE)) {
            progress.accept("Elasticsearch did not stop within " + STOP_GRACE.toSeconds() + " s; killing it");
            process.destroyForcibly();
            if (!awaitExit(process, KILL_GRACE)) {
                throw new IllegalStateException("Elasticsearch (pid " + process.pid() + ") does not die");
            }
        }
        Files.deleteIfExists(pidFile()); // the node removes it itself, unless it was killed
        return true;
    }

    private static boolean awaitExit(ProcessHandle process, Duration timeout) {
        try {
            process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return !process.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return !process.isAlive();
        }
    }

    /** Stops the node (see {@link #stop()}). */
    @Override
    public void close() throws IOException {
        stop();
    }

    /** What the node of this home is doing now. */
    public Status status() {
        OptionalLong pid = runningPid();
        long dataBytes = FileTrees.size(dataDir());
        if (pid.isEmpty()) {
            return new Status(home, false, -1, null, null, dataBytes);
        }
        URI url = portsFileUrl();
        String health = url == null ? null : clusterHealth(url);
        return new Status(home, true, pid.getAsLong(), url, health == null ? "unreachable" : health, dataBytes);
    }

    /**
     * State of the local node.
     *
     * @param pid       process id, or -1 when not running
     * @param url       HTTP URL, or null when not running (or not listening yet)
     * @param health    cluster health (green, yellow, red, unreachable), or null when not running
     * @param dataBytes total size of the data directory
     */
    public record Status(Path home, boolean running, long pid, URI url, String health, long dataBytes) {
    }

    /** URL of the running node. */
    public URI url() {
        URI url = runningPid().isPresent() ? portsFileUrl() : null;
        if (url == null) {
            throw new IllegalStateException("Elasticsearch is not running from " + home);
        }
        return url;
    }

    /** Connection settings for the running node (no credentials: security is disabled on it). */
    public EsSettings settings() {
        return EsSettings.of(url());
    }

    Path dataDir() {
        return home.resolve("data");
    }

    Path logsDir() {
        return home.resolve("logs");
    }

    Path pidFile() {
        return home.resolve("run/elasticsearch.pid");
    }

    /** Written by the node at start ({@code node.portsfile}): "127.0.0.1:port". */
    private Path portsFile() {
        return logsDir().resolve("http.ports");
    }

    /** Console output of bin/elasticsearch until it detaches (start-up errors land here). */
    private Path launcherLog() {
        return logsDir().resolve("launcher.log");
    }

    private Path nodeLog() {
        return logsDir().resolve(CLUSTER_NAME + ".log");
    }

    /** The pid of our node if it is running: the pid file names a live process started from our distribution. */
    OptionalLong runningPid() {
        Path pidFile = pidFile();
        long pid;
        try {
            pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.UTF_8).strip());
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return OptionalLong.empty();
        }
        // The pid file may be stale (a killed node, a reboot): make sure the pid is still our node.
        return isFromThisHome(pid) ? OptionalLong.of(pid) : OptionalLong.empty();
    }

    /** True if the process runs Elasticsearch from this home's distribution (the node or its launcher). */
    private boolean isFromThisHome(long pid) {
        return commandLine(pid).contains("-Des.path.home=" + home.resolve(EsDistribution.DIRECTORY));
    }

    static String commandLine(long pid) {
        Path procCmdline = Path.of("/proc", Long.toString(pid), "cmdline");
        try {
            return Files.readString(procCmdline, StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return ProcessHandle.of(pid).flatMap(p -> p.info().commandLine()).orElse("");
        }
    }

    private URI portsFileUrl() {
        try {
            List<String> lines = Files.readAllLines(portsFile(), StandardCharsets.UTF_8);
            if (lines.isEmpty() || lines.get(0).isBlank()) {
                return null; // being written
            }
            String address = lines.get(0).strip();
            int port = Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
            return URI.create("http://127.0.0.1:" + port);
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    /** Cluster health status ("green", "yellow", "red"), or null if the node does not answer. */
    private String clusterHealth(URI url) {
        HttpRequest request = HttpRequest.newBuilder(url.resolve("/_cluster/health"))
                .timeout(Duration.ofSeconds(5)).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return null;
            }
            JsonNode status = new ObjectMapper().readTree(response.body()).get("status");
            return status == null ? null : status.asText();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** Fails with a clear message if something already listens on 127.0.0.1:port. */
    static void checkPortFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            // Same as the node will do: reuse is allowed while old connections linger in TIME_WAIT.
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new IllegalStateException("Port " + port + " on 127.0.0.1 is already in use by another program "
                    + "(not a TopicStorm Elasticsearch node of this home): stop it or choose another port");
        }
    }

    /** The node's configuration file; rewritten at every start so that it always matches the builder's settings. */
    static String elasticsearchYml(int httpPort, Path dataDir, Path logsDir) {
        return """
                # Written by TopicStorm (LocalElasticsearch) at every start: edits here are overwritten.
                cluster.name: %s
                node.name: %s
                # Loopback only: nothing may listen beyond 127.0.0.1 (this also keeps the node in development mode,
                # where bootstrap checks only warn).
                network.host: 127.0.0.1
                http.port: %d
                # Nothing else joins a single node: let the OS pick its transport port.
                transport.port: 0
                discovery.type: single-node
                # Writes logs/http.ports, from which TopicStorm learns the actual port (needed when http.port is 0).
                node.portsfile: true
                xpack.security.enabled: false
                # A local node on a fairly full disk must still allocate new indices (the watermarks would leave
                # them red).
                cluster.routing.allocation.disk.threshold_enabled: false
                path.data: %s
                path.logs: %s
                """.formatted(CLUSTER_NAME, NODE_NAME, httpPort, yamlString(dataDir), yamlString(logsDir));
    }

    private static String yamlString(Path path) {
        return "\"" + path.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** Builder; every setting has a default. */
    public static final class Builder {
        private Path home;
        private int port = DEFAULT_PORT;
        private String heap = DEFAULT_HEAP;
        private Duration startTimeout = DEFAULT_START_TIMEOUT;
        private String runAsUser = DEFAULT_RUN_AS_USER;
        private Path mavenRepository;
        private Path javaHome;
        private Consumer<String> progress = LOG::info;

        private Builder() {
        }

        /** Directory holding the distribution, data and logs; default {@link #defaultHome()}. */
        public Builder home(Path home) {
            this.home = home;
            return this;
        }

        /** HTTP port on 127.0.0.1; 0 = any free port (see {@link #url()}). Default 9200. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("Port must be between 0 and 65535, not " + port);
            }
            this.port = port;
            return this;
        }

        /** JVM heap of the node, such as 512m or 1g (used for both -Xms and -Xmx). */
        public Builder heap(String heap) {
            if (heap == null || !HEAP.matcher(heap).matches()) {
                throw new IllegalArgumentException("Heap must be a size such as 512m or 1g, not '" + heap + "'");
            }
            this.heap = heap;
            return this;
        }

        /** How long {@link #start()} waits for a green or yellow cluster. */
        public Builder startTimeout(Duration startTimeout) {
            if (startTimeout.isNegative() || startTimeout.isZero()) {
                throw new IllegalArgumentException("Start timeout must be positive, not " + startTimeout);
            }
            this.startTimeout = startTimeout;
            return this;
        }

        /** Unprivileged user (and its primary group) that runs the node when this JVM runs as root. */
        public Builder runAsUser(String user) {
            this.runAsUser = user;
            return this;
        }

        /** Local Maven repository holding (or receiving) the distribution zip. */
        public Builder mavenRepository(Path mavenRepository) {
            this.mavenRepository = mavenRepository;
            return this;
        }

        /** JDK that runs the node; default $ES_JAVA_HOME, else the JDK running this JVM. */
        public Builder javaHome(Path javaHome) {
            this.javaHome = javaHome;
            return this;
        }

        /** Receives one-line progress messages (downloading, starting, stopping). Default: this class's logger. */
        public Builder progress(Consumer<String> progress) {
            this.progress = progress;
            return this;
        }

        public LocalElasticsearch build() {
            if (home == null) {
                home = defaultHome();
            }
            if (mavenRepository == null) {
                mavenRepository = EsDistribution.defaultMavenRepository();
            }
            if (javaHome == null) {
                String esJavaHome = System.getenv("ES_JAVA_HOME");
                javaHome = Path.of(esJavaHome != null && !esJavaHome.isBlank()
                        ? esJavaHome : System.getProperty("java.home"));
            }
            return new LocalElasticsearch(this);
        }
    }
}
