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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A corpus split over hosts by directory (en/text/calc and en/text/write each on their own loopback address, the
 * rest on the corpus's address), next to an unsplit one, over real HTTP.
 */
class CorpusServerSplitTest {

    @TempDir
    static Path dir;

    private static CorpusServer server;
    private static Corpus help;
    private static Corpus plain;
    private static final HttpClient CLIENT = HttpClient.newHttpClient(); // follows no redirects

    @BeforeAll
    static void start() throws IOException {
        Path root = dir.resolve("help");
        write(root.resolve("en/text/calc/main.html"), """
                <html><head><base href="../../../"><title>Calc</title></head><body><h1>Calc</h1>
                <a href="en/text/calc/sum.html">SUM</a> <a href="en/text/write/main.html">Writer</a>
                <a href="en/about.html">About</a> <img src="logo.png"></body></html>""");
        write(root.resolve("en/text/calc/sum.html"), "<html><head><title>SUM</title></head><body>sum</body></html>");
        write(root.resolve("en/text/write/main.html"),
                "<html><head><title>Writer</title></head><body><a href=\"../calc/main.html\">Calc</a></body></html>");
        write(root.resolve("en/about.html"),
                "<html><head><title>About</title></head><body><a href=\"text/write/main.html\">W</a></body></html>");
        Files.write(root.resolve("logo.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        help = new Corpus("help", root, LabelRule.parse(List.of("en/text/calc/**=calc", "en/text/write/**=write")),
                List.of("en/text/calc/main.html", "en/about.html"), List.of());
        write(dir.resolve("plain/index.html"), "<html><body>plain</body></html>");
        plain = new Corpus("plain", dir.resolve("plain"), LabelRule.none(), "index.html");
        server = CorpusServer.start(List.of(help, plain),
                CorpusServer.Options.DEFAULTS.withSplit(Map.of("help", "en/text/*")));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** http://127.0.0.N:PORT/ */
    private static String host(int n) {
        return "http://127.0.0." + n + ":" + server.port() + "/";
    }

    @Test
    void mainAddressesComeFirstThenOneAddressPerSplitDirectory() {
        int port = server.port();
        assertEquals(URI.create(host(2)), server.baseUrl("help"));
        assertEquals(URI.create(host(3)), server.baseUrl("plain"), "an unsplit corpus keeps its address");
        Map<String, URI> split = new LinkedHashMap<>();
        split.put("en/text/calc", URI.create(host(4)));
        split.put("en/text/write", URI.create(host(5)));
        assertEquals(split, server.splitUrls("help"));
        assertEquals(Map.of(), server.splitUrls("plain"));
        assertEquals(List.of("127.0.0.2:" + port, "127.0.0.3:" + port, "127.0.0.4:" + port, "127.0.0.5:" + port),
                server.hostAuthorities());
        // what an evaluation crawl lets through the address guard: these addresses, nothing else on loopback
        assertEquals(List.of("127.0.0.2/32", "127.0.0.3/32", "127.0.0.4/32", "127.0.0.5/32"), server.hostNetworks());
    }

    @Test
    void everyPageIsOnTheHostOfItsDirectory() {
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(host(2) + "en/about.html", "");
        expected.put(host(4) + "en/text/calc/main.html", "calc");
        expected.put(host(4) + "en/text/calc/sum.html", "calc");
        expected.put(host(5) + "en/text/write/main.html", "write");
        expected.put(host(3) + "index.html", "");
        assertEquals(expected, server.labelledPages());
        assertEquals(List.of(URI.create(host(4) + "en/text/calc/main.html"), URI.create(host(2) + "en/about.html")),
                server.entryUrls("help"));
        assertEquals(URI.create(host(4) + "en/text/calc/sum.html"),
                server.resolve("corpus://help/en/text/calc/sum.html"));
    }

    @Test
    void aPageIsAPageOnlyOnItsOwnHost() {
        assertEquals(Optional.of("calc"), server.label(host(4) + "en/text/calc/sum.html"));
        assertEquals(Optional.empty(), server.label(host(2) + "en/text/calc/sum.html"), "there it is a redirect");
        assertFalse(server.isPage(host(5) + "en/text/calc/sum.html"));
        assertTrue(server.isPage(host(2) + "en/about.html"));
        assertFalse(server.isPage(host(4) + "en/about.html"));
        assertEquals(Optional.of("help"), server.corpusOf(host(5) + "anything").map(Corpus::name));
    }

    @Test
    void linksToAnotherHostAreAbsoluteAndLinksWithinTheHostRootRelative() throws Exception {
        HttpResponse<String> r = get(host(4) + "en/text/calc/main.html");
        assertEquals(200, r.statusCode());
        Document doc = Jsoup.parse(r.body());
        assertEquals(List.of("/en/text/calc/sum.html", host(5) + "en/text/write/main.html", host(2) + "en/about.html"),
                doc.select("a[href]").eachAttr("href"));
        assertEquals(host(2) + "logo.png", doc.selectFirst("img").attr("src"));
        assertEquals("image/png", get(host(2) + "logo.png").headers().firstValue("Content-Type").orElseThrow());
        assertEquals(List.of(host(4) + "en/text/calc/main.html"),
                Jsoup.parse(get(host(5) + "en/text/write/main.html").body()).select("a[href]").eachAttr("href"));
    }

    @Test
    void aPathOfAnotherHostIsAPermanentRedirectThere() throws Exception {
        HttpResponse<String> moved = get(host(2) + "en/text/calc/sum.html?x=1");
        assertEquals(301, moved.statusCode());
        assertEquals(host(4) + "en/text/calc/sum.html?x=1", moved.headers().firstValue("Location").orElseThrow());
        assertEquals(host(2) + "en/about.html",
                get(host(5) + "en/about.html").headers().firstValue("Location").orElseThrow());
        assertEquals(404, get(host(4) + "en/text/calc/nope.html").statusCode());
        assertEquals("User-agent: *\nDisallow:\n", get(host(5) + "robots.txt").body(), "every host has robots.txt");
    }

    @Test
    void siteIndexesAndTheHubLinkEveryHost() throws Exception {
        assertEquals(List.of(host(4) + "en/text/calc/main.html", "/en/about.html"),
                Jsoup.parse(get(host(2)).body()).select("a[href]").eachAttr("href"));
        assertEquals(List.of("/en/text/calc/main.html", host(2)),
                Jsoup.parse(get(host(4)).body()).select("a[href]").eachAttr("href"),
                "its entry pages, and the main host");
        assertEquals(List.of(host(2)), Jsoup.parse(get(host(5)).body()).select("a[href]").eachAttr("href"));
        Document hub = Jsoup.parse(get(server.hub().toString()).body());
        assertEquals(List.of(host(2), host(3), host(4), host(5)), hub.select("a[href]").eachAttr("href"));
        assertEquals(List.of("help", "plain", "help: en/text/calc", "help: en/text/write"), hub.select("a").eachText());
    }

    @Test
    void aWalkCrossesTheHosts() throws Exception {
        SiteWalk.Result walk = new SiteWalk(server, 2).walk(List.of(server.baseUrl("help")), 100);
        // / -> calc/main (.4), about (.2); calc/main -> sum (.4), write/main (.5), about; about -> write/main;
        // write/main -> calc/main
        assertEquals(Map.of(host(2), 0, host(4) + "en/text/calc/main.html", 1, host(2) + "en/about.html", 1,
                host(4) + "en/text/calc/sum.html", 2, host(5) + "en/text/write/main.html", 2), walk.depth());
        assertEquals(7, walk.links(), "2 from the index, 3 from calc/main, 1 from about, 1 from write/main");
        assertEquals(5, walk.otherHost(), "all but index -> about and calc/main -> sum");
        assertEquals(1, walk.sameLabel(), "calc/main -> sum");
        assertEquals(0, walk.broken());
        assertEquals(0, walk.fetchFailures());
    }

    @Test
    void aSplitOfACorpusNotServedOrOfNoDirectoryIsAnError() {
        IllegalArgumentException notServed = assertThrows(IllegalArgumentException.class, () -> CorpusServer.start(
                List.of(plain), CorpusServer.Options.DEFAULTS.withSplit(Map.of("help", "en/text/*"))));
        assertEquals("split: corpus 'help' is not served (served: plain)", notServed.getMessage());
        IllegalArgumentException noDir = assertThrows(IllegalArgumentException.class, () -> CorpusServer.start(
                List.of(help), CorpusServer.Options.DEFAULTS.withSplit(Map.of("help", "de/text/*"))));
        assertTrue(noDir.getMessage().startsWith("split of corpus help: 'de/text/*' matches no directory"),
                noDir.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> CorpusServer.Options.DEFAULTS.withSplit(Map.of("help", "/en")), "a bad glob");
    }
}
