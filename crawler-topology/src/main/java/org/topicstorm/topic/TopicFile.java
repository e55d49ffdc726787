package org.topicstorm.topic;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.List;
import java.util.Map;

/**
 * A topic file as written, bound by Jackson once {@link TopicSchema} has validated it: one record per mapping of
 * topic.schema.json, a component per property (its name in kebab case), null for a field left out. Enum values stay
 * strings here; {@link TopicLoader} turns this into a {@link Topic} with the defaults and the checks the schema cannot
 * express. TopicSchemaTest checks that the records and the schema name the same fields.
 */
record TopicFile(String name, List<String> languages, Map<String, Double> keywords, List<String> seeds,
                 Double threshold, String strategy, String focus, Limits limits, Relevance relevance, Links links,
                 String mode, Revisit revisit, List<SeedSource> seedSources) {

    record Limits(Long maxPages, Integer maxDepth, String maxTime, Long maxPagesPerHost) {
    }

    record Relevance(String model, Map<String, Double> combination, Boolean stemming, String segmenter,
                     Double hubShare, TagWeights tagWeights, Double keywordDensity, String seedPages,
                     Centroid centroid, SeedSet seedSet, Word2Vec word2vec, Classifier classifier,
                     SelfTuning selfTuning) {
    }

    record TagWeights(Double title, Double heading, Double anchor, Double body) {
    }

    record Centroid(Integer features, Double updateSimilarity) {
    }

    record SeedSet(Integer maxSize, Double joinThreshold, Integer terms) {
    }

    record Word2Vec(String vectors, Integer pageWords) {
    }

    record Classifier(List<String> features, Integer terms, Integer minJudgements, Double threshold,
                      Boolean urlWords) {
    }

    record SelfTuning(Double target, Double tolerance, Double step, Double minStep, Integer minPages) {
    }

    record Links(Tau tau, Integer tunnelAlpha, Double hubWeight, Integer boilerplatePages, Learned learned,
                 SiblingDemotion siblingDemotion, Double keywordlessLinks) {
    }

    record Tau(@JsonProperty("extends") Double extendsPath, Double sameShape, Double boilerplate, Double other) {
    }

    record Learned(Integer retrainEvery, Integer minExamples, Integer maxExamples, Integer rescore, String target,
                   String prior, Double childCredit, Double regionPages) {
    }

    record SiblingDemotion(Integer after, Double factor) {
    }

    record Revisit(String relevant, String hubs, String irrelevant, String min, String max, Double sooner,
                   Double later, Heat heat) {
    }

    record Heat(Double exponent, String scale, Double hot) {
    }

    record SeedSource(String name, String url, String results, String link, String title, String summary,
                      String next, Integer maxPages, List<String> keywords, Double minScore, Integer firstPage) {
    }
}
