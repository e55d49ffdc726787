package org.topicstorm.cluster;

import org.junit.jupiter.api.Test;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ClusterConfigTest {

    private static Map<String, Object> defaults() throws IOException {
        return new HashMap<>(CrawlConf.defaults());
    }

    @Test
    void theDefaultsAreValid() throws IOException {
        ClusterConfig.validate(defaults(), "defaults");
        assertEquals(ClusterConfig.COMPONENTS.size(), defaults().keySet().stream()
                .filter(k -> k.startsWith(ClusterConfig.PARALLELISM_PREFIX)).count(), "one key per component");
    }

    @Test
    void parallelismMustBeAPositiveWholeNumber() throws IOException {
        Map<String, Object> conf = defaults();
        conf.put("topicstorm.parallelism.fetcher", 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.validate(conf, "my.yaml"));
        assertEquals("my.yaml: configuration key 'topicstorm.parallelism.fetcher' must be a whole number of at least 1,"
                + " got 0", e.getMessage());
        conf.put("topicstorm.parallelism.fetcher", "two");
        assertEquals("my.yaml: configuration key 'topicstorm.parallelism.fetcher' must be a whole number of at least"
                + " 1, got 'two'", assertThrows(IllegalArgumentException.class,
                        () -> ClusterConfig.validate(conf, "my.yaml")).getMessage());
        conf.put("topicstorm.parallelism.fetcher", " 3 ");
        ClusterConfig.validate(conf, "my.yaml");
        assertEquals(3, ClusterConfig.positiveInt(conf, "topicstorm.parallelism.fetcher", "my.yaml"));
        conf.put("topology.workers", 2.5);
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.validate(conf, "my.yaml"));
    }

    @Test
    void anEsSecretInTheTopologyEnvironmentIsRefused() throws IOException {
        Map<String, Object> conf = defaults();
        conf.put("topology.environment", Map.of("TOPICSTORM_ES_PASSWORD", "hunter2", "TZ", "UTC"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterConfig.validate(conf, "my.yaml"));
        assertEquals(true, e.getMessage().startsWith("my.yaml: configuration key 'topology.environment' sets "
                + "TOPICSTORM_ES_PASSWORD"), e.getMessage());
        assertEquals(false, e.getMessage().contains("hunter2"), "the secret itself is never in a message");

        // the variable named by es.apikey.env counts too; other variables are fine
        conf.put("es.apikey.env", "MY_KEY");
        conf.put("topology.environment", Map.of("MY_KEY", "k", "TZ", "UTC"));
        assertThrows(IllegalArgumentException.class, () -> ClusterConfig.validate(conf, "my.yaml"));
        conf.put("topology.environment", Map.of("TZ", "UTC"));
        ClusterConfig.validate(conf, "my.yaml");
    }
}
