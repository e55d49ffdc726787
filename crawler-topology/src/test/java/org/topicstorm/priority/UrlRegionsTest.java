package org.topicstorm.priority;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class UrlRegionsTest {

    @Test
    void hostThenDirectoriesThenTheFileNamesStem() {
        assertEquals(List.of("127.0.0.4:8080", "127.0.0.4:8080/en-us", "127.0.0.4:8080/en-us/text",
                        "127.0.0.4:8080/en-us/text/scalc", "127.0.0.4:8080/en-us/text/scalc/01",
                        "127.0.0.4:8080/en-us/text/scalc/01/func*"),
                UrlRegions.of("http://127.0.0.4:8080/en-US/text/scalc/01/func_hour.html"));
        // a flat manual: the stem names the chapter
        assertEquals(List.of("docs.example", "docs.example/libpq*"),
                UrlRegions.of("https://docs.example/libpq-connect.html?x=1#frag"));
        assertEquals(List.of("docs.example", "docs.example/library", "docs.example/library/urllib*"),
                UrlRegions.of("https://Docs.Example/library/urllib.request.html"));
    }

    @Test
    void numberedPagesDirectoryIndexesAndIdsHaveNoOwnRegion() {
        // a file name of digits has no stem; a directory index stands for its directory
        assertEquals(List.of("h", "h/scalc", "h/scalc/01"), UrlRegions.of("http://h/scalc/01/04060101.html"));
        assertEquals(List.of("h", "h/guide"), UrlRegions.of("http://h/guide/index.html"));
        assertEquals(List.of("h", "h/guide"), UrlRegions.of("http://h/guide/"));
        assertEquals(List.of("h"), UrlRegions.of("http://h"));
        // long numbers (ids, dates) are one region; short ones are sections of a manual
        assertEquals(List.of("news.example", "news.example/#", "news.example/#/11", "news.example/#/11/solar*"),
                UrlRegions.of("https://news.example/2026/11/solar-power.html"));
        assertEquals(List.of("h", "h/item", "h/item/#"), UrlRegions.of("http://h/item/123456/"));
    }

    @Test
    void atMostFourDirectoriesAndNothingForWhatIsNotAUrl() {
        assertEquals(List.of("h", "h/a", "h/a/b", "h/a/b/c", "h/a/b/c/d", "h/a/b/c/d/page*"),
                UrlRegions.of("http://h/a/b/c/d/e/f/page.html"));
        assertEquals(List.of(), UrlRegions.of("not a url"));
        assertEquals(List.of(), UrlRegions.of("/relative/path.html"));
    }

    @Test
    void theStemIsTheFileNamesLeadingLetters() {
        assertEquals("libpq", UrlRegions.stem("libpq-connect.html"));
        assertEquals("", UrlRegions.stem("04060101.html"));
        assertEquals("", UrlRegions.stem("index.html"));
        assertEquals("indexes", UrlRegions.stem("indexes.html"));
        assertEquals("main", UrlRegions.stem("main0000.html"));
        assertEquals("#", UrlRegions.segment("2026"));
        assertEquals("01", UrlRegions.segment("01"));
    }
}
