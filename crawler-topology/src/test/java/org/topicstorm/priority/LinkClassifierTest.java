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
        LinkClassifier c = LinkClassifier.of(new LinkClassifier.State(1, 0, 0, 0, 0.5, Map.of("x", 1.0, "y", -2.0)));
        assertEquals(1 / (1 + Math.exp(-(0.5 + 1 - 2))), c.probability(List.of("x", "y")), EPS);
        assertEquals(1 / (1 + Math.exp(-0.5)), c.probability(List.of()), EPS);
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
