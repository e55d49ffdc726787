package org.topicstorm.bench;

import org.junit.jupiter.api.Test;
import org.topicstorm.index.SimHash;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DuplicateBenchTest {

    @Test
    void theEditsDoWhatTheySay() {
        String ten = "a b c d e f g h i j";
        assertEquals("printed from the online edition " + ten, DuplicateBench.Edit.HEADER.apply(ten));
        assertTrue(DuplicateBench.Edit.FOOTER.apply(ten).startsWith(ten + " copyright"));
        // Chinese: a tenth of the characters, each a token
        assertEquals("一 二 三 四 五 六 七 八 九", DuplicateBench.Edit.DROP_TENTH.apply("一二三四五六七八九十"));
        assertEquals("a b c d e f g h i", DuplicateBench.Edit.DROP_TENTH.apply(ten));
        // the middle tenth (one word from the 6th, "f") to the end
        assertEquals("a b c d e g h i j f", DuplicateBench.Edit.MOVE_TENTH.apply(ten));
    }

    @Test
    void pairsAndCopiesAreCountedByDistance() {
        String a = words(150, 1);
        String b = words(150, 2);
        String shortPage = words(30, 3);   // signed, compared, not planted
        String tiny = "too short";          // no signature: left out
        DuplicateBench.Result r = DuplicateBench.measure("test", List.of(a, b, shortPage, tiny));
        assertEquals(3, r.pages());
        assertEquals(2, r.planted());
        // three pages, three pairs, each at the distance its signatures have
        long ha = SimHash.of(a).getAsLong();
        long hb = SimHash.of(b).getAsLong();
        long hs = SimHash.of(shortPage).getAsLong();
        long[] expected = new long[65];
        expected[SimHash.distance(ha, hb)]++;
        expected[SimHash.distance(ha, hs)]++;
        expected[SimHash.distance(hb, hs)]++;
        assertArrayEquals(expected, r.pairs());
        assertEquals(3, r.pairsWithin(64));
        // every planted copy is counted once per edit
        for (DuplicateBench.Edit e : DuplicateBench.Edit.values()) {
            assertEquals(1.0, r.recallWithin(e, 64));
        }
        int header = SimHash.distance(SimHash.of(a).getAsLong(),
                SimHash.of(DuplicateBench.Edit.HEADER.apply(a)).getAsLong());
        assertTrue(r.recallWithin(DuplicateBench.Edit.HEADER, header) >= 0.5);
        assertTrue(r.table().contains("<- the indexer's threshold"));
    }

    private static String words(int n, long seed) {
        Random r = new Random(seed);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < n; i++) {
            s.append('w').append(r.nextInt(500)).append(' ');
        }
        return s.toString();
    }
}
