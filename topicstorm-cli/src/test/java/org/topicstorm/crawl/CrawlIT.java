package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.metrics.TaskMetrics;
import org.topicstorm.site.SiteServer;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A whole crawl: real Storm LocalCluster, real ES node, a real HTTP site on 127.0.0.1 built to contain every case
 * a crawler meets. Asserts on what ES holds afterwards.
 */
class CrawlIT {

    private static SiteServer site;
    private static ElasticsearchClient client;

    static final String SOLAR = "Solar energy and photovoltaic panels: a solar panel converts sunlight. "
            + "Photovoltaic solar energy is renewable energy. ";
    static final String SPORTS = "Football results, the league table and the match report of the weekend. "
            + "The team won the cup after extra time. ";

    static String page(String title, String text, String... links) {
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><title>")
                .append(title).append("</title></head><body><h1>").append(title).append("</h1><p>").append(text)
                .append("</p><ul>");
        for (int i = 0; i + 1 < links.length; i += 2) {
            sb.append("<li><a href=\"").append(links[i]).append("\">").append(links[i + 1]).append("</a></li>");
        }
        return sb.append("</ul></body></html>").toString();
    }

    @BeforeAll
    static void buildSite() throws Exception {
        site = new SiteServer();
        site.text("/robots.txt", "User-agent: *\nDisallow: /private/\n");
        site.html("/", page("Solar energy portal", SOLAR,
                "/solar/1", "solar panels", "/solar/2", "photovoltaic cells", "/hub", "all topics",
                "/sports/1", "football", "/private/secret", "members only", "/missing", "old page",
                "/redirect/a", "moved page", "/loop/a", "loop", "/gbk", "中文", "/big", "big report",
                "/binary", "data", "/file.zip", "download", "/image.jpg", "picture", "/setup.exe", "installer",
                "/slow", "slow page", deadServer() + "/dead", "dead server"));
        site.html("/solar/1", page("Solar panels", SOLAR + SOLAR, "/solar/2", "more photovoltaic",
                "/solar/3", "solar farms"));
        site.html("/solar/2", page("Photovoltaic cells", SOLAR, "/solar/1", "solar panels", "/shared", "shared"));
        site.html("/solar/3", page("Solar farms", SOLAR, "/solar/1", "solar panels", "/solar/video", "solar video"));
        // a video page in each supported form (VideoFinder): video element, a known player's iframe, og:video, JSON-LD
        site.html("/solar/video", "<html><head><title>Solar video</title>"
                + "<meta property=\"og:video\" content=\"/media/og.mp4\">"
                + "<script type=\"application/ld+json\">{\"@type\":\"VideoObject\",\"contentUrl\":\"/media/ld.mp4\"}"
                + "</script></head><body><p>" + SOLAR + "</p><video><source src=\"/media/panel.webm\"></video>"
                + "<iframe src=\"https://www.youtube.com/embed/solar42\"></iframe></body></html>");
        site.html("/solar/final", page("Solar after redirects", SOLAR));
        // answers after the fetcher's timeout (http.timeout is 3 s in these tests)
        site.html("/slow", page("Slow solar", SOLAR)).slow("/slow", 6_000);
        site.html("/solar/hidden", page("Solar hidden behind sports", SOLAR));
        // a hub: mostly links
        site.html("/hub", page("Topics", "", "/solar/1", "panels", "/solar/3", "farms", "/sports/1", "football",
                "/sports/2", "league"));
        // the irrelevant region; /sports/2 is the only way to /solar/hidden
        site.html("/sports/1", page("Football", SPORTS, "/sports/2", "league", "/shared", "shared"));
        site.html("/sports/2", page("League", SPORTS, "/sports/1", "football", "/solar/hidden", "more"));
        site.html("/shared", page("Shared page", SPORTS));
        site.html("/private/secret", page("Secret solar", SOLAR));
        site.redirect("/redirect/a", "/redirect/b");
        site.redirect("/redirect/b", "/solar/final");
        site.redirect("/loop/a", "/loop/b");
        site.redirect("/loop/b", "/loop/a");
        site.htmlNoCharsetHeader("/gbk", "<html><head><meta charset=\"gbk\"><title>太阳能光伏 solar</title></head>"
                + "<body><p>太阳能光伏发电。 " + SOLAR + "</p></body></html>", Charset.forName("GBK"));
        StringBuilder big = new StringBuilder("<html><head><title>Big solar report</title></head><body>");
        while (big.length() < 2_100_000) {
            big.append("<p>").append(SOLAR).append("</p>");
        }
        site.html("/big", big.append("</body></html>").toString());
        byte[] binary = new byte[50_000];
        new Random(1).nextBytes(binary);
        binary[0] = (byte) 0x89;
        binary[1] = 'P';
        binary[2] = 'N';
        binary[3] = 'G';
        site.page("/binary", 200, "text/html", binary);

        client = EsClients.create(EsTestNode.settings());
    }

