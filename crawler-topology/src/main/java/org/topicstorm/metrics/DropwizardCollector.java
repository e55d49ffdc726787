package org.topicstorm.metrics;

import com.codahale.metrics.Counting;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Metric;
import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.Sampling;
import com.codahale.metrics.Snapshot;
import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import io.prometheus.metrics.model.snapshots.Quantile;
import io.prometheus.metrics.model.snapshots.Quantiles;
import io.prometheus.metrics.model.snapshots.SummarySnapshot;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A worker's Storm (metrics v2, Dropwizard) registry as Prometheus metrics, converted afresh on every scrape:
 *
 * <ul>
 *   <li>Counter: a counter ({@code _total}); Meter: a counter of its count (rates are Prometheus's job);</li>
 *   <li>Gauge of a number: a gauge (a boolean is 1 or 0; other values are left out);</li>
 *   <li>Timer: a summary in seconds ({@code _seconds}, {@code _count} and the quantiles 0.5, 0.95 and 0.99 of
 *       Dropwizard's sample; no {@code _sum}, which Dropwizard does not keep); Histogram: the same, unitless.</li>
 * </ul>
 *
 * <p>Names. Storm registers a task's metric as {@code storm.topology.<topology id>.<host>.<component>.<task>.<worker
 * port>-<name>} (a {@code TopologyContext} registration, TopicStorm's {@link TaskMetrics}) or {@code storm.worker.
 * <topology id>.<host>.<component>[.<stream>].<task>.<worker port>-<name>} (Storm's own task metrics), with the dots
 * of the host, component and stream replaced by underscores (Storm 2.8's StormMetricRegistry). The parts become
 * labels {@code topology, host, component, stream, task, worker_port}, and the name alone the metric's name: every
 * character outside {@code [a-zA-Z0-9_:]} becomes an underscore (runs of them one, none at either end), and a name not
 * already starting with {@code topicstorm_} or {@code storm_} gets {@code storm_} in front. So
 * {@code topicstorm.pages.judged} is {@code topicstorm_pages_judged_total}, Storm's {@code __ack-count} is
 * {@code storm_ack_count}. A registry name of another shape (none in Storm 2.8's workers) is the whole name, the same
 * way, without labels.
 *
 * <p>Two metrics that end up with the same Prometheus name but different kinds, or the same name and labels: the
 * first in the registry's order (counters, gauges, meters, histograms, timers, each by name) is kept, the other left
 * out, as Prometheus would refuse the page.
 */
public final class DropwizardCollector implements MultiCollector {

    /** Storm 2.8's task metric names: see the class comment. Group 4, the stream, is only in {@code storm.worker.}. */
    private static final Pattern STORM_NAME = Pattern.compile(
            "storm\\.(?:topology|worker)\\.([^.]+)\\.([^.]+)\\.([^.]+)\\.(?:([^.]+)\\.)?(-?\\d+)\\.(-?\\d+)-(.+)");
    private static final Pattern NOT_ALLOWED = Pattern.compile("[^a-zA-Z0-9_:]+");
    private static final double[] QUANTILES = {0.5, 0.95, 0.99};
    private static final double NANOS_PER_SECOND = 1e9;

    private final MetricRegistry registry;
    private final MetricFilter filter;

    /** @param filter the metrics to serve ({@link MetricFilter#ALL} for all), matched on the registry's names */
    public DropwizardCollector(MetricRegistry registry, MetricFilter filter) {
        this.registry = registry;
        this.filter = filter;
    }

    @Override
    public MetricSnapshots collect() {
        return convert(registry, filter);
    }

    /** A registry name's Prometheus name and labels. */
    record Name(String prometheusName, String originalName, Labels labels) {
    }

    /**
     * Splits a registry name into the metric's name and Storm's parts (see the class comment).
     *
     * @param suffix appended to the Prometheus name ("_seconds" for timers), or ""
     */
    static Name name(String registryName, String suffix) {
        Matcher m = STORM_NAME.matcher(registryName);
        String original = registryName;
        Labels labels = Labels.EMPTY;
        if (m.matches()) {
            original = m.group(7);
            Labels.Builder b = Labels.builder()
                    .label("topology", m.group(1))
                    .label("host", m.group(2))
                    .label("component", m.group(3))
                    .label("task", m.group(5))
                    .label("worker_port", m.group(6));
            if (m.group(4) != null) {
                b.label("stream", m.group(4));
            }
            labels = b.build();
        }
        return new Name(prometheusName(original, suffix), original, labels);
    }

    /** The name rule of the class comment. */
    static String prometheusName(String name, String suffix) {
        String s = NOT_ALLOWED.matcher(name).replaceAll("_").replaceAll("_{2,}", "_");
        s = s.replaceAll("^_+|_+$", "");
        if (!s.startsWith("topicstorm_") && !s.startsWith("storm_")) {
            s = s.isEmpty() ? "storm" : "storm_" + s;
        }
        if (!suffix.isEmpty() && !s.endsWith(suffix)) {
            s += suffix;
        }
        return s;
    }

    /** The registry's metrics (those the filter lets through) as Prometheus metric families. */
    public static MetricSnapshots convert(MetricRegistry registry, MetricFilter filter) {
        Families families = new Families();
        registry.getCounters(filter).forEach((name, counter) ->
                families.add(Kind.COUNTER, name(name, ""), counter));
        registry.getGauges(filter).forEach((name, gauge) -> families.add(Kind.GAUGE, name(name, ""), gauge));
        registry.getMeters(filter).forEach((name, meter) -> families.add(Kind.COUNTER, name(name, ""), meter));
        registry.getHistograms(filter).forEach((name, histogram) ->
                families.add(Kind.SUMMARY, name(name, ""), histogram));
        registry.getTimers(filter).forEach((name, timer) ->
                families.add(Kind.TIMER_SUMMARY, name(name, "_seconds"), timer));
        return families.snapshots();
    }

    private enum Kind { COUNTER, GAUGE, SUMMARY, TIMER_SUMMARY }

    /** The data points of one Prometheus name, of one kind. */
    private static final class Family {
        final Kind kind;
        final String name;
        final String help;
        final Set<Labels> labels = new HashSet<>();
        final List<CounterSnapshot.CounterDataPointSnapshot> counters = new ArrayList<>();
        final List<GaugeSnapshot.GaugeDataPointSnapshot> gauges = new ArrayList<>();
        final List<SummarySnapshot.SummaryDataPointSnapshot> summaries = new ArrayList<>();

        Family(Kind kind, String name, String help) {
            this.kind = kind;
            this.name = name;
            this.help = help;
        }
    }

    private static final class Families {
        private final Map<String, Family> byName = new LinkedHashMap<>();

        void add(Kind kind, Name name, Metric metric) {
            // the exposition writer adds _total to a counter's name; a gauge keeps its name as it is
            String prometheusName = kind == Kind.COUNTER ? name.prometheusName().replaceAll("_total$", "")
                    : name.prometheusName();
            Family family = byName.computeIfAbsent(prometheusName,
                    n -> new Family(kind, n, "Storm metric " + name.originalName()));
            if (family.kind != kind || !family.labels.add(name.labels())) {
                return;   // a clash of names: the first one stays
            }
            switch (kind) {
                case COUNTER -> family.counters.add(CounterSnapshot.CounterDataPointSnapshot.builder()
                        .value(((Counting) metric).getCount())   // a Counter or a Meter
                        .labels(name.labels())
                        .build());
                case GAUGE -> {
                    Double value = gaugeValue((Gauge<?>) metric);
                    if (value == null) {
                        family.labels.remove(name.labels());
                        return;
                    }
                    family.gauges.add(GaugeSnapshot.GaugeDataPointSnapshot.builder()
                            .value(value)
                            .labels(name.labels())
                            .build());
                }
                case SUMMARY, TIMER_SUMMARY -> {
                    // a Timer or a Histogram: both count and sample
                    boolean timer = kind == Kind.TIMER_SUMMARY;
                    long count = ((Counting) metric).getCount();
                    Snapshot snapshot = ((Sampling) metric).getSnapshot();
                    Quantiles.Builder quantiles = Quantiles.builder();
                    for (double q : QUANTILES) {
                        double value = snapshot.size() == 0 ? Double.NaN : snapshot.getValue(q);
                        quantiles.quantile(new Quantile(q, timer ? value / NANOS_PER_SECOND : value));
                    }
                    family.summaries.add(SummarySnapshot.SummaryDataPointSnapshot.builder()
                            .count(count)
                            .quantiles(quantiles.build())
                            .labels(name.labels())
                            .build());
                }
                default -> throw new IllegalStateException(kind.toString());
            }
        }

        MetricSnapshots snapshots() {
            List<MetricSnapshot> snapshots = new ArrayList<>();
            for (Family f : byName.values()) {
                MetricMetadata metadata = new MetricMetadata(f.name, f.help);
                switch (f.kind) {
                    case COUNTER -> snapshots.add(new CounterSnapshot(metadata, f.counters));
                    case GAUGE -> {
                        if (!f.gauges.isEmpty()) {
                            snapshots.add(new GaugeSnapshot(metadata, f.gauges));
                        }
                    }
                    case SUMMARY, TIMER_SUMMARY -> snapshots.add(new SummarySnapshot(metadata, f.summaries));
                    default -> throw new IllegalStateException(f.kind.toString());
                }
            }
            return new MetricSnapshots(snapshots);
        }
    }

    /** A gauge's value as a number, or null when it has none (not a number, or its code failed). */
    private static Double gaugeValue(Gauge<?> gauge) {
        Object value;
        try {
            value = gauge.getValue();
        } catch (RuntimeException e) {
            return null;
        }
        if (value instanceof Number n) {
            return n.doubleValue();
        }
        if (value instanceof Boolean b) {
            return b ? 1.0 : 0.0;
        }
        return null;
    }
}
