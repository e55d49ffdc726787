package org.topicstorm.parse;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class CanonicalLinkTest {

    private static final String PAGE = "https://news.example/print/story?id=7";

    private static String canonical(String head, String pageUrl, LinkFilter filter) {
        String html = "<html><head><title>t</title>" + head + "</head><body><p>text</p></body></html>";
        return CanonicalLink.of(Jsoup.parse(html, pageUrl), pageUrl, filter);
    }

    private static String canonical(String head) {
        return canonical(head, PAGE, LinkFilter.ACCEPT_ALL);
    }

    @Test
    void anotherPageOfTheHostIsTheOriginal() {
        assertEquals("https://news.example/news/story",
                canonical("<link rel=\"canonical\" href=\"https://news.example/news/story\">"));
        // relative to the page, rel tokens in any case and order, the fragment dropped
        assertEquals("https://news.example/news/story",
                canonical("<link rel=\"Alternate CANONICAL\" href=\"../news/story#top\">"));
        // the same one declared twice is one declaration
        assertEquals("https://news.example/news/story",
                canonical("<link rel=canonical href=/news/story><link rel=canonical href=/news/story>"));
    }

    @Test
    void thePageItselfOrNoneIsNoOriginal() {
        assertNull(canonical(""));
        assertNull(canonical("<link rel=\"alternate\" href=\"/news/story\">"));
        assertNull(canonical("<link rel=\"canonical\" href=\"" + PAGE + "\">"));
        assertNull(canonical("<link rel=\"canonical\" href=\"" + PAGE + "#print\">"));
    }

    @Test
    void conflictingUnusableForeignOrRootDeclarationsAreIgnored() {
        assertNull(canonical("<link rel=canonical href=/news/story><link rel=canonical href=/news/other>"),
                "two different originals");
        assertNull(canonical("<link rel=canonical href=\"mailto:x@news.example\">"), "not http(s)");
        assertNull(canonical("<link rel=canonical href=\"https://other.example/news/story\">"), "another host");
        assertNull(canonical("<link rel=canonical href=\"/\">"), "the home page, from a deeper page");
        assertNull(canonical("<link rel=canonical href=\"https://news.example\">"), "the home page, without slash");
        // the home page's own canonical to the root is still respected when it is the page itself with a query
        assertEquals("https://news.example/",
                canonical("<link rel=canonical href=\"/\">", "https://news.example/?utm_source=feed",
                        LinkFilter.ACCEPT_ALL));
    }

    @Test
    void aCanonicalInTheBodyIsNotTheSites() {
        String html = "<html><head><title>t</title></head><body><p>text</p>"
                + "<link rel=\"canonical\" href=\"/news/story\"></body></html>";
        assertNull(CanonicalLink.of(Jsoup.parse(html, PAGE), PAGE, LinkFilter.ACCEPT_ALL));
    }

    @Test
    void theCrawlsUrlFiltersDecide() {
        // dropped by the filters: ignored
        assertNull(canonical("<link rel=canonical href=/news/story>", PAGE,
                url -> url.contains("/news/") ? null : url));
        // normalised by the filters on both sides: the page is its own canonical once normalised
        LinkFilter noQuery = url -> url.replaceAll("\\?.*$", "");
        assertNull(canonical("<link rel=canonical href=\"/print/story\">", PAGE, noQuery));
    }

    @Test
    void theParserQueuesTheOriginalAndRecordsIt() throws Exception {
        String html = "<html><head><title>Story</title><link rel=canonical href=/news/story></head>"
                + "<body><p>The story.</p><a href=\"/print/other\">other</a></body></html>";
        ParsedPage page = new PageParser(ParseConfig.defaults()).parse(PAGE, html.getBytes(StandardCharsets.UTF_8),
                "text/html; charset=utf-8", null);
        assertEquals("https://news.example/news/story", page.canonical());
        assertEquals(List.of("https://news.example/print/other", "https://news.example/news/story"),
                page.outlinks().stream().map(Outlink::url).toList());
        // when it is already linked, it is not added twice
        String linked = html.replace("/print/other", "/news/story");
        ParsedPage again = new PageParser(ParseConfig.defaults()).parse(PAGE, linked.getBytes(StandardCharsets.UTF_8),
                "text/html; charset=utf-8", null);
        assertEquals(List.of("https://news.example/news/story"), again.outlinks().stream().map(Outlink::url).toList());
        assertEquals("other", again.outlinks().get(0).anchorText());
    }
}
