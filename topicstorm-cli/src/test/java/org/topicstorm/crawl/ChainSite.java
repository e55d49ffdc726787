package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.site.SiteServer;

import java.io.IOException;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A site for fault tests: two chains of relevant pages (p0 starts both: 1, 3, 5, ... and 2, 4, 6, ...; page i
 * links to page i + 2), so that every page is linked from exactly one other. A single lost outlink write cuts its
 * chain and leaves the rest of it unknown at the end; a crawl of it can only go two pages at a time, so it is still
 * running when a fault is injected.
 */
final class ChainSite {

    /** The topic the pages are relevant to (with a threshold every page passes). */
    static final String TOPIC_KEYWORDS = "keywords: {solar: 1.0, photovoltaic: 0.8, energy: 0.5}\n";

    private ChainSite() {
    }

    /** Serves {@code pages} pages, each answering after {@code latencyMillis}. */
    static SiteServer serve(int pages, long latencyMillis) throws IOException {
        SiteServer site = new SiteServer();
        for (int i = 0; i < pages; i++) {
            int[] next = i == 0 ? new int[]{1, 2} : new int[]{i + 2};
            StringBuilder links = new StringBuilder();
            for (int j : next) {
                if (j < pages) {
                    links.append("<a href=\"/p").append(j).append("\">solar ").append(j).append("</a> ");
                }
            }
            site.html("/p" + i, "<html><head><title>Solar " + i + "</title></head><body><p>"
                    + CrawlIT.SOLAR + "</p>" + links + "</body></html>");
        }
        site.latency(latencyMillis);
        return site;
    }

    /** A topic file's text for the site: its first page as the seed. */
    static String topicYaml(SiteServer site, String name) {
        return "name: " + name + "\nlanguages: [en]\n" + TOPIC_KEYWORDS + "seeds: [" + site.url("/p0") + "]\n"
                + "threshold: 0.5\n";
    }

    /** No URL lost: every page of the site known, fetched and judged (DONE), and in the content index. */
    static void assertEveryPageDone(ElasticsearchClient client, CrawlIndices indices, SiteServer site, int pages)
            throws IOException {
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < pages; i++) {
            expected.add(site.url("/p" + i));
        }
        assertEquals(expected, status.keySet(), "every URL of the site is known");
        assertTrue(status.values().stream().allMatch(d -> d.state() == CrawlState.DONE),
                "every page fetched and judged: " + status.values().stream()
                        .filter(d -> d.state() != CrawlState.DONE)
                        .map(d -> d.url() + "=" + d.state()).collect(Collectors.toList()));
        assertEquals(expected, CrawlTestSupport.contentDocs(client, indices).keySet(),
                "every relevant page is in the content index");
    }

    /** Pages of the site requested more than once, with their number of requests (robots.txt left out). */
    static Map<String, Long> fetchedMoreThanOnce(SiteServer site) {
        return site.requests().stream().filter(p -> p.startsWith("/p"))
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
                .entrySet().stream().filter(e -> e.getValue() > 1)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
    }

    /** The number of pages in DONE state, or 0 while the status index does not exist or ES does not answer. */
    static long done(ElasticsearchClient client, CrawlIndices indices) {
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