    /** A loopback address where nothing listens. */
    private static String deadServer() throws java.io.IOException {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    @AfterAll
    static void stopSite() throws Exception {
        if (site != null) {
            site.close();
        }
        if (client != null) {
            client.close();
        }
    }

    static Path topic(Path dir, String strategy, String focus) throws java.io.IOException {
        Path topicFile = dir.resolve("solar-" + strategy + "-" + focus + ".yaml");
        Files.writeString(topicFile, """
                name: solar
                languages: [en]
                keywords:
                  solar: 1.0
                  photovoltaic: 0.8
                  energy: 0.5
                seeds:
                  - %s/
                threshold: 0.5
                strategy: %s
                focus: %s
                """.formatted(site.base(), strategy, focus));
        return topicFile;
    }

    @Test
    void hardFocusDropsTheOutlinksOfIrrelevantPages(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("crawl-it-hard");
        indices.delete(client);
        CrawlRunner.Summary summary = CrawlTestSupport.crawl(topic(tmp, "best-first", "hard"), indices, Map.of(), 0);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
        Set<String> known = CrawlTestSupport.statusDocs(client, indices).keySet();
        // /sports/1 and /hub are linked from the relevant seed, so known and fetched; what only they link to is not
        assertTrue(known.contains(site.url("/sports/1")));
        assertTrue(known.contains(site.url("/hub")));
        assertFalse(known.contains(site.url("/sports/2")), "only irrelevant pages link to /sports/2");
        assertFalse(known.contains(site.url("/solar/hidden")), "hard focus never tunnels through irrelevant pages");
        assertTrue(known.contains(site.url("/shared")), "/shared is also linked from a relevant page");
    }

    @Test
    void aStoppedCrawlResumesFromElasticsearch(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("crawl-it-resume");
        indices.delete(client);
        Path topicFile = topic(tmp, "best-first", "soft");
        site.clearRequests();
        CrawlRunner.Summary first = CrawlTestSupport.crawl(topicFile, indices, Map.of(), 4);
        assertEquals(CrawlRunner.StopReason.MAX_PAGES, first.reason());
        long fetchedFirst = first.counts().fetched();
        assertTrue(fetchedFirst >= 4, "stopped after the page limit, fetched " + fetchedFirst);

        CrawlRunner.Summary second = CrawlTestSupport.crawl(topicFile, indices, Map.of(), 0);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, second.reason());
        assertEquals(second.counts().fetched() - fetchedFirst, second.fetchedThisRun());
        assertTrue(second.fetchedThisRun() > 0, "the second run went on where the first stopped");
        // the same end state as one uninterrupted crawl: every page reachable under soft focus, nothing waiting
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        assertEquals(CrawlState.DONE, status.get(site.url("/solar/hidden")).state());
        assertTrue(status.values().stream().noneMatch(d -> d.state() == CrawlState.WAITING));
        Set<String> done = status.values().stream().filter(d -> d.state() == CrawlState.DONE).map(StatusDoc::url)
                .collect(Collectors.toSet());
        assertEquals(done, CrawlTestSupport.contentDocs(client, indices).keySet(),
                "after a stop and a resume the content index is still exactly the relevant pages");
        // re-injecting the seed on resume did not fetch it again
        assertEquals(1, site.requests().stream().filter("/"::equals).count(), "the seed was fetched once");
    }

