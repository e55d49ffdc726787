package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.graph.RankFixture;
import org.topicstorm.index.ContentWriter;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code topicstorm rank} and {@code topicstorm stats} against a real Elasticsearch node, on the crawl of
 * {@link RankFixture} (scores solved by hand in HitsTest and CombinedRankTest).
 */
class RankCommandIT extends CliTest {

    private String output() {
        String s = out.toString();
        out.getBuffer().setLength(0);
        return s;
    }

    @Test
    void ranksACrawlAndStatsListsItsAuthorities() throws Exception {
        String url = EsTestNode.url().toString();
        CrawlIndices indices = new CrawlIndices("rank-cli-it");
        try (ElasticsearchClient es = EsClients.create(EsTestNode.settings())) {
            RankFixture.write(es, indices);

            assertEquals(0, run("stats", "--crawl", "rank-cli-it", "--es-url", url), err.toString());
            assertTrue(output().contains("No HITS scores yet: run `topicstorm rank --crawl rank-cli-it`"));

            assertEquals(0, run("rank", "--crawl", "rank-cli-it", "--root", "2", "--in-per-root", "1",
                    "--epsilon", "1e-10", "--es-url", url), err.toString());
            String rank = output();
            assertTrue(rank.contains("Crawl 'rank-cli-it': base set of 5 pages (2 root, 3 linked from the root, "
                    + "0 linking to it), 8 links"), rank);
            assertTrue(rank.contains("iterations, converged"), rank);
            assertTrue(rank.contains("Scores written to 5 pages of rank-cli-it-content"), rank);
            // D = 3/sqrt(15) = 0.7746 leads; E (1/sqrt(15) = 0.2582) is not in the content index: marked *
            String authorities = rank.substring(rank.indexOf("Top authorities:"), rank.indexOf("Top hubs:"));
            assertTrue(authorities.startsWith("Top authorities:\n  0.7746   " + RankFixture.D + "\n"
                    + "  0.5164   " + RankFixture.C + "\n"), authorities);
            assertTrue(authorities.contains("  0.2582 * " + RankFixture.E + "\n"), authorities);
            // hubs: A and B 2/sqrt(10) = 0.6325
            assertTrue(rank.contains("  0.6325   " + RankFixture.A + "\n"), rank);
            assertTrue(rank.contains("(* not in the content index"), rank);

            assertEquals(0, run("stats", "--crawl", "rank-cli-it", "--es-url", url), err.toString());
            String stats = output();
            // authority, relevance, rank = 0.5 * relevance + 0.5 * authority / (3/sqrt(15))
            assertTrue(stats.contains("  authority  relevance  rank   url\n"
                    + "  0.7746     0.600      0.800  " + RankFixture.D + "\n"
                    + "  0.5164     0.700      0.683  " + RankFixture.C + "\n"
                    + "  0.2582     0.800      0.567  " + RankFixture.B + "\n"), stats);
            assertTrue(!stats.contains("have no scores"), stats);

            // the same for scripts: one JSON object
            assertEquals(0, run("stats", "--crawl", "rank-cli-it", "--es-url", url, "--json"), err.toString());
            com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(output());
            assertEquals("rank-cli-it", json.get("crawl").asText());
            assertEquals(json.get("urls").asLong(), json.get("states").get("waiting").asLong()
                    + json.get("states").get("done").asLong() + json.get("states").get("discarded").asLong()
                    + json.get("states").get("exception").asLong() + json.get("states").get("redirected").asLong());
            assertEquals(RankFixture.D, json.get("authorities").get(0).get("url").asText());
            assertEquals(0.7746, json.get("authorities").get(0).get("authority").asDouble(), 1e-4);
            assertEquals(0.800, json.get("authorities").get(0).get("rank").asDouble(), 1e-3);
            assertTrue(json.get("topPages").size() > 0 && json.get("linkClassifier").isNull(), json.toString());

            // C fetched again: the indexer rewrites its document whole, without scores, until the next rank
            new ContentWriter(es, indices.content()).write(List.of(ContentWriter.Change.store(
                    RankFixture.page(RankFixture.C, 0.7))));
            es.indices().refresh(r -> r.index(indices.content()));
            assertEquals(0, run("stats", "--crawl", "rank-cli-it", "--es-url", url), err.toString());
            assertTrue(output().contains("1 relevant pages have no scores (indexed since): run `topicstorm rank "
                    + "--crawl rank-cli-it` again"));
            indices.delete(es);
        }
    }

    @Test
    void aMissingCrawlIsAClearError() throws Exception {
        try (ElasticsearchClient es = EsClients.create(EsTestNode.settings())) {
            new CrawlIndices("no-such-crawl").delete(es);
        }
        assertEquals(1, run("rank", "--crawl", "no-such-crawl", "--es-url", EsTestNode.url().toString()));
        assertEquals("topicstorm: no crawl named 'no-such-crawl' (index no-such-crawl-content does not exist)",
                err.toString().strip());
    }
}
