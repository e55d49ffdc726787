package org.topicstorm.corpus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The corpus server on two small hand-made corpora, over real HTTP on loopback addresses. */
class CorpusServerTest {

    @TempDir
    static Path dir;

    private static CorpusServer server;
    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @BeforeAll
    static void start() throws IOException {
        Path help = dir.resolve("help");
        write(help.resolve("en/text/calc/main.html"), """
                <html><head><base href="../../../"><title>Calc</title><script src="help.js"></script></head><body>
                <aside class="leftside"><a href="en/text/write/main.html">Writer (menu)</a></aside>
                <div id="DisplayArea"><h1>Calc</h1><a href="en/text/calc/sum.html">SUM</a></div></body></html>""");
        write(help.resolve("en/text/calc/sum.html"), "<html><head><title>SUM</title></head><body>sum</body></html>");
        write(help.resolve("en/text/write/main.html"), "<html><head><title>Writer</title></head><body>w</body></html>");
        write(help.resolve("genindex.html"), "<html><body><a href=\"en/text/calc/sum.html\">all</a></body></html>");
        write(help.resolve("style.css"), "body {}");
        Files.write(help.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Corpus lo = new Corpus("lo", help, LabelRule.parse(List.of("en/text/calc/**=calc", "en/text/write/**=write")),
                List.of("en/text/calc/main.html", "en/text/write/main.html"), List.of("genindex.html"));
        Path docs = dir.resolve("docs");
        write(docs.resolve("index.html"), "<html><body><a href=\"page.html\">page</a></body></html>");
        write(docs.resolve("page.html"), "<html><body>page</body></html>");
        Corpus plain = new Corpus("plain", docs, LabelRule.none(), "index.html");
        server = CorpusServer.start(List.of(lo, plain), CorpusServer.Options.DEFAULTS);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String base(String corpus) {
        return server.baseUrl(corpus).toString();
    }

    @Test
    void eachCorpusIsItsOwnHostOnOnePort() {
        int port = server.port();
        assertEquals("http://127.0.0.1:" + port + "/", server.hub().toString());
        assertEquals("http://127.0.0.2:" + port + "/", base("lo"));
        assertEquals("http://127.0.0.3:" + port + "/", base("plain"));
    }

    @Test
    void corpusSeedsResolveToServedUrls() {
        assertEquals(base("lo") + "en/text/calc/sum.html",
                server.resolve("corpus://lo/en/text/calc/sum.html").toString());
        assertEquals(base("plain"), server.resolve("corpus://plain/").toString());
        assertEquals(base("plain"), server.resolve("corpus://plain").toString());
        assertEquals("https://example.org/a", server.resolve("https://example.org/a").toString());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> server.resolve("corpus://nope/x.html"));
        assertTrue(e.getMessage().contains("'nope'") && e.getMessage().contains("lo, plain"), e.getMessage());
    }

    @Test
    void labelledPagesAreEveryServedPageWithoutHiddenOnes() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(base("lo") + "en/text/calc/main.html", "calc");
        expected.put(base("lo") + "en/text/calc/sum.html", "calc");
        expected.put(base("lo") + "en/text/write/main.html", "write");
        expected.put(base("plain") + "index.html", "");
        expected.put(base("plain") + "page.html", "");
        assertEquals(expected, server.labelledPages());
    }

    @Test
    void labelLookups() {
        assertEquals(Optional.of("calc"), server.label(base("lo") + "en/text/calc/sum.html"));
        assertEquals(Optional.of("calc"), server.label(base("lo") + "en/text/calc/sum.html#top"));
        assertEquals(Optional.of("write"), server.label(base("lo") + "en/text/%77rite/main.html"));
        assertEquals(Optional.empty(), server.label(base("lo") + "genindex.html"), "hidden");
        assertEquals(Optional.empty(), server.label(base("lo") + "missing.html"));
        assertEquals(Optional.empty(), server.label(base("plain") + "page.html"), "no label");
        assertTrue(server.isPage(base("plain")), "/ is index.html");
        assertEquals(Optional.empty(), server.label("http://127.0.0.9:1/en/text/calc/sum.html"));
        assertEquals(Optional.of("lo"), server.corpusOf(base("lo") + "x").map(Corpus::name));
    }

