package org.topicstorm.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Histogram;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.SlidingWindowReservoir;
import com.codahale.metrics.Timer;
import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class DropwizardCollectorTest {

    /** How Storm 2.8 names a TopologyContext metric of task 7 of component relevance, worker port 6700. */
    private static final String TASK = "storm.topology.topicstorm-t-1-1700000000.node_1.relevance.7.6700-";

    private static String text(MetricSnapshots snapshots) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, snapshots, EscapingScheme.UNDERSCORE_ESCAPING);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void stormsNamePartsBecomeLabelsAndTheNameIsSanitised() {
        DropwizardCollector.Name n = DropwizardCollector.name(TASK + "topicstorm.pages.harvest-rate", "");
        assertEquals("topicstorm_pages_harvest_rate", n.prometheusName());
        assertEquals("topicstorm.pages.harvest-rate", n.originalName());
        assertEquals(Labels.of("topology", "topicstorm-t-1-1700000000", "host", "node_1", "component", "relevance",
                "task", "7", "worker_port", "6700"), n.labels());

        // Storm's own task metrics (storm.worker.) carry the stream; their names get storm_ in front
        n = DropwizardCollector.name("storm.worker.topicstorm-t-1-1700000000.node_1.fetch.default.4.6700-__emit-count",
                "");
        assertEquals("storm_emit_count", n.prometheusName());
        assertEquals(Labels.of("topology", "topicstorm-t-1-1700000000", "host", "node_1", "component", "fetch",
                "stream", "default", "task", "4", "worker_port", "6700"), n.labels());

        // without a stream, the task is not taken for one (the port is followed by "-", not ".")
        n = DropwizardCollector.name("storm.worker.t-2-3.h.spout.3.6701-__receive.population", "");
        assertEquals("storm_receive_population", n.prometheusName());
        assertEquals(Labels.of("topology", "t-2-3", "host", "h", "component", "spout", "task", "3",
                "worker_port", "6701"), n.labels());

        // a name of another shape: the whole name, without labels
        n = DropwizardCollector.name("CGroup.memory-usage", "_seconds");
        assertEquals("storm_CGroup_memory_usage_seconds", n.prometheusName());
        assertEquals(Labels.EMPTY, n.labels());

        assertEquals("storm", DropwizardCollector.prometheusName("--", ""));
        assertEquals("topicstorm_es_status_write_seconds",
                DropwizardCollector.prometheusName("topicstorm.es.status-write", "_seconds"));
        assertEquals("storm_a:b_c", DropwizardCollector.prometheusName("storm.a:b..c.", ""));
    }

    @Test
    void eachKindBecomesItsPrometheusTypeWithTheExactValues() throws IOException {
        MetricRegistry registry = new MetricRegistry();
        registry.counter(TASK + "topicstorm.pages.judged").inc(3);
        registry.register(TASK + "topicstorm.pages.harvest-rate", (Gauge<Double>) () -> 0.25);
        registry.register(TASK + "topicstorm.frontier.busy", (Gauge<Boolean>) () -> true);
        registry.register(TASK + "topicstorm.name", (Gauge<String>) () -> "not a number");   // left out
        registry.meter(TASK + "topicstorm.marks").mark(5);
        // a sliding window keeps every value, so the quantiles are exact (UniformSnapshot's interpolation):
        // 100, 200, 300, 400 ms: the median at position 0.5 * 5 = 2.5, half-way between 200 and 300; 0.95 and 0.99
        // at 4.75 and 4.95, beyond the last: 400
        Timer timer = registry.register(TASK + "topicstorm.es.status-write", new Timer(new SlidingWindowReservoir(4)));
        for (long ms : new long[] {100, 300, 200, 400}) {
            timer.update(ms, TimeUnit.MILLISECONDS);
        }
        Histogram sizes = registry.register(TASK + "topicstorm.batch.size",
                new Histogram(new SlidingWindowReservoir(10)));
        sizes.update(10);
        sizes.update(30);
        registry.timer(TASK + "topicstorm.frontier.query");   // no observation yet: NaN quantiles

        String text = text(DropwizardCollector.convert(registry, MetricFilter.ALL));
        String labels = "component=\"relevance\",host=\"node_1\",task=\"7\",topology=\"topicstorm-t-1-1700000000\","
                + "worker_port=\"6700\"";
        // sorted by name; every line's labels are the task's ($L), sorted by name, with the quantile last
        assertEquals("""
                # HELP topicstorm_batch_size Storm metric topicstorm.batch.size
                # TYPE topicstorm_batch_size summary
                topicstorm_batch_size{$L,quantile="0.5"} 20.0
                topicstorm_batch_size{$L,quantile="0.95"} 30.0
                topicstorm_batch_size{$L,quantile="0.99"} 30.0
                topicstorm_batch_size_count{$L} 2
                # HELP topicstorm_es_status_write_seconds Storm metric topicstorm.es.status-write
                # TYPE topicstorm_es_status_write_seconds summary
                topicstorm_es_status_write_seconds{$L,quantile="0.5"} 0.25
                topicstorm_es_status_write_seconds{$L,quantile="0.95"} 0.4
                topicstorm_es_status_write_seconds{$L,quantile="0.99"} 0.4
                topicstorm_es_status_write_seconds_count{$L} 4
                # HELP topicstorm_frontier_busy Storm metric topicstorm.frontier.busy
                # TYPE topicstorm_frontier_busy gauge
                topicstorm_frontier_busy{$L} 1.0
                # HELP topicstorm_frontier_query_seconds Storm metric topicstorm.frontier.query
                # TYPE topicstorm_frontier_query_seconds summary
                topicstorm_frontier_query_seconds{$L,quantile="0.5"} NaN
                topicstorm_frontier_query_seconds{$L,quantile="0.95"} NaN
                topicstorm_frontier_query_seconds{$L,quantile="0.99"} NaN
                topicstorm_frontier_query_seconds_count{$L} 0
                # HELP topicstorm_marks_total Storm metric topicstorm.marks
                # TYPE topicstorm_marks_total counter
                topicstorm_marks_total{$L} 5.0
                # HELP topicstorm_pages_harvest_rate Storm metric topicstorm.pages.harvest-rate
                # TYPE topicstorm_pages_harvest_rate gauge
                topicstorm_pages_harvest_rate{$L} 0.25
                # HELP topicstorm_pages_judged_total Storm metric topicstorm.pages.judged
                # TYPE topicstorm_pages_judged_total counter
                topicstorm_pages_judged_total{$L} 3.0
                """.replace("$L", labels), text);
    }

    @Test
    void aClashOfNamesKeepsTheFirstAndTheFilterApplies() throws IOException {
        MetricRegistry registry = new MetricRegistry();
        registry.counter(TASK + "topicstorm.pages.judged").inc(2);
        // another task's gauge that sanitises to the same name: a counter stays a counter
        registry.register(TASK.replace(".7.", ".8.") + "topicstorm.pages-judged", (Gauge<Integer>) () -> 9);
        // the same name and labels twice (a counter named ..._total and one without)
        registry.counter(TASK + "topicstorm.pages.judged_total").inc(5);
        registry.counter("other.counter").inc();

        MetricSnapshots all = DropwizardCollector.convert(registry, MetricFilter.ALL);
        assertEquals(2, all.size());
        String text = text(DropwizardCollector.convert(registry, (name, metric) -> name.startsWith("storm.")));
        assertEquals("""
                # HELP topicstorm_pages_judged_total Storm metric topicstorm.pages.judged
                # TYPE topicstorm_pages_judged_total counter
                topicstorm_pages_judged_total{component="relevance",host="node_1",task="7",topology="topicstorm-t-1-1700000000",worker_port="6700"} 2.0
                """, text);
    }

    @Test
    void aTimersSummaryIsInSecondsWithoutASum() {
        MetricRegistry registry = new MetricRegistry();
        registry.timer("storm.topology.t-1-2.h.status.9.6700-topicstorm.es.status-write")
                .update(1500, TimeUnit.MILLISECONDS);
        SummarySnapshot summary = (SummarySnapshot) DropwizardCollector.convert(registry, MetricFilter.ALL).get(0);
        assertEquals("topicstorm_es_status_write_seconds", summary.getMetadata().getPrometheusName());
        SummarySnapshot.SummaryDataPointSnapshot point = summary.getDataPoints().get(0);
        assertEquals(1, point.getCount());
        assertEquals(false, point.hasSum());
        assertEquals(1.5, point.getQuantiles().get(0).getValue());
        assertEquals(0.5, point.getQuantiles().get(0).getQuantile());
        assertNull(point.getLabels().get("stream"));
    }
}
