package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.es.LocalElasticsearch;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.site.SiteServer;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Elasticsearch goes away in the middle of a crawl (the node is stopped, then started again on the same data):
 * writes fail, their tuples fail and are replayed from the frontier, and afterwards the crawl finishes with no
 * URL lost.
 */
class EsOutageIT {

    private static final int PAGES = 60;

    @Test
    void aCrawlSurvivesElasticsearchGoingAwayAndLosesNoUrl(@TempDir Path tmp) throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        LocalElasticsearch node = EsTestNode.ownNode("es-outage-node", port);
        URI url = node.start();
        try (SiteServer site = new SiteServer(); ElasticsearchClient client = EsClients.create(EsSettings.of(url))) {
            // Two chains, every page relevant: each page is linked from exactly one other, so a single lost
            // outlink write would cut its chain and leave pages unknown at the end.
            for (int i = 0; i < PAGES; i++) {
                // page 0 starts both chains (1, 3, 5, ... and 2, 4, 6, ...); page i links to page i + 2
                int[] next = i == 0 ? new int[]{1, 2} : new int[]{i + 2};
                StringBuilder links = new StringBuilder();
                for (int j : next) {
                    if (j < PAGES) {
                        links.append("<a href=\"/p").append(j).append("\">solar ").append(j).append("</a> ");
                    }
                }
                site.html("/p" + i, "<html><head><title>Solar " + i + "</title></head><body><p>"
                        + CrawlIT.SOLAR + "</p>" + links + "</body></html>");
            }
            site.latency(150);
            Path topicFile = tmp.resolve("solar.yaml");
            Files.writeString(topicFile, """
                    name: solar
                    languages: [en]
                    keywords: {solar: 1.0, photovoltaic: 0.8, energy: 0.5}
                    seeds: [%s/p0]
                    threshold: 0.5
                    """.formatted(site.base()));
            CrawlIndices indices = new CrawlIndices("outage-it");

            CompletableFuture<CrawlRunner.Summary> crawl = CompletableFuture.supplyAsync(() -> {
                try {
                    // tiny status batches: a page's writes straddle several bulk requests, as under load
                    return CrawlTestSupport.crawl(url.toString(), topicFile, indices,
                            Map.of(CrawlRunner.IDLE_STOP_SECS, 10, "status.batch.size", 2), 0, null);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });

            // let it fetch some pages, then take ES away for a while
            long deadline = System.currentTimeMillis() + 120_000;
            while (fetched(client, indices) < 10) {
                assertTrue(System.currentTimeMillis() < deadline, "the crawl did not start");
                Thread.sleep(300);
            }
            assertTrue(node.stop(), "the node was running and is stopped");
            Thread.sleep(8_000);
            assertEquals(url, node.start(), "restarted on the same address");

            CrawlRunner.Summary summary = crawl.get(5, TimeUnit.MINUTES);
            assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());

            Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
            Set<String> expected = new HashSet<>();
            for (int i = 0; i < PAGES; i++) {
                expected.add(site.url("/p" + i));
            }
            assertEquals(expected, status.keySet(), "every URL of the site is known");
            assertTrue(status.values().stream().allMatch(d -> d.state() == CrawlState.DONE),
                    "every page fetched and judged: " + status.values().stream()
                            .filter(d -> d.state() != CrawlState.DONE)
                            .map(d -> d.url() + "=" + d.state()).collect(Collectors.toList()));
            assertEquals(expected, CrawlTestSupport.contentDocs(client, indices).keySet(),
                    "every relevant page is in the content index");
        } finally {
            node.stop();
        }
    }

    private static long fetched(ElasticsearchClient client, CrawlIndices indices) {
        try {
            if (!client.indices().exists(e -> e.index(indices.status())).value()) {
                return 0;
            }
            return client.count(c -> c.index(indices.status()).query(q -> q.term(t -> t.field("state")
                    .value(CrawlState.DONE.name())))).count();
        } catch (Exception e) {
            return 0;
        }
    }
}
