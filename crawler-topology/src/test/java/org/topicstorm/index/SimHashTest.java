package org.topicstorm.index;

import com.google.common.hash.Hashing;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SimHashTest {

    @Test
    void distanceCountsDifferingBits() {
        assertEquals(2, SimHash.distance(0b1011L, 0b0001L));
        assertEquals(64, SimHash.distance(0L, -1L));
        assertTrue(SimHash.near(0b111L, 0L));
        assertFalse(SimHash.near(0b1111L, 0L));
    }

    @Test
    void bandsAreTheFourSixteenBitQuarters() {
        assertEquals(List.of("0:cdef", "1:89ab", "2:4567", "3:123"), SimHash.bands(0x0123_4567_89ab_cdefL));
        // within 3 bits, one band of four is untouched (pigeonhole): bits 1, 17 and 40 flipped leave band 3
        long a = 0x0123_4567_89ab_cdefL;
        long b = a ^ (1L << 1) ^ (1L << 17) ^ (1L << 40);
        List<String> shared = new ArrayList<>(SimHash.bands(a));
        shared.retainAll(SimHash.bands(b));
        assertEquals(List.of("3:123"), shared);
    }

    @Test
    void aBitIsSetWhereTheVotesArePositive() {
        int[] votes = new int[64];
        votes[0] = 1;
        votes[1] = -1;
        votes[2] = 0;
        votes[3] = 2;
        votes[63] = 5;
        assertEquals(0b1001L | (1L << 63), SimHash.fromVotes(votes));
    }

    @Test
    void tokensAreLowerCasedWordsAndSingleHanCharacters() {
        assertEquals(List.of("hello", "world", "42", "中", "文", "字", "ok"),
                SimHash.tokens("Hello, World 42 中文字ok"));
        // Thai is written without spaces; a Devanagari vowel sign (a combining mark) stays inside its word
        assertEquals(List.of("ก", "ข"), SimHash.tokens("กข"));
        assertEquals(List.of("किताब"), SimHash.tokens("किताब"));
    }

    @Test
    void aShortTextHasNoSignature() {
        assertTrue(SimHash.of(words(SimHash.MIN_TOKENS - 1, 1)).isEmpty());
        assertTrue(SimHash.of(words(SimHash.MIN_TOKENS, 1)).isPresent());
        assertTrue(SimHash.of(null).isEmpty());
    }

    @Test
    void threeShinglesOfEqualWeightGiveTheirBitwiseMajority() {
        // "a b c" repeated: 21 tokens, 19 shingles "a b c" x7, "b c a" x6, "c a b" x6; every bit is decided by the
        // three hashes' majority, since no weight reaches the other two together (7 < 12)
        String text = "a b c ".repeat(7);
        long h1 = murmur("a b c");
        long h2 = murmur("b c a");
        long h3 = murmur("c a b");
        long majority = (h1 & h2) | (h1 & h3) | (h2 & h3);
        assertEquals(majority, SimHash.of(text).getAsLong());
    }

    @Test
    void aSmallEditStaysNearAndAnotherTextIsFar() {
        String text = words(400, 7);
        String edited = text.replaceFirst("w\\d+", "changed") + " one more sentence at the end";
        long a = SimHash.of(text).getAsLong();
        assertEquals(a, SimHash.of(text.toUpperCase()).getAsLong(), "case does not matter");
        assertTrue(SimHash.near(a, SimHash.of(edited).getAsLong()),
                "distance " + SimHash.distance(a, SimHash.of(edited).getAsLong()));
        assertFalse(SimHash.near(a, SimHash.of(words(400, 8)).getAsLong()));
    }

    private static long murmur(String shingle) {
        return Hashing.murmur3_128().hashString(shingle, StandardCharsets.UTF_8).asLong();
    }

    /** n words drawn from a vocabulary of 300, seeded. */
    private static String words(int n, long seed) {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            b.append('w').append(r.nextInt(300)).append(' ');
        }
        return b.toString();
    }
}
