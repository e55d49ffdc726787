package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.TagWeights;
import org.topicstorm.topic.RelevanceSettings;
import org.topicstorm.topic.Topic;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.support.Pages.page;
import static org.topicstorm.support.Pages.topic;

class WeightedKeywordModelTest {

    private static final double EPS = 1e-12;

    /** D = (cloud 1, kubernetes 2). */
    private static final Topic CLOUD = topic(Map.of("cloud", 1.0, "kubernetes", 2.0), 0.5);

    @Test
    void thePapersCosine() {
        // a = (cloud 2, kubernetes 1) -> x = (1, 0.5), T = (1*1, 0.5*2) = (1, 1), D = (1, 2)
        // cos = (1*1 + 1*2) / (sqrt(2) * sqrt(5)) = 3 / sqrt(10) = 0.9486832980505138
        Relevance r = new WeightedKeywordModel(CLOUD).score(page("Cloud and Kubernetes in the cloud."));

        assertEquals(3 / Math.sqrt(10), r.score(), EPS);
        assertEquals(0.9487, r.score(), 1e-4);
        assertTrue(r.relevant());
        // Shares x_i*w_i*w_i / (|T||D|): kubernetes 0.5*2*2 / sqrt(10) = 2/sqrt(10), cloud 1*1*1 / sqrt(10).
        assertEquals(List.of("kubernetes", "cloud"), terms(r));
        assertEquals(2 / Math.sqrt(10), r.topTerms().get(0).contribution(), EPS);
        assertEquals(1 / Math.sqrt(10), r.topTerms().get(1).contribution(), EPS);
        assertEquals(r.score(), r.topTerms().get(0).contribution() + r.topTerms().get(1).contribution(), EPS);
    }

    @Test
    void titleAndHeadingsAreCountedWithTheirTagWeights() {
        // Default tag weights: title 3, heading 2. Title "Cloud" + heading "Kubernetes" + empty text:
        // a = (3, 2), x = (1, 2/3), T = (1, 4/3), D = (1, 2); T.D = 1 + 8/3 = 11/3; |T| = sqrt(1 + 16/9) = 5/3;
        // cos = (11/3) / (5/3 * sqrt(5)) = 11 / (5 sqrt(5)) = 0.98386991...
        Relevance r = new WeightedKeywordModel(CLOUD).score(page("Cloud", List.of("Kubernetes"), ""));
        assertEquals(11 / (5 * Math.sqrt(5)), r.score(), EPS);
    }

    @Test
    void withUniformTagWeightsTheCountIsThePapersPlainCount() {
        // Title "Cloud" + heading "Kubernetes": a = (1, 1), x = (1, 1), T = (1, 2) = D, cos = 1.
        Topic t = new Topic("test", List.of("en"), Map.of("cloud", 1.0, "kubernetes", 2.0),
                List.of("https://example.org/"), 0.5, Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, Topic.Limits.NONE,
                null, new RelevanceSettings(RelevanceSettings.Model.KEYWORDS, Map.of(), true,
                org.topicstorm.text.ChineseSegmenter.DEFAULT, 0.6,
                TagWeights.UNIFORM, RelevanceSettings.DEFAULT_KEYWORD_DENSITY, null, RelevanceSettings.Centroid.DEFAULT, RelevanceSettings.SeedSet.DEFAULT,
                RelevanceSettings.Word2Vec.DEFAULT, null, null));
        assertEquals(1.0, new WeightedKeywordModel(t).score(page("Cloud", List.of("Kubernetes"), "")).score(), EPS);
    }

    @Test
    void stemmingMatchesOtherFormsAndMergesKeywordsOfOneStem() {
        // "clouds" and "clouding" count for "cloud"; "Kubernetes" for "kubernetes": a = (2, 1) as in thePapersCosine.
        assertEquals(3 / Math.sqrt(10),
                new WeightedKeywordModel(CLOUD).score(page("Clouds and Kubernetes, clouding.")).score(), EPS);
        // "server" and "servers" have one stem: one dimension of weight max(1, 0.5) = 1, named "server".
        // D = (server 1, rack 1); the page has both once: T = D, cos = 1.
        Topic t = topic(Map.of("server", 1.0, "servers", 0.5, "rack", 1.0), 0.5);
        Relevance r = new WeightedKeywordModel(t).score(page("servers in a rack"));
        assertEquals(1.0, r.score(), EPS);
        assertEquals(List.of("rack", "server"), terms(r));
    }

