package org.topicstorm.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The local cluster's storm.yaml; the cluster itself runs in ClusterCrawlIT (module topology-jar). */
class LocalStormClusterTest {

    @Test
    void everyListenerIsOnLoopbackAndPathsAreUnderTheHome(@TempDir Path home) throws Exception {
        LocalStormCluster cluster = new LocalStormCluster(home,
                new LocalStormCluster.Install(List.of(home.resolve("classes")), home.resolve("worker-lib")),
                new LocalStormCluster.Options(640, Duration.ofSeconds(5)), line -> { });
        @SuppressWarnings("unchecked")
        Map<String, Object> conf = new ObjectMapper(new YAMLFactory())
                .readValue(cluster.stormYaml(2181, 6627, 6628, 6700), Map.class);
        assertEquals(List.of("127.0.0.1"), conf.get("storm.zookeeper.servers"));
        assertEquals(2181, conf.get("storm.zookeeper.port"));
        assertEquals(List.of("127.0.0.1"), conf.get("nimbus.seeds"));
        assertEquals("127.0.0.1", conf.get("storm.local.hostname"));
        assertEquals(6627, conf.get("nimbus.thrift.port"));
        assertEquals(6628, conf.get("supervisor.thrift.port"));
        assertEquals(LoopbackTransportPlugin.class.getName(), conf.get("nimbus.thrift.transport"));
        assertEquals(LoopbackTransportPlugin.class.getName(), conf.get("supervisor.thrift.transport"));
        assertEquals("127.0.0.1", conf.get(LoopbackTransportPlugin.BIND_HOST));
        assertEquals(List.of(6700), conf.get("supervisor.slots.ports"), "one slot: one worker per topology");
        assertEquals("org.apache.storm.messaging.local.Context", conf.get("storm.messaging.transport"),
                "no Netty server on every interface");
        assertEquals(640, conf.get("worker.heap.memory.mb"));
        assertEquals(home.resolve("storm-local").toString(), conf.get("storm.local.dir"));
        assertEquals(home.resolve("logs").toString(), conf.get("storm.log.dir"));
        assertEquals(home.resolve("storm-home/conf/storm.yaml"), cluster.stormYaml());
    }

    @Test
    void nothingRunsInAFreshHome(@TempDir Path home) throws Exception {
        LocalStormCluster cluster = new LocalStormCluster(home,
                new LocalStormCluster.Install(List.of(), home.resolve("worker-lib")),
                LocalStormCluster.Options.defaults(), line -> { });
        LocalStormCluster.Status status = cluster.status();
        assertTrue(status.pids().isEmpty());
        assertFalse(status.running());
        assertEquals(-1, status.nimbusPort());
        assertFalse(cluster.stop(), "nothing to stop");
    }
}
