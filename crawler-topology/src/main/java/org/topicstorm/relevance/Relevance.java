package org.topicstorm.relevance;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * A relevance model's verdict on one page.
 *
 * @param score     similarity to the topic, in [0, 1]
 * @param relevant  score >= the topic's threshold r
 * @param topTerms  the terms that contributed most to the score, best first (the explanation)
 * @param features  the features the page classifier scored the page on (empty for the other models): kept with the
 *                  page ({@link PageSummary}), so that a judgement of it becomes a training example
 */
public record Relevance(double score, boolean relevant, List<TermContribution> topTerms, Map<String, Double> features)
        implements Serializable {

    public Relevance {
        topTerms = List.copyOf(topTerms);
        features = features == null ? Map.of() : Map.copyOf(features);
    }

    public Relevance(double score, boolean relevant, List<TermContribution> topTerms) {
        this(score, relevant, topTerms, Map.of());
    }

    /** The same score and explanation under another threshold (the self-tuned one). */
    public Relevance withThreshold(double threshold) {
        return new Relevance(score, score >= threshold, topTerms, features);
    }

    /** One term's share of a score. */
    public record TermContribution(String term, double contribution) implements Serializable {
    }
}
