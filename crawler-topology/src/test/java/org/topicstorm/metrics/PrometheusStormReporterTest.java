package org.topicstorm.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PrometheusStormReporterTest {

    private static final String TASK = "storm.topology.crawl-1-1700000000.node_1.status.9.6700-";
    private static final String LABELS = "component=\"status\",host=\"node_1\",task=\"9\","
            + "topology=\"crawl-1-1700000000\",worker_port=\"6700\"";

    private static PrometheusStormReporter.Settings settings(Map<String, Object> topo, Map<String, Object> reporter,
                                                              String workerPort) {
        return PrometheusStormReporter.settings(topo, reporter, workerPort);
    }

    @Test
    void theWorkersPortPlusTheOffsetOrTheFixedPortOrNothing() {
        // a Supervisor's worker (worker.port set): its port plus the offset, from the worker's configuration
        var s = settings(Map.of(PrometheusStormReporter.TOPO_PORT_OFFSET, 1000,
                PrometheusStormReporter.TOPO_HOST, "0.0.0.0"), Map.of(), "6701");
        assertEquals(7701, s.port());
        assertEquals("0.0.0.0", s.host());
        // the reporter's own entry wins over the worker's configuration
        s = settings(Map.of(PrometheusStormReporter.TOPO_PORT_OFFSET, 1000),
                Map.of("port.offset", 2000, "host", "127.0.0.2"), "6700");
        assertEquals(8700, s.port());
        assertEquals("127.0.0.2", s.host());
        // a local cluster's worker has no worker.port: the fixed port, else nothing
        s = settings(Map.of(PrometheusStormReporter.TOPO_PORT_OFFSET, 1000, PrometheusStormReporter.TOPO_PORT, 9400),
                Map.of(), null);
        assertEquals(9400, s.port());
        assertEquals("127.0.0.1", s.host());   // the default: nothing outside the machine
        s = settings(Map.of(PrometheusStormReporter.TOPO_PORT_OFFSET, 1000), Map.of(), null);
        assertNull(s.port());
        assertNull(s.problem());
        // nothing configured (the defaults of a local crawl): nothing served, and that is no problem
        s = settings(Map.of(), Map.of("class", PrometheusStormReporter.class.getName()), "6700");
        assertNull(s.port());
        assertNull(s.problem());
        assertEquals(0, settings(Map.of(), Map.of("port", 0), "6700").port());   // any free port
    }

    /** Local crawls open no port: the defaults list the reporter but set no port, and a crawl file may set one. */
    @Test
    @SuppressWarnings("unchecked")
    void theDefaultsListTheReporterWithoutAPortAndACrawlFileCanSetOne(@TempDir Path tmp) throws IOException {
        Map<String, Object> defaults = CrawlConf.defaults();
        List<Map<String, Object>> reporters = (List<Map<String, Object>>) defaults.get("topology.metrics.reporters");
        Map<String, Object> entry = reporters.stream()
                .filter(r -> PrometheusStormReporter.class.getName().equals(r.get("class"))).findFirst().orElseThrow();
        assertTrue(defaults.keySet().stream().noneMatch(k -> k.startsWith("topicstorm.metrics.prometheus.")),
                "a default would override the cluster's storm.yaml");
        assertNull(PrometheusStormReporter.settings(defaults, entry, "6700").port());
        assertNull(PrometheusStormReporter.settings(defaults, entry, null).port());

        Path file = tmp.resolve("crawl.yaml");
        Files.writeString(file, "topicstorm.metrics.prometheus.port: 9400\n");
        Map<String, Object> conf = CrawlConf.load(file);
        assertEquals(9400, PrometheusStormReporter.settings(conf, entry, null).port());
        Files.writeString(file, "topicstorm.metrics.prometheus.port.offset: 0\n");
        assertEquals(file + ": key 'topicstorm.metrics.prometheus.port.offset' must be a whole number from 1 to "
                + "65535, got the number 0",
                assertThrows(CrawlConf.ConfException.class, () -> CrawlConf.load(file)).getMessage());
    }

    @Test
    void wrongSettingsAreProblemsNotPorts() {
        assertEquals("port.offset must be a whole number from 1 to 65535, got 0",
                settings(Map.of(), Map.of("port.offset", 0), "6700").problem());
        // also where no worker.port would use it (a local cluster's worker with a fixed port)
        assertEquals("port.offset must be a whole number from 1 to 65535, got x",
                settings(Map.of(), Map.of("port.offset", "x", "port", 9400), null).problem());
        assertEquals("worker port 65000 + port.offset 1000 is beyond 65535",
                settings(Map.of(), Map.of("port.offset", 1000), "65000").problem());
        assertEquals("port must be a whole number from 0 to 65535, got 9400",
                settings(Map.of(), Map.of("port", "9400"), null).problem());
        assertEquals("port must be a whole number from 0 to 65535, got 70000",
                settings(Map.of(), Map.of("port", 70000L), null).problem());
        assertEquals("host must be an address, got ", settings(Map.of(), Map.of("port", 1, "host", ""), null)
                .problem());
        assertNull(settings(Map.of(), Map.of("port", 1, "host", ""), null).port());
    }

    @Test
    void servesTheRegistryAtMetricsAndStopFreesThePort() throws Exception {
        MetricRegistry registry = new MetricRegistry();
        registry.counter(TASK + "topicstorm.es.status-write-failures").inc(4);
        registry.register(TASK + "topicstorm.frontier.in-flight", (Gauge<Integer>) () -> 12);
        registry.timer(TASK + "topicstorm.es.status-write").update(250, TimeUnit.MILLISECONDS);

        PrometheusStormReporter reporter = new PrometheusStormReporter();
        reporter.prepare(registry, Map.of(), Map.of("port", 0, "host", "127.0.0.1"), null);
        reporter.start();
        int port = reporter.port();
        assertTrue(port > 0, "port " + port);
        Map<String, Double> scraped;
        try {
            scraped = scrape(port);
            // the registry is read on every scrape: a later count shows in the next one
            registry.counter(TASK + "topicstorm.es.status-write-failures").inc();
            assertEquals(5.0, scrape(port).get("topicstorm_es_status_write_failures_total{" + LABELS + "}"));
        } finally {
            reporter.stop();
        }
        assertEquals(4.0, scraped.get("topicstorm_es_status_write_failures_total{" + LABELS + "}"));
        assertEquals(12.0, scraped.get("topicstorm_frontier_in_flight{" + LABELS + "}"));
        assertEquals(1.0, scraped.get("topicstorm_es_status_write_seconds_count{" + LABELS + "}"));
        for (String q : List.of("0.5", "0.95", "0.99")) {   // one observation: every quantile is it
            assertEquals(0.25, scraped.get("topicstorm_es_status_write_seconds{" + LABELS + ",quantile=\"" + q
                    + "\"}"));
        }
        assertEquals(-1, reporter.port());
        // stopped: the port is free again
        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
    }

    @Test
    void withoutAPortOrWithABusyOneNothingIsServedAndNothingFails() throws IOException {
        PrometheusStormReporter off = new PrometheusStormReporter();
        off.prepare(new MetricRegistry(), Map.of(), Map.of(), "6700");
        off.start();
        assertEquals(-1, off.port());
        off.stop();

        try (ServerSocket busy = new ServerSocket()) {
            busy.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            PrometheusStormReporter reporter = new PrometheusStormReporter();
            reporter.prepare(new MetricRegistry(), Map.of(),
                    Map.of("port", busy.getLocalPort(), "host", "127.0.0.1"), null);
            reporter.start();
            assertEquals(-1, reporter.port());
            reporter.stop();
        }
    }

    /** The samples of a scrape of /metrics: "name{labels}" to value. */
    private static Map<String, Double> scrape(int port) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"),
                response.headers().toString());
        Map<String, Double> samples = new HashMap<>();
        for (String line : response.body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            samples.put(line.substring(0, space), Double.parseDouble(line.substring(space + 1)));
        }
        return samples;
    }
}
