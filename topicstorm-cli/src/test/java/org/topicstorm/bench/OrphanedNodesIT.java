package org.topicstorm.bench;

import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.LocalElasticsearch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real throwaway node whose benchmark died (its owner file names a process that has exited) is stopped and its
 * home deleted by the next benchmark's sweep; a home whose owner runs is left alone.
 */
class OrphanedNodesIT {

    private static final Path PARENT = Path.of("target", "orphaned-nodes-it").toAbsolutePath();

    @AfterAll
    static void cleanUp() throws IOException {
        // a node left by a failed assertion
        try (var homes = Files.newDirectoryStream(PARENT, "es-*")) {
            for (Path home : homes) {
                LocalElasticsearch.builder().home(home).build().stop();
            }
        }
        FileUtils.deleteDirectory(PARENT.toFile());
    }

    @Test
    void theNodeOfABenchmarkThatDiedIsStoppedAndItsHomeDeleted() throws Exception {
        FileUtils.deleteDirectory(PARENT.toFile());
        Files.createDirectories(PARENT);
        Path home = PARENT.resolve("es-orphan");
        LocalElasticsearch node = LocalElasticsearch.builder().home(home).port(0).heap("256m").build();
        node.start();
        long pid = node.status().pid();
        Process owner = new ProcessBuilder("true").start();
        assertEquals(0, owner.waitFor());
        Files.writeString(home.resolve(OrphanedNodes.OWNER_FILE),
                new OrphanedNodes.Owner(owner.pid(), Instant.now()).line());
        Path kept = Files.createDirectory(PARENT.resolve("es-running-benchmark"));
        OrphanedNodes.own(kept);

        assertEquals(List.of(home), OrphanedNodes.sweep(PARENT, s -> { }));

        assertEquals(Optional.empty(), ProcessHandle.of(pid).filter(ProcessHandle::isAlive), "node stopped");
        assertFalse(Files.exists(home));
        assertTrue(Files.isDirectory(kept));
    }
}
