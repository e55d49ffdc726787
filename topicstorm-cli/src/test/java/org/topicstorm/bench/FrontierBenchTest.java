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
        // at least 0.9 x the best: a tenth of 1,000 URLs = 100, more than the 50 places: every place is taken
        assertEquals(50, FrontierBench.expectedBatch(options(new RankCut(10, 0.9))));
        // at least 0.97 x the best: 3 % of 1,000 = 30 URLs, more than the count's 10, fewer than the 50 places
        assertEquals(30, FrontierBench.expectedBatch(options(new RankCut(10, 0.97))));
        // at least 0.995 x the best: half a percent of 1,000 = 5 < 10, the count decides
        assertEquals(10, FrontierBench.expectedBatch(options(new RankCut(10, 0.995))));
    }
}
