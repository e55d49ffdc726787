package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.text.TagWeights;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.relevance.ModelTestSupport.ANALYZER;
import static org.topicstorm.relevance.ModelTestSupport.body;

class SeedSetModelTest {

    private static final double EPS = 1e-12;

    /** Seeds "a b" and "a c": N = 2, df = (a 2, b 1, c 1). */
    private static SeedSetState seeds() {
        return SeedSetModel.initialState(List.of(body("s1", "a", "b"), body("s2", "a", "c")), TagWeights.UNIFORM, 10);
    }

    private static SeedSetModel model(SeedSetState state, double join, int maxSize, boolean learning) {
        return new SeedSetModel(state, ANALYZER, TagWeights.UNIFORM, 0.3, join, maxSize, 10, 1, learning);
    }

    private static double cos(double[] x, double[] y) {
        double dot = 0;
        double xx = 0;
        double yy = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            xx += x[i] * x[i];
            yy += y[i] * y[i];
        }
        return dot / Math.sqrt(xx * yy);
    }

    @Test
    void scoreIsTheMeanCosineToTheSeedsInTfIdf() {
        SeedSetState s = seeds();
        assertEquals(2, s.documents());
        assertEquals(Map.of("a", 2L, "b", 1L, "c", 1L), s.df());
        // idf = ln((N+1)/(df+1)) + 1: a = ln(3/3) + 1 = 1; b = c = ln(3/2) + 1 = 1.405465; unseen d = ln 3 + 1.
        double ia = 1;
        double ib = Math.log(1.5) + 1;
        double id = Math.log(3) + 1;
        // Over the terms (a, b, c, d): page "a b d" = (ia, ib, 0, id); s1 = (ia, ib, 0, 0); s2 = (ia, 0, ib, 0).
        double[] p = {ia, ib, 0, id};
        double expected = (cos(p, new double[] {ia, ib, 0, 0}) + cos(p, new double[] {ia, 0, ib, 0})) / 2;
        Relevance r = model(s, 0.4, 3, false).score(body("p", "a", "b", "d"));
        assertEquals(expected, r.score(), EPS);
        assertEquals(0.4242, r.score(), 1e-4); // (0.63496 + 0.21341) / 2
        assertTrue(r.relevant());
        assertEquals(r.score(), r.topTerms().stream().mapToDouble(Relevance.TermContribution::contribution).sum(), EPS);
    }

    @Test
    void theWriterCountsDocumentsUpdatesIdfAndAddsPagesAboveTheJoinThreshold() {
        SeedSetModel m = model(seeds(), 0.4, 3, true);
        m.score(body("p", "a", "b", "d")); // 0.4242 >= 0.4: joins
        SeedSetState s = m.state();
        // N = 3; df: a 3, b 2 (the page has them), c 1; d is new vocabulary, counted from this page: 1.
        assertEquals(3, s.documents());
        assertEquals(Map.of("a", 3L, "b", 2L, "c", 1L, "d", 1L), s.df());
        assertEquals(List.of("s1", "s2", "p"), s.seeds().stream().map(SeedSetState.SeedPage::url).toList());

        // The next page is scored with the new IDF: N = 3, a: ln(4/4)+1 = 1, b: ln(4/3)+1, c, d: ln(4/2)+1.
        double ia = 1;
        double ib = Math.log(4.0 / 3) + 1;
        double ic = Math.log(2) + 1;
        double id = Math.log(2) + 1;
        // Over (a, b, c, d): page "c d" = (0, 0, ic, id); seeds s1 (ia, ib, 0, 0), s2 (ia, 0, ic, 0), p (ia, ib, 0, id)
        double[] q = {0, 0, ic, id};
        double expected = (cos(q, new double[] {ia, ib, 0, 0}) + cos(q, new double[] {ia, 0, ic, 0})
                + cos(q, new double[] {ia, ib, 0, id})) / 3;
        Relevance r = m.score(body("q", "c", "d"));
        assertEquals(expected, r.score(), EPS);
        // expected = (0 + 0.4082... + 0.4082...) / 3 < 0.4: q does not join
        assertFalse(r.score() >= 0.4);
        assertEquals(3, m.state().seeds().size());
        assertEquals(4, m.state().documents());
    }

    @Test
    void aFullSetReplacesTheOldestJoinedPageAndKeepsTheOriginals() {
        SeedSetModel m = model(seeds(), 0.0, 3, true);
        m.score(body("p1", "a", "b"));
        m.score(body("p2", "a", "c"));
        m.score(body("p2", "a", "c")); // already in the set: does not join twice
        assertEquals(List.of("s1", "s2", "p2"), m.state().seeds().stream().map(SeedSetState.SeedPage::url).toList());
        assertEquals(2, m.state().original());
        assertEquals(5, m.state().documents());
    }

    @Test
    void aReaderNeitherCountsNorJoins() {
        SeedSetModel m = model(seeds(), 0.0, 3, false);
        m.score(body("p", "a", "b"));
        assertEquals(seeds(), m.state());
        assertEquals(0, m.changes());
    }
}
