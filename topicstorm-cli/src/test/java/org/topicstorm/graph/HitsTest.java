package org.topicstorm.graph;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HitsTest {

    private static final double TIGHT = 1e-12;

    /**
     * Five pages, eight links (a node with no in-link: A; with no out-link: D):
     * <pre>
     *   A -> B, C, D
     *   B -> C, D, E
     *   C -> D
     *   E -> D
     * </pre>
     */
    static final String[][] FIVE_PAGES = {
            {"A", "B"}, {"A", "C"}, {"A", "D"}, {"B", "C"}, {"B", "D"}, {"B", "E"}, {"C", "D"}, {"E", "D"}};

    static LinkGraph fivePages() {
        LinkGraph.Builder b = LinkGraph.builder();
        for (String[] link : FIVE_PAGES) {
            b.addEdge(link[0], link[1]);
        }
        return b.build();
    }

    private static double[] scores(LinkGraph g, double[] v, String... nodes) {
        double[] out = new double[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            out[i] = v[g.indexOf(nodes[i])];
        }
        return out;
    }

    @Test
    void convergesToThePrincipalEigenvectorsSolvedByHand() {
        // In-links: A {}, B {A}, C {A,B}, D {A,B,C,E}, E {B}.
        // Authorities: A^T A [p][q] = pages linking to both p and q. A's row and column are 0; over (B, C, D, E):
        //        B  C  D  E
        //   B  [ 1  1  1  0 ]     B-C share A, B-D share A
        //   C  [ 1  2  2  1 ]     C-D share A and B, C-E share B
        //   D  [ 1  2  4  1 ]     D-E share B
        //   E  [ 0  1  1  1 ]
        // v = (1, 2, 3, 1) is an eigenvector with eigenvalue 6:
        //   B: 1*1 + 1*2 + 1*3 + 0*1 = 6 = 6*1;  C: 1 + 4 + 6 + 1 = 12 = 6*2;
        //   D: 1 + 4 + 12 + 1 = 18 = 6*3;        E: 0 + 2 + 3 + 1 = 6 = 6*1.
        // It is positive, so it is the principal one (Perron-Frobenius); the others are 1, 1 and 0 (trace 8 = 6 +
        // 1 + 1 + 0). |v|^2 = 1 + 4 + 9 + 1 = 15, so a = (A 0, B 1, C 2, D 3, E 1) / sqrt(15).
        // Hubs: h is proportional to A a: h(A) = a(B)+a(C)+a(D) = 6, h(B) = a(C)+a(D)+a(E) = 6, h(C) = a(D) = 3,
        // h(D) = 0, h(E) = a(D) = 3, i.e. (2, 2, 1, 0, 1) * 3; |(2,2,1,0,1)|^2 = 4+4+1+0+1 = 10.
        // Check with A A^T (shared out-links), row A = (3,2,1,0,1): 3*2 + 2*2 + 1*1 + 0 + 1*1 = 12 = 6*2.
        LinkGraph g = fivePages();
        Hits.Result r = Hits.run(g, new Hits.Params(1e-13, 200));
        double s15 = Math.sqrt(15);
        double s10 = Math.sqrt(10);
        assertArrayEquals(new double[] {0, 1 / s15, 2 / s15, 3 / s15, 1 / s15},
                scores(g, r.authority(), "A", "B", "C", "D", "E"), 1e-12);
        assertArrayEquals(new double[] {2 / s10, 2 / s10, 1 / s10, 0, 1 / s10},
                scores(g, r.hub(), "A", "B", "C", "D", "E"), 1e-12);
        assertTrue(r.converged());
        // the error shrinks by the eigenvalue ratio 1/6 a round: 1e-13 takes about log(1e13)/log(6) = 17 rounds
        assertTrue(r.iterations() > 10 && r.iterations() < 30, "iterations: " + r.iterations());
    }

    @Test
    void oneRoundByHand() {
        // start a = h = 1/sqrt(5) each (all ones, normalised).
        // a = sums of h over in-links: A 0, B 1, C 2, D 4, E 1 (times 1/sqrt(5)), normalised: (0,1,2,4,1)/sqrt(22)
        //   (0 + 1 + 4 + 16 + 1 = 22).
        // h = sums of the new a over out-links: A = 1+2+4 = 7, B = 2+4+1 = 7, C = 4, D = 0, E = 4 (times
        //   1/sqrt(22)), normalised: (7,7,4,0,4)/sqrt(130) (49 + 49 + 16 + 0 + 16 = 130).
        LinkGraph g = fivePages();
        Hits.Result r = Hits.run(g, new Hits.Params(1e-9, 1));
        double s22 = Math.sqrt(22);
        double s130 = Math.sqrt(130);
        assertArrayEquals(new double[] {0, 1 / s22, 2 / s22, 4 / s22, 1 / s22},
                scores(g, r.authority(), "A", "B", "C", "D", "E"), TIGHT);
        assertArrayEquals(new double[] {7 / s130, 7 / s130, 4 / s130, 0, 4 / s130},
                scores(g, r.hub(), "A", "B", "C", "D", "E"), TIGHT);
        assertEquals(1, r.iterations());
        assertFalse(r.converged(), "one round moved the scores by far more than 1e-9");
    }

    @Test
    void stopsAtTheFirstRoundThatMovesNoScoreByEpsilon() {
        // Round 1 moves h(D) from 1/sqrt(5) = 0.447 to 0: epsilon 1 (above any move of a coordinate of a
        // non-negative unit vector) stops there, epsilon 0.01 does not.
        LinkGraph g = fivePages();
        Hits.Result loose = Hits.run(g, new Hits.Params(1, 100));
        assertEquals(1, loose.iterations());
        assertTrue(loose.converged());

        Hits.Result r = Hits.run(g, new Hits.Params(0.01, 100));
        int k = r.iterations();
        assertTrue(r.converged() && k >= 2, "iterations: " + k);
        // the last round moved every score by less than 0.01 ...
        Hits.Result before = Hits.run(g, new Hits.Params(0.01, k - 1));
        assertFalse(before.converged());
        assertTrue(Math.max(Hits.maxAbsDifference(before.authority(), r.authority()),
                Hits.maxAbsDifference(before.hub(), r.hub())) < 0.01);
        // ... and the round before it moved some score by 0.01 or more (the round before that is the start: 1/sqrt(5))
        double[] start = new double[5];
        java.util.Arrays.fill(start, 1 / Math.sqrt(5));
        Hits.Result twoBefore = k >= 3 ? Hits.run(g, new Hits.Params(0.01, k - 2)) : null;
        double[] prevA = twoBefore == null ? start : twoBefore.authority();
        double[] prevH = twoBefore == null ? start : twoBefore.hub();
        assertTrue(Math.max(Hits.maxAbsDifference(prevA, before.authority()),
                Hits.maxAbsDifference(prevH, before.hub())) >= 0.01);
    }

    @Test
    void aGraphWithoutLinksHasNoHubsAndNoAuthorities() {
        LinkGraph g = LinkGraph.builder().addNode("A").addNode("B").addNode("C").build();
        Hits.Result r = Hits.run(g, Hits.Params.defaults());
        assertArrayEquals(new double[3], r.authority());
        assertArrayEquals(new double[3], r.hub());
        assertEquals(0, r.iterations());
        assertTrue(r.converged());

        Hits.Result empty = Hits.run(LinkGraph.builder().build(), Hits.Params.defaults());
        assertEquals(0, empty.authority().length);
    }

    @Test
    void selfLinksAndRepeatedLinksAreIgnored() {
        // Only self-links: no link at all.
        LinkGraph selfOnly = LinkGraph.builder().addEdge("A", "A").addEdge("B", "B").build();
        assertEquals(2, selfOnly.size());
        assertEquals(0, selfOnly.edgeCount());
        assertArrayEquals(new double[2], Hits.run(selfOnly, Hits.Params.defaults()).authority());

        // The five pages plus D -> D, C -> C and every link twice: the same graph, the same scores to the bit.
        LinkGraph.Builder b = LinkGraph.builder();
        for (String[] link : FIVE_PAGES) {
            b.addEdge(link[0], link[1]).addEdge(link[0], link[1]);
        }
        LinkGraph noisy = b.addEdge("D", "D").addEdge("C", "C").build();
        assertEquals(8, noisy.edgeCount());
        Hits.Result clean = Hits.run(fivePages(), Hits.Params.defaults());
        Hits.Result r = Hits.run(noisy, Hits.Params.defaults());
        assertArrayEquals(clean.authority(), r.authority(), 0);
        assertArrayEquals(clean.hub(), r.hub(), 0);
    }

    @Test
    void aPageNobodyLinksToHasNoAuthorityAndAPageLinkingNowhereIsNoHub() {
        LinkGraph g = fivePages();
        Hits.Result r = Hits.run(g, Hits.Params.defaults());
        assertEquals(0.0, r.authority()[g.indexOf("A")]);
        assertEquals(0.0, r.hub()[g.indexOf("D")]);
    }

    @Test
    void theSameLinksInAnyOrderGiveTheSameScoresToTheBit() {
        List<String[]> links = new ArrayList<>(List.of(FIVE_PAGES));
        Hits.Result reference = Hits.run(fivePages(), Hits.Params.defaults());
        Random random = new Random(7);
        for (int shuffle = 0; shuffle < 5; shuffle++) {
            Collections.shuffle(links, random);
            LinkGraph.Builder b = LinkGraph.builder();
            links.forEach(l -> b.addEdge(l[0], l[1]));
            Hits.Result r = Hits.run(b.build(), Hits.Params.defaults());
            assertArrayEquals(reference.authority(), r.authority(), 0);
            assertArrayEquals(reference.hub(), r.hub(), 0);
            assertEquals(reference.iterations(), r.iterations());
        }
    }

    @Test
    void theStrongerOfTwoComponentsTakesAllTheWeightAndTheLimitStopsTheIteration() {
        // Component 1: X -> Y (A^T A eigenvalue 1). Component 2: P -> Q, P -> R, S -> Q, S -> R: Q and R share 2
        // in-linkers, A^T A over (Q, R) = [[2, 2], [2, 2]], eigenvalue 4 for (1, 1). Power iteration: after k
        // rounds a(Y) / a(Q) = (1/4)^k * (start ratio 1), so a(Y) -> 0 and a(Q) = a(R) -> 1/sqrt(2).
        // Round 1 by hand: a = sums of h = 1/sqrt(6) over in-links: Y 1, Q 2, R 2, the others 0 (times 1/sqrt(6));
        // normalised, (Y, Q, R) = (1, 2, 2) / 3 since 1 + 4 + 4 = 9: a(Y) = 1/3, a(Q) = 2/3.
        LinkGraph g = LinkGraph.builder().addEdge("X", "Y").addEdge("P", "Q").addEdge("P", "R").addEdge("S", "Q")
                .addEdge("S", "R").build();
        Hits.Result one = Hits.run(g, new Hits.Params(1e-9, 1));
        assertEquals(1 / 3.0, one.authority()[g.indexOf("Y")], TIGHT);
        assertEquals(2 / 3.0, one.authority()[g.indexOf("Q")], TIGHT);

        Hits.Result limited = Hits.run(g, new Hits.Params(1e-9, 3));
        assertEquals(3, limited.iterations());
        assertFalse(limited.converged());

        Hits.Result r = Hits.run(g, new Hits.Params(1e-12, 1000));
        assertTrue(r.converged());
        assertEquals(0, r.authority()[g.indexOf("Y")], 1e-11);
        assertEquals(1 / Math.sqrt(2), r.authority()[g.indexOf("Q")], 1e-11);
        assertEquals(1 / Math.sqrt(2), r.authority()[g.indexOf("R")], 1e-11);
        assertEquals(0, r.hub()[g.indexOf("X")], 1e-11);
        assertEquals(1 / Math.sqrt(2), r.hub()[g.indexOf("P")], 1e-11);
    }

    @Test
    void badParametersAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Hits.Params(0, 10));
        assertThrows(IllegalArgumentException.class, () -> new Hits.Params(-1e-6, 10));
        assertThrows(IllegalArgumentException.class, () -> new Hits.Params(Double.NaN, 10));
        assertThrows(IllegalArgumentException.class, () -> new Hits.Params(1e-6, 0));
        assertEquals(1e-6, Hits.Params.defaults().epsilon());
        assertEquals(100, Hits.Params.defaults().maxIterations());
    }

    @Test
    void theGraphNumbersNodesByNameAndListsLinksInOrder() {
        LinkGraph g = LinkGraph.builder().addEdge("c", "a").addEdge("b", "c").addEdge("b", "a").addNode("d").build();
        assertEquals(List.of("a", "b", "c", "d"), List.of(g.node(0), g.node(1), g.node(2), g.node(3)));
        assertArrayEquals(new int[] {0, 2}, g.outLinks(1));
        assertArrayEquals(new int[] {1, 2}, g.inLinks(0));
        assertEquals(-1, g.indexOf("e"));
        assertEquals(3, g.edgeCount());
        assertThrows(IllegalArgumentException.class, () -> LinkGraph.builder().addEdge("", "a"));
    }
}
