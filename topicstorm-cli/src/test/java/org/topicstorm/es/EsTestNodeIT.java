package org.topicstorm.es;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shared test node starts once and answers; its shutdown hook stops it when the test JVM ends. */
class EsTestNodeIT {

    @Test
    void oneNodePerJvmReachableThroughItsSettings() throws IOException {
        assertEquals(EsTestNode.url(), EsTestNode.url());
        assertEquals(List.of(EsTestNode.url()), EsTestNode.settings().addresses());
        try (ElasticsearchClient client = EsClients.create(EsTestNode.settings())) {
            assertNotEquals(HealthStatus.Red, client.cluster().health().status());
        }
    }
}
