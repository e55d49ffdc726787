package org.topicstorm.bench;

import org.junit.jupiter.api.Test;
import org.topicstorm.frontier.RankCut;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The frontier benchmark's options: what a run can be asked for, and the batch it expects. */
class FrontierBenchTest {

    /** 1,000 URLs over 10 hosts, queries of 100 hosts x 5 URLs. */
    private static FrontierBench.Options options(RankCut cut) {
        return new FrontierBench.Options(1000, 10, 5, 1, 1, 100, 100, 100, 5, true, 0, 42L, 1, 10, cut);
    }

    @Test
    void theRankCutIsTheSpoutsAndMustBeGiven() {
        assertEquals(new RankCut(10, 0.9), options(new RankCut(10, 0.9)).rankCut());
        assertThrows(NullPointerException.class, () -> options(null));
    }

    @Test
    void theExpectedBatchIsEveryHostsPlacesUnlessTheCountStopsIt() {
        // no cut: 10 hosts x 5 places
        assertEquals(50, FrontierBench.expectedBatch(options(RankCut.NONE)));
        // the count alone: the 10 best
        assertEquals(10, FrontierBench.expectedBatch(options(RankCut.of(10))));
        // within 0.9 of the best: a tenth of 1,000 URLs = 100 > 10, so every place is taken
        assertEquals(50, FrontierBench.expectedBatch(options(new RankCut(10, 0.9))));
        // within 0.995: half a percent of 1,000 = 5 <= 10, the count decides
        assertEquals(10, FrontierBench.expectedBatch(options(new RankCut(10, 0.995))));
    }
}
