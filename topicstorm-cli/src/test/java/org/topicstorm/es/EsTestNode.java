package org.topicstorm.es;

import org.apache.commons.io.FileUtils;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;

/**
 * One real Elasticsearch node shared by all integration tests of a test JVM.
 *
 * <p>Started on first use on a free port, with its home under target/es-test-node (wiped at start, so every test
 * run begins empty), and stopped by a JVM shutdown hook. Tests sharing it should use their own index names.
 *
 * <pre>{@code
 * try (ElasticsearchClient client = EsClients.create(EsTestNode.settings())) { ... }
 * }</pre>
 */
public final class EsTestNode {

    private static final Path HOME = home("es-test-node");
    private static URI url;

    private EsTestNode() {
    }

    /**
     * target/es-test-node, except as root: the node then runs as an unprivileged user who may not reach the
     * checkout (a clone under /root, mode 0700), so the home goes to /var/tmp, one per checkout.
     */
    public static Path home(String name) {
        Path target = Path.of("target").toAbsolutePath();
        if (!"root".equals(System.getProperty("user.name"))) {
            return target.resolve(name);
        }
        return Path.of("/var/tmp", "topicstorm-tests", Integer.toHexString(target.toString().hashCode()), name);
    }

    /**
     * A node of a test's own (for tests that stop and start it), on the given port, with an empty home.
     * The caller starts and stops it.
     */
    public static LocalElasticsearch ownNode(String name, int port) throws IOException {
        Path home = home(name);
        LocalElasticsearch node = LocalElasticsearch.builder().home(home).port(port).heap("512m").build();
        node.stop();
        FileUtils.deleteDirectory(home.toFile());
        return node;
    }

    /** HTTP URL of the node, starting it if needed. */
    public static synchronized URI url() {
        if (url == null) {
            url = start();
        }
        return url;
    }

    /** Connection settings for the node, starting it if needed. */
    public static EsSettings settings() {
        return EsSettings.of(url());
    }

    private static URI start() {
        LocalElasticsearch node = LocalElasticsearch.builder().home(HOME).port(0).heap("512m").build();
        try {
            // A node left behind by a test JVM that was killed would hold the files we are about to delete.
            node.stop();
            FileUtils.deleteDirectory(HOME.toFile());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    node.stop();
                } catch (IOException | RuntimeException e) {
                    System.err.println("Could not stop the test Elasticsearch node in " + HOME + ": " + e);
                }
            }, "es-test-node-stop"));
            return node.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
