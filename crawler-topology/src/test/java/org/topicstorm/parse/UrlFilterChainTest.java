package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.digitalpebble.stormcrawler.Metadata;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The filter chain as configured in storm-conf/urlfilters.json and storm-conf/default-regex-filters.txt. */
class UrlFilterChainTest {

    private static final String PAGE = "https://www.example.com/news/index.html";

    private final UrlFilterChain chain = UrlFilterChain.fromConf(Map.of(UrlFilterChain.CONFIG_FILE, "urlfilters.json"));
    private final LinkFilter filter = chain.forPage(PAGE, new Metadata());

    @Test
    void dropsNonPageResources() {
        for (String url : List.of(
                "https://www.example.com/files/report.zip",
                "https://www.example.com/download/setup.exe",
                "https://www.example.com/img/photo.jpg",
                "https://www.example.com/img/PHOTO.JPG",
                "https://www.example.com/audio/interview.mp3",
                "https://www.example.com/src/release-1.0.tar.gz",
                "https://www.example.com/img/logo.png?v=3",
                "https://www.example.com/video/clip.MP4",
                "https://www.example.com/static/site.css",
                "https://www.example.com/static/app.js?build=42",
                "https://www.example.com/fonts/serif.woff2",
                "https://www.example.com/docs/annual.pdf")) {
            assertNull(filter.filter(url), url);
        }
    }

    @Test
    void dropsNonHttpSchemes() {
        for (String url : List.of("ftp://files.example.com/a.html", "mailto:news@example.com",
                "javascript:void(0)", "file:///etc/passwd")) {
            assertNull(filter.filter(url), url);
        }
    }

    @Test
    void keepsPages() {
        for (String url : List.of(
                "https://www.example.com/news/match-report.html",
                "https://www.example.com/",
                "https://www.example.com/search?q=football",
                "http://www.example.com/article.php?id=12",
                "https://www.example.com/search?q=report.zip", // the extension rule reads the path only
                "https://www.example.com/sport/football")) {
            assertEquals(url, filter.filter(url), url);
        }
    }

    @Test
    void normalisesFragmentsSessionIdsAndTrackingParameters() {
        assertEquals("https://www.example.com/page.html?id=2",
                filter.filter("https://www.example.com/page.html?utm_source=feed&id=2&utm_medium=rss#comments"));
        assertEquals("https://www.example.com/list?a=1&b=2",
                filter.filter("https://www.example.com/list?b=2&a=1&jsessionid=0123"));
    }

    @Test
    void sessionIdsMakeOneUrlOfAPage() {
        // issue 12: ?sid= made 26 URLs of one page; the same page with any session id in any notation is one URL
        String page = "https://www.example.com/forum/topic.php?t=12";
        for (String url : List.of(page + "&sid=4f2a", page + "&SID=99c1e2",
                "https://www.example.com/forum/topic.php?sid=x&t=12",
                "https://www.example.com/forum/topic.php;jsessionid=A1B2?t=12", page + "&PHPSESSID=abc&utm_term=x")) {
            assertEquals(page, filter.filter(url), url);
        }
    }

    @Test
    void dropsCrawlerTraps() {
        // a segment repeated 3 times (BasicURLFilter, maxPathRepetition 3): /a/b/a/b/a/b; twice is fine
        assertNull(filter.filter("https://www.example.com/a/b/a/b/a/b/page.html"));
        assertEquals("https://www.example.com/a/b/a/b/page.html",
                filter.filter("https://www.example.com/a/b/a/b/page.html"));
        // longer than 1024 characters (BasicURLFilter, maxLength): "https://www.example.com/" is 24
        String base = "https://www.example.com/";
        assertEquals(base + "x".repeat(1000), filter.filter(base + "x".repeat(1000)), "24 + 1000 = 1024");
        assertNull(filter.filter(base + "x".repeat(1001)), "24 + 1001 = 1025");
        // more than 20 path segments, more than 10 query parameters (TrapUrlFilter)
        assertNull(filter.filter(base + "s1/s2/s3/s4/s5/s6/s7/s8/s9/s10/s11/s12/s13/s14/s15/s16/s17/s18/s19/s20/p"));
        assertNull(filter.filter(base + "p?a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10&k=11"));
    }

    @Test
    void keepsTheEvaluationCorporasDeepPaths() {
        for (String url : List.of(
                "http://127.0.0.4:8080/en-US/text/scalc/01/04060106.html",
                "http://127.0.0.8:8080/en-US/text/shared/optionen/01060100.html",
                "http://127.0.0.2:8080/library/asyncio-eventloop.html",
                "http://127.0.0.2:8080/whatsnew/3.11.html",
                "http://127.0.0.2:8080/release-15-1.html")) {
            assertEquals(url, filter.filter(url), url);
        }
    }

    @Test
    void dropsOutlinksOfPagesAtTheMaximumDepth() {
        Metadata deep = new Metadata();
        deep.setValue("depth", "50");
        Metadata shallower = new Metadata();
        shallower.setValue("depth", "49");
        String target = "https://www.example.com/next.html";
        assertNull(chain.forPage(PAGE, deep).filter(target));
        assertEquals(target, chain.forPage(PAGE, shallower).filter(target));
    }

    @Test
    void parserAppliesTheChain() throws Exception {
        String html = "<p><a href=/a.html>A</a> <a href=/b.zip>B</a> <a href=/c.JPG>C</a> <a href=/d?q=x#top>D</a>";
        ParsedPage page = new PageParser(ParseConfig.defaults())
                .parse(PAGE, html.getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/html", null, filter);
        assertEquals(List.of("https://www.example.com/a.html", "https://www.example.com/d?q=x"),
                page.outlinks().stream().map(Outlink::url).toList());
    }

    @Test
    void missingChainFileIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UrlFilterChain.fromConf(Map.of(UrlFilterChain.CONFIG_FILE, "no-such-filters.json")));
        assertEquals("Configuration key 'urlfilters.config.file': file 'no-such-filters.json' is not on the classpath",
                e.getMessage());
    }

    @Test
    void withoutTheKeyNothingIsFiltered() {
        LinkFilter none = UrlFilterChain.fromConf(Map.of()).forPage(PAGE, null);
        assertEquals("https://www.example.com/x.zip", none.filter("https://www.example.com/x.zip"));
    }
}
