package org.topicstorm.bench;

import org.apache.commons.io.FileUtils;
import org.topicstorm.es.LocalElasticsearch;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The Elasticsearch node a benchmark runs against: a given one, or a throwaway local node on a free port of
 * 127.0.0.1 whose home (distribution, data, logs) is a fresh directory under /var/tmp, stopped and deleted on
 * {@link #close()}. /var/tmp and not /tmp: it is disk-backed and reachable by the unprivileged user that runs the
 * node when we are root. A benchmark killed before its close left its node running: the next one stops it
 * ({@link OrphanedNodes}).
 */
public final class BenchNode implements AutoCloseable {

    /** Heap of a throwaway node. */
    public static final String HEAP = "1g";

    private final URI url;
    private final LocalElasticsearch node;
    private final Path home;

    private BenchNode(URI url, LocalElasticsearch node, Path home) {
        this.url = url;
        this.node = node;
        this.home = home;
    }

    /** @param esUrl the node to use, or null to start a throwaway one */
    public static BenchNode start(URI esUrl, Consumer<String> progress) throws IOException {
        if (esUrl != null) {
            return new BenchNode(esUrl, null, null);
        }
        Path parent = Path.of("/var/tmp", "topicstorm-bench");
        Files.createDirectories(parent);
        OrphanedNodes.sweep(parent, progress); // best effort: never throws
        Path home = Files.createTempDirectory(parent, "es-");
        LocalElasticsearch node = LocalElasticsearch.builder().home(home).port(0).heap(HEAP).progress(progress)
                .build();
        try {
            OrphanedNodes.own(home);
            return new BenchNode(node.start(), node, home);
        } catch (IOException | RuntimeException e) {
            FileUtils.deleteQuietly(home.toFile());
            OrphanedNodes.release(home);
            throw e;
        }
    }

    public URI url() {
        return url;
    }

    /** "throwaway local node (heap 1g)" or "given node". */
    public String describe() {
        return node == null ? "given node " + url : "throwaway local node " + url + " (heap " + HEAP + ")";
    }

    @Override
    public void close() throws IOException {
        if (node != null) {
            try {
                node.stop();
            } finally {
                if (!FileUtils.deleteQuietly(home.toFile())) {
                    System.err.println("could not delete " + home);
                }
                OrphanedNodes.release(home);
            }
        }
    }
}
