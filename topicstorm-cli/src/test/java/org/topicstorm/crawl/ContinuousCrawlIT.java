package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.support.HostileServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 14, item 1, in a real crawl: a continuous crawl of a news site whose front page links a new solar article
 * every two seconds while the crawl runs. Expected: every new article is fetched and indexed within a bound of its
 * publication (the front page, a hub, is revisited every few seconds because each visit finds new links); a relevant
 * page that never changes comes back later and later; an irrelevant page that is not a hub is fetched once; and the
 * crawl does not end by itself when nothing is due, as a one-off crawl would after its idle time.
 */
class ContinuousCrawlIT {

    /** New articles published while the crawl runs. */
    private static final int ARTICLES = 5;
    private static final long PUBLISH_EVERY_MS = 2_000;
    /**
     * Publication to indexing, at most: the front page's revisit (1 s, plus the spout's 3 s purgatory after a fetch),
     * the article's fetch and the indexer's batch; generous, since CI machines are shared.
     */
    private static final long INDEXED_WITHIN_MS = 20_000;

    private static HostileServer site;
    private static ElasticsearchClient client;
    private static final List<String> published = new ArrayList<>();

    @BeforeAll
    static void serve() throws Exception {
        site = new HostileServer("127.0.0.46");
        frontPage();
        site.html("/guide", NearDuplicatesIT.page("Solar guide", NearDuplicatesIT.article(40), "/"));
        site.html("/about", NearDuplicatesIT.page("About us", plainText(), "/"));
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

    /** The front page: mostly links (a hub), the newest article first. */
    private static synchronized void frontPage() {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><title>Solar news</title></head>"
                + "<body><p>Solar news.</p><ul>");
        for (int i = published.size() - 1; i >= 0; i--) {
            html.append("<li><a href=\"").append(published.get(i)).append("\">Solar panel story number ").append(i)
                    .append(" photovoltaic cells in the news today</a></li>");
        }
        html.append("<li><a href=\"/guide\">The solar guide to photovoltaic panels on your own roof</a></li>")
                .append("<li><a href=\"/about\">About this site and the people who write it every day</a></li>")
                .append("</ul></body></html>");
        site.html("/", html.toString());
    }

    private static String plainText() {
        return "We are a small team of writers. ".repeat(20);
    }

    /** Publishes article i, which says it was published at {@code at} (Open Graph's article:published_time). */
    private static synchronized void publish(int i, long at) {
        String path = "/news/" + i;
        site.html(path, NearDuplicatesIT.page("Solar story " + i, NearDuplicatesIT.article(100 + i), "/")
                .replace("<title>", "<meta property=\"article:published_time\" content=\""
                        + java.time.Instant.ofEpochMilli(at) + "\"><title>"));
        published.add(path);
        frontPage();
    }

