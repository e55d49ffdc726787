package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.learn.SparseLogistic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkClassifierTest {

    private static final double EPS = 1e-12;

    @Test
    void learnsWhichTokensLeadToRelevantPages() {
        List<LinkClassifier.Example> examples = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            examples.add(new LinkClassifier.Example(List.of("u:scalc", "a:sum", "rel:extends"), true));
            examples.add(new LinkClassifier.Example(List.of("u:swriter", "a:sum", "rel:extends"), false));
            examples.add(new LinkClassifier.Example(List.of("u:shared", "a:options", "rel:other"), false));
            examples.add(new LinkClassifier.Example(List.of("u:page" + i), i % 2 == 0)); // seen once: no weight
        }
        LinkClassifier c = LinkClassifier.train(examples, 3, 120, SparseLogistic.Options.DEFAULT);
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
    void probabilityIsTheSigmoidOfBiasPlusWeights() {
        LinkClassifier c = LinkClassifier.of(new LinkClassifier.State(1, 0, 0, 0, 0.5, Map.of("x", 1.0, "y", -2.0),
                0));
        assertEquals(1 / (1 + Math.exp(-(0.5 + 1 - 2))), c.probability(List.of("x", "y")), EPS);
        assertEquals(1 / (1 + Math.exp(-0.5)), c.probability(List.of()), EPS);
    }

    @Test
    void theLiftIsTheOddsRaisedToTheTrust() {
        // bias 0, weight ln 4: p = 0.8, odds 4; trust 0.5: 4^0.5 = 2
        LinkClassifier c = LinkClassifier.of(new LinkClassifier.State(3, 0, 0, 0, 0, Map.of("x", Math.log(4)), 0.5));
        LinkScorer scorer = new LinkScorer(c, RegionHarvest.NONE, 7);
        assertEquals(2.0, scorer.lift("https://h/a", List.of("x")).factor(), EPS);
        assertEquals(7, scorer.lift("https://h/a", List.of("x")).version(), "the scorer's version, not the classifier's");
        // p = 0.5: odds 1, whatever the trust
        assertEquals(1.0, scorer.lift("https://h/a", List.of()).factor(), EPS);
        // trust 0 changes nothing; p is clipped to [0.01, 0.99]: odds at most 99, at least 1/99
        assertEquals(1.0, Lift.factor(0.9, 0), EPS);
        assertEquals(99.0, Lift.factor(1.0, 1), 1e-9);
        assertEquals(1 / 99.0, Lift.factor(0.0, 1), 1e-12);
        assertEquals(0.25, Lift.factor(0.2, 1), EPS);
        assertThrows(IllegalArgumentException.class, () -> Lift.factor(0.5, 1.5));
        assertThrows(IllegalArgumentException.class, () -> new Lift(0, 1));
    }

    @Test
    void trustIsTwiceTheBalancedAccuracyLessOne() {
        assertEquals(0.5, LinkClassifier.trust(0.75), EPS);
        assertEquals(1.0, LinkClassifier.trust(1.0), EPS);
        assertEquals(0.0, LinkClassifier.trust(0.5), EPS);
        assertEquals(0.0, LinkClassifier.trust(0.3), EPS, "worse than chance: no trust, not a reversal");
        assertEquals(0.0, LinkClassifier.trust(Double.NaN), EPS);
    }

    @Test
    void aClassifierThatPredictsUnseenPagesIsTrustedAndOneThatCannotIsNot() {
        List<LinkClassifier.Example> separable = new java.util.ArrayList<>();
        List<LinkClassifier.Example> noise = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            separable.add(new LinkClassifier.Example(List.of(i % 2 == 0 ? "u:scalc" : "u:swriter"), i % 2 == 0));
            noise.add(new LinkClassifier.Example(List.of("u:same"), i % 2 == 0));
        }
        // every held-out example predicted right: balanced accuracy 1, trust 1
        assertEquals(1.0, LinkClassifier.train(separable, 1, 40, SparseLogistic.Options.DEFAULT).state().trust(), EPS);
        // the same tokens for both verdicts: p = 0.5 for every page, all predicted relevant: balanced accuracy 0.5
        assertEquals(0.0, LinkClassifier.train(noise, 1, 40, SparseLogistic.Options.DEFAULT).state().trust(), EPS);
    }

    @Test
    void needsBothVerdicts() {
        assertThrows(IllegalArgumentException.class, () -> new LinkClassifier.Example(List.of("a"), 1.5));
        List<LinkClassifier.Example> all = List.of(new LinkClassifier.Example(List.of("a"), true),
                new LinkClassifier.Example(List.of("a"), true));
        assertThrows(IllegalArgumentException.class,
                () -> LinkClassifier.train(all, 1, 2, SparseLogistic.Options.DEFAULT));
    }
}
