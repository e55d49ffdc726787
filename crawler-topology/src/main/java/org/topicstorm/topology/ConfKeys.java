package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.validation.ConfigValidation;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The type, and range, of every configuration key TopicStorm or StormCrawler reads: one declared table, checked when
 * the configuration is loaded, before anything starts. Without it a wrong-typed value failed late and obscurely:
 * StormCrawler's ConfUtils casts ({@code (Number) conf.get(key)}), so {@code frontier.max.urls.per.host: "abc"} was a
 * bare ClassCastException and {@code fetcher.threads.number: "lots"} killed the worker after the topology started.
 *
 * <p>Values are taken as YAML types them: a quoted number is a string and is refused (StormCrawler's readers would
 * fail on it). A missing or empty value ({@code key:}) is accepted: every reader then uses its default. Storm's own
 * keys (topology.*, storm.*, ...) are checked by Storm's validators ({@link ConfigValidation}). The ranges here are
 * those the readers (FrontierConfig, FetchConfig, ParseConfig, TopicStormConfig, ...) enforce, or for StormCrawler's
 * keys what its code makes of them (-1 = unlimited where it says so); storm-conf/topicstorm-default.yaml documents
 * TopicStorm's keys, StormCrawler's crawler-default.yaml its own.
 */
public final class ConfKeys {

    /** What kind of value a key takes. */
    enum Kind { WHOLE, NUMBER, BOOLEAN, STRING, CHOICE, CLASS, STRING_LIST, STRINGS, MAP }

    /** The rule of one key: its kind, and for numbers the range, for choices the allowed values. */
    record Rule(Kind kind, double min, double max, List<String> choices) {

        /** What the value must be, for error messages: "a whole number from 1 to 100". */
        String expected() {
            return switch (kind) {
                case WHOLE -> "a whole number " + range();
                case NUMBER -> "a number " + range();
                case BOOLEAN -> "true or false";
                case STRING -> "a string";
                case CHOICE -> "one of " + String.join(", ", choices);
                case CLASS -> "the name of a Java class on the classpath";
                case STRING_LIST -> "a list of strings";
                case STRINGS -> "a list of strings or one comma-separated string";
                case MAP -> "a mapping";
            };
        }

        private String range() {
            if (max >= Long.MAX_VALUE) {
                return ">= " + format(min);
            }
            return "from " + format(min) + " to " + format(max);
        }

        /** Whether the value fits the rule (null always does: the reader's default applies). */
        boolean accepts(Object value) {
            if (value == null) {
                return true;
            }
            return switch (kind) {
                case WHOLE -> value instanceof Number n && isWhole(n) && inRange(n.doubleValue());
                case NUMBER -> value instanceof Number n && inRange(n.doubleValue());
                case BOOLEAN -> value instanceof Boolean;
                case STRING -> value instanceof String;
                case CHOICE -> value instanceof String s && choices.contains(s);
                case CLASS -> value instanceof String s && classExists(s);
                case STRING_LIST -> value instanceof Collection<?> c && c.stream().allMatch(i -> i instanceof String);
                case STRINGS -> value instanceof String
                        || value instanceof Collection<?> c && c.stream().allMatch(i -> i instanceof String);
                case MAP -> value instanceof Map;
            };
        }

        private boolean inRange(double d) {
            return d >= min && d <= max;
        }
    }

    private static final double UNBOUNDED = Long.MAX_VALUE;
    private static final double INT_MAX = Integer.MAX_VALUE;
    private static final Map<String, Rule> RULES = new LinkedHashMap<>();

