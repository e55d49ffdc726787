package org.topicstorm.cluster;

import org.apache.commons.io.file.PathUtils;
import org.apache.storm.generated.ClusterSummary;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * A real multi-process Storm cluster on this machine, for tests and for users without a cluster: ZooKeeper, Nimbus
 * and one Supervisor, each in its own JVM, and the workers that the Supervisor launches as JVMs of their own.
 *
 * <p>Everything listens on 127.0.0.1 only: ZooKeeper ({@link ZooKeeperMain}), the Thrift servers of Nimbus and the
 * Supervisor ({@link LoopbackTransportPlugin}); there is no UI, logviewer or DRPC. Storm's worker-to-worker
 * transport (Netty) cannot be bound to one address, so workers use Storm's in-JVM transport instead and the
 * Supervisor has a single worker slot: every topology runs in one worker, whatever its {@code topology.workers}.
 *
 * <p>Its directory ({@code home}) holds a Storm installation made of links and generated files:
 * <pre>
 * storm-home/conf/storm.yaml        the cluster's configuration (clients use it too: --storm-conf)
 * storm-home/lib-worker -> ...      the jars of a worker's own classpath (storm-client and its dependencies)
 * storm-home/log4j2/worker.xml      worker logging; daemon.xml for the daemons
 * storm-local/                      storm.local.dir (emptied at every start)
 * zookeeper/                        ZooKeeper's data (emptied at every start)
 * logs/                             zookeeper.log, nimbus.log, supervisor.log, workers-artifacts/.../worker.log
 * pids/                             one pid file per daemon
 * </pre>
 * The daemons run in their own session (setsid), outliving the JVM that started them until {@link #stop()}.
 */
public final class LocalStormCluster {

    private static final Logger LOG = LoggerFactory.getLogger(LocalStormCluster.class);

    /** System property given to every daemon JVM: how {@link #stop()} recognises the processes of this home. */
    static final String HOME_PROPERTY = "topicstorm.cluster.home";
    /** The daemons, in start order. */
    public static final List<String> DAEMON_NAMES = List.of("zookeeper", "nimbus", "supervisor");
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);
    private static final int LOG_TAIL_LINES = 40;

    /**
     * Where the jars come from.
     *
     * @param daemonClasspath classpath of ZooKeeper, Nimbus and the Supervisor: storm-server, storm-client and
     *                        TopicStorm's classes (for {@link ZooKeeperMain} and {@link LoopbackTransportPlugin})
     * @param workerLib       directory of the jars every worker has on its classpath besides the topology jar
     *                        (storm-client and its dependencies, logging): topology-jar/target/worker-lib
     */
    public record Install(List<Path> daemonClasspath, Path workerLib) {
        public Install {
            daemonClasspath = List.copyOf(daemonClasspath);
        }
    }

    /**
     * The cluster's settings.
     *
     * @param workerHeapMb heap of each worker JVM (Storm's worker.heap.memory.mb)
     * @param startTimeout how long to wait for the daemons to come up
     */
    public record Options(int workerHeapMb, Duration startTimeout) {
        public static Options defaults() {
            return new Options(768, Duration.ofSeconds(120));
        }
    }

    /**
     * What runs.
     *
     * @param pids        pid of each daemon that is running (zookeeper, nimbus, supervisor)
     * @param nimbusPort  Nimbus's Thrift port, or -1 when no configuration was written yet
     * @param stormYaml   the configuration clients use
     */
    public record Status(Path home, Map<String, Long> pids, int nimbusPort, Path stormYaml) {
        public boolean running() {
            return pids.size() == DAEMON_NAMES.size();
        }
    }

    private final Path home;
    private final Install install;
    private final Options options;
    private final Consumer<String> progress;

    public LocalStormCluster(Path home, Install install, Options options, Consumer<String> progress) {
        this.home = home.toAbsolutePath().normalize();
        this.install = install;
        this.options = options;
        this.progress = progress;
    }

    /** Default home: ~/.topicstorm/storm. */
    public static Path defaultHome() {
        return Path.of(System.getProperty("user.home"), ".topicstorm", "storm");
    }

    public Path home() {
        return home;
    }

    public Path stormYaml() {
        return stormHome().resolve("conf/storm.yaml");
    }

    public Path logsDir() {
        return home.resolve("logs");
    }

    private Path stormHome() {
        return home.resolve("storm-home");
    }

    private Path pidFile(String daemon) {
        return home.resolve("pids").resolve(daemon + ".pid");
    }

    /**
     * Starts ZooKeeper, Nimbus and the Supervisor and waits until Nimbus answers and the Supervisor has registered;
     * reuses the cluster if it is already running from this home.
     *
     * @return the storm.yaml clients use to reach it
     * @throws IllegalStateException naming the daemon that failed, with the last lines of its log
     */
    public Path start() throws IOException {
        Status status = status();
        if (status.running()) {
            progress.accept("The local Storm cluster is already running from " + home + " (Nimbus on 127.0.0.1:"
                    + status.nimbusPort() + "); reusing it");
            return stormYaml();
        }
        if (!status.pids().isEmpty()) {
            progress.accept("Part of the local Storm cluster is running (" + status.pids().keySet()
                    + "); restarting it");
        }
        stop();
        checkInstall();
        prepareHome();
        int zkPort = freePort();
        int nimbusPort = freePort();
        int supervisorPort = freePort();
        int slotPort = freePort();
        Files.writeString(stormYaml(), stormYaml(zkPort, nimbusPort, supervisorPort, slotPort), StandardCharsets.UTF_8);
        Instant deadline = Instant.now().plus(options.startTimeout());
        try {
            progress.accept("Starting ZooKeeper on 127.0.0.1:" + zkPort);
            Process zk = launch("zookeeper", ZooKeeperMain.class.getName(),
                    List.of(home.resolve("zookeeper").toString(), Integer.toString(zkPort)), "-Xmx128m");
            awaitPort("zookeeper", zk, zkPort, deadline);
            progress.accept("Starting Nimbus on 127.0.0.1:" + nimbusPort);
            Process nimbus = launch("nimbus", "org.apache.storm.daemon.nimbus.Nimbus", List.of(), "-Xmx384m");
            awaitPort("nimbus", nimbus, nimbusPort, deadline);
            progress.accept("Starting a Supervisor (worker slot 127.0.0.1:" + slotPort + ")");
            Process supervisor = launch("supervisor", "org.apache.storm.daemon.supervisor.Supervisor", List.of(),
                    "-Xmx256m");
            awaitSupervisor(supervisor, deadline);
        } catch (IOException | RuntimeException e) {
            try {
                stop();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
        progress.accept("The local Storm cluster is up; clients use " + stormYaml());
        return stormYaml();
    }

    private void checkInstall() {
        if (!Files.isDirectory(install.workerLib())
                || !Files.isRegularFile(install.workerLib().resolve("storm-client-" + stormVersion() + ".jar"))) {
            throw new IllegalStateException("No worker libraries (storm-client " + stormVersion() + " and its "
                    + "dependencies) in " + install.workerLib() + ": build them with "
                    + "`mvn -B -DskipTests package -pl topology-jar -am`");
        }
        for (Path entry : install.daemonClasspath()) {
            Path dir = entry.getFileName().toString().equals("*") ? entry.getParent() : entry;
            if (!Files.exists(dir)) {
                throw new IllegalStateException("Classpath entry " + entry + " of the Storm daemons does not exist:"
                        + " build the project first (mvn -B -DskipTests package)");
            }
        }
    }

    static String stormVersion() {
        return org.apache.storm.utils.VersionInfo.getVersion();
    }

    private void prepareHome() throws IOException {
        // A fresh cluster at every start: old topologies, assignments and blobs would only get in the way.
        for (Path old : List.of(home.resolve("storm-local"), home.resolve("zookeeper"), stormHome())) {
            if (Files.exists(old, LinkOption.NOFOLLOW_LINKS)) {
                PathUtils.delete(old); // a symbolic link goes, not what it points to
            }
        }
        for (String dir : List.of("storm-local", "zookeeper", "logs", "pids", "storm-home/conf", "storm-home/log4j2",
                "storm-home/extlib")) {
            Files.createDirectories(home.resolve(dir));
        }
        Files.createSymbolicLink(stormHome().resolve("lib-worker"), install.workerLib().toAbsolutePath());
        try (var in = LocalStormCluster.class.getResourceAsStream(WORKER_LOG4J)) {
            Files.write(stormHome().resolve("log4j2/worker.xml"), in.readAllBytes());
        }
        Files.writeString(stormHome().resolve("log4j2/daemon.xml"), DAEMON_LOG4J, StandardCharsets.UTF_8);
    }

    /** The cluster's storm.yaml: every listener on 127.0.0.1, one worker slot, local paths under the home. */
    String stormYaml(int zkPort, int nimbusPort, int supervisorPort, int slotPort) {
        Map<String, Object> conf = new LinkedHashMap<>();
        conf.put("storm.zookeeper.servers", List.of("127.0.0.1"));
        conf.put("storm.zookeeper.port", zkPort);
        conf.put("storm.local.dir", home.resolve("storm-local").toString());
        conf.put("storm.log.dir", logsDir().toString());
        conf.put("storm.local.hostname", "127.0.0.1");
        conf.put("nimbus.seeds", List.of("127.0.0.1"));
        conf.put("nimbus.thrift.port", nimbusPort);
        conf.put("nimbus.thrift.transport", LoopbackTransportPlugin.class.getName());
        conf.put("supervisor.thrift.port", supervisorPort);
        conf.put("supervisor.thrift.transport", LoopbackTransportPlugin.class.getName());
        conf.put(LoopbackTransportPlugin.BIND_HOST, "127.0.0.1");
        conf.put("supervisor.slots.ports", List.of(slotPort));
        // Storm's Netty transport listens on every interface: workers use the in-JVM transport, one worker a topology.
        conf.put("storm.messaging.transport", "org.apache.storm.messaging.local.Context");
        conf.put("storm.scheduler", "org.apache.storm.scheduler.DefaultScheduler");
        conf.put("worker.heap.memory.mb", options.workerHeapMb());
        conf.put("worker.childopts", "-Xmx%HEAP-MEM%m -XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=artifacts/heapdump");
        conf.put("storm.log4j2.conf.dir", stormHome().resolve("log4j2").toString());
        // A crawl's blobs (the topology jar) are deleted soon after it is killed: the cluster is for short runs.
        conf.put("nimbus.topology.blobstore.deletion.delay.ms", 30_000);
        // Faster reaction than the defaults (10 s, 3 s): a submitted crawl starts sooner.
        conf.put("nimbus.monitor.freq.secs", 2);
        conf.put("supervisor.monitor.frequency.secs", 1);
        StringBuilder yaml = new StringBuilder("# Written by TopicStorm's local Storm cluster (LocalStormCluster); "
                + "rewritten at every start.\n");
        for (Map.Entry<String, Object> e : conf.entrySet()) {
            yaml.append(e.getKey()).append(": ").append(yamlValue(e.getValue())).append('\n');
        }
        return yaml.toString();
    }

    private static String yamlValue(Object value) {
        if (value instanceof List<?> list) {
            List<String> items = new ArrayList<>();
            for (Object item : list) {
                items.add(yamlValue(item));
            }
            return "[" + String.join(", ", items) + "]";
        }
        if (value instanceof Number) {
            return value.toString();
        }
        return "\"" + value.toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private Process launch(String daemon, String mainClass, List<String> args, String heap) throws IOException {
        List<String> command = new ArrayList<>();
        // Own session: the daemons outlive the CLI and a Ctrl-C meant for the terminal does not reach them.
        Path setsid = findOnPath("setsid");
        if (setsid != null) {
            command.add(setsid.toString());
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(heap);
        command.add("-D" + HOME_PROPERTY + "=" + home);
        command.add("-Dstorm.home=" + stormHome());
        command.add("-Dstorm.conf.file=" + stormYaml());
        command.add("-Dstorm.log.dir=" + logsDir());
        command.add("-Dlogfile.name=" + daemon + ".log");
        command.add("-Dlog4j.configurationFile=" + stormHome().resolve("log4j2/daemon.xml"));
        command.add("-Djava.net.preferIPv4Stack=true");
        command.add("-cp");
        command.add(String.join(File.pathSeparator, install.daemonClasspath().stream().map(Path::toString).toList()));
        command.add(mainClass);
        command.addAll(args);
        ProcessBuilder pb = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logsDir().resolve(daemon + ".out").toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        // The Supervisor launches workers with $JAVA_HOME/bin/java (or "java" from PATH without it).
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().put("STORM_CONF_DIR", stormHome().resolve("conf").toString());
        pb.environment().remove("STORM_EXT_CLASSPATH");
        Process process = pb.start();
        Files.writeString(pidFile(daemon), Long.toString(process.pid()), StandardCharsets.UTF_8);
        LOG.info("started {} (pid {}): {}", daemon, process.pid(), command);
        return process;
    }

    private void awaitPort(String daemon, Process process, int port, Instant deadline) throws IOException {
        while (!portOpen(port)) {
            checkAlive(daemon, process);
            checkDeadline(daemon, deadline, "port " + port + " is not open");
            sleep(200);
        }
    }

    private void awaitSupervisor(Process supervisor, Instant deadline) throws IOException {
        try (StormClient client = StormClient.connect(StormClient.Target.fromStormYaml(stormYaml()))) {
            while (true) {
                checkAlive("supervisor", supervisor);
                ClusterSummary summary = client.clusterSummary();
                if (summary.get_supervisors_size() > 0) {
                    return;
                }
                checkDeadline("supervisor", deadline, "it has not registered with Nimbus");
                sleep(500);
            }
        }
    }

    private void checkAlive(String daemon, Process process) {
        if (!process.isAlive()) {
            throw new IllegalStateException(daemon + " exited during start-up (exit code " + process.exitValue()
                    + "). Last lines of its log:\n" + tail(daemon));
        }
    }

    private void checkDeadline(String daemon, Instant deadline, String what) {
        if (Instant.now().isAfter(deadline)) {
            throw new IllegalStateException(daemon + " did not come up within " + options.startTimeout().toSeconds()
                    + " s (" + what + "). Last lines of its log:\n" + tail(daemon));
        }
    }

    /** The last lines of a daemon's log (its log4j file, or its console output if that is all there is). */
    public String tail(String daemon) {
        Path log = logsDir().resolve(daemon + ".log");
        if (!Files.isRegularFile(log)) {
            log = logsDir().resolve(daemon + ".out");
        }
        if (!Files.isRegularFile(log)) {
            return "(no log at " + log + ")";
        }
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + log + ": " + e.getMessage() + ")";
        }
    }

    /** The workers' log files (one per worker run), newest last. */
    public List<Path> workerLogs() throws IOException {
        Path artifacts = logsDir().resolve("workers-artifacts");
        if (!Files.isDirectory(artifacts)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(artifacts)) {
            return files.filter(p -> p.getFileName().toString().equals("worker.log"))
                    .sorted(Comparator.comparingLong(p -> p.toFile().lastModified())).toList();
        }
    }

    /**
     * Stops the workers, the Supervisor, Nimbus and ZooKeeper of this home (SIGTERM, then SIGKILL after 15 s).
     * Workers are found by their command line (they name this home's storm.local.dir), so none is left behind
     * even when the Supervisor died first.
     *
     * @return true if anything was running
     */
    public boolean stop() throws IOException {
        List<ProcessHandle> ours = processesOfThisHome();
        if (!ours.isEmpty()) {
            progress.accept("Stopping the local Storm cluster (" + ours.size() + " processes)");
        }
        // Workers first (children of the Supervisor and anything naming our storm.local.dir), then the daemons.
        List<ProcessHandle> daemons = new ArrayList<>();
        List<ProcessHandle> others = new ArrayList<>();
        for (ProcessHandle p : ours) {
            (daemonName(p).isPresent() ? daemons : others).add(p);
        }
        terminate(others);
        terminate(daemons);
        for (String daemon : DAEMON_NAMES) {
            Files.deleteIfExists(pidFile(daemon));
        }
        return !ours.isEmpty();
    }

    private static void terminate(List<ProcessHandle> processes) {
        processes.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : processes) {
            if (!awaitExit(p, STOP_GRACE)) {
                p.destroyForcibly();
                awaitExit(p, Duration.ofSeconds(10));
            }
        }
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

    /** Every live process started for this home: the daemons (by their marker property) and the workers. */
    public List<ProcessHandle> processesOfThisHome() {
        String daemonMarker = "-D" + HOME_PROPERTY + "=" + home;
        String workerMarker = "-Dstorm.local.dir=" + home.resolve("storm-local");
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses()
                .filter(p -> p.pid() != self)
                .filter(p -> {
                    List<String> args = arguments(p);
                    return args.contains(daemonMarker) || args.contains(workerMarker);
                })
                .toList();
    }

    private Optional<String> daemonName(ProcessHandle p) {
        if (!arguments(p).contains("-D" + HOME_PROPERTY + "=" + home)) {
            return Optional.empty();
        }
        for (String arg : arguments(p)) {
            if (arg.startsWith("-Dlogfile.name=")) {
                return Optional.of(arg.substring("-Dlogfile.name=".length()).replace(".log", ""));
            }
        }
        return Optional.of("?");
    }

    /** The process's arguments, read from /proc (ProcessHandle.Info truncates nothing there but may be empty). */
    private static List<String> arguments(ProcessHandle p) {
        try {
            byte[] raw = Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            List<String> args = new ArrayList<>();
            int start = 0;
            for (int i = 0; i < raw.length; i++) {
                if (raw[i] == 0) {
                    args.add(new String(raw, start, i - start, StandardCharsets.UTF_8));
                    start = i + 1;
                }
            }
            return args;
        } catch (IOException | SecurityException e) {
            return p.info().arguments().map(List::of).orElse(List.of());
        }
    }

    /** Which daemons of this home run, and the port Nimbus listens on. */
    public Status status() {
        Map<String, Long> pids = new LinkedHashMap<>();
        for (ProcessHandle p : processesOfThisHome()) {
            daemonName(p).ifPresent(name -> pids.put(name, p.pid()));
        }
        int nimbusPort = -1;
        if (Files.isRegularFile(stormYaml())) {
            try {
                nimbusPort = StormClient.Target.fromStormYaml(stormYaml()).nimbusPort();
            } catch (RuntimeException e) {
                // a half-written file: report no port
            }
        }
        Map<String, Long> ordered = new LinkedHashMap<>();
        for (String daemon : DAEMON_NAMES) {
            if (pids.containsKey(daemon)) {
                ordered.put(daemon, pids.get(daemon));
            }
        }
        return new Status(home, ordered, nimbusPort, stormYaml());
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static boolean portOpen(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the local Storm cluster", e);
        }
    }

    private static Path findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * Logging of the workers (and of the LogWriter that starts each worker and logs its console output): Storm's
     * usual place, workers-artifacts/TOPOLOGY-ID/PORT/worker.log under the log directory. A resource, since the
     * container image's Supervisors use the same file.
     */
    static final String WORKER_LOG4J = "worker-log4j2.xml";

    /** Logging of the daemons: one file each, ${storm.log.dir}/${logfile.name}. */
    static final String DAEMON_LOG4J = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- Written by TopicStorm's local Storm cluster: logging of ZooKeeper, Nimbus and the Supervisor. -->
            <Configuration status="WARN">
              <Appenders>
                <RollingFile name="file" fileName="${sys:storm.log.dir}/${sys:logfile.name}"
                             filePattern="${sys:storm.log.dir}/${sys:logfile.name}.%i.gz">
                  <PatternLayout pattern="%d{ISO8601} %-5level [%t] %c{1.} - %msg%n"/>
                  <Policies><SizeBasedTriggeringPolicy size="20 MB"/></Policies>
                  <DefaultRolloverStrategy max="3"/>
                </RollingFile>
              </Appenders>
              <Loggers>
                <Logger name="org.apache.storm.shade.org.apache.zookeeper" level="WARN"/>
                <Logger name="org.apache.storm.shade.org.apache.curator" level="WARN"/>
                <Root level="INFO"><AppenderRef ref="file"/></Root>
              </Loggers>
            </Configuration>
            """;

}
