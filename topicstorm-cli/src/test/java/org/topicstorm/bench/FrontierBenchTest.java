package org.topicstorm.bench;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The frontier benchmark's options: what a run can be asked for. */
class FrontierBenchTest {

    private static FrontierBench.Options options(int maxRank) {
        return new FrontierBench.Options(1000, 10, 5, 1, 1, 100, 100, 100, 5, true, 0, 42L, 1, 10, maxRank);
    }

    @Test
    void theRankCutIsTheSpoutsOrNoneButNeverNegative() {
        assertEquals(10, options(10).maxRank());
        assertEquals(0, options(0).maxRank()); // no cut, as the benchmark ran before
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> options(-1));
        assertEquals("rank cut must be >= 0, got -1", e.getMessage());
    }
}
