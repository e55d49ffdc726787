package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class TextsTest {

    @Test
    void collapseJoinsAllKindsOfWhiteSpace() {
        assertEquals("a b c d", Texts.collapse("  a\t\n b\u00a0\u00a0c\u3000d \r\n"));
        assertEquals("", Texts.collapse(" \u00a0\n"));
    }

    @Test
    void wordWindowsOverLatinText() {
        String s = "  one two   three four  ";
        assertEquals("three four", Texts.lastWords(s, 0, s.length(), 2));
        assertEquals("one two", Texts.firstWords(s, 0, s.length(), 2));
        assertEquals("one two three four", Texts.lastWords(s, 0, s.length(), 10));
        assertEquals("", Texts.firstWords(s, 0, s.length(), 0));
        // only the given range is read: "two   thr"
        assertEquals("two thr", Texts.firstWords(s, 6, 15, 5));
    }

    @Test
    void eachHanCharacterIsAWord() {
        String s = "我们从未放弃。Go team";
        assertEquals("放弃。Go team", Texts.lastWords(s, 0, s.length(), 4)); // 放, 弃, "。Go", "team"
        assertEquals("我们从", Texts.firstWords(s, 0, s.length(), 3));
    }

    @Test
    void charactersOutsideTheBasicPlaneAreWholeWords() {
        String s = "a 𠀀𠀁"; // two Han characters from CJK Extension B (surrogate pairs)
        assertEquals("𠀁", Texts.lastWords(s, 0, s.length(), 1));
        assertEquals("a 𠀀", Texts.firstWords(s, 0, s.length(), 2));
    }
}
