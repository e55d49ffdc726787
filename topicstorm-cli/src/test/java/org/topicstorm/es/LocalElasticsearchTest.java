package org.topicstorm.es;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the local node that need no running Elasticsearch (LocalElasticsearchIT starts a real one). */
class LocalElasticsearchTest {

    @TempDir
    Path tmp;

    @Test
    void configFileHoldsExactlyTheLoopbackSingleNodeSettings() throws IOException {
        String yml = LocalElasticsearch.elasticsearchYml(9201, Path.of("/h/data"), Path.of("/h/logs"));
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("cluster.name", "topicstorm");
        expected.put("node.name", "topicstorm-local");
        expected.put("network.host", "127.0.0.1");
        expected.put("http.port", 9201);
        expected.put("transport.port", 0);
        expected.put("discovery.type", "single-node");
        expected.put("node.portsfile", true);
        expected.put("xpack.security.enabled", false);
        expected.put("cluster.routing.allocation.disk.threshold_enabled", false);
        expected.put("path.data", "/h/data");
        expected.put("path.logs", "/h/logs");
        assertEquals(expected, parseYaml(yml));
    }

    @Test
    void pathsWithSpacesQuotesAndColonsSurviveInTheConfigFile() throws IOException {
        Path odd = Path.of("/tmp/a \"b\": c\\d");
        Map<String, Object> parsed = parseYaml(LocalElasticsearch.elasticsearchYml(0, odd, odd));
        assertEquals(odd.toString(), parsed.get("path.data"));
        assertEquals(0, parsed.get("http.port"));
    }

    @Test
    void startFailsFastWhenThePortIsTakenByAnotherProgram() throws IOException {
        Path home = tmp.resolve("es");
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = other.getLocalPort();
            LocalElasticsearch es = LocalElasticsearch.builder().home(home).port(port).progress(line -> { }).build();
            IllegalStateException e = assertThrows(IllegalStateException.class, es::start);
            assertEquals("Port " + port + " on 127.0.0.1 is already in use by another program (not a TopicStorm "
                    + "Elasticsearch node of this home): stop it or choose another port", e.getMessage());
        }
        // It failed before unpacking anything.
        assertFalse(Files.exists(home.resolve(EsDistribution.DIRECTORY)));
    }

    @Test
    void aFreePortPassesTheCheck() throws IOException {
        int port;
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = probe.getLocalPort();
        }
        assertDoesNotThrow(() -> LocalElasticsearch.checkPortFree(port));
    }

    @Test
    void aPidFileNamingAnotherProcessIsNotTakenForTheNode() throws IOException {
        LocalElasticsearch es = LocalElasticsearch.builder().home(tmp).progress(line -> { }).build();
        Files.createDirectories(es.pidFile().getParent());
        // This test JVM is alive but is not an Elasticsearch started from tmp: stop() must leave it alone.
        Files.writeString(es.pidFile(), Long.toString(ProcessHandle.current().pid()));
        assertFalse(es.status().running());
        assertFalse(es.stop());
        assertFalse(Files.exists(es.pidFile()), "the stale pid file is removed");
    }

    @Test
    void statusOfAHomeWithoutNode() throws IOException {
        Files.createDirectories(tmp.resolve("data/indices"));
        Files.write(tmp.resolve("data/indices/a"), new byte[1000]);
        Files.write(tmp.resolve("data/b"), new byte[24]);
        LocalElasticsearch.Status status = LocalElasticsearch.builder().home(tmp).build().status();
        assertEquals(new LocalElasticsearch.Status(tmp, false, -1, null, null, 1000 + 24), status);
        assertThrows(IllegalStateException.class, () -> LocalElasticsearch.builder().home(tmp).build().url());
    }

    @Test
    void heapAndPortAreValidated() {
        LocalElasticsearch.Builder builder = LocalElasticsearch.builder();
        assertDoesNotThrow(() -> builder.heap("512m").heap("1g").heap("768M"));
        for (String bad : new String[] {"512", "0m", "-1g", "1.5g", "512mb", ""}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder.heap(bad));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> builder.port(-1));
        assertThrows(IllegalArgumentException.class, () -> builder.port(65536));
        assertDoesNotThrow(() -> builder.port(0).port(65535));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parseYaml(String yaml) throws IOException {
        return new ObjectMapper(new YAMLFactory()).readValue(yaml, Map.class);
    }
}
