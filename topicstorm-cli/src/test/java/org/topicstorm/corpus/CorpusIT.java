package org.topicstorm.corpus;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The smallest real corpus, python3.11-doc, fetched from its Debian package (apt-get download + dpkg-deb -x; into
 * $TOPICSTORM_CORPORA if set, else target/corpora, reused when present) and served over HTTP on loopback.
 */
class CorpusIT {

    private static final String PYTHON = "python3.11-doc";
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static CorpusServer server;
    private static CorpusServer withSidebar;

    @BeforeAll
    static void start() throws Exception {
        String env = System.getenv(CorpusCatalog.HOME_ENV);
        CorpusCatalog catalog = new CorpusCatalog(env != null && !env.isBlank() ? Path.of(env)
                : Path.of("target", "corpora"));
        Corpus python = catalog.get(PYTHON, System.out::println);
        server = CorpusServer.start(List.of(python), CorpusServer.Options.DEFAULTS);
        withSidebar = CorpusServer.start(List.of(python), CorpusServer.Options.DEFAULTS.withStripNavigation(false));
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (withSidebar != null) {
            withSidebar.close();
        }
    }

    private static HttpResponse<String> get(URI uri) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void entryPageRobotsAnd404() throws Exception {
        HttpResponse<String> entry = get(server.entryUrls(PYTHON).get(0));
        assertEquals(200, entry.statusCode());
        assertEquals("text/html; charset=UTF-8", entry.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(entry.body().contains("Python 3.11"), "the documentation's front page");
        assertEquals(entry.body(), get(server.baseUrl(PYTHON)).body(), "/ is index.html");

        HttpResponse<String> robots = get(server.baseUrl(PYTHON).resolve("/robots.txt"));
        assertEquals(200, robots.statusCode());
        assertTrue(robots.body().contains("Disallow: /genindex*.html$"), robots.body());
        assertEquals(404, get(server.baseUrl(PYTHON).resolve("/genindex.html")).statusCode());
        assertEquals(200, get(withSidebar.baseUrl(PYTHON).resolve("/genindex.html")).statusCode());
        assertEquals(404, get(server.baseUrl(PYTHON).resolve("/library/no-such-module.html")).statusCode());
        assertEquals("text/css; charset=UTF-8", get(server.baseUrl(PYTHON).resolve("/_static/pydoctheme.css"))
                .headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void theSidebarIsRemovedUnlessKept() throws Exception {
        String stripped = get(server.resolve("corpus://" + PYTHON + "/library/socket.html")).body();
        String kept = get(withSidebar.resolve("corpus://" + PYTHON + "/library/socket.html")).body();
        for (String nav : List.of("sphinxsidebar", "class=\"related\"", "mobile-nav")) {
            assertFalse(stripped.contains(nav), nav);
            assertTrue(kept.contains(nav), nav);
        }
        assertTrue(stripped.contains("Low-level networking interface"));
    }

    @Test
    void labels() {
        Map<String, String> pages = server.labelledPages();
        assertEquals(497, pages.size(), "530 pages less the 33 hidden index pages (genindex-*, ...)");
        assertEquals(23, pages.values().stream().filter("library/internet"::equals).count());
        assertEquals(24, pages.values().stream().filter("library/ipc"::equals).count());
        assertEquals(Optional.of("library/ipc"), server.label(server.resolve("corpus://" + PYTHON
                + "/library/socket.html").toString()));
        assertEquals(Optional.of("library/internet"), server.label(server.baseUrl(PYTHON)
                + "library/urllib.request.html#module-urllib.request"));
        assertEquals(Optional.of("tutorial"), server.label(server.baseUrl(PYTHON) + "tutorial/index.html"));
        assertEquals(Optional.empty(), server.label(server.baseUrl(PYTHON) + "glossary.html"));
    }

    @Test
    void linksFromTheEntryPageResolveToServedPages() throws Exception {
        SiteWalk.Result walk = new SiteWalk(server, 4).walk(List.of(server.baseUrl(PYTHON)), 80);
        assertEquals(0, walk.fetchFailures(), "every reached page answered 200 with HTML");
        assertEquals(80, walk.depth().size());
        assertTrue(walk.links() > 300, "links to served pages from the first two levels: " + walk.links());
        // links to pages that are not served are only those to the hidden index pages and a few missing files
        assertTrue(walk.broken() < walk.links() / 50, walk.broken() + " of " + walk.links());
        assertTrue(server.pageRequests() >= 80);
    }
}
