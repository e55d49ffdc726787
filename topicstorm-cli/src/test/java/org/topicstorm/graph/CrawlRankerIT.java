package org.topicstorm.graph;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.GetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.index.ContentDoc;

import java.io.InputStream;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.graph.RankFixture.A;
import static org.topicstorm.graph.RankFixture.B;
import static org.topicstorm.graph.RankFixture.C;
import static org.topicstorm.graph.RankFixture.D;
import static org.topicstorm.graph.RankFixture.E;
import static org.topicstorm.graph.RankFixture.F;
import static org.topicstorm.graph.RankFixture.X;

/**
 * HITS over a crawl in a real Elasticsearch node: the links and pages are written by the crawler's own writers
 * ({@link RankFixture}), and the scores read back from the content index are the ones solved by hand in
 * {@link HitsTest} and {@link CombinedRankTest}.
 */
class CrawlRankerIT {

    private static final double TOLERANCE = 1e-9;
    private static final long NOW = 1_800_000_000_000L;
    private static ElasticsearchClient es;

    @BeforeAll
    static void connect() {
        es = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void close() throws Exception {
        es.close();
    }

    /** t = 2, d = 1, tight epsilon, lambda 0.5. */
    private static CrawlRanker.Settings settings(int d) {
        return new CrawlRanker.Settings(2, new BaseSet.Params(d, false), new Hits.Params(1e-12, 200),
                new CombinedRank(0.5));
    }

    private static JsonNode stored(CrawlIndices indices, String url) throws Exception {
        GetResponse<JsonNode> g = es.get(r -> r.index(indices.content()).id(UrlIds.id(url)), JsonNode.class);
        assertTrue(g.found(), url);
        return g.source();
    }

    private static void assertScores(CrawlIndices indices, String url, double hub, double authority, double rank)
            throws Exception {
        JsonNode d = stored(indices, url);
        assertEquals(hub, d.path("hub").asDouble(-1), TOLERANCE, url + " hub");
        assertEquals(authority, d.path("authority").asDouble(-1), TOLERANCE, url + " authority");
        assertEquals(rank, d.path("rank").asDouble(-1), TOLERANCE, url + " rank");
        assertEquals(NOW, d.path("ranked").asLong(), url + " ranked");
    }

    @Test
    void writesTheHandSolvedScoresToTheContentIndex() throws Exception {
        CrawlIndices indices = new CrawlIndices("rank-it");
        RankFixture.write(es, indices);
        CrawlRanker.Summary s = new CrawlRanker(es, indices).rank(settings(1), 10, NOW);

        // base set: root A, B; linked from them C, D, E; B's one in-linker A is in already; X is not
        assertEquals(2, s.baseSet().root());
        assertEquals(3, s.baseSet().outlinked());
        assertEquals(0, s.baseSet().inlinking());
        assertEquals(5, s.nodes());
        assertEquals(8, s.edges(), "B's two link documents united, D -> D left out");
        assertEquals(-1, s.baseSet().graph().indexOf(X));
        assertTrue(s.hits().converged());
        assertEquals(5, s.pagesUpdated());
        assertEquals(0, s.pagesGone());
        assertEquals(RankFixture.AUTH_D, s.maxAuthority(), TOLERANCE);

        // rank = 0.5 * relevance + 0.5 * authority / (3/sqrt(15)), worked out in CombinedRankTest
        assertScores(indices, A, RankFixture.HUB_A, 0, 0.45);
        assertScores(indices, B, RankFixture.HUB_B, RankFixture.AUTH_B, 0.4 + 1 / 6.0);
        assertScores(indices, C, RankFixture.HUB_C, RankFixture.AUTH_C, 0.35 + 1 / 3.0);
        assertScores(indices, D, 0, RankFixture.AUTH_D, 0.8);
        // F is relevant but outside the base set: no hub, no authority, relevance alone: 0.5 * 0.5
        assertScores(indices, F, 0, 0, 0.25);

        // E is in the base set but not in the content index: listed (not in content), never written.
        // B and E tie at 1/sqrt(15) (A, B and C, E as hubs) up to rounding: their order is that of the last bits.
        List<String> authorities = s.topAuthorities().stream().map(CrawlRanker.Scored::url).toList();
        assertEquals(List.of(D, C), authorities.subList(0, 2));
        assertEquals(java.util.Set.of(B, E), java.util.Set.copyOf(authorities.subList(2, 4)));
        assertEquals(4, authorities.size(), "A has no authority: not listed");
        for (CrawlRanker.Scored p : s.topAuthorities()) {
            assertEquals(!p.url().equals(E), p.inContent(), p.url());
        }
        List<String> hubs = s.topHubs().stream().map(CrawlRanker.Scored::url).toList();
        assertEquals(java.util.Set.of(A, B), java.util.Set.copyOf(hubs.subList(0, 2)));
        assertEquals(java.util.Set.of(C, E), java.util.Set.copyOf(hubs.subList(2, 4)));
        assertEquals(4, hubs.size(), "D links nowhere: not listed");
        assertFalse(es.exists(r -> r.index(indices.content()).id(UrlIds.id(E))).value());

        // a partial update: the page is otherwise as the indexer wrote it, and the indexer's record still reads it
        JsonNode d = stored(indices, D);
        assertEquals("Page D", d.path("title").asText());
        assertEquals(0.6, d.path("relevance").asDouble());
        SearchResponse<ContentDoc> docs = es.search(r -> r.index(indices.content()).size(10), ContentDoc.class);
        assertEquals(5, docs.hits().hits().size());
        assertEquals("Page A", docs.hits().hits().stream().map(h -> h.source().title()).sorted().findFirst().get());
        indices.delete(es);
    }

    @Test
    void moreInlinkersPerRootBringInTheLaterOneAndChangeTheScores() throws Exception {
        CrawlIndices indices = new CrawlIndices("rank-it-d");
        RankFixture.write(es, indices);
        EsLinkSource links = new EsLinkSource(es, indices.links());
        // in-linkers by the time their link was found: A (1000) before X (6000); D's, not D itself
        assertEquals(Map.of(B, List.of(A)), links.inlinkers(List.of(B), 1));
        assertEquals(List.of(A, X), links.inlinkers(List.of(B), 5).get(B));
        // more pages than one multi-search request takes: B first, D last, pages nothing links to between
        List<String> many = new java.util.ArrayList<>(List.of(B));
        for (int i = 0; i < EsLinkSource.SEARCHES_PER_REQUEST + 20; i++) {
            many.add(RankFixture.BASE + "nobody-links-here-" + i);
        }
        many.add(D);
        Map<String, List<String>> in = links.inlinkers(many, 10);
        assertEquals(List.of(A, X), in.get(B));
        assertEquals(List.of(A, B, C, E), in.get(D));
        assertEquals(List.of(), in.get(RankFixture.BASE + "nobody-links-here-7"));
        // B's outlinks: the union of its two link documents
        assertEquals(Map.of(B, java.util.Set.of(C, D, E)), links.outlinks(List.of(B, F)));

        // d = 2: X joins the base set with its link X -> B. B then has in-links {A, X}: A^T A over (B, C, D, E)
        // gains 1 at (B, B) only, [[2,1,1,0],[1,2,2,1],[1,2,4,1],[0,1,1,1]], and B's authority grows.
        CrawlRanker.Summary s = new CrawlRanker(es, indices).rank(settings(2), 10, NOW);
        assertEquals(1, s.baseSet().inlinking());
        assertEquals(6, s.nodes());
        assertEquals(9, s.edges());
        double authB = stored(indices, B).path("authority").asDouble();
        assertTrue(authB > RankFixture.AUTH_B + 0.01, "B's authority with X linking to it: " + authB);
        indices.delete(es);
    }

    @Test
    void aContentIndexMadeBeforeRankingGetsTheNewFields() throws Exception {
        CrawlIndices indices = new CrawlIndices("rank-it-old");
        indices.delete(es);
        indices.ensure(es, 1);
        es.indices().delete(d -> d.index(indices.content()));
        es.indices().deleteIndexTemplate(t -> t.name(indices.content()));
        // the content index as an older version made it: es-conf/content.json without the ranking's fields
        ObjectMapper json = new ObjectMapper();
        ObjectNode mapping;
        try (InputStream in = CrawlIndices.class.getResourceAsStream("/es-conf/content.json")) {
            mapping = (ObjectNode) json.readTree(in);
        }
        mapping.remove("_comment");
        ObjectNode properties = (ObjectNode) mapping.path("mappings").path("properties");
        properties.remove(List.of("hub", "authority", "rank", "ranked"));
        String body = json.writeValueAsString(mapping);
        es.indices().create(c -> c.index(indices.content()).withJson(new StringReader(body)));
        RankFixture.fill(es, indices);
        assertFalse(es.indices().getMapping(m -> m.index(indices.content())).get(indices.content()).mappings()
                .properties().containsKey("authority"));

        new CrawlRanker(es, indices).rank(settings(1), 10, NOW);
        assertEquals(RankFixture.AUTH_D, stored(indices, D).path("authority").asDouble(), TOLERANCE);
        indices.delete(es);
    }

    @Test
    void aCrawlWithoutRelevantPagesIsAClearError() throws Exception {
        CrawlIndices indices = new CrawlIndices("rank-it-empty");
        indices.delete(es);
        indices.ensure(es, 1);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new CrawlRanker(es, indices).rank(CrawlRanker.Settings.defaults(), 10, NOW));
        assertEquals("crawl 'rank-it-empty' has no relevant page yet: nothing to rank", e.getMessage());
        indices.delete(es);
    }
}
