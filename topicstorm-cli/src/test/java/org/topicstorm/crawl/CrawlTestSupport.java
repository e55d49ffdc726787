package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.index.IndexerBolt;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import org.topicstorm.topology.CrawlTopology;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Runs crawls for integration tests and reads back what they wrote. */
final class CrawlTestSupport {

    private CrawlTestSupport() {
    }

    /** Configuration for a fast test crawl: loopback allowed through the address guard, no politeness delay, short batches, a quick idle stop. */
    static Map<String, Object> testConf(String esUrl, CrawlIndices indices, Path topicFile) throws IOException {
        Map<String, Object> conf = CrawlConf.defaults();
        conf.put(EsSettings.ADDRESSES, List.of(esUrl));
        conf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
        conf.put(org.topicstorm.topology.TopicStormConfig.TOPIC_FILE, topicFile.toString());
        conf.put("fetcher.server.delay", 0.0);
        // the test sites are on 127.0.0.x, which the address guard refuses unless allowed
        conf.put(org.topicstorm.fetch.AddressGuard.ALLOW, List.of("127.0.0.0/8"));
        conf.put("fetcher.threads.number", 4);
        conf.put("http.timeout", 3000);
        conf.put(CrawlRunner.IDLE_STOP_SECS, 6);
        conf.put(CrawlRunner.PROGRESS_SECS, 1);
        conf.put("status.batch.max.delay.ms", 200);
        conf.put("indexer.batch.max.delay.ms", 200);
        conf.put("frontier.query.min.interval.ms", 300);
        conf.put("frontier.purgatory.ms", 3000);
        conf.put("topology.testing.always.try.serialize", true);
        conf.put("metrics.interval.secs", 1);
        // the test sites build their pages from one paragraph, so most are near-duplicates of each other; the tests
        // that count content documents mean every relevant page (NearDuplicatesIT turns the check on)
        conf.put(IndexerBolt.NEAR_DUPLICATES, false);
        return conf;
    }

    static CrawlRunner.Summary crawl(Path topicFile, CrawlIndices indices, Map<String, Object> extra, long maxPages)
            throws Exception {
        return crawl(EsTestNode.url().toString(), topicFile, indices, extra, maxPages, null);
    }

    static CrawlRunner.Summary crawl(String esUrl, Path topicFile, CrawlIndices indices, Map<String, Object> extra,
                                     long maxPages, CrawlRunner runner) throws Exception {
        Topic topic = TopicLoader.load(topicFile);
        // each crawl fetches with its own configuration: CrawlRunner forgets the JVM's protocols (ProtocolCache)
        Map<String, Object> conf = new HashMap<>(testConf(esUrl, indices, topicFile));
        conf.putAll(extra);
        CrawlRunner r = runner != null ? runner : new CrawlRunner(line -> System.out.println("[crawl] " + line));
        return r.run(new CrawlRunner.Request(topic, indices, conf, CrawlTopology.load(null), maxPages,
                Duration.ofMinutes(5)));
    }

    static Map<String, StatusDoc> statusDocs(ElasticsearchClient client, CrawlIndices indices) throws IOException {
        client.indices().refresh(r -> r.index(indices.status()));
        SearchResponse<StatusDoc> r = client.search(s -> s.index(indices.status()).size(10_000), StatusDoc.class);
        Map<String, StatusDoc> docs = new HashMap<>();
        for (Hit<StatusDoc> h : r.hits().hits()) {
            docs.put(h.source().url(), h.source());
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    static Map<String, Map<String, Object>> contentDocs(ElasticsearchClient client, CrawlIndices indices)
            throws IOException {
        client.indices().refresh(r -> r.index(indices.content()));
        SearchResponse<Map> r = client.search(s -> s.index(indices.content()).size(10_000), Map.class);
        Map<String, Map<String, Object>> docs = new HashMap<>();
        for (Hit<Map> h : r.hits().hits()) {
            docs.put((String) h.source().get("url"), h.source());
        }
        return docs;
    }

    static java.util.List<org.topicstorm.metrics.MetricsDoc> metricsDocs(ElasticsearchClient client,
                                                                        CrawlIndices indices) throws IOException {
        client.indices().refresh(r -> r.index(indices.metrics()));
        SearchResponse<org.topicstorm.metrics.MetricsDoc> r = client.search(s -> s.index(indices.metrics())
                .size(10_000).sort(o -> o.field(f -> f.field("timestamp"))), org.topicstorm.metrics.MetricsDoc.class);
        return r.hits().hits().stream().map(Hit::source).toList();
    }

    /**
     * The Storm metrics (v2) the JMX reporter publishes in this JVM (LocalCluster's workers run in it), by metric
     * name: a counter's or timer's Count, a gauge's Value.
     */
    static Map<String, Number> jmxMetrics() throws Exception {
        javax.management.MBeanServer server = java.lang.management.ManagementFactory.getPlatformMBeanServer();
        Map<String, Number> values = new HashMap<>();
        for (javax.management.ObjectName name : server.queryNames(null, null)) {
            String metric = name.getKeyProperty("name");
            if (metric == null || !metric.contains("topicstorm.")) {
                continue;
            }
            String attribute = "gauges".equals(name.getKeyProperty("type")) ? "Value" : "Count";
            try {
                values.put(metric, (Number) server.getAttribute(name, attribute));
            } catch (javax.management.InstanceNotFoundException gone) {
                // a killed topology's reporter unregisters its metrics
            }
        }
        return values;
    }

    /** The sum over tasks of one metric (names end with "-" + the metric name), of names not in {@code before}. */
    static double sum(Map<String, Number> metrics, Set<String> before, String metric) {
        return metrics.entrySet().stream().filter(e -> e.getKey().endsWith("-" + metric))
                .filter(e -> !before.contains(e.getKey())).mapToDouble(e -> e.getValue().doubleValue()).sum();
    }
}
