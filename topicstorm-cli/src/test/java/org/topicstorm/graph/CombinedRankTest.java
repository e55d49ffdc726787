package org.topicstorm.graph;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CombinedRankTest {

    private static final double S15 = Math.sqrt(15);

    @Test
    void relevanceAndAuthorityOverTheBestAuthority() {
        // The authorities of HitsTest's five pages: B 1/sqrt(15), C 2/sqrt(15), D 3/sqrt(15) = the best.
        CombinedRank half = new CombinedRank(0.5);
        // D: 0.5 * 0.6 + 0.5 * (3/3) = 0.3 + 0.5 = 0.8
        assertEquals(0.8, half.score(0.6, 3 / S15, 3 / S15), 1e-12);
        // C: 0.5 * 0.7 + 0.5 * (2/3) = 0.35 + 0.333333 = 0.683333
        assertEquals(0.35 + 1 / 3.0, half.score(0.7, 2 / S15, 3 / S15), 1e-12);
        // B: 0.5 * 0.8 + 0.5 * (1/3) = 0.4 + 0.166667 = 0.566667
        assertEquals(0.4 + 1 / 6.0, half.score(0.8, 1 / S15, 3 / S15), 1e-12);
        // A, no authority: 0.5 * 0.9 = 0.45
        assertEquals(0.45, half.score(0.9, 0, 3 / S15), 1e-12);

        // lambda 0.8, C: 0.8 * 0.7 + 0.2 * (2/3) = 0.56 + 0.133333 = 0.693333
        assertEquals(0.56 + 0.4 / 3, new CombinedRank(0.8).score(0.7, 2 / S15, 3 / S15), 1e-12);
    }

    @Test
    void theExtremesRankByOneSignalAlone() {
        assertEquals(0.7, new CombinedRank(1).score(0.7, 2 / S15, 3 / S15), 1e-12);
        assertEquals(2 / 3.0, new CombinedRank(0).score(0.7, 2 / S15, 3 / S15), 1e-12);
    }

    @Test
    void withoutAnyAuthorityOnlyRelevanceCounts() {
        // max authority 0: no page is linked; 0.5 * 0.7 + 0 = 0.35 (not NaN)
        assertEquals(0.35, new CombinedRank(0.5).score(0.7, 0, 0), 1e-12);
    }

    @Test
    void lambdaOutside0To1IsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CombinedRank(-0.1));
        assertThrows(IllegalArgumentException.class, () -> new CombinedRank(1.5));
        assertThrows(IllegalArgumentException.class, () -> new CombinedRank(Double.NaN));
        assertEquals(0.5, CombinedRank.DEFAULT_LAMBDA);
    }
}
