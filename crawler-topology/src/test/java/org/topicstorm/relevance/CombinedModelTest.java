package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.text.TagWeights;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.relevance.ModelTestSupport.ANALYZER;
import static org.topicstorm.relevance.ModelTestSupport.body;

class CombinedModelTest {

    private static final double EPS = 1e-12;

    @Test
    void theScoreIsTheWeightedMeanOfTheComponents() {
        // Keywords D = (a 1, b 1); page "a a c": a = (2, 0), x = (1, 0), cos = 1 / sqrt 2.
        WeightedKeywordModel keywords =
                new WeightedKeywordModel(Map.of("a1", 1.0, "b1", 1.0), 0.5, TagWeights.UNIFORM, ANALYZER, "en");
        // Centroid of one seed "a c": features (a, c), M = (1/sqrt2, 1/sqrt2); page v = (a 2, c 1), |v| = sqrt 5:
        // cos = (2 + 1) / sqrt2 / (sqrt5 * 1) = 3 / sqrt 10.
        CentroidModel centroid = new CentroidModel(
                CentroidModel.initialState(List.of(body("s", "a1", "c1")), TagWeights.UNIFORM, 10),
                ANALYZER, TagWeights.UNIFORM, 0.5, 0.5, false);
        CombinedModel combined = new CombinedModel(
                List.of(new CombinedModel.Part(keywords, 3), new CombinedModel.Part(centroid, 1)), 0.5);
        org.topicstorm.parse.ParsedPage page = org.topicstorm.support.Pages.page("a1 a1 c1");
        assertEquals(1 / Math.sqrt(2), keywords.score(page).score(), EPS);
        assertEquals(3 / Math.sqrt(10), centroid.score(page).score(), EPS);
        // (3 * 0.70711 + 1 * 0.94868) / 4 = 0.76750
        Relevance r = combined.score(page);
        assertEquals((3 / Math.sqrt(2) + 3 / Math.sqrt(10)) / 4, r.score(), EPS);
        assertTrue(r.relevant());
        // Shares add up: a1 from both models, c1 from the centroid.
        assertEquals(r.score(), r.topTerms().stream().mapToDouble(Relevance.TermContribution::contribution).sum(),
                EPS);
    }

    @Test
    void eachDistinctAnalyzerReadsThePageAndWeightsMustBePositive() {
        // "Clouds": the stemming model finds "cloud"; the plain one only "clouds". Each component sees its own
        // analysis: both score 1, so the combination scores 1.
        org.topicstorm.text.PageAnalyzer stemming = new org.topicstorm.text.PageAnalyzer(
                new org.topicstorm.text.TextAnalyzer(true), new org.topicstorm.text.TextSelection(0.6), List.of("en"));
        WeightedKeywordModel a = new WeightedKeywordModel(Map.of("cloud", 1.0), 0.5, TagWeights.UNIFORM, stemming, "en");
        WeightedKeywordModel b = new WeightedKeywordModel(Map.of("clouds", 1.0), 0.5, TagWeights.UNIFORM, ANALYZER, "en");
        CombinedModel both = new CombinedModel(List.of(new CombinedModel.Part(a, 1), new CombinedModel.Part(b, 1)), 0.5);
        assertEquals(1.0, both.score(org.topicstorm.support.Pages.page("Clouds")).score(), EPS);
        assertThrows(IllegalArgumentException.class, () -> new CombinedModel.Part(a, 0));
    }
}
