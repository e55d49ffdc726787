package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RankCutTest {

    /** How many of the priorities, fed in order, the cut admits before its first refusal. */
    private static int admitted(int maxRank, double... priorities) {
        RankCut cut = new RankCut(maxRank);
        List<Double> in = new ArrayList<>();
        for (double p : priorities) {
            if (!cut.admits(p)) {
                break;
            }
            in.add(p);
        }
        return in.size();
    }

    @Test
    void admitsTheFirstMaxRankPositions() {
        assertEquals(3, admitted(3, 0.9, 0.8, 0.7, 0.6, 0.5));
        assertEquals(2, admitted(3, 0.9, 0.8));
    }

    @Test
    void aTieGroupBelowTheBestGetsOnlyThePositionsLeft() {
        // the lo-calc-en start: five good URLs in flight, then forty children of irrelevant pages at 0. The old
        // cut (down to the priority of the 10th, ties included) took all 45; the positions take 5 of the zeros.
        double[] frontier = new double[45];
        double[] top = {0.562, 0.561, 0.334, 0.334, 0.334};
        System.arraycopy(top, 0, frontier, 0, top.length);
        assertEquals(10, admitted(10, frontier));
    }

    @Test
    void everyUrlTiedWithTheBestIsAdmitted() {
        // a flat frontier (breadth-first's one depth, one page's children) keeps every host busy
        double[] flat = new double[30];
        java.util.Arrays.fill(flat, 0.5);
        assertEquals(30, admitted(10, flat));
        // the tie with the best ends where the priority drops: 12 at 0.5, then 0.4 at position 13 is outside
        double[] step = new double[15];
        java.util.Arrays.fill(step, 0, 12, 0.5);
        java.util.Arrays.fill(step, 12, 15, 0.4);
        assertEquals(12, admitted(10, step));
    }

    @Test
    void zeroIsNoCut() {
        assertEquals(5, admitted(0, 0.9, 0.1, 0.0, 0.0, 0.0));
    }

    @Test
    void aNegativeRankIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new RankCut(-1));
    }
}