    @Test
    void aPhraseDoesNotSpanTitleAndHeading() {
        Topic t = topic(Map.of("cloud computing", 1.0), 0.5);
        Relevance r = new WeightedKeywordModel(t).score(page("Why cloud", List.of("Computing today"), "nothing"));
        assertEquals(0.0, r.score());
    }

    @Test
    void hubPagesAreScoredOnTheirAnchorTexts() {
        // Own text "cloud cloud" is ignored for a hub page; anchors give a = (0, 1): x = (0, 1), T = (0, 2),
        // cos = (0*1 + 2*2) / (2 * sqrt(5)) = 2 / sqrt(5) = 0.894427...
        ParsedPage hub = new ParsedPage("https://example.org/", "", List.of(), "cloud cloud Kubernetes", "cloud cloud",
                List.of(new Outlink("https://example.org/k", "Kubernetes", "")), 0.7, PageType.HUB, "UTF-8", "en");
        assertEquals(2 / Math.sqrt(5), new WeightedKeywordModel(CLOUD).score(hub).score(), EPS);
    }

    @Test
    void chinese() {
        // a = (食品安全 2, 农药残留 1) -> x = (1, 0.5), T = (1, 0.5), D = (1, 1)
        // cos = (1 + 0.5) / (sqrt(1.25) * sqrt(2)) = 1.5 / sqrt(2.5) = 0.9486832980505138
        Topic food = topic(Map.of("食品安全", 1.0, "农药残留", 1.0), 0.25);
        Relevance r = new WeightedKeywordModel(food).score(page("加强食品安全监管，食品安全无小事。农药残留"));
        assertEquals(1.5 / Math.sqrt(2.5), r.score(), EPS);
        assertEquals(List.of("食品安全", "农药残留"), terms(r));
    }

    @Test
    void noKeywordScoresZero() {
        Relevance r = new WeightedKeywordModel(CLOUD).score(page("Nothing about the topic."));
        assertEquals(0.0, r.score());
        assertFalse(r.relevant());
        assertEquals(List.of(), r.topTerms());
    }

    @Test
    void missingPartsAreEmpty() {
        ParsedPage nulls = new ParsedPage("https://example.org/", null, List.of(), null, null, List.of(), 0.0,
                PageType.TOPIC, "UTF-8", "");
        assertEquals(0.0, new WeightedKeywordModel(CLOUD).score(nulls).score());
    }

    @Test
    void aScoreEqualToTheThresholdIsRelevant() {
        // D = (1, 1), a = (1, 0): T = (1, 0), cos = 1 / (1 * sqrt(2)) = 1/sqrt(2) = 0.7071067811865475
        Map<String, Double> keywords = Map.of("cloud", 1.0, "kubernetes", 1.0);
        double r = 1 / Math.sqrt(2);
        Relevance at = new WeightedKeywordModel(topic(keywords, r)).score(page("cloud"));
        Relevance below = new WeightedKeywordModel(topic(keywords, Math.nextUp(r))).score(page("cloud"));

        assertEquals(r, at.score());
        assertTrue(at.relevant());
        assertFalse(below.relevant());
    }

    /** n words that are neither keywords nor stop words. */
    private static String filler(int n) {
        return " filler".repeat(n);
    }

    @Test
    void aSparsePageKeepsTheSquareRootOfItsShareOfTheFullDensity() {
        // "kubernetes" once among 100 terms: a = (0, 1), cos = 2 / sqrt(5) (as the hub page above);
        // density = (w_kubernetes / w_max) * 1 / 100 = 0.01, factor sqrt(0.01 / 0.02) = sqrt(0.5)
        Relevance r = new WeightedKeywordModel(CLOUD).score(page("kubernetes" + filler(99)));
        assertEquals(2 / Math.sqrt(5) * Math.sqrt(0.5), r.score(), EPS);
        assertEquals(0.6325, r.score(), 1e-4);
        // the explanation's shares still sum to the score
        assertEquals(r.score(), r.topTerms().get(0).contribution(), EPS);
        // "cloud" weighs half of "kubernetes": density = 0.5 * 1 / 100 = 0.005, factor sqrt(0.25) = 0.5;
        // a = (1, 0), cos = 1 / sqrt(5)
        assertEquals(1 / Math.sqrt(5) * 0.5,
                new WeightedKeywordModel(CLOUD).score(page("cloud" + filler(99))).score(), EPS);
    }