    static {
        // --- TopicStorm: Elasticsearch connection
        strings("es.addresses");
        string("es.user", "es.password.env", "es.password.file", "es.apikey.env", "es.apikey.file",
                "es.ca.certificate");
        whole("es.index.replicas", 0, 10);
        // --- TopicStorm: parsing and URL filters
        whole("parse.max.bytes", 1, INT_MAX);
        whole("parse.max.outlinks", 0, INT_MAX);
        number("parse.hub.anchor.share", 0, 1);
        whole("parse.nearby.words", 0, INT_MAX);
        bool("parse.skip.nofollow");
        stringList("parse.video.players");
        string("urlfilters.config.file");
        strings("urlfilter.served.hosts");
        // --- TopicStorm: frontier (FrontierConfig)
        whole("frontier.max.hosts.per.query", 1, 10_000);
        whole("frontier.max.urls.per.host", 1, 100);
        whole("frontier.query.max.pages", 1, 1000);
        whole("frontier.query.max.rank", 0, 10_000);
        number("frontier.query.rank.near.best", 0, 1);
        number("frontier.query.rank.host.share", 0, 1);
        whole("frontier.query.min.interval.ms", 0, UNBOUNDED);
        whole("frontier.purgatory.ms", 0, UNBOUNDED);
        whole("frontier.query.refresh.ms", -1, 60_000);
        whole("frontier.query.settle.pages", 0, 1_000_000);
        whole("frontier.query.settle.max.ms", 0, 600_000);
        whole("frontier.query.settle.quiet.ms", 0, 600_000);
        whole("frontier.query.ahead.below", 0, 100_000);
        whole("frontier.budget.pattern.pages", 0, INT_MAX);
        number("frontier.budget.pattern.share", 0, 1);
        whole("frontier.budget.calendar.pages", 0, INT_MAX);
        whole("frontier.retry.backoff.ms", 0, UNBOUNDED);
        whole("status.batch.size", 1, INT_MAX);
        whole("status.batch.max.delay.ms", 0, UNBOUNDED);
        whole("status.batch.quiet.ms", 0, 60_000);
        whole("status.bulk.max.docs", 1, 100_000);
        whole("status.bulk.max.bytes", 1, INT_MAX);
        whole("status.max.attempts", 1, 1000);
        bool("status.links.enabled");
        whole("status.refetch.relevant.minutes", -1, INT_MAX);
        whole("status.refetch.discarded.minutes", -1, INT_MAX);
        // --- TopicStorm: indexer, metrics, crawl run
        whole("indexer.batch.size", 1, INT_MAX);
        whole("indexer.batch.max.delay.ms", 0, UNBOUNDED);
        whole("indexer.batch.quiet.ms", 0, 60_000);
        bool("indexer.near.duplicates");
        bool("indexer.canonical");
        whole("metrics.interval.secs", 0, 86_400);
        // PrometheusStormReporter (org.topicstorm.metrics): not in topicstorm-default.yaml, whose values a submitted
        // topology would carry over a cluster's storm.yaml
        whole("topicstorm.metrics.prometheus.port", 0, 65_535);
        whole("topicstorm.metrics.prometheus.port.offset", 1, 65_535);
        string("topicstorm.metrics.prometheus.host");
        whole("crawl.idle.stop.secs", 1, 86_400);
        whole("crawl.progress.secs", 1, 3600);
        // --- TopicStorm: executors of each component (crawler-cluster.flux.yaml)
        for (String component : List.of("spout", "partitioner", "fetcher", "parse", "relevance", "indexer", "links",
                "status")) {
            whole("topicstorm.parallelism." + component, 1, 1000);
        }
        // --- TopicStorm: fetching (FetchConfig, AddressGuard)
        number("fetch.time.limit.secs", 0.1, 3600);
        whole("fetch.min.rate.bytes.per.sec", 0, 1e9);
        number("fetch.min.rate.window.secs", 0.1, 3600);
        number("fetch.backoff.initial.secs", 1, 86_400);
        number("fetch.backoff.max.secs", 1, 7 * 86_400);
        strings("fetch.address.allow");
        // --- TopicStorm: topic, models, launcher-set keys
        string("topicstorm.topic.file", "topicstorm.topic.yaml", "topicstorm.crawl.name",
                "topicstorm.thrift.bind.host");
        number("topicstorm.priority.soft.factor", 0, 1);
        whole("topicstorm.model.sync.secs", 1, 86_400);
        whole("topicstorm.link.learn.ms", 100, 86_400_000);
        whole("topicstorm.flush.interval.ms", 10, 60_000);

        // --- StormCrawler: fetcher
        number("fetcher.server.delay", 0, 86_400);
        number("fetcher.server.min.delay", 0, 86_400);
        bool("fetcher.server.delay.force");
        choice("fetcher.queue.mode", "byHost", "byDomain", "byIP");
        whole("fetcher.threads.per.queue", 1, 10_000);
        whole("fetcher.threads.number", 1, 10_000);
        whole("fetcher.max.urls.in.queues", -1, INT_MAX);
        whole("fetcher.max.queue.size", -1, INT_MAX);
        whole("fetcher.timeout.queue", -1, INT_MAX);
        whole("fetcher.max.crawl.delay", 0, INT_MAX);
        bool("fetcher.max.crawl.delay.force");
        whole("fetcher.metrics.time.bucket.secs", 1, 86_400);
        whole("fetcher.max.throttle.sleep", -1, UNBOUNDED);
        bool("redirections.allowed");
        choice("partition.url.mode", "byHost", "byDomain", "byIP");
        className("urlbuffer.class");
        stringList("metadata.transfer", "metadata.persist");
        bool("metadata.track.path", "metadata.track.depth");
        // --- StormCrawler: HTTP
        string("http.agent.name", "http.agent.version", "http.agent.description", "http.agent.url",
                "http.agent.email", "http.accept.language", "http.accept");
        whole("http.content.limit", -1, INT_MAX);
        bool("http.store.headers", "http.content.partial.as.trimmed", "http.use.cookies", "http.trust.everything");
        whole("http.timeout", 0, INT_MAX);
        string("http.proxy.host", "http.proxy.user", "http.proxy.pass");
        whole("http.proxy.port", 1, 65_535);
        choice("http.proxy.type", "HTTP", "SOCKS");
        bool("http.robots.403.allow", "http.robots.file.skip", "http.robots.headers.skip", "http.robots.meta.skip",
                "robots.noFollow.strict");
        whole("http.robots.content.limit", -1, INT_MAX);
        string("robots.cache.spec", "robots.error.cache.spec", "protocols", "protocol.md.prefix");
        className("http.protocol.implementation", "https.protocol.implementation", "file.protocol.implementation",
                "selenium.delegated.protocol");
        whole("protocol.instances.num", 1, 10_000);
        stringList("http.protocol.versions");
        map("okhttp.protocol.connection.pool", "selenium.capabilities");
        strings("selenium.addresses");
        whole("selenium.implicitlyWait", -1, INT_MAX);
        whole("selenium.pageLoadTimeout", -1, INT_MAX);
        whole("selenium.scriptTimeout", -1, INT_MAX);
        // --- StormCrawler: parsing, sitemaps
        string("navigationfilters.config.file", "parsefilters.config.file");
        bool("jsoup.treat.non.html.as.error", "parser.emitOutlinks", "track.anchors", "detect.mimetype",
                "sitemap.discovery");
        whole("parser.emitOutlinks.max.per.page", -1, INT_MAX);
        whole("detect.charset.maxlength", 0, INT_MAX);
        whole("sitemap.filter.hours.since.modified", -1, INT_MAX);
        whole("sitemap.schedule.delay", -1, INT_MAX);
        stringList("sitemap.extensions");
        // --- StormCrawler: scheduling and status (TopicStorm's frontier reads these too)
        className("scheduler.class");
        whole("fetchInterval.default", -1, INT_MAX);
        whole("fetchInterval.fetch.error", 1, INT_MAX);
        whole("fetchInterval.error", -1, INT_MAX);
        whole("max.fetch.errors", 1, INT_MAX);
        bool("status.updater.use.cache");
        string("status.updater.cache.spec");
        choice("status.updater.unit.round.date", "SECOND", "MINUTE", "HOUR");
        // --- StormCrawler: indexer
        string("indexer.md.filter", "indexer.url.fieldname", "indexer.text.fieldname", "indexer.canonical.name");
        whole("indexer.text.maxlength", -1, INT_MAX);
        stringList("indexer.md.mapping");
    }