    @Test
    void pagesAreServedAsUtf8HtmlWithLinksResolvedAndNavigationStripped() throws Exception {
        HttpResponse<String> r = get(URI.create(base("lo") + "en/text/calc/main.html"));
        assertEquals(200, r.statusCode());
        assertEquals("text/html; charset=UTF-8", r.headers().firstValue("Content-Type").orElseThrow());
        Document doc = Jsoup.parse(r.body());
        assertEquals(List.of("/en/text/calc/sum.html"), doc.select("a[href]").eachAttr("href"));
        assertTrue(doc.select("aside, script, base").isEmpty(), r.body());
    }

    @Test
    void robotsDisallowHiddenPagesWhichAre404() throws Exception {
        HttpResponse<String> robots = get(URI.create(base("lo") + "robots.txt"));
        assertEquals(200, robots.statusCode());
        assertEquals("User-agent: *\nDisallow: /genindex.html$\n", robots.body());
        assertEquals(404, get(URI.create(base("lo") + "genindex.html")).statusCode());
        assertEquals("User-agent: *\nDisallow:\n", get(URI.create(base("plain") + "robots.txt")).body());
    }

    @Test
    void missingFilesAndPathsOutsideTheRootAre404() throws Exception {
        assertEquals(404, get(URI.create(base("lo") + "en/text/calc/nope.html")).statusCode());
        assertEquals(404, get(URI.create(base("lo") + "en/text/")).statusCode());
        assertEquals(404, get(URI.create(base("lo") + "..%2Fdocs%2Findex.html")).statusCode());
    }

    @Test
    void otherFilesHaveTheirContentType() throws Exception {
        HttpResponse<String> css = get(URI.create(base("lo") + "style.css"));
        assertEquals(200, css.statusCode());
        assertEquals("text/css; charset=UTF-8", css.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("body {}", css.body());
        assertEquals("image/png", get(URI.create(base("lo") + "logo.png")).headers().firstValue("Content-Type")
                .orElseThrow());
    }

    @Test
    void theRootIsIndexHtmlOrASiteIndexOfTheEntryPages() throws Exception {
        assertTrue(get(URI.create(base("plain"))).body().contains("href=\"/page.html\""));
        Document index = Jsoup.parse(get(URI.create(base("lo"))).body());
        assertEquals(List.of("/en/text/calc/main.html", "/en/text/write/main.html"),
                index.select("a[href]").eachAttr("href"));
        assertEquals(List.of("Calc", "Writer"), index.select("a[href]").eachText());
        Document hub = Jsoup.parse(get(server.hub()).body());
        assertEquals(List.of(base("lo"), base("plain")), hub.select("a[href]").eachAttr("href"));
    }

    @Test
    void aWalkFollowsServedLinksFromTheRoot() throws Exception {
        SiteWalk.Result walk = new SiteWalk(server, 2).walk(List.of(server.baseUrl("lo")), 100);
        // / (site index) -> calc/main and write/main; calc/main -> calc/sum (its aside link to write is stripped)
        Map<String, Integer> depth = new LinkedHashMap<>();
        depth.put(base("lo"), 0);
        depth.put(base("lo") + "en/text/calc/main.html", 1);
        depth.put(base("lo") + "en/text/write/main.html", 1);
        depth.put(base("lo") + "en/text/calc/sum.html", 2);
        assertEquals(depth, walk.depth());
        assertEquals(3, walk.links());
        assertEquals(1, walk.sameLabel(), "calc/main -> calc/sum; the site index has no label");
        assertEquals(0, walk.broken());
        assertEquals(0, walk.fetchFailures());
        assertEquals(Map.of(0, 1, 1, 2, 2, 1), walk.histogram());
    }
}
