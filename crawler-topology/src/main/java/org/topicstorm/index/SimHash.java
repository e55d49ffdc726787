package org.topicstorm.index;

import com.google.common.hash.HashFunction;
import com.google.common.hash.Hashing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Charikar's SimHash of a page's text, for near-duplicate detection (002's duplicate rate; Manku, Jain and Das Sarma,
 * "Detecting near-duplicates for web crawling", WWW 2007): 64 bits such that texts sharing most of their word
 * shingles differ in few bits. Each shingle of {@value #SHINGLE} consecutive tokens is hashed to 64 bits (murmur3);
 * bit i of the signature is set when more shingle occurrences have bit i set than not.
 *
 * <p>Tokens: runs of letters, digits and combining marks, lower-cased; in scripts written without spaces (Han,
 * Hiragana, Katakana, Thai, Lao, Khmer, Myanmar) each character is a token, so Chinese text gets shingles of three
 * characters rather than one shingle per sentence (and its minimum is {@value #MIN_TOKENS} characters).
 *
 * <p>Near: at most {@value #MAX_DISTANCE} differing bits, Manku et al.'s choice for 64-bit signatures of web pages.
 * The four 16-bit {@link #bands} make that a lookup: two signatures within 3 bits agree on at least one band
 * (pigeonhole), so the candidates of a page are the indexed pages sharing a band.
 */
public final class SimHash {

    /** Tokens per shingle. */
    static final int SHINGLE = 3;
    /** A text of fewer tokens gets no signature: short pages (a login form, a stub) look alike without being copies. */
    public static final int MIN_TOKENS = 20;
    /** Signatures at most this many bits apart are near-duplicates. */
    public static final int MAX_DISTANCE = 3;
    /** Bands of the signature for the lookup: MAX_DISTANCE + 1, so that a near pair shares one. */
    static final int BANDS = MAX_DISTANCE + 1;
    private static final int BAND_BITS = 64 / BANDS;

    private static final HashFunction HASH = Hashing.murmur3_128();

    private SimHash() {
    }

    /** The signature of a text, or empty when it has fewer than {@link #MIN_TOKENS} tokens. */
    public static OptionalLong of(String text) {
        List<String> tokens = tokens(text == null ? "" : text);
        if (tokens.size() < MIN_TOKENS) {
            return OptionalLong.empty();
        }
        Map<String, Integer> shingles = new HashMap<>();
        for (int i = 0; i + SHINGLE <= tokens.size(); i++) {
            shingles.merge(String.join(" ", tokens.subList(i, i + SHINGLE)), 1, Integer::sum);
        }
        int[] votes = new int[64];
        shingles.forEach((shingle, count) -> {
            long h = HASH.hashString(shingle, StandardCharsets.UTF_8).asLong();
            for (int bit = 0; bit < 64; bit++) {
                votes[bit] += ((h >>> bit) & 1L) == 1L ? count : -count;
            }
        });
        return OptionalLong.of(fromVotes(votes));
    }

    /** Bit i is set when votes[i] is positive (a tie leaves it clear). */
    static long fromVotes(int[] votes) {
        long signature = 0;
        for (int bit = 0; bit < 64; bit++) {
            if (votes[bit] > 0) {
                signature |= 1L << bit;
            }
        }
        return signature;
    }

    /** The number of differing bits. */
    public static int distance(long a, long b) {
        return Long.bitCount(a ^ b);
    }

    public static boolean near(long a, long b) {
        return distance(a, b) <= MAX_DISTANCE;
    }

    /** The signature's bands as keywords ("0:1a2b", ...): bits 0-15 are band 0, 16-31 band 1, and so on. */
    public static List<String> bands(long signature) {
        List<String> bands = new ArrayList<>(BANDS);
        for (int b = 0; b < BANDS; b++) {
            long band = (signature >>> (b * BAND_BITS)) & ((1L << BAND_BITS) - 1);
            bands.add(b + ":" + Long.toHexString(band));
        }
        return bands;
    }

    /** The text's tokens, as described above. */
    public static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            i += Character.charCount(cp);
            if (unspaced(cp)) {
                flush(word, tokens);
                tokens.add(new String(Character.toChars(cp)));
            } else if (Character.isLetterOrDigit(cp) || Character.getType(cp) == Character.NON_SPACING_MARK
                    || Character.getType(cp) == Character.COMBINING_SPACING_MARK) {
                word.appendCodePoint(cp);
            } else {
                flush(word, tokens);
            }
        }
        flush(word, tokens);
        return tokens;
    }

    private static boolean unspaced(int cp) {
        Character.UnicodeScript s = Character.UnicodeScript.of(cp);
        return s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
                || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.THAI
                || s == Character.UnicodeScript.LAO || s == Character.UnicodeScript.KHMER
                || s == Character.UnicodeScript.MYANMAR;
    }

    private static void flush(StringBuilder word, List<String> tokens) {
        if (!word.isEmpty()) {
            tokens.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }
}
