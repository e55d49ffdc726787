package org.topicstorm.text;

import java.lang.Character.UnicodeScript;

/** Which writing system a character belongs to, as far as the text pipeline cares. */
public final class Scripts {

    private Scripts() {
    }

    /** Han characters (Chinese; also Japanese kanji): written without spaces, segmented by smartcn. */
    public static boolean isHan(int codePoint) {
        return codePoint >= 0x2E80 && UnicodeScript.of(codePoint) == UnicodeScript.HAN;
    }

    /** Whether the text holds any Han character. */
    public static boolean hasHan(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            // Every Han code point is at or above U+2E80; surrogate pairs (CJK extensions) start at U+D800.
            if (c >= 0x2E80 && isHan(Character.codePointAt(text, i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Share of Han characters among the letters of a text, in [0, 1] (0 for a text without letters): a page whose
     * letters are mostly Han is Chinese.
     */
    public static double hanShare(CharSequence text) {
        long letters = 0;
        long han = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            i += Character.charCount(cp);
            if (Character.isLetter(cp)) {
                letters++;
                if (isHan(cp)) {
                    han++;
                }
            }
        }
        return letters == 0 ? 0 : (double) han / letters;
    }
}
