package org.topicstorm.text;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WeightedTermsTest {

    @Test
    void tagWeightedFrequencyIsTheSumOfTagWeightTimesCount() {
        AnalyzedPage page = new AnalyzedPage("u", "en", false, List.of(
                new AnalyzedPage.Part(Tag.TITLE, List.of("cloud", "comput")),
                new AnalyzedPage.Part(Tag.HEADING, List.of("cloud")),
                new AnalyzedPage.Part(Tag.BODY, List.of("cloud", "server", "server"))));
        WeightedTerms wf = page.weightedTerms(new TagWeights(3, 2, 1.5, 1));
        // cloud: 3*1 (title) + 2*1 (heading) + 1*1 (body) = 6; comput: 3*1 = 3; server: 1*2 = 2
        assertEquals(Map.of("cloud", 6.0, "comput", 3.0, "server", 2.0), wf.weights());
        assertEquals(Math.sqrt(36 + 9 + 4), wf.norm(), 1e-12);
        assertEquals(List.of(new WeightedTerms.TermWeight("cloud", 6), new WeightedTerms.TermWeight("comput", 3)),
                wf.top(2));
    }

    @Test
    void cosineDotAndRestriction() {
        WeightedTerms a = new WeightedTerms(Map.of("x", 1.0, "y", 2.0, "z", 0.0));
        WeightedTerms b = new WeightedTerms(Map.of("y", 3.0, "w", 4.0));
        assertEquals(2, a.size()); // the zero weight is left out
        // dot = 2*3 = 6; |a| = sqrt(5), |b| = 5; cos = 6 / (5 sqrt 5) = 0.536656...
        assertEquals(6.0, a.dot(b), 0);
        assertEquals(6 / (5 * Math.sqrt(5)), a.cosine(b), 1e-12);
        assertEquals(0.0, a.cosine(WeightedTerms.EMPTY));
        assertEquals(Map.of("y", 2.0), a.restrictedTo(Set.of("y", "w")).weights());
        assertEquals(1.0, a.unit().norm(), 1e-12);
    }

    @Test
    void topBreaksTiesByTermAndRejectsBadWeights() {
        WeightedTerms t = new WeightedTerms(Map.of("b", 1.0, "a", 1.0, "c", 2.0));
        assertEquals(List.of("c", "a", "b"), t.top(5).stream().map(WeightedTerms.TermWeight::term).toList());
        assertThrows(IllegalArgumentException.class, () -> new WeightedTerms(Map.of("x", Double.NaN)));
        assertThrows(IllegalArgumentException.class, () -> new TagWeights(1, -1, 1, 1));
    }
}
