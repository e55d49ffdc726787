package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PageSummaryTest {

    @Test
    void summarisesAScoredPageAndSurvivesJson() {
        ParsedPage page = new ParsedPage("http://a.test/", "Pivot tables", List.of("Pivot"), "menu Pivot tables sum",
                "Pivot tables sum cells", List.of(), 0.1, PageType.TOPIC, "UTF-8", "en");
        Relevance r = new Relevance(0.6, true, List.of(new Relevance.TermContribution("pivot", 0.4),
                new Relevance.TermContribution("cell", 0.2)), Map.of("m:keywords", 0.6, "t:pivot", 0.7));
        PageSummary s = PageSummary.of(page, r);
        assertEquals("Pivot tables", s.title());
        assertEquals("Pivot tables sum cells", s.snippet()); // the text without anchors
        assertEquals(List.of("pivot", "cell"), s.terms());
        assertEquals(s, PageSummary.fromJson(s.toJson()));
        assertNull(PageSummary.fromJson("{not json"));
        assertNull(PageSummary.fromJson(null));
    }

    @Test
    void cutsLongTextsWithoutSplittingACharacter() {
        String title = "x".repeat(PageSummary.MAX_TITLE - 1) + "\uD83D\uDE00"; // an emoji across the limit
        PageSummary s = new PageSummary(title, "y".repeat(1000), null, null);
        assertEquals(PageSummary.MAX_TITLE - 1, s.title().length());
        assertEquals(PageSummary.MAX_SNIPPET, s.snippet().length());
    }
}
