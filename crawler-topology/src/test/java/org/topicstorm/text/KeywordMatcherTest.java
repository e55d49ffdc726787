package org.topicstorm.text;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KeywordMatcherTest {

    private final TextAnalyzer analyzer = new TextAnalyzer(true);

    private KeywordMatcher matcher(String... keywords) {
        return new KeywordMatcher(java.util.Arrays.stream(keywords)
                .map(k -> KeywordMatcher.analyse(analyzer, k, "en")).toList());
    }

    @Test
    void stemmedKeywordsAndPhrasesMatchTheSameAnalysis() {
        KeywordMatcher m = matcher("clouds", "cloud computing", "infrastructure as a service");
        double[] counts = new double[3];
        m.count(analyzer.terms("A cloud. Cloud computing and clouds; Infrastructure-as-a-Service.", "en"), 1, counts);
        // "cloud" x3 (cloud, Cloud computing, clouds); "cloud computing" x1; the phrase without its stop words x1.
        assertArrayEquals(new double[] {3, 1, 1}, counts);
    }

    @Test
    void aOneLetterWordIsPartOfItsPhrase() {
        // "C" in "C function" is what the phrase is about: without it the keyword would count every "function"
        KeywordMatcher m = matcher("c function", "vitamin d");
        double[] counts = new double[2];
        m.count(analyzer.terms("Functions and operators. Writing a C function. Vitamin D and vitamin C.", "en"), 1,
                counts);
        assertArrayEquals(new double[] {1, 1}, counts);
    }

    @Test
    void occurrencesOfOnePhraseDoNotOverlapAndCountsAreTagWeighted() {
        KeywordMatcher m = new KeywordMatcher(List.of(List.of("a", "a")));
        double[] counts = new double[1];
        m.count(List.of("a", "a", "a"), 1, counts);
        assertEquals(1, counts[0]); // "a a" occurs once in "a a a"
        AnalyzedPage page = new AnalyzedPage("u", "en", false, List.of(
                new AnalyzedPage.Part(Tag.TITLE, List.of("a", "a")),
                new AnalyzedPage.Part(Tag.BODY, List.of("a", "a", "b", "a", "a"))));
        // title 3 * 1 + body 1 * 2 = 5
        assertArrayEquals(new double[] {5}, m.count(page, new TagWeights(3, 2, 1.5, 1)));
    }

    @Test
    void chineseKeywordMatchesTheSegmentedSentence() {
        KeywordMatcher m = new KeywordMatcher(List.of(
                KeywordMatcher.analyse(analyzer, "食品安全", "zh"), KeywordMatcher.analyse(analyzer, "农药残留", "zh")));
        double[] counts = new double[2];
        m.count(analyzer.terms("加强食品安全监管，农药残留超标的蔬菜被召回，食品安全第一。", "zh"), 1, counts);
        assertArrayEquals(new double[] {2, 1}, counts);
    }

    @Test
    void aKeywordOfStopWordsOnlyIsRejectedByName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KeywordMatcher.analyse(analyzer, "to be", "en"));
        assertEquals(true, e.getMessage().contains("'to be'"));
    }
}
