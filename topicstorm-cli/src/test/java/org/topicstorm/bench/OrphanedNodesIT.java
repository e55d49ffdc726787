package org.topicstorm.bench;

import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.LocalElasticsearch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real throwaway node whose owner, another JVM, was killed with SIGKILL is stopped and its home deleted by the
 * next sweep; while that JVM lives, its home is left alone.
 */
class OrphanedNodesIT {

    private static final Path PARENT = Path.of("target", "orphaned-nodes-it").toAbsolutePath();

    /** Another process that owns a home, as a benchmark does, until it is killed. */
    public static final class OwnerMain {
        public static void main(String[] args) throws Exception {
            OrphanedNodes.own(Path.of(args[0]));
            System.out.println("owned");
            System.out.flush();
            Thread.sleep(600_000);
        }
    }

    @BeforeAll
    @AfterAll
    static void cleanUp() throws IOException {
        if (Files.isDirectory(PARENT)) {
            // a node left by an aborted earlier run
            try (var homes = Files.newDirectoryStream(PARENT, "es-*")) {
                for (Path home : homes) {
                    try {
                        LocalElasticsearch node = LocalElasticsearch.builder().home(home).build();
                        node.stop();
                        node.killStrays();
                    } catch (IOException | RuntimeException e) {
                        System.err.println("cleaning up " + home + ": " + e);
                    }
                }
            }
        }
        FileUtils.deleteDirectory(PARENT.toFile());
    }

    @Test
    void theNodeOfABenchmarkKilledWithSigkillIsStoppedAndItsHomeDeleted() throws Exception {
        Files.createDirectories(PARENT);
        Path home = PARENT.resolve("es-killed");
        LocalElasticsearch node = LocalElasticsearch.builder().home(home).port(0).heap("256m").build();
        node.start();
        long pid = node.status().pid();
        assertTrue(pid > 0);
        Process owner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OwnerMain.class.getName(), home.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(owner.getInputStream(),
                    StandardCharsets.UTF_8));
            assertEquals("owned", out.readLine());

            List<String> progress = new ArrayList<>();
            assertEquals(List.of(), OrphanedNodes.sweep(PARENT, progress::add), "its owner lives: " + progress);
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));

            owner.destroyForcibly();
            owner.waitFor();
            assertEquals(List.of(home), OrphanedNodes.sweep(PARENT, progress::add), progress.toString());
            assertEquals(Optional.empty(), ProcessHandle.of(pid).filter(ProcessHandle::isAlive), "node stopped");
            assertFalse(Files.exists(home));
        } finally {
            owner.destroyForcibly();
        }
    }
}
