package org.topicstorm.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.apache.storm.generated.ClusterSummary;
import org.topicstorm.cluster.StormClient;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The image as the build wrote it (target/topicstorm-image.tar, an OCI layout in a tar): its configuration, what its
 * layers hold, and its entrypoint run as a container runtime would run it, in a chroot of the unpacked layers with
 * their own /proc, without a container engine.
 */
class ImageIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The tarball's blobs by digest ("sha256:..."): the manifest, the configuration and the layers. */
    private static Map<String, byte[]> blobs;
    private static JsonNode manifest;
    private static JsonNode config;

    @BeforeAll
    static void readTarball() throws IOException {
        Path tar = Path.of(System.getProperty("image.tar", "target/topicstorm-image.tar"));
        assertTrue(Files.isRegularFile(tar), tar + " was not built");
        blobs = new HashMap<>();
        JsonNode index = null;
        try (TarArchiveInputStream in = new TarArchiveInputStream(new BufferedInputStream(Files.newInputStream(tar)))) {
            for (TarArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                String name = e.getName();
                if (name.equals("index.json")) {
                    index = JSON.readTree(in.readAllBytes());
                } else if (name.startsWith("blobs/sha256/") && e.isFile()) {
                    blobs.put("sha256:" + name.substring("blobs/sha256/".length()), in.readAllBytes());
                }
            }
        }
        assertTrue(index != null, "no index.json: not an OCI layout");
        manifest = JSON.readTree(blob(index.get("manifests").get(0).get("digest").asText()));
        config = JSON.readTree(blob(manifest.get("config").get("digest").asText()));
    }

    private static byte[] blob(String digest) {
        byte[] b = blobs.get(digest);
        assertTrue(b != null, "blob " + digest + " missing from the tarball");
        return b;
    }

    @Test
    void runsTheCommandLineAsAnUnprivilegedUser() {
        JsonNode c = config.get("config");
        assertEquals("10001:10001", c.get("User").asText());
        assertEquals(List.of("/opt/java/bin/java", "-XX:MaxRAMPercentage=75.0", "-Dtopicstorm.log.dir=/tmp/topicstorm/logs",
                "-Dtopicstorm.topology.jar=/opt/topicstorm/topicstorm-topology.jar", "-cp", "/app/resources:/app/classes:/app/libs/*", "org.topicstorm.cli.Main"), strings(c.get("Entrypoint")));
        assertEquals(List.of("--help"), strings(c.get("Cmd")));
        assertEquals("/tmp", c.get("WorkingDir").asText());
        assertTrue(strings(c.get("Env")).contains("JAVA_HOME=/opt/java"), c.get("Env").toString());
        assertEquals("linux", config.get("os").asText());
        assertEquals("amd64", config.get("architecture").asText());
    }

    @Test
    void layersHoldTheRuntimeTheJarsAndTheUserWithLibrariesApartFromOurCode() throws IOException {
        Map<String, Integer> layerOf = new HashMap<>();
        Map<String, Integer> modes = new HashMap<>();
        String passwd = null;
        List<JsonNode> layers = new ArrayList<>();
        manifest.get("layers").forEach(layers::add);
        for (int i = 0; i < layers.size(); i++) {
            assertEquals("application/vnd.oci.image.layer.v1.tar+gzip", layers.get(i).get("mediaType").asText());
            try (TarArchiveInputStream in = layer(layers.get(i).get("digest").asText())) {
                for (TarArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    String name = e.getName().replaceFirst("^\\./", "").replaceFirst("^/", "").replaceFirst("/$", "");
                    layerOf.put(name, i);
                    modes.put(name, e.getMode() & 07777);
                    if (name.equals("etc/passwd")) {
                        passwd = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    }
                }
            }
        }
        for (String f : List.of("opt/java/bin/java", "opt/java/lib/server/libjvm.so", "lib64/ld-linux-x86-64.so.2",
                "lib/x86_64-linux-gnu/libc.so.6", "lib/x86_64-linux-gnu/libz.so.1",
                "opt/topicstorm/topicstorm-topology.jar", "opt/topicstorm/lib-worker/storm-client-2.8.3.jar",
                "app/libs/storm-server-2.8.3.jar", "app/libs/crawler-topology-0.1.0-SNAPSHOT.jar",
                "app/libs/topicstorm-cli-0.1.0-SNAPSHOT.jar", "app/libs/jackson-databind-2.20.0.jar",
                "app/libs/commons-compress-1.28.0.jar", "lib/x86_64-linux-gnu/libpthread.so.0", "etc/nsswitch.conf", "app/resources/topicstorm-image.properties", "opt/topicstorm/log4j2/worker.xml",
                "opt/topicstorm/log4j2/daemon.xml")) {
            assertTrue(layerOf.containsKey(f), f + " is in no layer");
        }
        assertEquals(0755, modes.get("opt/java/bin/java"));
        assertEquals(0777, modes.get("tmp"));
        assertTrue(passwd != null && passwd.contains("topicstorm:x:10001:10001:"), passwd);
        // A change to TopicStorm's own code rebuilds a small layer, not the one with the libraries.
        assertFalse(layerOf.get("app/libs/topicstorm-cli-0.1.0-SNAPSHOT.jar")
                .equals(layerOf.get("app/libs/storm-server-2.8.3.jar")));
        assertFalse(layerOf.get("app/libs/crawler-topology-0.1.0-SNAPSHOT.jar")
                .equals(layerOf.get("opt/java/bin/java")));
    }

    /** Unpacks every layer into {@code rootDir}, as a container runtime makes the container's file system. */
    private static void unpack(Path rootDir) throws IOException {
        // The root of a container's file system is world-readable; JUnit's temporary directory is not.
        Files.setPosixFilePermissions(rootDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        for (JsonNode layer : manifest.get("layers")) {
            try (TarArchiveInputStream in = layer(layer.get("digest").asText())) {
                for (TarArchiveEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                    Path target = rootDir.resolve(e.getName()).normalize();
                    assertTrue(target.startsWith(rootDir), "layer entry outside the root: " + e.getName());
                    if (e.isDirectory()) {
                        Files.createDirectories(target);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(rwx(e.getMode())));
                    } else if (e.isFile()) {
                        Files.createDirectories(target.getParent());
                        Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString(rwx(e.getMode())));
                    }
                }
            }
        }
        Files.createDirectories(rootDir.resolve("proc"));
    }

    /** Runs the entrypoint, with --version, the way a container runtime would; and lists the runtime's modules. */
    @Test
    void entrypointRunsInAChrootOfTheLayers(@TempDir Path rootDir) throws Exception {
        unpack(rootDir);
        List<String> entrypoint = strings(config.get("config").get("Entrypoint"));
        String out = runInChroot(rootDir, concat(entrypoint, "--version"));
        assertTrue(out.contains("topicstorm 0.1.0-SNAPSHOT"), out);
        assertTrue(out.contains("Java 17."), out);
        // What the crawl needs of the runtime beyond java.base: the legacy charsets of Chinese and Japanese pages
        // (GBK, Big5, Shift_JIS), EC keys for TLS, the management beans Storm's metrics read, the sites' HTTP server.
        String modules = runInChroot(rootDir, List.of(entrypoint.get(0), "--list-modules"));
        for (String module : List.of("jdk.charsets", "jdk.crypto.ec", "jdk.management", "jdk.httpserver",
                "jdk.unsupported", "java.net.http", "java.sql")) {
            assertTrue(modules.contains(module + "@"), module + " missing from the runtime:\n" + modules);
        }
    }

    /**
     * Storm's Nimbus and a Supervisor started from the image with the exact command lines of the Kubernetes manifests
     * (k8s/base/nimbus.yaml and supervisor.yaml, the pod IP 127.0.0.1), each as the image's user in a chroot of the
     * layers, beside a ZooKeeper run from the image too: the Supervisor must register with Nimbus. The storm.yaml is
     * this test's own, so that everything listens on 127.0.0.1 only (TopicStorm's loopback Thrift transport).
     */
    @Test
    void stormDaemonsStartFromTheImageWithTheManifestsCommandLines(@TempDir Path rootDir, @TempDir Path logs)
            throws Exception {
        unpack(rootDir);
        int zk = freePort();
        int nimbus = freePort();
        // What a container runtime mounts: /etc/hosts naming the container's host name (Nimbus looks itself up)
        String hostName = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
        Files.writeString(rootDir.resolve("etc/hosts"), "127.0.0.1 localhost " + hostName + "\n");
        Path stormYaml = rootDir.resolve("etc/storm/storm.yaml");
        Files.createDirectories(stormYaml.getParent());
        Files.writeString(stormYaml, String.join("\n",
                "storm.zookeeper.servers: [\"127.0.0.1\"]",
                "storm.zookeeper.port: " + zk,
                "storm.local.dir: \"/tmp/storm-local\"",
                "storm.log.dir: \"/tmp/storm/logs\"",
                "nimbus.seeds: [\"127.0.0.1\"]",
                "nimbus.thrift.port: " + nimbus,
                "supervisor.thrift.port: " + freePort(),
                "supervisor.slots.ports: [" + freePort() + "]",
                "nimbus.thrift.transport: \"org.topicstorm.cluster.LoopbackTransportPlugin\"",
                "supervisor.thrift.transport: \"org.topicstorm.cluster.LoopbackTransportPlugin\"",
                "topicstorm.thrift.bind.host: \"127.0.0.1\"", ""));
        List<String> entrypoint = strings(config.get("config").get("Entrypoint"));
        String classpath = entrypoint.get(entrypoint.indexOf("-cp") + 1);
        Map<String, List<String>> commands = new LinkedHashMap<>();
        commands.put("zookeeper", List.of(entrypoint.get(0), "-Xmx256m", "-cp", classpath,
                "org.topicstorm.cluster.ZooKeeperMain", "/tmp/zookeeper", Integer.toString(zk)));
        commands.put("nimbus", manifestCommand("nimbus.yaml"));
        commands.put("supervisor", manifestCommand("supervisor.yaml"));
        Map<String, Process> daemons = new LinkedHashMap<>();
        try {
            for (Map.Entry<String, List<String>> d : commands.entrySet()) {
                ProcessBuilder pb = new ProcessBuilder(inChroot(rootDir, d.getValue())).redirectErrorStream(true)
                        .redirectOutput(logs.resolve(d.getKey() + ".log").toFile());
                // the container's environment is the image's
                pb.environment().clear();
                for (String variable : strings(config.get("config").get("Env"))) {
                    pb.environment().put(variable.substring(0, variable.indexOf('=')),
                            variable.substring(variable.indexOf('=') + 1));
                }
                daemons.put(d.getKey(), pb.start());
            }
            java.time.Instant deadline = java.time.Instant.now().plusSeconds(150);
            String last = "";
            while (true) {
                try (StormClient client = StormClient.connect(StormClient.Target.fromStormYaml(stormYaml))) {
                    ClusterSummary summary = client.clusterSummary();
                    if (summary.get_supervisors_size() == 1) {
                        assertEquals("127.0.0.1", summary.get_supervisors().get(0).get_host());
                        break;
                    }
                    last = summary.get_supervisors_size() + " supervisors";
                } catch (RuntimeException e) {
                    last = e.toString();
                }
                for (Map.Entry<String, Process> d : daemons.entrySet()) {
                    assertTrue(d.getValue().isAlive(), d.getKey() + " exited: " + tail(logs, daemons.keySet()));
                }
                assertTrue(java.time.Instant.now().isBefore(deadline), "no Supervisor registered with Nimbus in 150 s ("
                        + last + "): " + tail(logs, daemons.keySet()));
                Thread.sleep(1000);
            }
        } finally {
            stop(daemons.values());
        }
    }

    /**
     * Stops processes started through {@link #inChroot}: the JVM, the first process of its pid namespace, is a child
     * of unshare that outlives it (chroot's change of user clears unshare's kill-the-child-when-I-die), so it is
     * signalled itself: SIGTERM (the JVM's shutdown), then SIGKILL after 30 s, which also ends the namespace.
     */
    private static void stop(java.util.Collection<Process> processes) throws InterruptedException {
        List<ProcessHandle> all = new ArrayList<>();
        for (Process p : processes) {
            p.descendants().forEach(all::add);
            all.add(p.toHandle());
        }
        all.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        for (ProcessHandle h : all) {
            while (h.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(100);
            }
            if (h.isAlive()) {
                h.destroyForcibly();
            }
        }
    }

    /** The container command of the workload in k8s/base/FILE, with the pod IP 127.0.0.1. */
    private static List<String> manifestCommand(String file) throws IOException {
        Path repo = Path.of(System.getProperty("repo.root", "..")).toAbsolutePath().normalize();
        ObjectMapper yaml = new com.fasterxml.jackson.dataformat.yaml.YAMLMapper();
        try (var parser = new com.fasterxml.jackson.dataformat.yaml.YAMLFactory()
                .createParser(repo.resolve("k8s/base").resolve(file).toFile())) {
            for (var it = yaml.readValues(parser, JsonNode.class); it.hasNext(); ) {
                JsonNode doc = it.next();
                JsonNode command = doc.at("/spec/template/spec/containers/0/command");
                if (command.isArray()) {
                    return strings(command).stream().map(a -> a.replace("$(POD_IP)", "127.0.0.1")).toList();
                }
            }
        }
        throw new AssertionError("no container command in k8s/base/" + file);
    }

    private static int freePort() throws IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The last lines each daemon printed, for a failure's message. */
    private static String tail(Path logs, java.util.Set<String> names) {
        StringBuilder sb = new StringBuilder();
        for (String name : names) {
            try {
                List<String> lines = Files.readAllLines(logs.resolve(name + ".log"));
                sb.append("\n--- ").append(name).append(" ---\n")
                        .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size())));
            } catch (IOException e) {
                sb.append("\n--- ").append(name).append(": ").append(e);
            }
        }
        return sb.toString();
    }

    /**
     * Runs a command in new mount and pid namespaces chrooted to the unpacked image, as a container runtime starts
     * one. As root the command runs as the image's user (so file modes that keep it from its runtime would fail
     * here); otherwise a user namespace maps this user to root, the only user it can map. Returns its output; fails
     * unless it exits 0 within 120 s.
     */
    private static String runInChroot(Path rootDir, List<String> args) throws Exception {
        Process p = new ProcessBuilder(inChroot(rootDir, args)).redirectErrorStream(true).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), args + " did not end within 120 s");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), args + ": " + out);
        return out;
    }

    /** The command line that runs {@code args} as {@link #runInChroot} describes (its process ends with unshare's). */
    private static List<String> inChroot(Path rootDir, List<String> args) {
        List<String> command = new ArrayList<>();
        boolean root = "root".equals(System.getProperty("user.name"));
        command.addAll(List.of(executable("unshare"), "--mount", "--pid", "--fork", "--kill-child",
                "--mount-proc=" + rootDir.resolve("proc")));
        if (!root) {
            command.add(1, "--map-root-user");
        }
        command.add(executable("chroot"));
        if (root) {
            command.add("--userspec=" + config.get("config").get("User").asText());
        }
        command.add(rootDir.toString());
        command.addAll(args);
        return command;
    }

    /** A program's path from this JVM's PATH: the commands run with the image's environment, whose PATH has not it. */
    private static String executable(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/sbin:/usr/bin:/sbin:/bin").split(":")) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(name + " not found on PATH (util-linux / coreutils)");
    }

    private static List<String> concat(List<String> list, String last) {
        List<String> all = new ArrayList<>(list);
        all.add(last);
        return all;
    }

    private static TarArchiveInputStream layer(String digest) throws IOException {
        InputStream gz = new GZIPInputStream(new java.io.ByteArrayInputStream(blob(digest)), 1 << 16);
        return new TarArchiveInputStream(gz);
    }

    private static String rwx(int mode) {
        String bits = "rwxrwxrwx";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 9; i++) {
            s.append((mode & (1 << (8 - i))) != 0 ? bits.charAt(i) : '-');
        }
        return s.toString();
    }

    private static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(n -> list.add(n.asText()));
        return list;
    }
}
