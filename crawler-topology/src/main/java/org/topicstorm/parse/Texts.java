package org.topicstorm.parse;

/**
 * White space collapsing and word windows over page text. A "word" is a run of characters between white space, except
 * that each Han, Hiragana or Katakana character is a word of its own: those scripts do not separate words by spaces,
 * so counting whitespace-separated runs would make a whole Chinese paragraph one word.
 */
public final class Texts {

    private Texts() {
    }

    /** Replaces every run of white space (including no-break and ideographic spaces) by one space, and trims. */
    public static String collapse(CharSequence s) {
        StringBuilder sb = new StringBuilder(s.length());
        boolean pendingSpace = false;
        for (int i = 0; i < s.length(); ) {
            int cp = Character.codePointAt(s, i);
            i += Character.charCount(cp);
            if (isSpace(cp)) {
                pendingSpace = sb.length() > 0;
            } else {
                if (pendingSpace) {
                    sb.append(' ');
                    pendingSpace = false;
                }
                sb.appendCodePoint(cp);
            }
        }
        return sb.toString();
    }

    /** The last {@code words} words of {@code s[from, to)}, white space collapsed. */
    static String lastWords(CharSequence s, int from, int to, int words) {
        int i = to;
        int count = 0;
        while (i > from) {
            int cp = Character.codePointBefore(s, i);
            if (isSpace(cp)) {
                i -= Character.charCount(cp);
                continue;
            }
            if (count == words) {
                break;
            }
            count++;
            if (isOwnWord(cp)) {
                i -= Character.charCount(cp);
                continue;
            }
            while (i > from) {
                cp = Character.codePointBefore(s, i);
                if (isSpace(cp) || isOwnWord(cp)) {
                    break;
                }
                i -= Character.charCount(cp);
            }
        }
        return collapse(s.subSequence(i, to));
    }

    /** The first {@code words} words of {@code s[from, to)}, white space collapsed. */
    static String firstWords(CharSequence s, int from, int to, int words) {
        int i = from;
        int count = 0;
        while (i < to) {
            int cp = Character.codePointAt(s, i);
            if (isSpace(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            if (count == words) {
                break;
            }
            count++;
            if (isOwnWord(cp)) {
                i += Character.charCount(cp);
                continue;
            }
            while (i < to) {
                cp = Character.codePointAt(s, i);
                if (isSpace(cp) || isOwnWord(cp)) {
                    break;
                }
                i += Character.charCount(cp);
            }
        }
        return collapse(s.subSequence(from, i));
    }

    static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp);
    }

    private static boolean isOwnWord(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA;
    }
}
