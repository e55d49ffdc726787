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
import org.topicstorm.index.IndexerBolt;
import org.topicstorm.support.HostileServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14, item 4, in a real crawl: a site serves one article under five URLs (news, print, mobile, AMP and a
 * syndicated copy, each with its own one-line header), beside two other articles. Expected: the article is stored
 * once in the content index; the four other copies are judged relevant, their links followed, and their status
 * names the stored copy as the page they repeat; the two other articles are stored; `stats` counts four
 * near-duplicates.
 */
class NearDuplicatesIT {

    private static final List<String> COPIES = List.of("/news/story", "/print/story", "/m/story", "/amp/story",
            "/syndicated/story");

    private static HostileServer site;
    private static ElasticsearchClient client;

    @BeforeAll
    static void serve() throws Exception {
        site = new HostileServer("127.0.0.42");
        site.html("/", page("Solar news", article(1), COPIES.toArray(String[]::new)).replace("</ul>",
                "<li><a href=\"/news/other\">solar</a></li><li><a href=\"/news/third\">solar</a></li></ul>"));
        String story = article(2);
        for (String copy : COPIES) {
            // the same article with a header of its own, as a print view or a syndicated copy has
            site.html(copy, page("Solar story", "Edition " + copy.split("/")[1] + ". " + story, "/"));
        }
        site.html("/news/other", page("Another solar story", article(3), "/"));
        site.html("/news/third", page("A third solar story", article(4), "/"));
        client = EsClients.create(EsTestNode.settings());
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

    /** About 300 words: solar vocabulary among words drawn at random (seeded), so each article is a text of its own. */
    static String article(long seed) {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 300; i++) {
            b.append(i % 4 == 0 ? (i % 8 == 0 ? "solar" : "photovoltaic") : "w" + r.nextInt(2000)).append(' ');
        }
        return b.toString().strip() + ".";
    }

    static String page(String title, String text, String... links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><title>").append(title)
                .append("</title></head><body><h1>").append(title).append("</h1><p>").append(text).append("</p><ul>");
        for (String link : links) {
            sb.append("<li><a href=\"").append(link).append("\">solar</a></li>");
        }
        return sb.append("</ul></body></html>").toString();
    }

    @Test
    void anArticleServedUnderFiveUrlsIsIndexedOnceAndTheCopiesNameIt(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("near-duplicates-it");
        Map<String, StatusDoc> status = crawlSolar(tmp, site.url("/"), indices, true);
        Set<String> content = CrawlTestSupport.contentDocs(client, indices).keySet();
        Set<String> copies = COPIES.stream().map(site::url).collect(Collectors.toSet());

        // every copy fetched once and judged relevant
        for (String copy : copies) {
            StatusDoc d = status.get(copy);
            assertNotNull(d, copy);
            assertEquals(CrawlState.DONE, d.state(), copy);
            assertEquals(1, d.fetchCount(), copy);
        }
        // one copy stored; the four others name it
        Set<String> stored = copies.stream().filter(content::contains).collect(Collectors.toSet());
        assertEquals(1, stored.size(), "stored copies: " + stored);
        String original = stored.iterator().next();
        for (String copy : copies) {
            if (!copy.equals(original)) {
                assertEquals(CrawlStats.NEAR_DUPLICATE_ERROR + original, status.get(copy).error(), copy);
                assertTrue(!content.contains(copy), copy);
            }
        }
        // the other articles, and the front page, are texts of their own
        for (String p : List.of("/", "/news/other", "/news/third")) {
            assertTrue(content.contains(site.url(p)), p + " stored");
            assertNull(status.get(site.url(p)).error(), p);
        }
        assertEquals(new CrawlStats.Duplicates(4, 0), new CrawlStats(client, indices).duplicates());
    }

