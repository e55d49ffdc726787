package org.topicstorm.relevance;

import java.lang.Character.UnicodeScript;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Counts keywords by literal, case-insensitive matching, without stemming: "cloud" does not match "clouds".
 *
 * <ul>
 *   <li>Text and keywords are lower-cased (locale-independent) and runs of white space become one space, so a
 *       phrase keyword matches across line breaks.</li>
 *   <li>A keyword written in a script that uses no spaces between words (Chinese, Japanese) is counted wherever it
 *       occurs as a substring: 食品安全 counts in 加强食品安全监管.</li>
 *   <li>Any other keyword must stand on word boundaries: no letter or digit of a spaced script right before or after
 *       it, so "cloud" does not count in "cloudy" but does in "cloud-native" and in "使用cloud部署".</li>
 *   <li>Occurrences of one keyword do not overlap ("aa" occurs once in "aaa"). Different keywords are counted
 *       independently: "cloud computing" adds one to both "cloud" and "cloud computing".</li>
 * </ul>
 */
public final class LiteralKeywordCounter implements KeywordCounter {

    private static final Pattern WHITE_SPACE = Pattern.compile("(?U)\\s+");

    private final String[] keywords;
    /** True where the keyword is in a script without spaces: count substrings, ignore word boundaries. */
    private final boolean[] substring;

    public LiteralKeywordCounter(List<String> keywords) {
        this.keywords = new String[keywords.size()];
        this.substring = new boolean[keywords.size()];
        for (int i = 0; i < this.keywords.length; i++) {
            String k = normalise(keywords.get(i));
            if (k.isEmpty()) {
                throw new IllegalArgumentException("keyword " + i + " is blank");
            }
            this.keywords[i] = k;
            this.substring[i] = k.codePoints().anyMatch(LiteralKeywordCounter::writtenWithoutSpaces);
        }
    }

    @Override
    public int[] count(String text) {
        int[] counts = new int[keywords.length];
        String t = normalise(text);
        if (t.isEmpty()) {
            return counts;
        }
        for (int i = 0; i < keywords.length; i++) {
            counts[i] = occurrences(t, keywords[i], !substring[i]);
        }
        return counts;
    }

    /** Lower case, white space collapsed to single spaces, trimmed; "" for null. */
    static String normalise(String text) {
        if (text == null) {
            return "";
        }
        return WHITE_SPACE.matcher(text).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
    }

    private static int occurrences(String text, String keyword, boolean wordBoundaries) {
        int count = 0;
        int from = 0;
        while (true) {
            int at = text.indexOf(keyword, from);
            if (at < 0) {
                return count;
            }
            int end = at + keyword.length();
            if (!wordBoundaries || (boundaryBefore(text, at, keyword) && boundaryAfter(text, end, keyword))) {
                count++;
                from = end;
            } else {
                // Not a whole word here; a match may still start inside this one ("ab" in "aab").
                from = at + Character.charCount(text.codePointAt(at));
            }
        }
    }

    /** A keyword starting with a word character needs a non-word character (or the text start) before it. */
    private static boolean boundaryBefore(String text, int at, String keyword) {
        return at == 0 || !isWordChar(keyword.codePointAt(0)) || !isWordChar(text.codePointBefore(at));
    }

    private static boolean boundaryAfter(String text, int end, String keyword) {
        return end == text.length() || !isWordChar(keyword.codePointBefore(keyword.length()))
                || !isWordChar(text.codePointAt(end));
    }

    /** Letters and digits of spaced scripts join into words; Chinese characters do not need a boundary. */
    private static boolean isWordChar(int codePoint) {
        return Character.isLetterOrDigit(codePoint) && !writtenWithoutSpaces(codePoint);
    }

    private static boolean writtenWithoutSpaces(int codePoint) {
        UnicodeScript script = UnicodeScript.of(codePoint);
        return script == UnicodeScript.HAN || script == UnicodeScript.HIRAGANA || script == UnicodeScript.KATAKANA;
    }
}
