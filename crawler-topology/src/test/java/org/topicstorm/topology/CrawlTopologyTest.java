package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.generated.StormTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrawlTopologyTest {

    @Test
    void theDefaultFluxFileWiresTheWholeCrawl() throws IOException {
        CrawlTopology topology = CrawlTopology.load(null);
        assertEquals(1, topology.spoutParallelism());
        Config config = topology.config(Map.of("frontier.max.urls.per.host", 7));
        assertEquals(7, config.get("frontier.max.urls.per.host"), "the crawl configuration is merged in");
        assertEquals(1, config.get(Config.TOPOLOGY_WORKERS), "the Flux file's own config is kept");
        StormTopology built = topology.build(config);
        assertEquals(Set.of("spout", "metrics", "flush"), built.get_spouts().keySet());
        assertEquals(Set.of("partitioner", "fetcher", "parse", "relevance", "links", "indexer", "status"),
                built.get_bolts().keySet());
        // the status updater hears every status stream
        Set<String> statusInputs = new java.util.HashSet<>();
        built.get_bolts().get("status").get_common().get_inputs().keySet()
                .forEach(g -> statusInputs.add(g.get_componentId() + ":" + g.get_streamId()));
        // ... and the flush tuples that make it write a partial batch
        assertEquals(Set.of("fetcher:status", "parse:status", "relevance:status", "links:status", "flush:flush"),
                statusInputs);
    }

    @Test
    void aMissingOrInvalidFluxFileIsNamed(@TempDir Path tmp) throws IOException {
        Path missing = tmp.resolve("nope.yaml");
        assertEquals(missing + ": Flux file not found",
                assertThrows(IOException.class, () -> CrawlTopology.load(missing)).getMessage());
        Path noSpout = tmp.resolve("nospout.yaml");
        Files.writeString(noSpout, """
                name: x
                spouts:
                  - id: other
                    className: org.topicstorm.frontier.EsFrontierSpout
                    parallelism: 1
                bolts: []
                streams: []
                """);
        assertTrue(assertThrows(IOException.class, () -> CrawlTopology.load(noSpout)).getMessage()
                .contains("no spout with id 'spout'"));
    }
}
