package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The crawl's indices against a real Elasticsearch node: replicas (es.index.replicas) on new and existing indices. */
class CrawlIndicesIT {

    @Test
    void replicasAreSetOnNewIndicesAndChangedOnExistingOnes() throws Exception {
        CrawlIndices crawl = new CrawlIndices("indices-it");
        try (ElasticsearchClient client = EsClients.create(EsTestNode.settings())) {
            crawl.delete(client);
            try {
                crawl.ensure(client, 2, 1);
                assertReplicas(client, crawl, "1");
                // judging a crawl (topicstorm judge) keeps the crawl's replicas on the judgements index
                crawl.ensureJudgements(client);
                assertReplicas(client, crawl, "1");
                assertEquals("2", client.indices().getSettings(s -> s.index(crawl.status())).get(crawl.status())
                        .settings().index().numberOfShards());
                // a crawl started again with another setting: the existing indices follow it
                crawl.ensure(client, 2, 0);
                assertReplicas(client, crawl, "0");
                assertEquals(0, CrawlIndices.replicas(Map.of()));
                assertEquals(2, CrawlIndices.replicas(Map.of(CrawlIndices.REPLICAS_KEY, 2)));
            } finally {
                crawl.delete(client);
            }
        }
    }

    private static void assertReplicas(ElasticsearchClient client, CrawlIndices crawl, String replicas)
            throws Exception {
        for (String index : List.of(crawl.status(), crawl.content(), crawl.links(), crawl.metrics(), crawl.model(),
                crawl.judgements())) {
            assertEquals(replicas, client.indices().getSettings(s -> s.index(index)).get(index).settings().index()
                    .numberOfReplicas(), index);
        }
    }
}
