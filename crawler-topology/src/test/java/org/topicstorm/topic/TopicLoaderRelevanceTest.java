package org.topicstorm.topic;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.text.TagWeights;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.topicstorm.text.ChineseSegmenter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TopicLoaderRelevanceTest {

    private static final String HEAD = """
            name: t
            languages: [en]
            keywords: {cloud: 1.0}
            seeds: [https://example.org/]
            """;

    @Test
    void withoutTheSectionTheTopicUsesWeightedKeywordsWithTheDefaults() {
        Topic t = TopicLoader.fromString(HEAD, "t.yaml");
        assertSame(RelevanceSettings.DEFAULT, t.relevance());
        assertEquals(RelevanceSettings.Model.KEYWORDS, t.relevance().model());
        assertEquals(TagWeights.DEFAULT, t.relevance().tagWeights());
        assertEquals(0.02, t.relevance().keywordDensity());
    }

    @Test
    void aSectionWithoutTheKeywordDensityKeepsTheDefaultAndZeroTurnsItOff() {
        Topic other = TopicLoader.fromString(HEAD + "relevance: {hub-share: 0.7}\n", "t.yaml");
        assertEquals(0.02, other.relevance().keywordDensity());
        Topic off = TopicLoader.fromString(HEAD + "relevance: {keyword-density: 0}\n", "t.yaml");
        assertEquals(0.0, off.relevance().keywordDensity());
    }

    @Test
    void everyFieldIsRead(@TempDir Path dir) throws IOException {
        Files.createDirectory(dir.resolve("seed-html"));
        Files.writeString(dir.resolve("vectors.txt"), "1 1\na 0.5\n");
        Path file = dir.resolve("t.yaml");
        Files.writeString(file, HEAD + """
                relevance:
                  model: combination
                  combination: {keywords: 0.5, centroid: 0.3, seed-set: 0.2, word2vec: 1}
                  stemming: false
                  hub-share: 0.7
                  tag-weights: {title: 4, heading: 3, anchor: 2, body: 0.5}
                  keyword-density: 0.05
                  seed-pages: seed-html
                  centroid: {features: 50, update-similarity: 0.4}
                  seed-set: {max-size: 20, join-threshold: 0.6, terms: 100}
                  word2vec: {vectors: vectors.txt, page-words: 15}
                """);
        RelevanceSettings r = TopicLoader.load(file).relevance();
        assertEquals(RelevanceSettings.Model.COMBINATION, r.model());
        assertEquals(Map.of(RelevanceSettings.Model.KEYWORDS, 0.5, RelevanceSettings.Model.CENTROID, 0.3,
                RelevanceSettings.Model.SEED_SET, 0.2, RelevanceSettings.Model.WORD2VEC, 1.0), r.combination());
        assertEquals(false, r.stemming());
        assertEquals(0.7, r.hubShare());
        assertEquals(new TagWeights(4, 3, 2, 0.5), r.tagWeights());
        assertEquals(0.05, r.keywordDensity());
        assertEquals(dir.toAbsolutePath().resolve("seed-html"), r.seedPages());
        assertEquals(new RelevanceSettings.Centroid(50, 0.4), r.centroid());
        assertEquals(new RelevanceSettings.SeedSet(20, 0.6, 100), r.seedSet());
        assertEquals(new RelevanceSettings.Word2Vec(dir.toAbsolutePath().resolve("vectors.txt"), 15), r.word2vec());
    }

    @Test
    void everyProblemIsReportedWithFileAndField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, HEAD + """
                relevance:
                  model: magic
                  combination: {keywords: 1}
                  stemming: yes please
                  hub-share: 1.5
                  tag-weights: {title: -1, footer: 1}
                  keyword-density: 2
                  seed-pages: missing-dir
                  centroid: {features: 0, update-similarity: 2}
                  seed-set: {max-size: 1.5, join-threshold: x}
                  word2vec: {page-words: 0}
                  colour: red
                """);
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.load(file));
        String f = file.toString();
        assertEquals(List.of(
                f + ": field 'relevance.colour': unknown field; allowed fields are: model, combination, stemming, segmenter, "
                        + "hub-share, tag-weights, keyword-density, seed-pages, centroid, seed-set, word2vec, classifier, self-tuning",
                f + ": field 'relevance.model': must be one of centroid, classifier, combination, keywords, seed-set, "
                        + "word2vec, "
                        + "got 'magic'",
                f + ": field 'relevance.combination': only allowed with model: combination",
                f + ": field 'relevance.stemming': must be true or false, got the string 'yes please'",
                f + ": field 'relevance.hub-share': must be a number between 0 and 1, got the number 1.5",
                f + ": field 'relevance.tag-weights.footer': unknown field; allowed fields are: title, heading, "
                        + "anchor, body",
                f + ": field 'relevance.tag-weights.title': must be a number between 0 and 1000000, got the number -1",
                f + ": field 'relevance.keyword-density': must be a number between 0 and 1, got the number 2",
                f + ": field 'relevance.seed-pages': must be a directory of HTML files; "
                        + dir.toAbsolutePath().resolve("missing-dir") + " is not a directory",
                f + ": field 'relevance.centroid.features': must be a whole number between 1 and 100000, got the "
                        + "number 0",
                f + ": field 'relevance.centroid.update-similarity': must be a number between 0 and 1, got the "
                        + "number 2",
                f + ": field 'relevance.seed-set.max-size': must be a whole number between 1 and 10000, got the "
                        + "number 1.5",
                f + ": field 'relevance.seed-set.join-threshold': must be a number between 0 and 1, got the string "
                        + "'x'",
                f + ": field 'relevance.word2vec.page-words': must be a whole number between 1 and 10000, got the "
                        + "number 0"), e.errors());
    }

    @Test
    void aCombinationNeedsItsWeightsAndWord2vecItsVectors() {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(HEAD + """
                relevance: {model: combination}
                """, "c.yaml"));
        assertEquals(List.of("c.yaml: field 'relevance.combination': required with model: combination: a mapping "
                + "of model to weight, e.g. {keywords: 0.5, centroid: 0.5}"), e.errors());
        e = assertThrows(TopicException.class, () -> TopicLoader.fromString(HEAD + """
                relevance: {model: combination, combination: {word2vec: 1, combination: 2, keywords: 0}}
                """, "c.yaml"));
        assertEquals(List.of(
                "c.yaml: field 'relevance.combination.combination': unknown field; allowed fields are: keywords, "
                        + "centroid, seed-set, word2vec, classifier",
                "c.yaml: field 'relevance.combination.keywords': must be a number > 0, got the number 0",
                "c.yaml: field 'relevance.word2vec.vectors': required when the word2vec model is used: the path of a "
                        + "word vectors file (word2vec binary or text format)"), e.errors());
    }

    @Test
    void theChineseSegmenterIsChosenOrDefaultsBySomeModel() {
        assertEquals(ChineseSegmenter.HANLP_SPEED, RelevanceSettings.DEFAULT.segmenter());
        assertEquals(ChineseSegmenter.HANLP_SPEED,
                TopicLoader.fromString(HEAD + "relevance: {model: centroid}\n", "t.yaml").relevance().segmenter());
        assertEquals(ChineseSegmenter.SMARTCN, TopicLoader.fromString(HEAD
                + "relevance: {model: word2vec, word2vec: {vectors: v.bin}}\n", "t.yaml").relevance().segmenter());
        assertEquals(ChineseSegmenter.SMARTCN, TopicLoader.fromString(HEAD + "relevance: {model: combination, "
                + "combination: {keywords: 1, word2vec: 1}, word2vec: {vectors: v.bin}}\n", "t.yaml")
                .relevance().segmenter());
        for (ChineseSegmenter s : ChineseSegmenter.values()) {
            assertEquals(s, TopicLoader.fromString(HEAD + "relevance: {segmenter: " + s.yamlName + "}\n", "t.yaml")
                    .relevance().segmenter());
        }
    }

    @Test
    void anUnknownSegmenterIsAnErrorNamingFileAndField() {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(HEAD
                + "relevance: {segmenter: jieba}\n", "s.yaml"));
        assertEquals(List.of("s.yaml: field 'relevance.segmenter': must be one of hanlp, hanlp-speed, smartcn, got "
                + "'jieba'"), e.errors());
        e = assertThrows(TopicException.class, () -> TopicLoader.fromString(HEAD
                + "relevance: {segmenter: [hanlp]}\n", "s.yaml"));
        assertEquals(1, e.errors().size());
        assertEquals(true, e.errors().get(0).startsWith("s.yaml: field 'relevance.segmenter': "), e.errors().get(0));
    }

    @Test
    void aKeywordMadeOfStopWordsIsAnError() {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {the: 1.0, cloud: 1}
                seeds: [https://example.org/]
                """, "k.yaml"));
        assertEquals(List.of("k.yaml: field 'keywords['the']': has no terms after analysis: it is made of stop "
                + "words and numbers only, so it can never match"), e.errors());
    }

    @Test
    void theShippedTopicsStillLoad() {
        for (String f : List.of("cloud-computing.yaml", "food-safety-zh.yaml")) {
            Topic t = TopicLoader.load(Path.of("..", "seeds", f));
            assertEquals(RelevanceSettings.Model.KEYWORDS, t.relevance().model());
        }
    }

    @Test
    void theClassifierAndTheSelfTuningHaveTheirDefaultsAndAreOnlyWhatTheFileSays() {
        Topic plain = TopicLoader.fromString(HEAD, "t.yaml");
        assertEquals(null, plain.relevance().selfTuning());
        assertEquals(RelevanceSettings.Classifier.DEFAULT, plain.relevance().classifier());
        Topic t = TopicLoader.fromString(HEAD + """
                relevance:
                  model: classifier
                  classifier: {features: [seed-set, keywords], terms: 20, min-judgements: 4, threshold: 0.6}
                  self-tuning: {}
                """, "t.yaml");
        RelevanceSettings r = t.relevance();
        assertEquals(RelevanceSettings.Model.CLASSIFIER, r.model());
        assertEquals(new RelevanceSettings.Classifier(List.of(RelevanceSettings.Model.SEED_SET,
                RelevanceSettings.Model.KEYWORDS), 20, 4, 0.6, true), r.classifier());
        assertEquals(RelevanceSettings.SelfTuning.DEFAULT, r.selfTuning());
        // the classifier's feature models are used (their states are made at crawl start); centroid is not one here
        assertEquals(true, r.uses(RelevanceSettings.Model.SEED_SET));
        assertEquals(false, r.uses(RelevanceSettings.Model.CENTROID));
        assertEquals(true, r.usesAdaptiveModel());
        assertEquals(true, plain.relevance().withSelfTuning(RelevanceSettings.SelfTuning.DEFAULT).usesAdaptiveModel());
    }

    @Test
    void badClassifierAndSelfTuningFieldsAreNamed() {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(HEAD + """
                relevance:
                  classifier: {features: [keywords, magic, keywords], colour: red, threshold: 2}
                  self-tuning: {target: 1.5, step: 0.01, min-step: 0.05, min-pages: 0, when: never}
                """, "b.yaml"));
        // in the documented order of the fields: a mapping's own problem first, then its unknown fields
        assertEquals(List.of(
                "b.yaml: field 'relevance.classifier': only allowed with model: classifier (or classifier in the "
                        + "combination)",
                "b.yaml: field 'relevance.classifier.colour': unknown field; allowed fields are: features, terms, "
                        + "min-judgements, threshold, url-words",
                "b.yaml: field 'relevance.classifier.features[1]': must be one of centroid, keywords, seed-set, "
                        + "word2vec, got 'magic'",
                "b.yaml: field 'relevance.classifier.features[2]': 'keywords' is listed twice",
                "b.yaml: field 'relevance.classifier.threshold': must be a number between 0 and 1, got the number 2",
                "b.yaml: field 'relevance.self-tuning.when': unknown field; allowed fields are: target, tolerance, "
                        + "step, min-step, min-pages",
                "b.yaml: field 'relevance.self-tuning.target': must be a number between 0 and 1, got the number 1.5",
                "b.yaml: field 'relevance.self-tuning.min-step': must be > 0 and at most the step (0.01)",
                "b.yaml: field 'relevance.self-tuning.min-pages': must be a whole number between 1 and 10000, got "
                        + "the number 0"), e.errors());
    }
}