    /**
     * rel=canonical, with the near-duplicate comparison off so that only the site's word decides. The article's URL
     * links to its print and AMP views, which declare it their original: they come after it is stored and are left
     * out. A page whose declared original answers 404 is stored (the copy is all there is), and so are a page that
     * declares the home page and one that declares another host (see CanonicalLink). A page linked nowhere but
     * declared as an original is fetched.
     */
    @Test
    void aPageIsLeftOutOnceTheOriginalItDeclaresIsStoredAndKeptWhileItIsNot(@TempDir Path tmp) throws Exception {
        try (HostileServer news = new HostileServer("127.0.0.43")) {
            String story = article(5);
            news.html("/", page("Solar news", article(6), "/news/story", "/news/gone-copy", "/news/home",
                    "/news/foreign", "/news/only-declared-copy"));
            news.html("/news/story", page("Solar story", story, "/print/story", "/amp/story"));
            news.html("/print/story", declaring("/news/story", page("Solar story", story, "/")));
            news.html("/amp/story", declaring("/news/story", page("Solar story", story, "/")));
            news.html("/news/gone-copy", declaring("/news/gone", page("Solar gone", article(9), "/")));
            news.html("/news/home", declaring("/", page("Solar at home", article(7), "/")));
            news.html("/news/foreign", declaring("http://127.0.0.44/story", page("Solar abroad", article(8), "/")));
            news.html("/news/only-declared-copy", declaring("/news/only-declared",
                    page("Solar declared", article(10), "/")));
            news.html("/news/only-declared", page("Solar declared", article(10), "/"));
            CrawlIndices indices = new CrawlIndices("canonical-it");
            Map<String, StatusDoc> status = crawlSolar(tmp, news.url("/"), indices, false);
            Set<String> content = CrawlTestSupport.contentDocs(client, indices).keySet();
            String original = news.url("/news/story");
            assertTrue(content.contains(original));
            for (String copy : List.of("/print/story", "/amp/story")) {
                StatusDoc d = status.get(news.url(copy));
                assertEquals(CrawlState.DONE, d.state(), copy);
                assertEquals(CrawlStats.CANONICAL_COPY_ERROR + original, d.error(), copy);
                assertTrue(!content.contains(news.url(copy)), copy);
            }
            // the declared original nothing links to is fetched and stored
            assertEquals(CrawlState.DONE, status.get(news.url("/news/only-declared")).state());
            assertTrue(content.contains(news.url("/news/only-declared")));
            // its original 404s: the copy is what there is
            assertTrue(status.containsKey(news.url("/news/gone")), "the declared original was tried");
            for (String kept : List.of("/", "/news/gone-copy", "/news/home", "/news/foreign")) {
                assertTrue(content.contains(news.url(kept)), kept + " stored");
                assertNull(status.get(news.url(kept)).error(), kept);
            }
            assertEquals(2, new CrawlStats(client, indices).duplicates().canonical());
        }
    }

    /**
     * Crawls from the seed with a solar topic until the frontier is exhausted (the near-duplicate check on or off);
     * returns the status documents by URL, each printed for the test's output.
     */
    private static Map<String, StatusDoc> crawlSolar(Path tmp, String seed, CrawlIndices indices,
                                                     boolean nearDuplicates) throws Exception {
        Path topic = tmp.resolve(indices.crawl() + ".yaml");
        Files.writeString(topic, """
                name: %s
                languages: [en]
                keywords:
                  solar: 1.0
                  photovoltaic: 0.8
                seeds:
                  - %s
                threshold: 0.1
                strategy: best-first
                focus: soft
                """.formatted(indices.crawl(), seed));
        indices.delete(client);
        CrawlRunner.Summary summary = CrawlTestSupport.crawl(topic, indices,
                Map.of(IndexerBolt.NEAR_DUPLICATES, nearDuplicates), 0);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        status.values().forEach(d -> System.out.printf("[%s] %s %s relevance=%.3f error=%s%n", indices.crawl(),
                d.url(), d.state(), d.relevance(), d.error()));
        return status;
    }

    private static String declaring(String canonical, String html) {
        return html.replace("<title>", "<link rel=\"canonical\" href=\"" + canonical + "\"><title>");
    }
}
