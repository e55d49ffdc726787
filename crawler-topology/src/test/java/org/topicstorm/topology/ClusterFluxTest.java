package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.generated.Bolt;
import org.apache.storm.generated.GlobalStreamId;
import org.apache.storm.generated.Grouping;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** storm-conf/crawler-cluster.flux.yaml: the local topology with its parallelism from the configuration. */
class ClusterFluxTest {

    @Test
    void parallelismComesFromTheConfiguration() throws IOException {
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put("topicstorm.parallelism.spout", 2);
        conf.put("topicstorm.parallelism.fetcher", 3);
        conf.put("topicstorm.parallelism.parse", "4");  // a string from a command-line override works as well
        CrawlTopology topology = CrawlTopology.load(null, CrawlTopology.CLUSTER_FLUX, conf);
        assertEquals(2, topology.spoutParallelism(), "spout tasks = status shards");
        StormTopology built = topology.build(topology.config(conf));
        assertEquals(2, built.get_spouts().get("spout").get_common().get_parallelism_hint());
        assertEquals(3, built.get_bolts().get("fetcher").get_common().get_parallelism_hint());
        assertEquals(4, built.get_bolts().get("parse").get_common().get_parallelism_hint());
        assertEquals(2, built.get_bolts().get("status").get_common().get_parallelism_hint(), "the default");
    }

    @Test
    void theClusterTopologyIsWiredLikeTheLocalOne() throws IOException {
        Map<String, Object> conf = CrawlConf.defaults();
        StormTopology local = CrawlTopology.load(null).build(CrawlTopology.load(null).config(conf));
        CrawlTopology clusterFlux = CrawlTopology.load(null, CrawlTopology.CLUSTER_FLUX, conf);
        StormTopology cluster = clusterFlux.build(clusterFlux.config(conf));
        assertEquals(local.get_spouts().keySet(), cluster.get_spouts().keySet());
        assertEquals(wiring(local), wiring(cluster), "same bolts, classes, inputs and groupings");
    }

    @Test
    void flushTuplesReachEveryTaskOfTheBatchingBolts() throws IOException {
        Map<String, Object> conf = CrawlConf.defaults();
        for (CrawlTopology flux : List.of(CrawlTopology.load(null),
                CrawlTopology.load(null, CrawlTopology.CLUSTER_FLUX, conf))) {
            StormTopology t = flux.build(flux.config(conf));
            for (String bolt : List.of("indexer", "status")) {
                Grouping g = t.get_bolts().get(bolt).get_common().get_inputs()
                        .get(new GlobalStreamId("flush", FlushSpout.STREAM));
                assertTrue(g != null && g.is_set_all(), bolt + " gets every flush tuple: " + g);
            }
        }
        assertEquals(20, TopicStormConfig.flushIntervalMs(conf));
        assertThrows(IllegalArgumentException.class,
                () -> TopicStormConfig.flushIntervalMs(Map.of(TopicStormConfig.FLUSH_INTERVAL_MS, 5)));
    }

    /** Each bolt's class and inputs (component:stream -> grouping), as comparable text. */
    private static Map<String, String> wiring(StormTopology t) {
        Map<String, String> wiring = new TreeMap<>();
        for (Map.Entry<String, Bolt> e : t.get_bolts().entrySet()) {
            Map<String, String> inputs = new TreeMap<>();
            for (Map.Entry<GlobalStreamId, Grouping> in : e.getValue().get_common().get_inputs().entrySet()) {
                inputs.put(in.getKey().get_componentId() + ":" + in.getKey().get_streamId(), in.getValue().toString());
            }
            wiring.put(e.getKey(), e.getValue().get_bolt_object().getSetField() + " " + inputs);
        }
        return wiring;
    }

    @Test
    void aPlaceholderWithoutItsKeyIsNamedWithTheFile(@TempDir Path tmp) throws IOException {
        Path flux = tmp.resolve("my.flux.yaml");
        Files.writeString(flux, """
                # ${not.checked.in.comments}
                name: x
                spouts:
                  - id: spout
                    className: org.topicstorm.frontier.EsFrontierSpout
                    parallelism: ${my.spouts}
                bolts: []
                streams: []
                """);
        IOException e = assertThrows(IOException.class, () -> CrawlTopology.load(flux, null, Map.of()));
        assertEquals(flux + ": placeholder ${my.spouts} needs a configuration key 'my.spouts' with a single value "
                + "(see storm-conf/topicstorm-default.yaml)", e.getMessage());
        assertEquals(5, CrawlTopology.load(flux, null, Map.of("my.spouts", 5)).spoutParallelism());
    }

    @Test
    void workersDefaultToOne() throws IOException {
        Map<String, Object> conf = CrawlConf.defaults();
        CrawlTopology topology = CrawlTopology.load(null, CrawlTopology.CLUSTER_FLUX, conf);
        assertEquals(1, topology.config(conf).get(Config.TOPOLOGY_WORKERS));
        assertTrue(conf.containsKey("topicstorm.parallelism.links"), "documented in topicstorm-default.yaml");
    }
}
