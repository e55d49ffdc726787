package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A weighted combination of models (methods.md, model 5): score = sum_k (w_k * score_k) / sum_k w_k, relevant iff the
 * combined score &gt;= the topic's threshold (the components' own verdicts are ignored). The page is analysed once per
 * distinct {@link PageAnalyzer} (usually one; the word2vec model reads words unstemmed); a component that is not a
 * {@link TermModel} (the page classifier, which combines models of its own) reads the page itself. The explanation merges the
 * components' top terms, each contribution scaled by w_k / sum w: a term's shares add up.
 */
public final class CombinedModel implements RelevanceModel {

    /** A component and its weight (&gt; 0). */
    public record Part(RelevanceModel model, double weight) {
        public Part {
            if (!(weight > 0) || Double.isInfinite(weight)) {
                throw new IllegalArgumentException("a combination weight must be > 0, got " + weight);
            }
        }
    }

    private final List<Part> parts;
    private final double weightSum;
    private final double threshold;

    public CombinedModel(List<Part> parts, double threshold) {
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a combination needs at least one model");
        }
        this.parts = List.copyOf(parts);
        this.weightSum = parts.stream().mapToDouble(Part::weight).sum();
        this.threshold = threshold;
    }

    public List<Part> parts() {
        return parts;
    }

    @Override
    public Relevance score(ParsedPage page) {
        double score = 0;
        Map<String, Double> terms = new LinkedHashMap<>();
        Map<PageAnalyzer, AnalyzedPage> analysed = new IdentityHashMap<>(2);
        for (Part p : parts) {
            Relevance r;
            if (p.model() instanceof TermModel m) {
                r = m.score(analysed.computeIfAbsent(m.analyzer(), x -> x.analyze(page)));
            } else {
                r = p.model().score(page);
            }
            double share = p.weight() / weightSum;
            score += share * r.score();
            for (Relevance.TermContribution t : r.topTerms()) {
                terms.merge(t.term(), share * t.contribution(), Double::sum);
            }
        }
        score = Math.min(1.0, score);
        List<Relevance.TermContribution> top = new ArrayList<>();
        terms.forEach((t, c) -> top.add(new Relevance.TermContribution(t, c)));
        top.sort(Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        return new Relevance(score, score >= threshold, top.size() > 10 ? top.subList(0, 10) : top);
    }
}
