package org.topicstorm.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StormClientTargetTest {

    @Test
    void hostAndPort() {
        StormClient.Target t = StormClient.Target.fromHostPort("nimbus.example.org:7000");
        assertEquals(List.of("nimbus.example.org"), t.conf().get("nimbus.seeds"));
        assertEquals(7000, t.nimbusPort());
        assertNull(t.stormYaml());
        assertEquals(6627, StormClient.Target.fromHostPort("nimbus").nimbusPort(), "Storm's default port");
        for (String bad : List.of("", ":6627", "nimbus:port", "nimbus:0", "nimbus:70000")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> StormClient.Target.fromHostPort(bad));
            assertEquals("--nimbus: expected HOST:PORT such as nimbus.example.org:6627, got '" + bad + "'",
                    e.getMessage());
        }
    }

    @Test
    void aStormYamlMustNameNimbus(@TempDir Path tmp) throws IOException {
        Path good = tmp.resolve("storm.yaml");
        Files.writeString(good, "nimbus.seeds: [\"n1\", \"n2\"]\nnimbus.thrift.port: 6700\nstorm.zookeeper.port: 2181\n");
        StormClient.Target t = StormClient.Target.fromStormYaml(good);
        assertEquals(List.of("n1", "n2"), t.conf().get("nimbus.seeds"));
        assertEquals(6700, t.nimbusPort());
        assertEquals("Nimbus n1,n2:6700 (from " + good.toAbsolutePath() + ")", t.describe());

        Path noSeeds = tmp.resolve("noseeds.yaml");
        Files.writeString(noSeeds, "storm.zookeeper.port: 2181\n");
        assertEquals(noSeeds + ": nimbus.seeds must list the Nimbus host(s), e.g. [\"nimbus.example.org\"]",
                assertThrows(IllegalArgumentException.class, () -> StormClient.Target.fromStormYaml(noSeeds))
                        .getMessage());

        Path badPort = tmp.resolve("badport.yaml");
        Files.writeString(badPort, "nimbus.seeds: [n1]\nnimbus.thrift.port: lots\n");
        assertEquals(badPort + ": nimbus.thrift.port must be a port number, got lots",
                assertThrows(IllegalArgumentException.class, () -> StormClient.Target.fromStormYaml(badPort))
                        .getMessage());

        Path notYaml = tmp.resolve("broken.yaml");
        Files.writeString(notYaml, "nimbus.seeds: [n1\n");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StormClient.Target.fromStormYaml(notYaml))
                .getMessage().startsWith(notYaml + ": cannot read it as YAML"));
        Path missing = tmp.resolve("missing.yaml");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> StormClient.Target.fromStormYaml(missing))
                .getMessage().startsWith(missing + ": cannot read it as YAML"));
    }
}
