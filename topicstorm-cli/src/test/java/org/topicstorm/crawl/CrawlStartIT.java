package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.site.SiteServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.crawl.CrawlIT.SOLAR;
import static org.topicstorm.crawl.CrawlIT.SPORTS;
import static org.topicstorm.crawl.CrawlIT.page;

/**
 * The crawl's start (real LocalCluster, real ES node, a site on 127.0.0.1): two seeds, an off-topic page that answers
 * at once and an on-topic page that takes 1.5 s. Without {@code frontier.query.settle.pages} the first ack (the
 * off-topic seed's) triggers the next query, which can only offer the off-topic seed's links; with it, the spout
 * waits for the slow seed (up to {@code frontier.query.settle.max.ms}, however short the query interval), and the
 * crawl goes on with the on-topic links.
 */
class CrawlStartIT {

    private static SiteServer site;
    private static ElasticsearchClient client;

    @BeforeAll
    static void buildSite() throws Exception {
        site = new SiteServer();
        String[] off = new String[12];
        String[] on = new String[12];
        for (int i = 1; i <= 6; i++) {
            off[2 * (i - 1)] = "/off/" + i;
            off[2 * i - 1] = "match " + i;
            on[2 * (i - 1)] = "/on/" + i;
            on[2 * i - 1] = "solar panels " + i;
            site.html("/off/" + i, page("Match " + i, SPORTS));
            site.html("/on/" + i, page("Solar panels " + i, SOLAR));
        }
        site.html("/off", page("Football", SPORTS, off));
        site.html("/on", page("Solar energy", SOLAR, on));
        site.slow("/on", 1500);
        client = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable c : new AutoCloseable[]{site, client}) {
            if (c != null) {
                c.close();
            }
        }
    }

    /** The crawl's URLs in the order their first fetch finished. */
    private static List<String> fetchOrder(Path tmp, String name, int settlePages) throws Exception {
        Path topic = tmp.resolve(name + ".yaml");
        Files.writeString(topic, """
                name: solar
                languages: [en]
                keywords: {solar: 1.0, photovoltaic: 0.8, energy: 0.5}
                seeds: [%s, %s]
                threshold: 0.5
                strategy: best-first
                focus: soft
                """.formatted(site.url("/off"), site.url("/on")));
        CrawlIndices indices = new CrawlIndices(name);
        indices.delete(client);
        // queries as often as evaluation crawls make them (300 ms): the wait for the slow seed (1.5 s, then its
        // outlinks' write) is bounded by frontier.query.settle.max.ms, not by this interval; 5 s so that a loaded
        // machine still sees the slow seed done within it
        CrawlTestSupport.crawl(topic, indices, Map.<String, Object>of(FrontierConfig.SETTLE_PAGES, settlePages,
                FrontierConfig.MIN_QUERY_INTERVAL_MS, 300, FrontierConfig.SETTLE_MAX_MS, 5000), 8);
        return CrawlTestSupport.statusDocs(client, indices).values().stream()
                .filter(d -> d.firstFetched() != null)
                .sorted(Comparator.comparingLong(StatusDoc::firstFetched))
                .map(d -> d.url().substring(site.base().length()))
                .toList();
    }

    @Test
    void theFirstBatchAfterTheSeedsWaitsForTheSlowOne(@TempDir Path tmp) throws Exception {
        List<String> settled = fetchOrder(tmp, "start-it-settled", 100);
        assertEquals(List.of("/off", "/on"), settled.subList(0, 2), settled.toString());
        for (String url : settled.subList(2, 5)) {
            assertTrue(url.startsWith("/on/"), "chosen knowing both seeds' links: " + settled);
        }

        List<String> raced = fetchOrder(tmp, "start-it-raced", 0);
        assertEquals(List.of("/off", "/on"), raced.subList(0, 2), raced.toString());
        assertTrue(raced.get(2).startsWith("/off/"), "the first ack decided the next batch: " + raced);
    }
}