    private static final Map<String, Field> STORM_FIELDS = stormFields();

    private ConfKeys() {
    }

    /** Whether the key is in the table or is one of Storm's. */
    public static boolean isKnown(String key) {
        return RULES.containsKey(key) || STORM_FIELDS.containsKey(key);
    }

    /** The keys of the table (not Storm's). */
    static Set<String> keys() {
        return Collections.unmodifiableSet(RULES.keySet());
    }

    static Rule rule(String key) {
        return RULES.get(key);
    }

    /**
     * The problems of the values in {@code conf}, one line each naming the source (a file, "--set") and the key,
     * e.g. {@code my.yaml: key 'fetcher.threads.number' must be a whole number from 1 to 10000, got the string
     * 'lots'}. Keys neither in the table nor Storm's are not looked at here (CrawlConf names unknown keys).
     */
    public static List<String> problems(Map<String, ?> conf, String source) {
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, ?> e : conf.entrySet()) {
            String problem = problem(e.getKey(), e.getValue());
            if (problem != null) {
                problems.add(source + ": key '" + e.getKey() + "' " + problem);
            }
        }
        return problems;
    }

    /** What is wrong with the value of one key ("must be ..., got ..."), or null when nothing is. */
    static String problem(String key, Object value) {
        Rule rule = RULES.get(key);
        if (rule != null) {
            return rule.accepts(value) ? null
                    : "must be " + rule.expected() + ", got " + describe(value) + hint(rule, value);
        }
        Field field = STORM_FIELDS.get(key);
        if (field != null) {
            Map<String, Object> one = new HashMap<>();
            one.put(key, value);
            try {
                ConfigValidation.validateField(field, one);
            } catch (IllegalArgumentException e) {
                // Storm names the Java field (TOPOLOGY_WORKERS); the user wrote the key
                String why = String.valueOf(e.getMessage()).replace("Field " + field.getName() + " ", "");
                return why.replaceAll("\\.+$", "") + " (Storm's check), got " + describe(value);
            }
        }
        return null;
    }

    /** A value as a YAML user sees it: "the string 'lots'", "the number 2.5", "a list". */
    static String describe(Object value) {
        if (value == null) {
            return "no value";
        }
        if (value instanceof String s) {
            return "the string '" + s + "'";
        }
        if (value instanceof Number || value instanceof Boolean) {
            return "the " + (value instanceof Number ? "number " : "boolean ") + value;
        }
        if (value instanceof Collection<?> c) {
            return c.isEmpty() ? "an empty list" : "a list " + c;
        }
        if (value instanceof Map<?, ?> m) {
            return m.isEmpty() ? "an empty mapping" : "a mapping";
        }
        return value.getClass().getSimpleName().toLowerCase(Locale.ROOT) + " " + value;
    }

    /** YAML reads a quoted number or boolean as a string, and 1.0 unquoted as a number: say so. */
    private static String hint(Rule rule, Object value) {
        if (rule.kind() == Kind.STRING && (value instanceof Number || value instanceof Boolean)) {
            return " (write it in quotes)";
        }
        if (value instanceof String s && (s.strip().matches("[-+]?[0-9]+(\\.[0-9]*)?([eE][-+]?[0-9]+)?")
                || s.strip().equals("true") || s.strip().equals("false"))) {
            return " (in quotes, YAML reads it as a string: write it without quotes)";
        }
        return "";
    }

    private static boolean isWhole(Number n) {
        double d = n.doubleValue();
        return d == Math.rint(d) && !Double.isInfinite(d);
    }

    private static boolean classExists(String name) {
        try {
            Class.forName(name.strip(), false, ConfKeys.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static String format(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    /** Storm's configuration keys (the values of Config's public static String fields) and their fields. */
    private static Map<String, Field> stormFields() {
        Map<String, Field> fields = new HashMap<>();
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    fields.put((String) f.get(null), f);
                } catch (IllegalAccessException e) {
                    // public static fields are accessible
                }
            }
        }
        return fields;
    }

    private static void whole(String key, double min, double max) {
        RULES.put(key, new Rule(Kind.WHOLE, min, max, List.of()));
    }

    private static void number(String key, double min, double max) {
        RULES.put(key, new Rule(Kind.NUMBER, min, max, List.of()));
    }

    private static void choice(String key, String... choices) {
        RULES.put(key, new Rule(Kind.CHOICE, 0, 0, List.of(choices)));
    }

    private static void bool(String... keys) {
        add(Kind.BOOLEAN, keys);
    }

    private static void string(String... keys) {
        add(Kind.STRING, keys);
    }

    private static void className(String... keys) {
        add(Kind.CLASS, keys);
    }

    private static void stringList(String... keys) {
        add(Kind.STRING_LIST, keys);
    }

    private static void strings(String... keys) {
        add(Kind.STRINGS, keys);
    }

    private static void map(String... keys) {
        add(Kind.MAP, keys);
    }

    private static void add(Kind kind, String... keys) {
        for (String key : keys) {
            RULES.put(key, new Rule(kind, 0, 0, List.of()));
        }
    }
}
