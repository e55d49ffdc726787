package org.topicstorm.topology;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real local cluster: it starts, keeps no RocksDB metric store, and closes. */
class LocalStormIT {

    @Test
    void nimbusKeepsNoRocksDbMetricStore() throws Exception {
        try (LocalStorm storm = LocalStorm.start()) {
            assertTrue(storm.cluster().getClusterInfo().get_supervisors_size() >= 1, "a supervisor registered");
            // Storm's default store (RocksDbStore) starts these two threads when Nimbus prepares it
            List<String> rocksDbThreads = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                    .filter(n -> n.startsWith("RocksDbMetrics")).toList();
            assertEquals(List.of(), rocksDbThreads);
        }
    }
}