    @Test
    void newArticlesAreIndexedSoonAfterTheyAppearAndTheCrawlGoesOn(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("continuous-it");
        // a one-off crawl would stop after 2 s with nothing new
        Running crawl = Running.start(tmp, indices, site.url("/"), "{relevant: 2s, hubs: 1s, min: 1s, max: 1m}",
                Map.of(CrawlRunner.IDLE_STOP_SECS, 2), "continuous");
        Map<String, Long> publishedAt = new LinkedHashMap<>();
        try {
            awaitFetched(indices, site.url("/guide"), 60_000);
            for (int i = 0; i < ARTICLES; i++) {
                long at = System.currentTimeMillis();
                publish(i, at);
                publishedAt.put(site.url("/news/" + i), at);
                Thread.sleep(PUBLISH_EVERY_MS);
            }
            Map<String, Map<String, Object>> content = awaitIndexed(indices, publishedAt.keySet(),
                    publishedAt.get(site.url("/news/" + (ARTICLES - 1))) + INDEXED_WITHIN_MS + 10_000);
            // indexed at its first fetch: the lag is the status's first fetch time (the content document's own time is
            // its latest fetch's, since revisits rewrite it)
            Map<String, StatusDoc> firstFetched = CrawlTestSupport.statusDocs(client, indices);
            publishedAt.forEach((url, at) -> {
                assertNotNull(content.get(url), url + " indexed");
                long lag = firstFetched.get(url).firstFetched() - at;
                System.out.printf("[continuous] %s indexed %d ms after publication%n", url, lag);
                assertTrue(lag <= INDEXED_WITHIN_MS, url + " indexed " + lag + " ms after publication");
            });
            // nothing new for a while: a continuous crawl waits for the next revisit instead of ending
            Thread.sleep(6_000);
            assertTrue(crawl.thread().isAlive(), "the crawl ended by itself: " + crawl.outcome().get());
        } finally {
            crawl.stop();
        }
        assertEquals(CrawlRunner.StopReason.STOPPED, crawl.summary().reason());

        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        status.values().forEach(d -> System.out.printf("[continuous] %s fetched %d times, relevant %s, revisit %s%n",
                d.url(), d.fetchCount(), d.relevant(), d.revisit()));
        // the front page found new links on its revisits, and came back sooner for them
        StatusDoc front = status.get(site.url("/"));
        assertTrue(front.revisit().changes() >= 2, "front page: " + front.revisit());
        // the guide never changed: every revisit multiplied its interval by 1.5, from 2 s
        StatusDoc guide = status.get(site.url("/guide"));
        int unchanged = guide.revisit().unchanged();
        assertTrue(unchanged >= 2, "guide: " + guide.revisit());
        assertEquals(0, guide.revisit().changes());
        long expected = 2000;
        for (int k = 0; k < unchanged; k++) {
            // as RevisitPolicy does it: rounded at each step, within min 1 s and max 1 min
            expected = Math.max(1000, Math.min(60_000, Math.round(expected * 1.5)));
        }
        assertEquals(expected, guide.revisit().interval(), "guide's interval");
        assertEquals(unchanged + 1, guide.fetchCount());
        // each article's freshness counts from the publication time it declares, to its first fetch
        publishedAt.forEach((url, at) -> {
            org.topicstorm.frontier.Freshness f = status.get(url).freshness();
            assertEquals(new org.topicstorm.frontier.Freshness(at, status.get(url).firstFetched() - at, true), f, url);
        });
        CrawlStats.FreshnessStats freshness = new CrawlStats(client, indices).freshness();
        System.out.printf("[continuous] freshness %s, revisits %s%n", freshness,
                new CrawlStats(client, indices).revisits());
        // the articles and the guide appeared after the crawl began (the seed was there before)
        assertEquals(ARTICLES + 1, freshness.pages());
        assertTrue(freshness.p95Ms() <= INDEXED_WITHIN_MS, "p95 " + freshness.p95Ms());
        CrawlStats.Revisits revisits = new CrawlStats(client, indices).revisits();
        long fetches = status.values().stream().mapToLong(StatusDoc::fetchCount).sum();
        assertEquals(fetches - status.values().stream().filter(d -> d.fetchCount() > 0).count(), revisits.fetches());
        // an irrelevant page that is no hub: fetched once, never due again
        StatusDoc about = status.get(site.url("/about"));
        assertEquals(Boolean.FALSE, about.relevant());
        assertEquals(1, about.fetchCount());
        assertNull(about.nextFetchDate());
    }

    /**
     * A forum with a hot thread (300 replies of the last hour, in schema.org JSON-LD) and a cold one (3 replies ten
     * days old, in comment markup): the hot one is hot (heat at or above 15, priority above every new URL), its new
     * replies are collected on its revisits, and both threads' heat and replies reach the content index.
     */
    @Test
    void aHotThreadIsRevisitedForItsNewRepliesAndHeatIsStored(@TempDir Path tmp) throws Exception {
        try (HostileServer forum = new HostileServer("127.0.0.47")) {
            forum.html("/", "<!DOCTYPE html><html lang=\"en\"><head><title>Solar forum</title></head><body><ul>"
                    + "<li><a href=\"/t/hot\">Solar panels on a north roof: photovoltaic yield questions</a></li>"
                    + "<li><a href=\"/t/cold\">Old solar inverter photovoltaic thread from the archive</a></li>"
                    + "</ul></body></html>");
            long now = System.currentTimeMillis();
            forum.html("/t/hot", hotThread(300, now));
            forum.html("/t/cold", coldThread(now - 10 * 86_400_000L));
            CrawlIndices indices = new CrawlIndices("continuous-forum-it");
            Running crawl = Running.start(tmp, indices, forum.url("/"), "{relevant: 2s, hubs: 2s, min: 1s, max: 1m}",
                    Map.of(), "forum");
            try {
                awaitFetched(indices, forum.url("/t/hot"), 60_000);
                // ten more replies while the crawl runs
                forum.html("/t/hot", hotThread(310, System.currentTimeMillis()));
                long end = System.currentTimeMillis() + 30_000;
                StatusDoc hot;
                do {
                    Thread.sleep(500);
                    hot = CrawlTestSupport.statusDocs(client, indices).get(forum.url("/t/hot"));
                } while (hot.revisit().replies() < 310 && System.currentTimeMillis() < end);
            } finally {
                crawl.stop();
            }
            crawl.summary();
            Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
            status.values().forEach(d -> System.out.printf("[forum] %s fetched %d times, priority %.3f, revisit %s%n",
                    d.url(), d.fetchCount(), d.priority(), d.revisit()));
            StatusDoc hot = status.get(forum.url("/t/hot"));
            assertEquals(310, hot.revisit().replies(), "the new replies were collected");
            assertTrue(hot.revisit().changes() >= 1);
            // sqrt(311) = 17.6 for fresh replies; a few seconds of age take off almost nothing
            assertTrue(hot.revisit().heat() >= 15 && hot.revisit().heat() <= Math.sqrt(311), "" + hot.revisit());
            assertEquals(org.topicstorm.frontier.RevisitPolicy.HOT_TIER + hot.revisit().heat() + hot.relevance(),
                    hot.priority(), 1e-6);
            StatusDoc cold = status.get(forum.url("/t/cold"));
            assertEquals(3, cold.revisit().replies());
            // 2 x exp(-240 h / 24 h) = 0.00009
            assertTrue(cold.revisit().heat() < 0.001, "" + cold.revisit());
            assertEquals(cold.relevance(), cold.priority(), 1e-9);
            Map<String, Map<String, Object>> content = CrawlTestSupport.contentDocs(client, indices);
            assertEquals(310, ((Number) content.get(forum.url("/t/hot")).get("replies")).intValue());
            assertTrue(((Number) content.get(forum.url("/t/hot")).get("heat")).doubleValue() >= 15);
            assertEquals(3, ((Number) content.get(forum.url("/t/cold")).get("replies")).intValue());
        }
    }

