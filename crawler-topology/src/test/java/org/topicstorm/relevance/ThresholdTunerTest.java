package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.topic.RelevanceSettings.SelfTuning;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThresholdTunerTest {

    private static final double EPS = 1e-9;
    private static final SelfTuning TUNING = new SelfTuning(0.85, 0.05, 0.05, 0.01, 5);

    /** 100 judged pages scored 0.005, 0.015, ..., 0.995; the upper half (score > 0.5) is relevant. */
    private static List<ThresholdTuner.Judged> stream() {
        List<ThresholdTuner.Judged> pages = new ArrayList<>();
        for (int k = 0; k < 100; k++) {
            pages.add(new ThresholdTuner.Judged((k + 0.5) / 100, k >= 50));
        }
        return pages;
    }

    @Test
    void convergesToTheThresholdThatReachesTheTargetPrecisionAndStops() {
        // Kept at r: the pages with (k + 0.5) / 100 >= r; precision = 50 / kept once r <= 0.5. Target - tolerance
        // = 0.8 needs kept <= 62.5, i.e. r in (0.375, 0.385]. Round by round:
        //   r 0.20: kept 80, 50/80 = 0.625 < 0.8 -> up 0.05      r 0.25: 75, 0.667 -> up
        //   r 0.30: 70, 0.714 -> up                              r 0.35: 65, 0.769 -> up
        //   r 0.40: 60, 0.833 -> down, the direction turns: step 0.025 -> r 0.375
        //   r 0.375: 63, 0.794 -> up, turns: step 0.0125 -> r 0.3875
        //   r 0.3875: 61, 0.820 -> down, turns: step 0.00625 < min-step 0.01 -> settled at 0.3875
        ThresholdTuner t = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.2, "prior"));
        double[] expected = {0.25, 0.30, 0.35, 0.40, 0.375, 0.3875, 0.3875};
        ThresholdTuner.Outcome[] outcomes = {ThresholdTuner.Outcome.RAISED, ThresholdTuner.Outcome.RAISED,
                ThresholdTuner.Outcome.RAISED, ThresholdTuner.Outcome.RAISED, ThresholdTuner.Outcome.LOWERED,
                ThresholdTuner.Outcome.RAISED, ThresholdTuner.Outcome.SETTLED};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(outcomes[i], t.round(stream(), i), "round " + i);
            assertEquals(expected[i], t.threshold(), EPS, "round " + i);
        }
        assertTrue(t.state().settled());
        ThresholdTuner.Round last = t.state().history().get(6);
        assertEquals(61, last.kept());
        assertEquals(50.0 / 61, last.precision(), EPS);
        assertEquals(7, t.state().history().size());
        // settled: further rounds change nothing
        long changes = t.changes();
        assertEquals(ThresholdTuner.Outcome.STILL, t.round(stream(), 99));
        assertEquals(0.3875, t.threshold(), EPS);
        assertEquals(changes, t.changes());
    }

    @Test
    void neverLeavesZeroToOne() {
        List<ThresholdTuner.Judged> allRelevant = List.of(new ThresholdTuner.Judged(0.9, true),
                new ThresholdTuner.Judged(0.8, true), new ThresholdTuner.Judged(0.7, true),
                new ThresholdTuner.Judged(0.6, true), new ThresholdTuner.Judged(0.95, true));
        ThresholdTuner down = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.12, "prior"));
        for (int i = 0; i < 10; i++) {
            down.round(allRelevant, i);
            assertTrue(down.threshold() >= 0);
        }
        assertEquals(0.0, down.threshold(), EPS); // 0.12 -> 0.07 -> 0.02 -> 0 (not -0.03)

        List<ThresholdTuner.Judged> noneRelevant = List.of(new ThresholdTuner.Judged(0.99, false),
                new ThresholdTuner.Judged(1.0, false), new ThresholdTuner.Judged(0.995, false),
                new ThresholdTuner.Judged(1.0, false), new ThresholdTuner.Judged(0.999, false));
        ThresholdTuner up = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.9, "prior"));
        for (int i = 0; i < 10; i++) {
            up.round(noneRelevant, i);
            assertTrue(up.threshold() <= 1);
        }
        assertEquals(1.0, up.threshold(), EPS);
    }

    @Test
    void aRoundWithTooFewKeptPagesWaits() {
        ThresholdTuner t = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.5, "prior"));
        List<ThresholdTuner.Judged> four = List.of(new ThresholdTuner.Judged(0.9, false),
                new ThresholdTuner.Judged(0.8, false), new ThresholdTuner.Judged(0.7, false),
                new ThresholdTuner.Judged(0.6, false), new ThresholdTuner.Judged(0.1, false));
        assertEquals(ThresholdTuner.Outcome.TOO_FEW, t.round(four, 1));
        assertEquals(0.5, t.threshold(), EPS);
        assertEquals(0, t.changes());
        assertTrue(t.state().history().isEmpty());
    }

    @Test
    void aNewBasisStartsAgainFromItsThreshold() {
        ThresholdTuner t = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.2, "prior"));
        t.round(stream(), 1);
        t.restart(0.5, "classifier");
        assertEquals(0.5, t.threshold(), EPS);
        assertEquals("classifier", t.state().basis());
        assertEquals(0.05, t.state().step(), EPS);
        assertEquals(0, t.state().direction());
        assertEquals(1, t.state().history().size());
    }
}