    @Test
    void theDensityCountsTermsWithTheirTagWeights() {
        // title "Kubernetes" (weight 3) over 147 body terms: a = (0, 3), terms = 3 * 1 + 147 = 150,
        // density = 3 / 150 = 0.02: the full density, factor 1, the cosine 2 / sqrt(5) unchanged
        Relevance full = new WeightedKeywordModel(CLOUD).score(page("Kubernetes", List.of(), filler(147).strip()));
        assertEquals(2 / Math.sqrt(5), full.score(), EPS);
        // one body term more: density = 3 / 151, factor sqrt(3 / 151 / 0.02) = sqrt(150 / 151)
        Relevance less = new WeightedKeywordModel(CLOUD).score(page("Kubernetes", List.of(), filler(148).strip()));
        assertEquals(2 / Math.sqrt(5) * Math.sqrt(150.0 / 151), less.score(), EPS);
    }

    @Test
    void theFactorScalesEveryKeywordsShareOfTheExplanation() {
        // "cloud kubernetes" among 100 terms: a = (1, 1), x = (1, 1), T = (1, 2) = D, cos = 1, shares cloud 1/5 and
        // kubernetes 4/5; density = (0.5 * 1 + 1 * 1) / 100 = 0.015, factor sqrt(0.015 / 0.02) = sqrt(0.75)
        Relevance r = new WeightedKeywordModel(CLOUD).score(page("cloud kubernetes" + filler(98)));
        double factor = Math.sqrt(0.75);
        assertEquals(factor, r.score(), EPS);
        assertEquals(List.of("kubernetes", "cloud"), terms(r));
        assertEquals(0.8 * factor, r.topTerms().get(0).contribution(), EPS);
        assertEquals(0.2 * factor, r.topTerms().get(1).contribution(), EPS);
    }

    @Test
    void aHubPagesDensityIsCountedOnItsAnchorTexts() {
        // read through its anchors (tag weight 1.5): "Kubernetes" and 99 filler words, terms = 100 * 1.5,
        // keyword mass = 1 * 1.5, density 0.01, factor sqrt(0.5); its own text (all keywords) does not count
        ParsedPage hub = new ParsedPage("https://example.org/", "", List.of(), "cloud cloud Kubernetes", "cloud cloud",
                List.of(new Outlink("https://example.org/k", "Kubernetes", ""),
                        new Outlink("https://example.org/f", filler(99).strip(), "")),
                0.7, PageType.HUB, "UTF-8", "en");
        assertEquals(2 / Math.sqrt(5) * Math.sqrt(0.5), new WeightedKeywordModel(CLOUD).score(hub).score(), EPS);
    }

    @Test
    void aSparsePageCanFallBelowTheThresholdAndTheFactorCanBeTurnedOff() {
        // threshold 0.7: the cosine 2 / sqrt(5) = 0.894 is above it, 0.632 with the factor is not
        Topic topic = topic(Map.of("cloud", 1.0, "kubernetes", 2.0), 0.7);
        String sparse = "kubernetes" + filler(99);
        assertFalse(new WeightedKeywordModel(topic).score(page(sparse)).relevant());
        Topic off = new Topic("test", List.of("en"), topic.keywords(), topic.seeds(), 0.7, Topic.Strategy.BEST_FIRST,
                Topic.Focus.SOFT, Topic.Limits.NONE, null, new RelevanceSettings(RelevanceSettings.Model.KEYWORDS,
                Map.of(), true, org.topicstorm.text.ChineseSegmenter.DEFAULT, 0.6, TagWeights.DEFAULT, 0, null,
                RelevanceSettings.Centroid.DEFAULT, RelevanceSettings.SeedSet.DEFAULT, RelevanceSettings.Word2Vec.DEFAULT,
                null, null));
        Relevance plain = new WeightedKeywordModel(off).score(page(sparse));
        assertEquals(2 / Math.sqrt(5), plain.score(), EPS);
        assertTrue(plain.relevant());
    }

    @Test
    void anchorScore() {
        WeightedKeywordModel model = new WeightedKeywordModel(CLOUD);
        // "Kubernetes docs": a = (0, 1), the same 2/sqrt(5) as the hub page above.
        assertEquals(2 / Math.sqrt(5), model.anchorScore("Kubernetes docs"), EPS);
        // "cloud": a = (1, 0), T = (1, 0), cos = 1 / sqrt(5) = 0.447...
        assertEquals(1 / Math.sqrt(5), model.anchorScore("cloud"), EPS);
        assertEquals(0.0, model.anchorScore(""));
        assertEquals(0.0, model.anchorScore(null));
    }

    private static List<String> terms(Relevance r) {
        return r.topTerms().stream().map(Relevance.TermContribution::term).toList();
    }
}
