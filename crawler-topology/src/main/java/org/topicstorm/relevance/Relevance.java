package org.topicstorm.relevance;

import java.io.Serializable;
import java.util.List;

/**
 * A relevance model's verdict on one page.
 *
 * @param score     similarity to the topic, in [0, 1]
 * @param relevant  score >= the topic's threshold r
 * @param topTerms  the terms that contributed most to the score, best first (the explanation)
 */
public record Relevance(double score, boolean relevant, List<TermContribution> topTerms) implements Serializable {

    public Relevance {
        topTerms = List.copyOf(topTerms);
    }

    /** One term's share of a score. */
    public record TermContribution(String term, double contribution) implements Serializable {
    }
}