    /**
     * A continuous solar crawl from one seed, running on a thread of its own until stopped.
     *
     * @param revisit the topic's revisit settings (YAML)
     * @param label   what its progress lines start with
     */
    private record Running(CrawlRunner runner, Thread thread, AtomicReference<Object> outcome) {

        static Running start(Path tmp, CrawlIndices indices, String seed, String revisit, Map<String, Object> extra,
                             String label) throws Exception {
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
                    mode: continuous
                    revisit: %s
                    """.formatted(indices.crawl(), seed, revisit));
            indices.delete(client);
            CrawlRunner runner = new CrawlRunner(line -> System.out.println("[" + label + "] " + line));
            AtomicReference<Object> outcome = new AtomicReference<>();
            Thread thread = new Thread(() -> {
                try {
                    outcome.set(CrawlTestSupport.crawl(EsTestNode.url().toString(), topic, indices, extra, 0,
                            runner));
                } catch (Exception | Error e) {
                    outcome.set(e);
                }
            }, label + "-crawl");
            thread.start();
            return new Running(runner, thread, outcome);
        }

        void stop() throws InterruptedException {
            runner.stop();
            thread.join(60_000);
        }

        /** How the crawl ended; fails the test when it threw. */
        CrawlRunner.Summary summary() {
            assertTrue(outcome.get() instanceof CrawlRunner.Summary, String.valueOf(outcome.get()));
            return (CrawlRunner.Summary) outcome.get();
        }
    }

    /** A thread of n replies written in the minute before {@code at}, in schema.org JSON-LD. */
    private static String hotThread(int n, long at) {
        StringBuilder comments = new StringBuilder();
        for (int i = 0; i < n; i++) {
            comments.append(i == 0 ? "" : ",").append("{\"@type\": \"Comment\", \"dateCreated\": \"")
                    .append(java.time.Instant.ofEpochMilli(at - 60_000 + i * 100L)).append("\"}");
        }
        return NearDuplicatesIT.page("Solar panels on a north roof", NearDuplicatesIT.article(60), "/")
                .replace("</head>", "<script type=\"application/ld+json\">{\"@type\": \"DiscussionForumPosting\", "
                        + "\"comment\": [" + comments + "]}</script></head>");
    }

    /** A thread of three replies written around {@code at}, in comment markup. */
    private static String coldThread(long at) {
        StringBuilder replies = new StringBuilder("<ol>");
        for (int i = 0; i < 3; i++) {
            replies.append("<li class=\"comment\"><time datetime=\"")
                    .append(java.time.Instant.ofEpochMilli(at + i * 60_000L)).append("\">then</time>")
                    .append("<p>An answer about the solar inverter.</p></li>");
        }
        return NearDuplicatesIT.page("Old solar inverter thread", NearDuplicatesIT.article(61), "/")
                .replace("</ul>", "</ul>" + replies + "</ol>");
    }

    private static void awaitFetched(CrawlIndices indices, String url, long timeoutMs) throws Exception {
        long end = System.currentTimeMillis() + timeoutMs;
        while (System.currentTimeMillis() < end) {
            try {
                StatusDoc d = CrawlTestSupport.statusDocs(client, indices).get(url);
                if (d != null && d.fetchCount() > 0) {
                    return;
                }
            } catch (co.elastic.clients.elasticsearch._types.ElasticsearchException e) {
                // the crawl has not made its indices yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError(url + " not fetched within " + timeoutMs + " ms");
    }

    /** The content documents once all the URLs are in, or at the deadline (the caller asserts which are). */
    private static Map<String, Map<String, Object>> awaitIndexed(CrawlIndices indices, java.util.Set<String> urls,
                                                                 long deadline) throws Exception {
        Map<String, Map<String, Object>> content;
        do {
            Thread.sleep(250);
            content = CrawlTestSupport.contentDocs(client, indices);
        } while (!content.keySet().containsAll(urls) && System.currentTimeMillis() < deadline);
        return content;
    }
}
