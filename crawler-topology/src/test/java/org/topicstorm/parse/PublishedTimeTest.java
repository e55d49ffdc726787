package org.topicstorm.parse;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PublishedTimeTest {

    /** 2026-11-25T08:30:00Z */
    private static final long T = 1_795_595_400_000L;

    private static Long of(String head, String body) {
        return PublishedTime.of(Jsoup.parse("<html><head>" + head + "</head><body>" + body + "</body></html>",
                "http://news.test/a"));
    }

    @Test
    void isoValuesWithOffsetWithoutOffsetOrADateAlone() {
        assertEquals(T, PublishedTime.parse("2026-11-25T08:30:00Z"));
        assertEquals(T, PublishedTime.parse("2026-11-25T16:30:00+08:00"));
        assertEquals(T, PublishedTime.parse(" 2026-11-25T08:30:00 "), "no offset: UTC");
        assertEquals(T + 123, PublishedTime.parse("2026-11-25T08:30:00.123Z"));
        // a date alone is midnight UTC: 8 h 30 min before T
        assertEquals(T - 30_600_000L, PublishedTime.parse("2026-11-25"));
        assertNull(PublishedTime.parse("yesterday"));
        assertNull(PublishedTime.parse("25/11/2026"));
        assertNull(PublishedTime.parse(""));
        assertNull(PublishedTime.parse(null));
        // years epoch milliseconds cannot hold, placeholders and pre-web dates: no publication time
        assertNull(PublishedTime.parse("+999999999-01-01T00:00:00Z"));
        assertNull(PublishedTime.parse("9999-12-31T23:59:59Z"));
        assertNull(PublishedTime.parse("1970-01-01"));
        assertEquals(PublishedTime.EARLIEST, PublishedTime.parse("1990-01-01"));
    }

    @Test
    void everySourceIsRead() {
        assertEquals(T, of("<meta property=\"article:published_time\" content=\"2026-11-25T08:30:00Z\">", ""));
        assertEquals(T, of("<meta itemprop=\"datePublished\" content=\"2026-11-25T08:30:00Z\">", ""));
        assertEquals(T, of("<meta name=\"DC.date.issued\" content=\"2026-11-25T08:30:00Z\">", ""));
        assertEquals(T, of("<meta name=\"pubdate\" content=\"2026-11-25T08:30:00Z\">", ""));
        assertEquals(T, of("<script type=\"application/ld+json\">{\"@graph\": [{\"@type\": \"WebSite\"}, "
                + "{\"@type\": \"NewsArticle\", \"datePublished\": \"2026-11-25T08:30:00Z\"}]}</script>", ""));
        assertEquals(T, of("", "<p>Posted <time datetime=\"2026-11-25T08:30:00Z\" pubdate>today</time></p>"));
        assertEquals(T, of("", "<article><h1>News</h1><time datetime=\"2026-11-25T08:30:00Z\">today</time></article>"));
    }

    @Test
    void theMetaTagComesFirstAndWhatDoesNotParseIsSkipped() {
        String jsonLd = "<script type=\"application/ld+json\">{\"datePublished\": \"2026-11-25T08:30:00Z\"}</script>";
        assertEquals(T - 1000, of("<meta property=\"article:published_time\" content=\"2026-11-25T08:29:59Z\">"
                + jsonLd, ""));
        assertEquals(T, of("<meta property=\"article:published_time\" content=\"last week\">" + jsonLd, ""));
        assertEquals(T, of("<script type=\"application/ld+json\">{broken</script>" + jsonLd, ""));
        // a time outside an article, not marked as the publication: a comment's or a calendar's, not the page's
        assertNull(of("", "<p><time datetime=\"2026-11-25T08:30:00Z\">today</time></p>"));
        assertNull(of("<meta name=\"description\" content=\"2026-11-25\">", ""));
    }
}
