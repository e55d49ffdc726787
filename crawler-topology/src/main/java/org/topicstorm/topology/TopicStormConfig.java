package org.topicstorm.topology;

import java.nio.file.Path;
import java.util.Map;

/**
 * TopicStorm's configuration keys and the one place they are read. Every key and its default is documented in
 * storm-conf/topicstorm-default.yaml.
 */
public final class TopicStormConfig {

    /** Path of the topic YAML file (seeds/README.md); required by every bolt that needs the topic. */
    public static final String TOPIC_FILE = "topicstorm.topic.file";

    /**
     * The topic file's text, set by the launcher next to {@link #TOPIC_FILE}, so that workers on other machines
     * get the topic with the topology's configuration and need no copy of the file.
     */
    public static final String TOPIC_YAML = "topicstorm.topic.yaml";

    /** Soft focus, best-first: multiplier in [0, 1] for the priority of links found on irrelevant pages. */
    public static final String SOFT_FOCUS_FACTOR = "topicstorm.priority.soft.factor";
    public static final double DEFAULT_SOFT_FOCUS_FACTOR = 0.5;

    /** Adaptive topic models: seconds between the writer's saves and the readers' reloads of the model state. */
    public static final String MODEL_SYNC_SECS = "topicstorm.model.sync.secs";
    public static final int DEFAULT_MODEL_SYNC_SECS = 10;
    /**
     * The learned link strategy: milliseconds between two updates of the link scorer (regions' harvest, a retrain when
     * due, the waiting URLs re-scored), counted from the first page each link-priority task scored.
     */
    public static final String LINK_LEARN_MS = "topicstorm.link.learn.ms";
    public static final int DEFAULT_LINK_LEARN_MS = 1000;
    /** Milliseconds between the flush tuples that make batching bolts write a partial batch ({@link FlushSpout}). */
    public static final String FLUSH_INTERVAL_MS = "topicstorm.flush.interval.ms";
    public static final int DEFAULT_FLUSH_INTERVAL_MS = 20;

    private TopicStormConfig() {
    }

    /** The topic file; fails with the key's name when it is not set. */
    public static Path topicFile(Map<String, ?> conf) {
        Object value = conf.get(TOPIC_FILE);
        if (value == null || value.toString().isBlank()) {
            throw new IllegalArgumentException("config key '" + TOPIC_FILE + "' is not set: it must give the path of "
                    + "the topic YAML file (see seeds/README.md)");
        }
        return Path.of(value.toString().strip());
    }

    /**
     * The crawl's topic: parsed from {@link #TOPIC_YAML} when the launcher embedded it, else read from
     * {@link #TOPIC_FILE}.
     */
    public static org.topicstorm.topic.Topic topic(Map<String, ?> conf) {
        Object yaml = conf.get(TOPIC_YAML);
        if (yaml != null && !yaml.toString().isBlank()) {
            Object file = conf.get(TOPIC_FILE);
            boolean named = file != null && !file.toString().isBlank();
            // Relative paths in the topic (seed pages, word vectors) are relative to the topic file's directory.
            return org.topicstorm.topic.TopicLoader.fromString(yaml.toString(), named ? file.toString() : TOPIC_YAML,
                    named ? Path.of(file.toString().strip()).toAbsolutePath().getParent() : null);
        }
        return org.topicstorm.topic.TopicLoader.load(topicFile(conf));
    }

    public static double softFocusFactor(Map<String, ?> conf) {
        return number(conf, SOFT_FOCUS_FACTOR, DEFAULT_SOFT_FOCUS_FACTOR, 0, 1);
    }

    public static int modelSyncSecs(Map<String, ?> conf) {
        return (int) wholeNumber(conf, MODEL_SYNC_SECS, DEFAULT_MODEL_SYNC_SECS, 1, 86_400);
    }

    public static long linkLearnMs(Map<String, ?> conf) {
        return wholeNumber(conf, LINK_LEARN_MS, DEFAULT_LINK_LEARN_MS, 100, 86_400_000);
    }

    public static long flushIntervalMs(Map<String, ?> conf) {
        return wholeNumber(conf, FLUSH_INTERVAL_MS, DEFAULT_FLUSH_INTERVAL_MS, 10, 60_000);
    }

    /** A whole number in [min, max]. */
    private static long wholeNumber(Map<String, ?> conf, String key, long dflt, long min, long max) {
        double d = number(conf, key, dflt, min, max);
        if (d != Math.rint(d)) {
            throw new IllegalArgumentException("config key '" + key + "': must be a whole number, got "
                    + conf.get(key));
        }
        return (long) d;
    }

    /** A number in [min, max]; accepts YAML numbers and numeric strings (e.g. from a -c command-line override). */
    public static double number(Map<String, ?> conf, String key, double dflt, double min, double max) {
        Object value = conf.get(key);
        if (value == null) {
            return dflt;
        }
        double d;
        if (value instanceof Number n) {
            d = n.doubleValue();
        } else {
            try {
                d = Double.parseDouble(value.toString().strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("config key '" + key + "': must be a number between " + min
                        + " and " + max + ", got '" + value + "'");
            }
        }
        if (!(d >= min && d <= max)) {
            throw new IllegalArgumentException("config key '" + key + "': must be between " + min + " and " + max
                    + ", got " + value);
        }
        return d;
    }
}