    @Test
    void aFocusedCrawlFillsTheIndicesAsExpected(@TempDir Path tmp) throws Exception {
        CrawlIndices indices = new CrawlIndices("crawl-it");
        indices.delete(client);
        site.clearRequests();
        Path topicFile = topic(tmp, "best-first", "soft");

        // Storm's metrics, read over JMX while the crawl runs (the reporter unregisters them when it ends)
        Set<String> before = CrawlTestSupport.jmxMetrics().keySet();
        java.util.concurrent.atomic.AtomicReference<Map<String, Number>> jmx =
                new java.util.concurrent.atomic.AtomicReference<>(Map.of());
        CrawlRunner runner = new CrawlRunner(line -> {
            System.out.println("[crawl] " + line);
            try {
                jmx.set(CrawlTestSupport.jmxMetrics());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        CrawlRunner.Summary summary = CrawlTestSupport.crawl(EsTestNode.url().toString(), topicFile, indices,
                Map.of(), 0, runner);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());

        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        Map<String, StatusDoc> byPath = new HashMap<>();
        status.forEach((url, d) -> byPath.put(url.substring(site.base().length()), d));

        // the relevant region and everything reachable from it is fetched and judged
        for (String p : new String[]{"/", "/solar/1", "/solar/2", "/solar/3", "/solar/final", "/gbk", "/big"}) {
            assertNotNull(byPath.get(p), p + " is in the status index");
            assertEquals(CrawlState.DONE, byPath.get(p).state(), p + " is relevant");
        }
        for (String p : new String[]{"/sports/1", "/sports/2", "/shared", "/hub"}) {
            assertEquals(CrawlState.DISCARDED, byPath.get(p).state(), p + " is discarded");
        }
        // soft focus: the relevant page behind an irrelevant one is reached
        assertEquals(CrawlState.DONE, byPath.get("/solar/hidden").state());
        // redirects: chain followed, loop ends
        assertEquals(CrawlState.REDIRECTED, byPath.get("/redirect/a").state());
        assertEquals(CrawlState.REDIRECTED, byPath.get("/redirect/b").state());
        assertEquals(CrawlState.REDIRECTED, byPath.get("/loop/a").state());
        assertEquals(CrawlState.REDIRECTED, byPath.get("/loop/b").state());
        // errors
        assertEquals(CrawlState.EXCEPTION, byPath.get("/missing").state());
        assertEquals(CrawlState.EXCEPTION, byPath.get("/binary").state());
        assertEquals(CrawlState.EXCEPTION, byPath.get("/private/secret").state());
        // a slow page and a dead server are errors, retried later; the crawl went on
        assertEquals("FETCH_ERROR", byPath.get("/slow").status());
        StatusDoc dead = status.values().stream().filter(d -> d.url().endsWith("/dead")).findFirst().orElseThrow();
        assertEquals("FETCH_ERROR", dead.status());
        assertEquals(CrawlState.EXCEPTION, dead.state());
        assertFalse(site.requests().contains("/private/secret"), "robots.txt Disallow honoured");
        // non-page resources never enter the frontier
        assertFalse(byPath.containsKey("/file.zip"));
        assertFalse(byPath.containsKey("/image.jpg"));
        assertFalse(byPath.containsKey("/setup.exe"));
        // nothing left waiting
        assertTrue(status.values().stream().noneMatch(d -> d.state() == CrawlState.WAITING),
                "no URL left waiting: " + status.values().stream().filter(d -> d.state() == CrawlState.WAITING)
                        .map(StatusDoc::url).toList());
        // in-links: /shared is linked from /solar/2 and /sports/1; /solar/1 from /, /solar/2, /solar/3, /hub
        assertEquals(2, byPath.get("/shared").inlinks());
        assertEquals(4, byPath.get("/solar/1").inlinks());
        // depth: seed 0, its outlinks 1, /solar/hidden = / -> /sports/1 -> /sports/2 -> /solar/hidden, or via /hub
        assertEquals(0, byPath.get("/").depth());
        assertEquals(1, byPath.get("/solar/1").depth());
        assertEquals(3, byPath.get("/solar/hidden").depth());
        // each page was fetched once
        Map<String, Long> fetches = site.requests().stream().collect(Collectors.groupingBy(p -> p,
                Collectors.counting()));
        fetches.forEach((p, n) -> assertEquals(1L, n, p + " fetched " + n + " times"));
        assertTrue(fetches.containsKey("/slow"), "the slow page was requested");

        // the content index holds exactly the relevant pages
        Set<String> relevant = status.values().stream().filter(d -> d.state() == CrawlState.DONE)
                .map(StatusDoc::url).collect(Collectors.toSet());
        Map<String, Map<String, Object>> content = CrawlTestSupport.contentDocs(client, indices);
        assertEquals(relevant, content.keySet());
        assertEquals("太阳能光伏 solar", content.get(site.url("/gbk")).get("title"), "GBK decoded without a header");
        // the video page lists its videos (the player's iframe is not fetched: it is not a link); the others have none
        assertEquals(java.util.List.of(site.url("/media/panel.webm"), "https://www.youtube.com/embed/solar42",
                site.url("/media/og.mp4"), site.url("/media/ld.mp4")), content.get(site.url("/solar/video")).get("videos"));
        assertFalse(content.get(site.url("/solar/1")).containsKey("videos"));

        // the metrics time series: a sample a second while the crawl ran, counts never beyond the final ones
        java.util.List<org.topicstorm.metrics.MetricsDoc> metrics = CrawlTestSupport.metricsDocs(client, indices);
        assertTrue(metrics.size() >= 3, "metrics samples: " + metrics.size());
        assertTrue(metrics.stream().allMatch(m -> m.crawl().equals("crawl-it")));
        assertTrue(metrics.stream().allMatch(m -> m.fetched() <= summary.counts().fetched()
                && m.relevant() <= summary.counts().relevant()), metrics.toString());
        assertTrue(metrics.stream().anyMatch(m -> m.fetched() > 0 && m.pagesPerSecond() > 0), metrics.toString());

        // Storm's own metrics, the last sample taken during the idle seconds before the stop: every page judged
        // (FETCHED: relevant or not) passed the relevance bolt at least once (again if a write failed and the URL
        // was replayed); the relevance task's harvest-rate gauge is its own relevant / judged
        Map<String, Number> last = jmx.get();
        long fetched = status.values().stream().filter(d -> "FETCHED".equals(d.status())).count();
        double judged = CrawlTestSupport.sum(last, before, TaskMetrics.PAGES_JUDGED);
        double judgedRelevant = CrawlTestSupport.sum(last, before, TaskMetrics.PAGES_RELEVANT);
        assertTrue(judged >= fetched && judgedRelevant >= relevant.size(),
                fetched + " fetched, " + relevant.size() + " relevant: " + last);
        assertEquals(judgedRelevant / judged, CrawlTestSupport.sum(last, before, TaskMetrics.HARVEST_RATE), 1e-9,
                "one relevance task: " + last);
        // the status updater counted every fetch outcome, errors and redirects included (each page was requested at
        // most once, see above; a fetch error counts once per attempt, the last one turning it into an ERROR),
        // discoveries not: more than the relevance bolt judged
        long outcomes = status.values().stream().mapToLong(d -> switch (d.status()) {
            case "DISCOVERED" -> 0;
            case "FETCHED" -> d.fetchCount();
            case "FETCH_ERROR" -> d.errorCount();
            default -> Math.max(1, d.errorCount()); // ERROR (robots.txt, 404, not HTML, given up), REDIRECTION
        }).sum();
        assertEquals(outcomes, CrawlTestSupport.sum(last, before, TaskMetrics.PAGES_FETCHED), 0.0, last.toString());
        assertTrue(outcomes > fetched, outcomes + " fetch outcomes, " + fetched + " fetched");
        // every URL with a fetch attempt was emitted; queries and writes were timed; nothing is in flight at the end
        long attempted = status.values().stream().filter(d -> d.fetchCount() > 0 || d.errorCount() > 0).count();
        assertTrue(CrawlTestSupport.sum(last, before, TaskMetrics.EMITTED) >= attempted, last.toString());
        assertTrue(CrawlTestSupport.sum(last, before, TaskMetrics.FRONTIER_QUERY) > 0, last.toString());
        assertTrue(CrawlTestSupport.sum(last, before, TaskMetrics.STATUS_WRITE) > 0, last.toString());
        assertTrue(CrawlTestSupport.sum(last, before, TaskMetrics.CONTENT_WRITE) > 0, last.toString());
        assertEquals(0, CrawlTestSupport.sum(last, before, TaskMetrics.IN_FLIGHT), last.toString());
        assertEquals(0, CrawlTestSupport.sum(last, before, TaskMetrics.STATUS_WRITE_FAILURES), last.toString());
    }
}
