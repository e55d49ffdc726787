package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class LiteralKeywordCounterTest {

    private static int[] count(String text, String... keywords) {
        return new LiteralKeywordCounter(List.of(keywords)).count(text);
    }

    @Test
    void caseInsensitiveOnWordBoundaries() {
        // "Cloud," yes; "cloudy" no; "CLOUD-native" yes ('-' is no letter); "mycloud" no; "cloud" at the end yes.
        assertArrayEquals(new int[] {3}, count("Cloud, cloudy, CLOUD-native, mycloud, cloud", "cloud"));
        // Digits join words too: "cloud9" is not "cloud".
        assertArrayEquals(new int[] {0}, count("cloud9", "cloud"));
        // Keywords given in upper case match as well.
        assertArrayEquals(new int[] {1}, count("a Kubernetes cluster", "KUBERNETES"));
    }

    @Test
    void phrasesMatchAcrossAnyWhiteSpace() {
        assertArrayEquals(new int[] {2, 2},
                count("Cloud\n\tComputing and cloud\u00a0 computing", "cloud computing", "cloud"));
    }

    @Test
    void aFailedBoundaryStillFindsALaterOverlappingMatch() {
        // "a a" first occurs inside "ba a" (no boundary before it); the next try starts one character later and
        // finds "a a" at index 3.
        assertArrayEquals(new int[] {1}, count("ba a a", "a a"));
    }

    @Test
    void occurrencesOfOneKeywordDoNotOverlap() {
        assertArrayEquals(new int[] {1}, count("哈哈哈", "哈哈"));
        assertArrayEquals(new int[] {2}, count("哈哈哈哈", "哈哈"));
    }

    @Test
    void chineseKeywordsCountAsSubstrings() {
        String text = "加强食品安全监管，食品安全无小事。农药残留超标属于食品安全问题";
        assertArrayEquals(new int[] {3, 1, 0}, count(text, "食品安全", "农药残留", "食品召回"));
    }

    @Test
    void spacedScriptKeywordInChineseText() {
        // Han characters are not word characters of a spaced script: they do not block a boundary.
        assertArrayEquals(new int[] {1, 1}, count("使用Kubernetes部署云计算", "kubernetes", "云计算"));
    }

    @Test
    void emptyText() {
        assertArrayEquals(new int[] {0, 0}, count(null, "a", "b"));
        assertArrayEquals(new int[] {0, 0}, count("  ", "a", "b"));
    }

    @Test
    void blankKeywordIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> new LiteralKeywordCounter(List.of("ok", " ")));
    }
}
