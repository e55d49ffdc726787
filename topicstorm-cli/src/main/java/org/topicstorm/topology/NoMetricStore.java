package org.topicstorm.topology;

import org.apache.storm.metric.StormMetricsRegistry;
import org.apache.storm.metricstore.FilterOptions;
import org.apache.storm.metricstore.Metric;
import org.apache.storm.metricstore.MetricStore;

import java.util.Map;

/**
 * The metric store of {@link LocalStorm}'s Nimbus: it keeps nothing.
 *
 * <p>Storm's default store opens a RocksDB database per Nimbus and never closes it (its close() stops only its
 * threads), so every local cluster a JVM starts left an open native database behind: the tests start dozens, and one
 * test JVM aborted at exit in native code ("std::bad_alloc") after all its tests had passed. A local crawl reads
 * nothing from that store: its metrics go to the crawl's own reporters.
 */
public final class NoMetricStore implements MetricStore {

    @Override
    public void prepare(Map<String, Object> config, StormMetricsRegistry metricsRegistry) {
    }

    @Override
    public void insert(Metric metric) {
    }

    @Override
    public boolean populateValue(Metric metric) {
        return false;
    }

    @Override
    public void scan(FilterOptions filter, ScanCallback scanCallback) {
    }

    @Override
    public void close() {
    }
}
