package org.topicstorm.learn;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SparseLogisticTest {

    private static final double EPS = 1e-12;
    private static final double[][] ONES3 = {{1}, {1, 1}, {1}};
    private static final double[][] ONES2 = {{1}, {1}};

    @Test
    void oneAdaGradStepByHand() {
        // examples: {a} relevant, {a, b} irrelevant, {b} irrelevant; n = 3, 1 positive:
        // class weights cPos = 3 / (2 * 1) = 1.5, cNeg = 3 / (2 * 2) = 0.75. From w = 0, bias 0, every sigmoid is 0.5:
        // errors c_i (0.5 - y_i) / n: ex1 1.5 * -0.5 / 3 = -0.25; ex2 0.75 * 0.5 / 3 = 0.125; ex3 = 0.125.
        // g_a = -0.25 + 0.125 = -0.125, g_b = 0.125 + 0.125 = 0.25, g_bias = 0 (balanced). l2 * w = 0.
        // AdaGrad's first step is rate * g / |g|: w_a = +rate, w_b = -rate, bias unchanged.
        int[][] x = {{0}, {0, 1}, {1}};
        double[] y = {1, 0, 0};
        double[] w = new double[2];
        double[] g = new double[2];
        double[] sumSq = new double[2];
        double[] bias = {0};
        double[] biasSq = {0};
        SparseLogistic.Options o = new SparseLogistic.Options(1, 0.5, 0.1, 1, 10);
        SparseLogistic.step(x, ONES3, y, 1.5, 0.75, w, g, sumSq, bias, biasSq, o);
        assertEquals(0.5, w[0], EPS);
        assertEquals(-0.5, w[1], EPS);
        assertEquals(0.0, bias[0], EPS);
        assertEquals(0.125 * 0.125, sumSq[0], EPS);
        assertEquals(0.25 * 0.25, sumSq[1], EPS);

        // second step: z1 = 0.5, z2 = 0, z3 = -0.5. s(0.5) = 0.622459, s(0) = 0.5, s(-0.5) = 0.377541.
        // errors: e1 = 1.5 (s(0.5) - 1) / 3, e2 = 0.75 (0.5) / 3, e3 = 0.75 s(-0.5) / 3
        // g_a = e1 + e2 + l2 * 0.5; g_b = e2 + e3 + l2 * -0.5
        double s = 1 / (1 + Math.exp(-0.5));
        double e1 = 1.5 * (s - 1) / 3;
        double e2 = 0.75 * 0.5 / 3;
        double e3 = 0.75 * (1 - s) / 3;
        double ga = e1 + e2 + 0.1 * 0.5;
        double gb = e2 + e3 - 0.1 * 0.5;
        double wa = 0.5 - 0.5 * ga / Math.sqrt(0.125 * 0.125 + ga * ga);
        double wb = -0.5 - 0.5 * gb / Math.sqrt(0.25 * 0.25 + gb * gb);
        SparseLogistic.step(x, ONES3, y, 1.5, 0.75, w, g, sumSq, bias, biasSq, o);
        assertEquals(wa, w[0], EPS);
        assertEquals(wb, w[1], EPS);
    }

    @Test
    void aSoftTargetCountsForBothVerdictsByItsShare() {
        // {a} with target 0.75 and {b} with target 0: mass 0.75 of n = 2, cPos = 2 / 1.5, cNeg = 2 / 2.5.
        // From zero weights (p = 0.5): error of ex1 = (cPos 0.75 (0.5 - 1) + cNeg 0.25 0.5) / 2
        //   = (-0.5 + 0.1) / 2 = -0.2 < 0: a goes up; ex2 = cNeg 0.5 / 2 = 0.2 > 0: b goes down.
        double cPos = 2 / 1.5;
        double cNeg = 2 / 2.5;
        assertEquals(-0.2, (cPos * 0.75 * (0.5 - 1) + cNeg * 0.25 * 0.5) / 2, EPS);
        int[][] x = {{0}, {1}};
        double[] w = new double[2];
        SparseLogistic.step(x, ONES2, new double[]{0.75, 0}, cPos, cNeg, w, new double[2], new double[2], new double[]{0},
                new double[]{0}, new SparseLogistic.Options(1, 0.5, 0, 1, 10));
        assertEquals(0.5, w[0], EPS);
        assertEquals(-0.5, w[1], EPS);
    }

    @Test
    void aFeatureValueScalesItsGradient() {
        // one example {a: 0.5} relevant, one {a: 2} irrelevant; n = 2, cPos = cNeg = 1. From zero, p = 0.5:
        // errors (0.5 - 1) / 2 = -0.25 and 0.5 / 2 = 0.25; g_a = -0.25 * 0.5 + 0.25 * 2 = 0.375; g_bias = 0.
        // AdaGrad's first step: w_a = -rate * 0.375 / 0.375 = -rate.
        int[][] x = {{0}, {0}};
        double[][] v = {{0.5}, {2}};
        double[] w = new double[1];
        double[] sumSq = new double[1];
        double[] bias = {0};
        SparseLogistic.step(x, v, new double[]{1, 0}, 1, 1, w, new double[1], sumSq, bias, new double[]{0},
                new SparseLogistic.Options(1, 0.5, 0, 1, 10));
        assertEquals(-0.5, w[0], EPS);
        assertEquals(0.375 * 0.375, sumSq[0], EPS);
        assertEquals(0.0, bias[0], EPS);
    }

    @Test
    void learnsAValuedFeatureAndExplainsAVerdict() {
        List<SparseLogistic.Example> examples = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            double s = i / 40.0;
            // relevant exactly when the score is above 0.5; the term "noise" is on every page
            examples.add(new SparseLogistic.Example(Map.of("m:score", s, "t:noise", 0.3), s > 0.5 ? 1 : 0));
        }
        SparseLogistic.Model m = SparseLogistic.train(examples, new SparseLogistic.Options(500, 0.5, 1e-4, 2, 100));
        assertTrue(m.probability(Map.of("m:score", 0.9, "t:noise", 0.3)) > 0.7);
        assertTrue(m.probability(Map.of("m:score", 0.1, "t:noise", 0.3)) < 0.3);
        assertTrue(m.weights().get("m:score") > 0);
        // z = bias + sum w x; the explanation is w x per feature, largest first
        Map<String, Double> page = Map.of("m:score", 0.9, "t:noise", 0.3, "t:unknown", 1.0);
        double z = m.bias() + m.weights().get("m:score") * 0.9 + m.weights().get("t:noise") * 0.3;
        assertEquals(z, m.z(page), EPS);
        assertEquals(1 / (1 + Math.exp(-z)), m.probability(page), EPS);
        var top = m.contributions(page, 5);
        assertEquals(2, top.size());
        assertEquals("m:score", top.get(0).getKey());
        assertEquals(m.weights().get("m:score") * 0.9, top.get(0).getValue(), EPS);
    }

    @Test
    void needsBothClasses() {
        List<SparseLogistic.Example> all = List.of(new SparseLogistic.Example(Map.of("a", 1.0), 1),
                new SparseLogistic.Example(Map.of("a", 1.0), 1));
        assertThrows(IllegalArgumentException.class, () -> SparseLogistic.train(all, SparseLogistic.Options.DEFAULT));
        assertThrows(IllegalArgumentException.class, () -> new SparseLogistic.Example(Map.of(), 1.5));
    }

    @Test
    void balancedAccuracyIsTheMeanOfTheClassesRecalls() {
        // 3 relevant, 2 found; 2 irrelevant, 1 left out: (2/3 + 1/2) / 2
        boolean[] actual = {true, true, true, false, false};
        boolean[] predicted = {true, false, true, true, false};
        assertEquals((2.0 / 3 + 0.5) / 2, SparseLogistic.balancedAccuracy(predicted, actual), EPS);
        assertTrue(Double.isNaN(SparseLogistic.balancedAccuracy(new boolean[]{true}, new boolean[]{true})));
    }

    @Test
    void crossValidationScoresEachExampleByAModelThatNeverSawIt() {
        List<SparseLogistic.Example> examples = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            examples.add(new SparseLogistic.Example(Map.of(i % 2 == 0 ? "t:good" : "t:bad", 1.0), i % 2 == 0 ? 1 : 0));
        }
        double[] p = SparseLogistic.crossValidated(examples, 5, SparseLogistic.Options.DEFAULT);
        for (int i = 0; i < 20; i++) {
            assertEquals(i % 2 == 0, p[i] > 0.5, "example " + i + ": " + p[i]);
        }
        // a fold left without one of the classes has no opinion: 5 folds of 5 examples, all of fold 0 relevant
        List<SparseLogistic.Example> skewed = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            skewed.add(new SparseLogistic.Example(Map.of("a", 1.0), i % 5 == 0 ? 1 : 0));
        }
        double[] q = SparseLogistic.crossValidated(skewed, 5, SparseLogistic.Options.DEFAULT);
        assertEquals(0.5, q[0], EPS); // fold 0 trained on examples 1-4, 6-9: all irrelevant
        assertEquals(0.5, q[5], EPS);
    }
}
