package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.TagWeights;
import org.topicstorm.topic.RelevanceSettings.Model;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageClassifierTest {

    private static final double EPS = 1e-12;
    private static final Topic TOPIC = TopicLoader.fromString("""
            name: t
            languages: [en]
            keywords: {cloud: 1.0, kubernetes: 2.0}
            seeds: [https://example.org/]
            threshold: 0.5
            relevance: {model: classifier}
            """, "t.yaml");

    private static ParsedPage page(String text) {
        return new ParsedPage("https://example.org/p", "", List.of(), text, text, List.of(), 0, PageType.TOPIC,
                "UTF-8", "en");
    }

    private static PageClassifier classifier(PageClassifier.State state) {
        TermModel keywords = new WeightedKeywordModel(TOPIC, RelevanceModels.analyzer(TOPIC));
        return new PageClassifier(List.of(new PageClassifier.Feature(Model.KEYWORDS, keywords)), TagWeights.UNIFORM,
                50, false, TOPIC.threshold(), 0.5, state);
    }

    @Test
    void untrainedItScoresAsItsFirstFeatureModelAndKeepsTheFeatures() {
        PageClassifier c = classifier(PageClassifier.State.UNTRAINED);
        ParsedPage p = page("Cloud and Kubernetes in the cloud.");
        Relevance keywords = new WeightedKeywordModel(TOPIC, RelevanceModels.analyzer(TOPIC)).score(p);
        Relevance r = c.score(p);
        assertFalse(c.trained());
        assertEquals(keywords.score(), r.score(), EPS);
        assertEquals(keywords.relevant(), r.relevant());
        assertEquals(keywords.topTerms(), r.topTerms());
        assertEquals(0.5, c.threshold(), EPS);
        // features: the model's score; the terms (uniform tag weights, stemmed): cloud 2, kubernet 1 -> over the
        // length sqrt(5): 2/sqrt(5), 1/sqrt(5)
        assertEquals(keywords.score(), r.features().get("m:keywords"), EPS);
        assertEquals(2 / Math.sqrt(5), r.features().get("t:cloud"), EPS);
        assertEquals(1 / Math.sqrt(5), r.features().get("t:kubernet"), EPS);
        assertEquals(3, r.features().size());
    }

    @Test
    void trainedItGivesTheProbabilityAndExplainsItByItsFeatures() {
        PageClassifier c = classifier(new PageClassifier.State(1, 10, 12, 5, -1.0,
                Map.of("m:keywords", 4.0, "t:cloud", 1.0, "t:other", 3.0)));
        Relevance r = c.score(page("Cloud and Kubernetes in the cloud."));
        double s = r.features().get("m:keywords");
        double z = -1.0 + 4.0 * s + 1.0 * (2 / Math.sqrt(5));
        assertEquals(1 / (1 + Math.exp(-z)), r.score(), EPS);
        assertEquals(r.score() >= 0.5, r.relevant());
        assertEquals("m:keywords", r.topTerms().get(0).term());
        assertEquals(4.0 * s, r.topTerms().get(0).contribution(), EPS);
        assertEquals("t:cloud", r.topTerms().get(1).term());
        assertEquals(2, r.topTerms().size()); // t:other is not on the page
        assertEquals(0.5, c.threshold(), EPS);
        assertEquals(r.score(), c.probability(r.features()), EPS);
    }

    @Test
    void learnsFromExamplesAndCountsItsVersions() {
        PageClassifier c = classifier(PageClassifier.State.UNTRAINED);
        List<SparseLogistic.Example> examples = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            examples.add(new SparseLogistic.Example(Map.of("m:keywords", 0.9, "t:cloud", 0.7), 1));
            examples.add(new SparseLogistic.Example(Map.of("m:keywords", 0.4, "t:menu", 0.9), 0));
        }
        long before = c.changes();
        PageClassifier.State s = c.train(examples, 20);
        assertEquals(1, s.version());
        assertEquals(20, s.examples());
        assertEquals(10, s.positives());
        assertTrue(c.trained());
        assertEquals(before + 1, c.changes());
        assertTrue(c.probability(Map.of("m:keywords", 0.9, "t:cloud", 0.7)) > 0.8);
        assertTrue(c.probability(Map.of("m:keywords", 0.4, "t:menu", 0.9)) < 0.2);
        assertEquals(2, c.train(examples, 20).version());
    }

    @Test
    void theUrlsWordsAndHostAreFeaturesWhenAsked() {
        TermModel keywords = new WeightedKeywordModel(TOPIC, RelevanceModels.analyzer(TOPIC));
        PageClassifier c = new PageClassifier(List.of(new PageClassifier.Feature(Model.KEYWORDS, keywords)),
                TagWeights.UNIFORM, 50, true, TOPIC.threshold(), 0.5, PageClassifier.State.UNTRAINED);
        ParsedPage p = new ParsedPage("https://Docs.example.org/en-US/text/scalc/01/1234567.html", "", List.of(),
                "cloud", "cloud", List.of(), 0, PageType.HUB, "UTF-8", "en");
        Map<String, Double> f = c.score(p).features();
        // path words (the 7-digit number is an id: left out), the host in lower case, the hub flag
        for (String k : List.of("u:en", "u:us", "u:text", "u:scalc", "u:01", "h:docs.example.org", "type:hub")) {
            assertEquals(1.0, f.get(k), k);
        }
        assertFalse(f.containsKey("u:1234567"));
    }

    @Test
    void itCanBeOneModelOfACombinationAndLearnsThere() {
        Topic t = TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {cloud: 1.0, kubernetes: 2.0}
                seeds: [https://example.org/]
                threshold: 0.5
                relevance:
                  model: combination
                  combination: {keywords: 1, classifier: 3}
                  classifier: {features: [keywords], url-words: false}
                """, "t.yaml");
        ParsedPage p = page("Cloud and Kubernetes in the cloud.");
        RelevanceModels.Built built = RelevanceModels.withSeedPages(t, List.of(p), false);
        assertTrue(built.model() instanceof CombinedModel);
        assertTrue(built.classifier() != null);
        double keywords = new WeightedKeywordModel(t, RelevanceModels.analyzer(t)).score(p).score();
        // untrained, the classifier scores as its prior (the keyword model): (1 k + 3 k) / 4 = k
        assertEquals(keywords, built.score(p).score(), EPS);
        built.classifier().state(new PageClassifier.State(1, 1, 1, 1, 0.0, Map.of("m:keywords", 2.0)));
        double prob = 1 / (1 + Math.exp(-2.0 * keywords));
        assertEquals((keywords + 3 * prob) / 4, built.score(p).score(), EPS);
    }
}
