package org.topicstorm.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Timer;
import org.apache.storm.Config;
import org.apache.storm.spout.SpoutOutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.TopologyBuilder;
import org.apache.storm.topology.base.BaseRichSpout;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.Test;
import org.topicstorm.topology.LocalStorm;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A worker of a real Storm (LocalCluster) serves its metrics through {@link PrometheusStormReporter}: the metrics a
 * spout registers through {@link TaskMetrics} are scraped with Storm's name parts as labels, and the port is free
 * again once the worker is gone. No Elasticsearch: the spout only counts.
 */
class PrometheusReporterIT {

    private static final int EMITS = 5;

    /** Counts EMITS "emits" (nothing is emitted), timing each at 20 ms. */
    public static class CountingSpout extends BaseRichSpout {
        private transient Counter emitted;
        private transient Timer query;

        @Override
        public void open(Map<String, Object> conf, TopologyContext context, SpoutOutputCollector collector) {
            TaskMetrics metrics = TaskMetrics.of(context);
            emitted = metrics.counter(TaskMetrics.EMITTED);
            query = metrics.timer(TaskMetrics.FRONTIER_QUERY);
            metrics.gauge(TaskMetrics.IN_FLIGHT, () -> 3);
        }

        @Override
        public void nextTuple() {
            if (emitted.getCount() < EMITS) {
                query.update(20, TimeUnit.MILLISECONDS);
                emitted.inc();
            } else {
                Utils.sleep(50);
            }
        }

        @Override
        public void declareOutputFields(OutputFieldsDeclarer declarer) {
        }
    }

    @Test
    void aLocalWorkerServesItsTasksMetricsWithStormsNamePartsAsLabels() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket()) {
            free.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = free.getLocalPort();
        }
        TopologyBuilder builder = new TopologyBuilder();
        builder.setSpout("counter", new CountingSpout(), 1);
        Config conf = new Config();
        conf.put(Config.TOPOLOGY_METRICS_REPORTERS, List.of(Map.of(
                "class", PrometheusStormReporter.class.getName(), "port", port, "host", "127.0.0.1")));

        String emitted = null;
        String body = null;
        try (LocalStorm storm = LocalStorm.start()) {
            storm.submit("prom-it", conf, builder.createTopology());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            Pattern line = Pattern.compile("(?m)^topicstorm_frontier_emitted_total\\{(.*)} (\\S+)$");
            while (System.nanoTime() < deadline) {
                body = scrape(port);
                Matcher m = body == null ? null : line.matcher(body);
                if (m != null && m.find() && Double.parseDouble(m.group(2)) == EMITS) {
                    emitted = m.group(1);
                    break;
                }
                Thread.sleep(500);
            }
            assertTrue(emitted != null, "no count of " + EMITS + " scraped:\n" + body);
            // component, host (its dots made underscores), task, topology id and worker port, sorted by name
            assertTrue(emitted.matches("component=\"counter\",host=\"[^\".]+\",task=\"\\d+\","
                    + "topology=\"prom-it-\\d+-\\d+\",worker_port=\"\\d+\""), emitted);
            assertTrue(body.contains("topicstorm_frontier_in_flight{" + emitted + "} 3.0"), body);
            assertTrue(body.contains("topicstorm_frontier_query_seconds{" + emitted + ",quantile=\"0.5\"} 0.02"), body);
            assertTrue(body.contains("topicstorm_frontier_query_seconds_count{" + emitted + "} " + EMITS), body);
            // Storm's own metrics come with the same labels: a sample without any means a name of another shape
            List<String> unlabelled = new ArrayList<>();
            for (String sample : body.split("\n")) {
                if (!sample.startsWith("#") && !sample.isBlank() && !sample.contains("{")) {
                    unlabelled.add(sample);
                }
            }
            System.out.println("Scraped from the worker:\n" + body);
            assertEquals(List.of(), unlabelled, "samples without Storm's labels");
            assertTrue(storm.kill("prom-it", 0), "topology not removed");
        }
        // the worker stopped its reporter: the port is free again
        assertEquals(null, scrape(port));
        try (ServerSocket again = new ServerSocket()) {
            again.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        }
    }

    /** The body of /metrics, or null while nothing listens. */
    private static String scrape(int port) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        try {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/metrics")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, response.statusCode());
            return response.body();
        } catch (ConnectException e) {
            return null;
        }
    }
}
