package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.text.TagWeights;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.relevance.ModelTestSupport.ANALYZER;
import static org.topicstorm.relevance.ModelTestSupport.body;

class CentroidModelTest {

    private static final double EPS = 1e-12;
    private static final double R2 = Math.sqrt(2);
    private static final double R3 = Math.sqrt(3);
    private static final double R5 = Math.sqrt(5);

    /**
     * Seed 1 = "a a b": v1 = (a 2, b 1), |v1| = sqrt 5. Seed 2 = "a c": v2 = (a 1, c 1), |v2| = sqrt 2.
     * Feature scores = sum of unit vectors: a = 2/sqrt5 + 1/sqrt2 = 1.60 , b = 1/sqrt5 = 0.447, c = 1/sqrt2 = 0.707.
     * K = 2: features a, c. s1 = (a 2/sqrt5), s2 = (a 1/sqrt2, c 1/sqrt2).
     * M = mean = (a (2/sqrt5 + 1/sqrt2) / 2, c 1/(2 sqrt2)).
     */
    private static CentroidState seeds() {
        return CentroidModel.initialState(List.of(body("s1", "a", "a", "b"), body("s2", "a", "c")),
                TagWeights.UNIFORM, 2);
    }

    private static final double MA = (2 / R5 + 1 / R2) / 2;
    private static final double MC = 1 / (2 * R2);

    @Test
    void initialStateSelectsTheTopKFeaturesAndAveragesTheSeeds() {
        CentroidState s = seeds();
        assertEquals(List.of("a", "c"), s.features());
        assertEquals(2 / R5, s.seeds().get(0).get("a"), EPS);
        assertEquals(Map.of("a", 2 / R5).keySet(), s.seeds().get(0).keySet());
        assertEquals(MA, s.centroid().get("a"), EPS);
        assertEquals(MC, s.centroid().get("c"), EPS);
        assertEquals(0, s.updates());
    }

    @Test
    void scoreIsTheCosineToTheCentroidWithThePagesFullNorm() {
        // Page "a c d": v = (1, 1, 1), |v| = sqrt 3 (d is no feature but counts in the norm).
        // cos = (1*MA + 1*MC) / (sqrt3 * sqrt(MA^2 + MC^2)) = 0.76136...
        CentroidModel model = new CentroidModel(seeds(), ANALYZER, TagWeights.UNIFORM, 0.5, 0.5, false);
        Relevance r = model.score(body("p", "a", "c", "d"));
        double expected = (MA + MC) / (R3 * Math.sqrt(MA * MA + MC * MC));
        assertEquals(expected, r.score(), EPS);
        assertEquals(0.7614, r.score(), 1e-4);
        assertTrue(r.relevant());
        assertEquals(List.of("a", "c"), r.topTerms().stream().map(Relevance.TermContribution::term).toList());
        assertEquals(r.score(), r.topTerms().get(0).contribution() + r.topTerms().get(1).contribution(), EPS);
        // A reader never moves the centroid.
        assertEquals(seeds(), model.state());
        assertEquals(0, model.changes());
    }

    @Test
    void aPageCloseToASeedMovesTheCentroid() {
        CentroidModel model = new CentroidModel(seeds(), ANALYZER, TagWeights.UNIFORM, 0.5, 0.5, true);
        // cos(v, s2) = (1/sqrt2 + 1/sqrt2) / (sqrt3 * 1) = sqrt(2/3) = 0.816 > 0.5: update with n = 2, U = 0:
        // v' = v on the features / |v| = (a 1/sqrt3, c 1/sqrt3); M' = (2 M + v') / 3.
        model.score(body("p", "a", "c", "d"));
        CentroidState s = model.state();
        assertEquals(1, s.updates());
        assertEquals((2 * MA + 1 / R3) / 3, s.centroid().get("a"), EPS);
        assertEquals((2 * MC + 1 / R3) / 3, s.centroid().get("c"), EPS);
        assertEquals(1, model.changes());
        // Second update: n + U = 3: M'' = (3 M' + v') / 4 for the same page.
        model.score(body("p", "a", "c", "d"));
        assertEquals((3 * ((2 * MA + 1 / R3) / 3) + 1 / R3) / 4, model.state().centroid().get("a"), EPS);
        assertEquals(2, model.state().updates());
    }

    @Test
    void aPageFarFromEverySeedLeavesTheCentroidAlone() {
        CentroidModel model = new CentroidModel(seeds(), ANALYZER, TagWeights.UNIFORM, 0.5, 0.5, true);
        // "a d d d": v = (a 1, d 3), |v| = sqrt 10; cos(v, s1) = (2/sqrt5) / (sqrt10 * 2/sqrt5) = 0.316 <= 0.5,
        // cos(v, s2) = (1/sqrt2) / (sqrt10 * 1) = 0.224: no update.
        Relevance r = model.score(body("p", "a", "d", "d", "d"));
        assertEquals(MA / (Math.sqrt(10) * Math.sqrt(MA * MA + MC * MC)), r.score(), EPS);
        assertFalse(r.relevant());
        assertEquals(0, model.state().updates());
        assertEquals(0.0, model.score(body("q", "x")).score());
        assertEquals(0.0, model.score(body("empty")).score());
    }

    @Test
    void seedPagesWithoutTextAreAnError() {
        assertThrows(IllegalArgumentException.class,
                () -> CentroidModel.initialState(List.of(body("s")), TagWeights.UNIFORM, 5));
    }
}
