package org.topicstorm.cluster;

import org.apache.storm.Config;
import org.topicstorm.es.EsSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Configuration keys of cluster mode (documented in storm-conf/topicstorm-default.yaml) and their checks, done
 * before anything is submitted: on a cluster a bad value would only show as a worker dying over and over.
 */
public final class ClusterConfig {

    /** Prefix of the parallelism keys, one per component id of storm-conf/crawler-cluster.flux.yaml. */
    public static final String PARALLELISM_PREFIX = "topicstorm.parallelism.";
    /** The components of the crawl topology (ids in the Flux files). */
    public static final List<String> COMPONENTS =
            List.of("spout", "partitioner", "fetcher", "parse", "relevance", "indexer", "links", "status");

    private ClusterConfig() {
    }

    /**
     * Checks the cluster-mode keys of a merged crawl configuration.
     *
     * @param source where the configuration came from, for messages (e.g. "my-crawl.yaml and the defaults")
     * @throws IllegalArgumentException naming the source and the key
     */
    public static void validate(Map<String, Object> conf, String source) {
        positiveInt(conf, Config.TOPOLOGY_WORKERS, source);
        for (String component : COMPONENTS) {
            positiveInt(conf, PARALLELISM_PREFIX + component, source);
        }
        checkNoSecretsInTopologyEnvironment(conf, source);
    }

    /** The value of a key that must be a whole number of at least 1. */
    public static int positiveInt(Map<String, Object> conf, String key, String source) {
        Object value = conf.get(key);
        long n;
        if (value instanceof Integer || value instanceof Long || value instanceof Short) {
            n = ((Number) value).longValue();
        } else if (value instanceof String text && text.strip().matches("[0-9]{1,9}")) {
            n = Long.parseLong(text.strip());
        } else {
            throw new IllegalArgumentException(source + ": configuration key '" + key
                    + "' must be a whole number of at least 1, got " + (value == null ? "nothing" : "'" + value + "'"));
        }
        if (n < 1 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(source + ": configuration key '" + key
                    + "' must be a whole number of at least 1, got " + n);
        }
        return (int) n;
    }

    /**
     * Storm stores a topology's configuration in Nimbus, logs it and shows it in its UI: the Elasticsearch password
     * or API key must reach the workers through the Supervisors' environment or a file (es.password.file), never
     * through topology.environment.
     */
    static void checkNoSecretsInTopologyEnvironment(Map<String, Object> conf, String source) {
        Object env = conf.get(Config.TOPOLOGY_ENVIRONMENT);
        if (!(env instanceof Map<?, ?> map)) {
            return;
        }
        List<String> secretVariables = new ArrayList<>();
        secretVariables.add(stringOr(conf.get(EsSettings.PASSWORD_ENV), EsSettings.DEFAULT_PASSWORD_ENV));
        secretVariables.add(stringOr(conf.get(EsSettings.APIKEY_ENV), EsSettings.DEFAULT_APIKEY_ENV));
        for (String variable : secretVariables) {
            if (map.containsKey(variable)) {
                throw new IllegalArgumentException(source + ": configuration key '" + Config.TOPOLOGY_ENVIRONMENT
                        + "' sets " + variable + ": a secret there is stored by Nimbus, logged and shown in Storm's UI."
                        + " Set it in the environment of the Supervisors (workers inherit it) or use "
                        + EsSettings.PASSWORD_FILE + " / " + EsSettings.APIKEY_FILE + " on every worker machine");
            }
        }
    }

    private static String stringOr(Object value, String dflt) {
        return value == null || value.toString().isBlank() ? dflt : value.toString().strip();
    }
}
