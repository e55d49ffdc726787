package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.support.HostileServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14, item 3, in a real crawl: a topic without seed URLs whose seed source is a site search with four results
 * pages linked by "next", each listing two solar results and one about cooking. Expected: the first three pages are
 * read (max-pages 3) and the fourth never requested; the six solar results are fetched as seeds (depth 0) and the
 * three cooking results never (their title and summary score below the threshold, although their pages are about
 * solar power: the filter is the result's text); the results pages are neither judged relevant nor indexed.
 */
class SearchSeedsIT {

    private static HostileServer site;
    private static ElasticsearchClient client;

    @BeforeAll
    static void serve() throws Exception {
        site = new HostileServer("127.0.0.48");
        for (int n = 1; n <= 4; n++) {
            for (String r : new String[] {"a", "b", "c"}) {
                // every result's page is about solar power, the cooking ones too: what filters is the result's text
                site.html("/r/" + n + "-" + r, NearDuplicatesIT.page("Solar report " + n + r,
                        NearDuplicatesIT.article(200 + n * 10 + r.charAt(0))));
            }
        }
        site.generate("/search", uri -> {
            String q = uri.getQuery() == null ? "" : uri.getQuery();
            int n = q.contains("page=") ? Integer.parseInt(q.replaceAll(".*page=(\\d+).*", "$1")) : 1;
            return resultsPage(n);
        });
        client = EsClients.create(EsTestNode.settings());
    }

    private static String resultsPage(int n) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html><html><head><title>Search: solar</title></head>"
                + "<body><ol>");
        for (String r : new String[] {"a", "b", "c"}) {
            boolean solar = !r.equals("c");
            page.append("<li class=\"result\"><a href=\"/r/").append(n).append('-').append(r).append("\">")
                    .append(solar ? "Solar panel report " : "Cooking dinner at home ").append(n).append(r)
                    .append("</a><p>").append(solar ? "Photovoltaic solar yields measured on real roofs."
                            : "Recipes with onions and garlic for the whole family.")
                    .append("</p></li>");
        }
        return page.append("</ol><a class=\"next\" href=\"/search?q=solar&page=").append(n + 1)
                .append("\">Next</a></body></html>").toString();
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
        if (client != null) {
            client.close();
        }
    }

    @Test
    void resultsAboveKAreSeedsNextPagesAreFollowedUpToTheLimit(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("search-seeds-it");
        Path topic = tmp.resolve("search.yaml");
        Files.writeString(topic, """
                name: search-seeds-it
                languages: [en]
                keywords:
                  solar: 1.0
                  photovoltaic: 0.8
                threshold: 0.2
                strategy: best-first
                focus: hard
                seed-sources:
                  - name: site
                    url: %s/search?q={keyword}&page={page}
                    results: li.result
                    summary: p
                    next: a.next
                    max-pages: 3
                    keywords: [solar]
                """.formatted(site.base()));
        indices.delete(client);
        CrawlRunner.Summary summary = CrawlTestSupport.crawl(topic, indices, Map.of(), 0);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        status.values().forEach(d -> System.out.printf("[search] %s %s depth %d%n", d.url(), d.state(), d.depth()));

        for (int n = 1; n <= 3; n++) {
            // the URL normaliser sorts the query: the results pages are known by their normal form
            StatusDoc page = status.get(site.url("/search?page=" + n + "&q=solar"));
            assertNotNull(page, "results page " + n);
            assertEquals(CrawlState.DISCARDED, page.state(), "a results page is not relevant itself");
            for (String r : new String[] {"a", "b"}) {
                StatusDoc result = status.get(site.url("/r/" + n + "-" + r));
                assertNotNull(result, n + r);
                assertEquals(CrawlState.DONE, result.state(), n + r);
                assertEquals(0, result.depth(), "a result is a seed");
            }
            assertFalse(status.containsKey(site.url("/r/" + n + "-c")), "cooking result " + n + " left out");
        }
        assertFalse(status.containsKey(site.url("/search?page=4&q=solar")), "max-pages 3");
        List<String> requested = site.requests().stream().map(HostileServer.Request::target).toList();
        assertTrue(requested.contains("/search?page=3&q=solar"), "requests: " + requested);
        assertTrue(requested.stream().noneMatch(p -> p.contains("page=4")), "page 4 never requested");
        assertTrue(requested.stream().noneMatch(p -> p.endsWith("-c")), "no cooking result requested");
        Set<String> content = CrawlTestSupport.contentDocs(client, indices).keySet();
        assertEquals(6, content.size(), "the six solar results, no results page: " + content);
        assertTrue(content.stream().allMatch(u -> u.contains("/r/")));
    }
}
