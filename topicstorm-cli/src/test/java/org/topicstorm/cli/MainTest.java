package org.topicstorm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MainTest extends CliTest {

    @TempDir
    Path tmp;

    @Test
    void versionExitsZeroAndNamesTheBuild() {
        assertEquals(0, run("--version"));
        // the test classpath has the filtered version.properties of this build
        assertTrue(out.toString().matches("(?s)topicstorm \\d+\\.\\d+\\.\\d+\\S* \\(built \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ\\)\nJava .*"),
                out.toString());
    }

    @Test
    void aVersionFileThatWasNotFilteredIsADevelopmentBuild() {
        java.util.function.Function<String, String> describe = text -> Main.Version.describe(
                new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals("1.2.0 (built 2026-11-24T12:58:01Z)", describe.apply("version=1.2.0\nbuilt=2026-11-24T12:58:01Z\n"));
        assertEquals("1.2.0", describe.apply("version=1.2.0\nbuilt=${maven.build.timestamp}\n"));
        assertEquals("(development build)", describe.apply("version=${project.version}\n"));
        assertEquals("(development build)", Main.Version.describe(null));
    }

    @Test
    void noCommandOrAnUnknownOneIsAUsageError() {
        assertEquals(2, run());
        assertEquals(2, run("es", "launch"));
        assertTrue(err.toString().contains("Usage: topicstorm"), err.toString());
    }

    @Test
    void statusOfAHomeWithoutNodeSaysSoAndExitsThree() throws IOException {
        assertEquals(3, run("es", "status", "--home", tmp.toString()));
        assertEquals(String.join(System.lineSeparator(), "Elasticsearch (local node): not running",
                "  home:   " + tmp, "  data:   0 B", ""), out.toString());
        out.getBuffer().setLength(0);
        assertEquals(3, run("es", "status", "--home", tmp.toString(), "--json"));
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.toString());
        assertEquals(false, json.get("running").asBoolean(true));
        assertTrue(json.get("pid").isNull() && json.get("url").isNull() && json.get("health").isNull(), json.toString());
        assertEquals(tmp.toString(), json.get("home").asText());
        assertEquals(0, json.get("dataBytes").asLong(-1));
    }

    @Test
    void clusterStatusOfAHomeWithoutClusterSaysSoInJsonAndExitsThree() throws IOException {
        assertEquals(3, run("cluster", "status", "--home", tmp.toString(), "--json"));
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.toString());
        assertEquals(false, json.get("running").asBoolean(true));
        assertEquals(tmp.toString(), json.get("home").asText());
        assertEquals(0, json.get("daemons").size());
        assertEquals("[\"zookeeper\",\"nimbus\",\"supervisor\"]", json.get("missing").toString());
        assertTrue(json.get("nimbusPort").isNull() && !json.has("topologies"), json.toString());
    }

    @Test
    void clusterStatusIsNotRunningWhenTheDaemonsRunButNimbusDoesNotAnswer() throws IOException {
        java.util.Map<String, Long> pids = new java.util.LinkedHashMap<>();
        pids.put("zookeeper", 101L);
        pids.put("nimbus", 102L);
        pids.put("supervisor", 103L);
        org.topicstorm.cluster.LocalStormCluster.Status up = new org.topicstorm.cluster.LocalStormCluster.Status(tmp,
                pids, 6627, tmp.resolve("storm.yaml"));
        Path logs = tmp.resolve("logs");
        ClusterCommand.Nimbus silent = yaml -> {
            throw new IllegalStateException("Cannot reach Nimbus 127.0.0.1:6627: Connection refused");
        };
        java.io.StringWriter text = new java.io.StringWriter();
        assertEquals(false, ClusterCommand.printStatus(up, tmp, logs, silent, new java.io.PrintWriter(text)));
        assertTrue(text.toString().contains("NOT RUNNING: the daemons' processes exist but Nimbus does not answer "
                + "(Cannot reach Nimbus 127.0.0.1:6627: Connection refused); see " + logs.resolve("nimbus.log")),
                text.toString());

        java.io.StringWriter jsonText = new java.io.StringWriter();
        assertEquals(false, ClusterCommand.printJson(up, tmp, logs, silent, new java.io.PrintWriter(jsonText)));
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(jsonText.toString());
        assertEquals("running", json.fieldNames().next(), "running stays the first field");
        assertEquals(false, json.get("running").asBoolean(true));
        assertEquals(3, json.get("daemons").size());
        assertEquals(0, json.get("missing").size());
        assertEquals("Cannot reach Nimbus 127.0.0.1:6627: Connection refused", json.get("nimbusError").asText());
        assertTrue(!json.has("topologies"), json.toString());

        // when Nimbus answers, it runs
        ClusterCommand.Nimbus answers = yaml -> new org.apache.storm.generated.ClusterSummary(java.util.List.of(),
                java.util.List.of(), java.util.List.of());
        java.io.StringWriter ok = new java.io.StringWriter();
        assertEquals(true, ClusterCommand.printJson(up, tmp, logs, answers, new java.io.PrintWriter(ok)));
        json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(ok.toString());
        assertEquals(true, json.get("running").asBoolean(false));
        assertTrue(!json.has("nimbusError") && json.get("topologies").isEmpty(), json.toString());
        java.io.StringWriter okText = new java.io.StringWriter();
        assertEquals(true, ClusterCommand.printStatus(up, tmp, logs, answers, new java.io.PrintWriter(okText)));
        assertTrue(okText.toString().contains("Supervisors: 0; topologies: 0"), okText.toString());
    }

    @Test
    void anErrorIsOneLineOnStderrWithExitCodeOne() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            assertEquals(1, run("es", "start", "--home", tmp.toString(), "--port", Integer.toString(port)));
            assertEquals("topicstorm: Port " + port + " on 127.0.0.1 is already in use by another program (not a "
                    + "TopicStorm Elasticsearch node of this home): stop it or choose another port"
                    + System.lineSeparator(), err.toString());
        }
    }

    @Test
    void verboseAddsTheStackTrace() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            assertEquals(1, run("es", "start", "--home", tmp.toString(), "--port", port, "--verbose"));
            assertTrue(err.toString().contains("at org.topicstorm.es.LocalElasticsearch.checkPortFree"),
                    err.toString());
        }
    }

    @Test
    void aBadHeapIsAnErrorNamingTheValue() {
        assertEquals(1, run("es", "start", "--home", tmp.toString(), "--heap", "lots"));
        assertEquals("topicstorm: Heap must be a size such as 512m or 1g, not 'lots'" + System.lineSeparator(),
                err.toString());
    }

    @Test
    void bytesAreShownInBinaryUnits() {
        assertEquals("1023 B", EsCommand.humanBytes(1023));
        assertEquals("1.5 KiB", EsCommand.humanBytes(1536)); // 1536 / 1024 = 1.5
        assertEquals("5.5 MiB", EsCommand.humanBytes(5767168)); // 5.5 * 1024 * 1024 = 5767168
    }
}
