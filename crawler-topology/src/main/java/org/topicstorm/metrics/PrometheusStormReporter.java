package org.topicstorm.metrics;

import com.codahale.metrics.MetricFilter;
import com.codahale.metrics.MetricRegistry;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.apache.storm.metrics2.filters.StormMetricsFilter;
import org.apache.storm.metrics2.reporters.ScheduledStormReporter;
import org.apache.storm.metrics2.reporters.StormReporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Map;

/**
 * A Storm metrics (v2) reporter that serves its worker's metrics to Prometheus: the text exposition format at
 * {@code http://HOST:PORT/metrics}, converted from the worker's registry on each scrape by
 * {@link DropwizardCollector} (names and labels are described there). Listed in {@code topology.metrics.reporters}
 * (storm-conf/topicstorm-default.yaml), it serves nothing until a port is configured, so that local crawls open no
 * port unless asked.
 *
 * <p>Its settings, each read from the reporter's own entry in {@code topology.metrics.reporters} first, then from the
 * worker's configuration (the topology's merged over the cluster's storm.yaml: {@link #TOPO_PORT} etc.):
 *
 * <ul>
 *   <li>{@code port.offset}: serve on the worker's port (its slot in {@code supervisor.slots.ports}) plus this, so
 *       that every worker of a Supervisor has its own port: 6700 and 6701 serve on 7700 and 7701 with 1000. The
 *       worker's port is the system property {@code worker.port}, which Storm's Supervisor sets on every worker JVM
 *       it starts; a worker of a local cluster (in the launcher's JVM) has none, and uses {@code port};</li>
 *   <li>{@code port}: serve on this port (0: any free one, logged), when there is no offset or no worker port;</li>
 *   <li>{@code host}: the address to bind, default 127.0.0.1 (0.0.0.0 for every interface, as on Kubernetes);</li>
 *   <li>{@code filter}: Storm's metrics filter ({@code class} and its settings, e.g. RegexFilter), as for Storm's
 *       reporters.</li>
 * </ul>
 *
 * <p>A setting out of range or a port that cannot be bound is logged as an error and the reporter serves nothing:
 * a worker's metrics never stop its crawl.
 */
public final class PrometheusStormReporter implements StormReporter {

    private static final Logger LOG = LoggerFactory.getLogger(PrometheusStormReporter.class);

    /** Reporter entry keys. */
    public static final String PORT = "port";
    public static final String PORT_OFFSET = "port.offset";
    public static final String HOST = "host";
    /** The same settings as worker configuration keys (storm.yaml, or a crawl's configuration file). */
    public static final String TOPO_PORT = "topicstorm.metrics.prometheus.port";
    public static final String TOPO_PORT_OFFSET = "topicstorm.metrics.prometheus.port.offset";
    public static final String TOPO_HOST = "topicstorm.metrics.prometheus.host";
    /** The system property Storm's Supervisor sets to the worker's port on the worker JVMs it starts. */
    public static final String WORKER_PORT_PROPERTY = "worker.port";
    public static final String DEFAULT_HOST = "127.0.0.1";

    /**
     * Where to serve: a host and port, or nothing (port null) with the reason.
     *
     * @param problem a misconfiguration to log as an error, or null when serving nothing is what was asked
     */
    public record Settings(String host, Integer port, String problem, String why) {

        static Settings off(String why) {
            return new Settings(null, null, null, why);
        }

        static Settings wrong(String problem) {
            return new Settings(null, null, problem, problem);
        }
    }

    private MetricRegistry registry;
    private MetricFilter filter = MetricFilter.ALL;
    private Settings settings;
    /** written by start(), read by stop() and port(), which Storm may call from another thread */
    private volatile HTTPServer server;

