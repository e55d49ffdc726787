package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The 000 paper's relevance (Lin 2014; shared notes, methods.md section 000): the topic is a weighted keyword
 * vector D = (w1..wn); a page is the vector T = (x1*w1, ..., xn*wn) with x_i = a_i / max_j a_j, a_i the
 * occurrences of keyword i; the score is cos(T, D), and the page is relevant iff score &gt;= the topic's threshold.
 *
 * <p>The counted text is the page's title, its headings and {@link ParsedPage#scoringText()} (own text for a topic
 * page, anchor texts for a hub page: the 001 paper). Each part is counted separately, so a phrase never spans the
 * end of the title and the start of a heading.
 *
 * <p>Dividing by max_j a_j does not change the cosine (it is scale-free); it is kept to follow the paper and so
 * that T's entries stay in [0, w_i].
 */
public final class WeightedKeywordModel implements RelevanceModel {

    private final List<String> keywords;
    private final double[] weights;
    /** |D|^2, fixed per topic. */
    private final double weightNormSquared;
    private final double threshold;
    private final KeywordCounter counter;

    /** A model matching keywords literally ({@link LiteralKeywordCounter}). */
    public WeightedKeywordModel(Topic topic) {
        this(topic, LiteralKeywordCounter::new);
    }

    /**
     * @param counterFactory builds the counter for the topic's keywords (in the order it is given them), e.g. one
     *                       backed by a Lucene analyzer
     */
    public WeightedKeywordModel(Topic topic, Function<List<String>, KeywordCounter> counterFactory) {
        // Sorted so that the vector's order, and hence the rounding of every sum, is the same in every run.
        this.keywords = topic.keywords().keySet().stream().sorted().toList();
        if (keywords.isEmpty()) {
            throw new IllegalArgumentException("topic " + topic.name() + " has no keywords");
        }
        this.weights = new double[keywords.size()];
        double dd = 0;
        for (int i = 0; i < weights.length; i++) {
            weights[i] = topic.keywords().get(keywords.get(i));
            dd += weights[i] * weights[i];
        }
        this.weightNormSquared = dd;
        this.threshold = topic.threshold();
        this.counter = Objects.requireNonNull(counterFactory.apply(keywords), "counter");
    }

    @Override
    public Relevance score(ParsedPage page) {
        int[] counts = new int[keywords.size()];
        add(counts, page.title());
        if (page.headings() != null) {
            for (String heading : page.headings()) {
                add(counts, heading);
            }
        }
        add(counts, page.scoringText());
        return cosine(counts);
    }

    /**
     * The same cosine computed on a link's anchor text alone, in [0, 1] (0 for a blank anchor); link-priority
     * strategies use it to order links that are otherwise equal.
     */
    public double anchorScore(String anchorText) {
        return cosine(counter.count(anchorText)).score();
    }

    private void add(int[] counts, String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        int[] c = counter.count(text);
        for (int i = 0; i < counts.length; i++) {
            counts[i] += c[i];
        }
    }

    /** cos(T, D) for the counts a_i, with each keyword's share x_i*w_i*w_i / (|T||D|); the shares sum to it. */
    private Relevance cosine(int[] counts) {
        int max = 0;
        for (int a : counts) {
            max = Math.max(max, a);
        }
        if (max == 0) {
            // T = 0: the cosine is undefined; no keyword means no similarity.
            return new Relevance(0.0, 0.0 >= threshold, List.of());
        }
        double[] x = new double[counts.length];
        double dot = 0;
        double tt = 0;
        for (int i = 0; i < counts.length; i++) {
            x[i] = (double) counts[i] / max;
            double t = x[i] * weights[i];
            dot += t * weights[i];
            tt += t * t;
        }
        // sqrt(|T|^2 |D|^2) rather than |T| * |D|: one rounding fewer, so e.g. identical vectors give exactly 1.
        double norms = Math.sqrt(tt * weightNormSquared);
        double score = Math.min(1.0, dot / norms);
        List<Relevance.TermContribution> terms = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                terms.add(new Relevance.TermContribution(keywords.get(i), x[i] * weights[i] * weights[i] / norms));
            }
        }
        terms.sort(Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        return new Relevance(score, score >= threshold, terms);
    }
}
