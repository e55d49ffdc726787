package org.topicstorm.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;

import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * CPU time used so far, to report what a benchmark cost: on a small machine Elasticsearch and the benchmark's JVM
 * (topology, site, writers) compete for the same cores.
 */
final class CpuTime {

    private CpuTime() {
    }

    /** Milliseconds of CPU used by the Elasticsearch node(s), from the nodes stats API. */
    static long elasticsearchMillis(ElasticsearchClient es) throws IOException {
        return es.nodes().stats(s -> s.metric("process")).nodes().values().stream()
                .mapToLong(n -> n.process().cpu().totalInMillis()).sum();
    }

    /** Milliseconds of CPU used by this JVM (0 if the platform does not tell). */
    static long thisProcessMillis() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() / 1_000_000 : 0;
    }
}