    /**
     * The settings from the reporter entry and the worker's configuration (see the class comment).
     *
     * @param workerPort the value of the {@code worker.port} system property, or null
     */
    public static Settings settings(Map<String, Object> topoConf, Map<String, Object> reporterConf,
                                    String workerPort) {
        Object offset = setting(reporterConf, PORT_OFFSET, topoConf, TOPO_PORT_OFFSET);
        Object port = setting(reporterConf, PORT, topoConf, TOPO_PORT);
        Object host = setting(reporterConf, HOST, topoConf, TOPO_HOST);
        if (host != null && !(host instanceof String s && !s.isBlank())) {
            return Settings.wrong("host must be an address, got " + host);
        }
        String address = host == null ? DEFAULT_HOST : (String) host;
        // a wrong offset is said wherever it is set, also on a worker that would not use it (a local cluster's)
        Integer o = offset == null ? null : whole(offset, 1);
        if (offset != null && o == null) {
            return Settings.wrong("port.offset must be a whole number from 1 to 65535, got " + offset);
        }
        if (o != null && workerPort != null) {
            int worker;
            try {
                worker = Integer.parseInt(workerPort.strip());
            } catch (NumberFormatException e) {
                return Settings.wrong("the worker's port (system property worker.port) is not a number: "
                        + workerPort);
            }
            if (worker + o > 65_535) {
                return Settings.wrong("worker port " + worker + " + port.offset " + o + " is beyond 65535");
            }
            return new Settings(address, worker + o, null, "worker port " + worker + " + port.offset " + o);
        }
        if (port != null) {
            Integer p = whole(port, 0);
            if (p == null) {
                return Settings.wrong("port must be a whole number from 0 to 65535, got " + port);
            }
            return new Settings(address, p, null, offset == null ? "port" : "port (no worker.port for port.offset)");
        }
        if (offset != null) {
            return Settings.off("port.offset is set but this worker has no worker.port (a local cluster's worker)"
                    + " and no port is set");
        }
        return Settings.off("no port configured (" + TOPO_PORT + " or " + TOPO_PORT_OFFSET + ")");
    }

    /** The value as a whole number from min to 65535, or null when it is not one. */
    private static Integer whole(Object value, int min) {
        if (value instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue())
                && n.doubleValue() >= min && n.doubleValue() <= 65_535) {
            return n.intValue();
        }
        return null;
    }

    private static Object setting(Map<String, Object> reporterConf, String key, Map<String, Object> topoConf,
                                  String topoKey) {
        Object value = reporterConf == null ? null : reporterConf.get(key);
        if (value == null && topoConf != null) {
            value = topoConf.get(topoKey);
        }
        return value;
    }

    @Override
    public void prepare(MetricRegistry metricsRegistry, Map<String, Object> topoConf,
                        Map<String, Object> reporterConf) {
        prepare(metricsRegistry, topoConf, reporterConf, System.getProperty(WORKER_PORT_PROPERTY));
    }

    /** {@link #prepare(MetricRegistry, Map, Map)} with the worker's port given (tests). */
    void prepare(MetricRegistry metricsRegistry, Map<String, Object> topoConf, Map<String, Object> reporterConf,
                 String workerPort) {
        this.registry = metricsRegistry;
        this.settings = settings(topoConf, reporterConf, workerPort);
        try {
            StormMetricsFilter configured = reporterConf == null ? null
                    : ScheduledStormReporter.getMetricsFilter(reporterConf);
            if (configured != null) {
                filter = configured;
            }
        } catch (RuntimeException e) {
            settings = Settings.wrong("filter: " + e);
        }
    }

    @Override
    public void start() {
        if (settings == null) {
            throw new IllegalStateException("Attempt to start without preparing " + getClass().getSimpleName());
        }
        if (settings.port() == null) {
            if (settings.problem() != null) {
                LOG.error("Prometheus metrics not served: {}", settings.problem());
            } else {
                LOG.info("Prometheus metrics not served: {}", settings.why());
            }
            return;
        }
        PrometheusRegistry prometheus = new PrometheusRegistry();
        prometheus.register(new DropwizardCollector(registry, filter));
        try {
            server = HTTPServer.builder()
                    .hostname(settings.host())
                    .port(settings.port())
                    .registry(prometheus)
                    .buildAndStart();
            LOG.info("Prometheus metrics served at http://{}:{}/metrics ({})", settings.host(), server.getPort(),
                    settings.why());
        } catch (IOException | RuntimeException e) {
            LOG.error("Prometheus metrics not served: cannot listen on {}:{} ({}): {}", settings.host(),
                    settings.port(), settings.why(), e.toString());
        }
    }

    @Override
    public void stop() {
        HTTPServer s = server;
        server = null;
        if (s != null) {
            s.close();
        }
    }

    @Override
    public void close() {
        stop();
    }

    /** The port being served, or -1. */
    public int port() {
        HTTPServer s = server;
        return s == null ? -1 : s.getPort();
    }
}
