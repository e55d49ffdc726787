package org.topicstorm.priority;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkClassifierTest {

    private static final double EPS = 1e-12;

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
        LinkClassifier.Options o = new LinkClassifier.Options(1, 0.5, 0.1, 1, 10);
        LinkClassifier.step(x, y, 1.5, 0.75, w, g, sumSq, bias, biasSq, o);
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
        LinkClassifier.step(x, y, 1.5, 0.75, w, g, sumSq, bias, biasSq, o);
        assertEquals(wa, w[0], EPS);
        assertEquals(wb, w[1], EPS);
    }

    @Test
    void learnsWhichTokensLeadToRelevantPages() {
        List<LinkClassifier.Example> examples = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            examples.add(new LinkClassifier.Example(List.of("u:scalc", "a:sum", "rel:extends"), true));
            examples.add(new LinkClassifier.Example(List.of("u:swriter", "a:sum", "rel:extends"), false));
            examples.add(new LinkClassifier.Example(List.of("u:shared", "a:options", "rel:other"), false));
            examples.add(new LinkClassifier.Example(List.of("u:page" + i), i % 2 == 0)); // seen once: no weight
        }
        LinkClassifier c = LinkClassifier.train(examples, 3, 120, LinkClassifier.Options.DEFAULT);
        assertTrue(c.probability(List.of("u:scalc", "a:sum", "rel:extends")) > 0.8);
        assertTrue(c.probability(List.of("u:swriter", "a:sum", "rel:extends")) < 0.2);
        assertEquals("u:scalc", c.strongest(1, true).get(0).getKey());
        assertTrue(c.strongest(3, false).stream().anyMatch(e -> e.getKey().equals("u:swriter")));
        assertTrue(c.state().weights().keySet().stream().noneMatch(k -> k.startsWith("u:page")));
        assertEquals(3, c.version());
        assertEquals(120, c.state().judged());
        assertEquals(120, c.state().examples());
        assertEquals(45, c.state().positives());
        // a token it never saw changes nothing; repeats count once
        assertEquals(c.probability(List.of("u:scalc")), c.probability(List.of("u:scalc", "u:scalc", "new")), EPS);
        // the stored state gives the same classifier
        LinkClassifier again = LinkClassifier.of(c.state());
        assertEquals(c.probability(List.of("u:scalc")), again.probability(List.of("u:scalc")), EPS);
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
        LinkClassifier.step(x, new double[]{0.75, 0}, cPos, cNeg, w, new double[2], new double[2], new double[]{0},
                new double[]{0}, new LinkClassifier.Options(1, 0.5, 0, 1, 10));
        assertEquals(0.5, w[0], EPS);
        assertEquals(-0.5, w[1], EPS);
        assertThrows(IllegalArgumentException.class, () -> new LinkClassifier.Example(List.of("a"), 1.5));
    }

    @Test
    void probabilityIsTheSigmoidOfBiasPlusWeights() {
        LinkClassifier c = LinkClassifier.of(new LinkClassifier.State(1, 0, 0, 0, 0.5, Map.of("x", 1.0, "y", -2.0)));
        assertEquals(1 / (1 + Math.exp(-(0.5 + 1 - 2))), c.probability(List.of("x", "y")), EPS);
        assertEquals(1 / (1 + Math.exp(-0.5)), c.probability(List.of()), EPS);
    }

    @Test
    void needsBothVerdicts() {
        List<LinkClassifier.Example> all = List.of(new LinkClassifier.Example(List.of("a"), true),
                new LinkClassifier.Example(List.of("a"), true));
        assertThrows(IllegalArgumentException.class,
                () -> LinkClassifier.train(all, 1, 2, LinkClassifier.Options.DEFAULT));
    }
}
