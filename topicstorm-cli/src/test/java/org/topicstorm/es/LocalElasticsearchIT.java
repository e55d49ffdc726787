package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch.core.GetResponse;
import org.apache.commons.io.FileUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Starts a real node from the integ-test-zip (as an unprivileged user when the build runs as root), writes a
 * document, stops the node, starts it again on the same home and reads the document back.
 */
class LocalElasticsearchIT {

    private static final Path HOME = Path.of("target", "es-it-node").toAbsolutePath();
    private static LocalElasticsearch es;

    @BeforeAll
    static void wipeHome() throws IOException {
        es = LocalElasticsearch.builder().home(HOME).port(0).build();
        es.stop(); // a node left by an aborted earlier run
        FileUtils.deleteDirectory(HOME.toFile());
    }

    @AfterAll
    static void stopNode() throws IOException {
        es.close();
    }

    @Test
    void startIndexStopRestartKeepsTheData() throws IOException {
        URI url = es.start();
        assertEquals("127.0.0.1", url.getHost());
        LocalElasticsearch.Status status = es.status();
        assertTrue(status.running());
        assertEquals(url, status.url());
        long pid = status.pid();

        try (ElasticsearchClient client = EsClients.create(es.settings())) {
            assertTrue(client.cluster().health().status() != HealthStatus.Red);
            client.indices().create(c -> c.index("it-docs")
                    .settings(s -> s.numberOfShards("1").numberOfReplicas("0")));
            client.index(i -> i.index("it-docs").id("doc-1").document(Map.of("title", "kept across restarts"))
                    .refresh(Refresh.True));
            assertEquals("kept across restarts", getTitle(client));
        }

        // Starting again while it runs reuses the same node.
        assertEquals(url, es.start());
        assertEquals(pid, es.status().pid());

        assertTrue(es.stop());
        assertEquals(Optional.empty(), ProcessHandle.of(pid).filter(ProcessHandle::isAlive));
        assertDoesNotThrow(() -> LocalElasticsearch.checkPortFree(url.getPort()), "port still taken after stop");
        assertFalse(es.status().running());
        assertFalse(es.stop(), "second stop finds nothing to stop");

        URI again = es.start();
        assertNotEquals(pid, es.status().pid());
        try (ElasticsearchClient client = EsClients.create(EsSettings.of(again))) {
            client.cluster().health(h -> h.index("it-docs").waitForStatus(HealthStatus.Green));
            assertEquals("kept across restarts", getTitle(client));
        }
        assertTrue(es.status().dataBytes() > 0);
    }

    @Test
    void aNodeThatIsNotHealthyInTimeIsStoppedAndItsLogShown() throws IOException {
        Path home = Path.of("target", "es-it-timeout").toAbsolutePath();
        FileUtils.deleteDirectory(home.toFile());
        // A node needs well over a second to start, so this start times out.
        LocalElasticsearch slow = LocalElasticsearch.builder().home(home).port(0)
                .startTimeout(Duration.ofSeconds(1)).build();
        IllegalStateException e = assertThrows(IllegalStateException.class, slow::start);
        assertTrue(e.getMessage().startsWith("Elasticsearch did not become healthy within 1 s"), e.getMessage());
        assertTrue(e.getMessage().contains("; it was stopped. Last lines of " + home.resolve("logs/topicstorm.log")),
                e.getMessage());
        assertFalse(slow.status().running());
        String marker = "-Des.path.home=" + home.resolve(EsDistribution.DIRECTORY);
        List<Long> left = ProcessHandle.allProcesses().map(ProcessHandle::pid)
                .filter(pid -> LocalElasticsearch.commandLine(pid).contains(marker)).toList();
        assertEquals(List.of(), left, "processes of the timed-out node are still running");
    }

    @SuppressWarnings("unchecked")
    private static String getTitle(ElasticsearchClient client) throws IOException {
        GetResponse<Map> doc = client.get(g -> g.index("it-docs").id("doc-1"), Map.class);
        assertTrue(doc.found());
        return (String) doc.source().get("title");
    }
}
