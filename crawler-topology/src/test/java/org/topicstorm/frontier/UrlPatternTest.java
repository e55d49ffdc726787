package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UrlPatternTest {

    @Test
    void digitRunsBecomeNAndTheHostStays() {
        assertEquals("127.0.0.4:8080/en-US/text/scalc/N/N.html",
                UrlPattern.of("http://127.0.0.4:8080/en-US/text/scalc/01/04060106.html"));
        assertEquals("forum.example.org/thread.php?id=N&page=N",
                UrlPattern.of("https://forum.example.org/thread.php?id=5123&page=2"));
        assertEquals("www.example.com/", UrlPattern.of("https://www.example.com/"));
        assertEquals("www.example.com", UrlPattern.of("https://WWW.Example.com"));
        assertEquals("www.example.com/a?q=solar", UrlPattern.of("https://www.example.com/a?q=solar#top"));
        // pages that differ in more than numbers have patterns of their own
        assertNotEquals(UrlPattern.of("http://h/guide/autofilter.html"),
                UrlPattern.of("http://h/guide/wildcards.html"));
        // the same path on two hosts: two patterns (a budget is per host)
        assertNotEquals(UrlPattern.of("http://a.example/p/1"), UrlPattern.of("http://b.example/p/1"));
    }

    @Test
    void datesInThePathMakeACalendarPattern() {
        String month = UrlPattern.of("http://h:1/calendar/2026/11/");
        assertEquals("h:1/calendar/{date}/", month);
        assertEquals(month, UrlPattern.of("http://h:1/calendar/1999/1/"));
        assertEquals("h:1/calendar/{date}", UrlPattern.of("http://h:1/calendar/2026/11/24"));
        assertEquals("h:1/calendar/{date}.html", UrlPattern.of("http://h:1/calendar/2026/11/24.html"));
        assertEquals("h:1/day/{date}.html", UrlPattern.of("http://h:1/day/2026-11-24.html"));
        assertEquals("h:1/day/{date}", UrlPattern.of("http://h:1/day/2026_11"));
        assertEquals("h:1/day/{date}.html", UrlPattern.of("http://h:1/day/20261124.html"));
        assertEquals("h:1/events-{date}", UrlPattern.of("http://h:1/events-2026.11.24"));
        assertTrue(UrlPattern.isCalendar(month));
        // a blog post under its date: the slug keeps posts apart, only the date is generalised
        assertEquals("blog/{date}/solar-panels-in-winter",
                UrlPattern.of("https://blog/2024/05/solar-panels-in-winter"));
    }

    @Test
    void datesInTheQueryMakeACalendarPattern() {
        assertEquals("h/cal?month=N&year={date}", UrlPattern.of("http://h/cal?month=11&year=2026"));
        assertEquals("h/cal?m=N&y={date}", UrlPattern.of("http://h/cal?m=3&y=1987"));
        assertEquals("h/cal?calYear={date}", UrlPattern.of("http://h/cal?calYear=2031"));
        assertEquals("h/events?date={date}", UrlPattern.of("http://h/events?date=2026-11-24"));
        assertEquals("h/events?date={date}", UrlPattern.of("http://h/events?date=2026%2F11%2F24"));
        assertEquals("h/events?from={date}&to={date}", UrlPattern.of("http://h/events?from=20261101&to=20261130"));
        assertTrue(UrlPattern.isCalendar(UrlPattern.of("http://h/cal?month=11&year=2026")));
    }

    @Test
    void numbersThatAreNoDatesStayNumbers() {
        for (String url : List.of(
                // the evaluation corpora: LibreOffice, Python and PostgreSQL documentation
                "http://127.0.0.4:1/en-US/text/scalc/01/04060106.html",
                "http://127.0.0.8:1/en-US/text/shared/01/20020000.html",   // 2002-00: no month 0
                "http://127.0.0.4:1/en-US/text/scalc/guide/year2000.html",
                "http://127.0.0.2:1/whatsnew/3.11.html",
                "http://127.0.0.2:1/release-15-1.html",
                // a lone year, a month without a year, a year inside a longer number, a version, an id
                "http://h/archive/2026/",
                "http://h/products/2000",
                "http://h/cal?month=11",
                "http://h/item?id=202611241",
                "http://h/v/12026-11-24",
                "http://h/page?year=26",
                "http://h/page?id=2026")) {
            assertFalse(UrlPattern.isCalendar(UrlPattern.of(url)), url + " -> " + UrlPattern.of(url));
        }
    }

    @Test
    void neverNull() {
        assertEquals("", UrlPattern.of(null));
        assertEquals("not a url N", UrlPattern.of("not a url 42"));
    }
}
