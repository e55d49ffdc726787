package org.topicstorm.text;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageAnalyzerTest {

    private final PageAnalyzer analyzer =
            new PageAnalyzer(new TextAnalyzer(true), new TextSelection(0.6), List.of("en"));

    private static ParsedPage page(String lang, String title, String text, String withoutAnchors, double share,
                                   Outlink... links) {
        return new ParsedPage("https://example.org/", title, List.of("Heading"), text, withoutAnchors,
                List.of(links), share, PageType.TOPIC, "UTF-8", lang);
    }

    @Test
    void aTopicPageIsReadWithoutItsAnchorTexts() {
        ParsedPage p = page("en", "Clouds", "Heading servers link", "Heading servers", 0.2,
                new Outlink("https://example.org/a", "link", ""));
        AnalyzedPage a = analyzer.analyze(p);
        assertFalse(a.hub());
        assertEquals(List.of(new AnalyzedPage.Part(Tag.TITLE, List.of("cloud")),
                new AnalyzedPage.Part(Tag.HEADING, List.of("head")),
                new AnalyzedPage.Part(Tag.BODY, List.of("head", "server"))), a.parts());
    }

    @Test
    void aHubPageAboveTheShareIsReadThroughItsAnchorTexts() {
        ParsedPage p = page("en", "", "Heading one two intro", "Heading intro", 0.7,
                new Outlink("https://example.org/a", "Servers", ""), new Outlink("https://example.org/b", "", ""));
        AnalyzedPage a = analyzer.analyze(p);
        assertTrue(a.hub());
        assertEquals(List.of(new AnalyzedPage.Part(Tag.HEADING, List.of("head")),
                new AnalyzedPage.Part(Tag.ANCHOR, List.of("server"))), a.parts());
        // The same page with a higher configured share is a topic page.
        assertFalse(new PageAnalyzer(new TextAnalyzer(true), new TextSelection(0.8), List.of("en")).analyze(p).hub());
    }

    @Test
    void languageFromTheDeclarationElseFromTheScriptElseFromTheTopic() {
        assertEquals("zh", analyzer.language(page("zh-CN", "", "abc", "abc", 0)));
        assertEquals("zh", analyzer.language(page("", "食品安全", "国家食品安全标准 GB 2760", "", 0)));
        assertEquals("en", analyzer.language(page("", "Food", "food safety 食品", "", 0)));
        PageAnalyzer german = new PageAnalyzer(new TextAnalyzer(true), new TextSelection(0.6), List.of("zh", "de"));
        assertEquals("de", german.language(page("", "Essen", "Lebensmittel", "", 0)));
    }
}
