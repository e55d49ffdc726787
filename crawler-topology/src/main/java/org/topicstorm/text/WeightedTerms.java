package org.topicstorm.text;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A sparse term vector: term -&gt; weight (a tag-weighted frequency, a TF-IDF weight, a centroid coordinate).
 * Immutable; weights are finite and &gt; 0 (zero weights are left out). Its Euclidean norm is computed once.
 */
public final class WeightedTerms implements Serializable {

    /** One term with its weight. */
    public record TermWeight(String term, double weight) implements Serializable {
    }

    /** Heaviest first; equal weights in term order, so that results do not depend on hash order. */
    public static final Comparator<TermWeight> HEAVIEST_FIRST =
            Comparator.comparingDouble(TermWeight::weight).reversed().thenComparing(TermWeight::term);

    public static final WeightedTerms EMPTY = new WeightedTerms(Map.of());

    private final Map<String, Double> weights;
    private final double norm;

    /** @param weights term -&gt; weight; entries with weight 0 are dropped */
    public WeightedTerms(Map<String, Double> weights) {
        Map<String, Double> copy = new HashMap<>(Math.max(4, weights.size() * 4 / 3 + 1));
        double ss = 0;
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            double w = e.getValue();
            if (!(w >= 0) || Double.isInfinite(w)) {
                throw new IllegalArgumentException("weight of '" + e.getKey() + "' must be finite and >= 0, got " + w);
            }
            if (w > 0) {
                copy.put(e.getKey(), w);
                ss += w * w;
            }
        }
        this.weights = Collections.unmodifiableMap(copy);
        this.norm = Math.sqrt(ss);
    }

    /** Takes ownership of a map already checked (finite weights &gt; 0): no copy. */
    private WeightedTerms(HashMap<String, Double> owned, double norm) {
        this.weights = Collections.unmodifiableMap(owned);
        this.norm = norm;
    }

    /** wf(t) = sum over the page's parts of (the part's tag weight) * (occurrences of t in the part). */
    public static WeightedTerms of(AnalyzedPage page, TagWeights tagWeights) {
        HashMap<String, Double> wf = new HashMap<>();
        for (AnalyzedPage.Part part : page.parts()) {
            Double w = tagWeights.of(part.tag());
            if (w == 0) {
                continue;
            }
            for (String term : part.terms()) {
                wf.merge(term, w, Double::sum);
            }
        }
        double ss = 0;
        for (double v : wf.values()) {
            ss += v * v;
        }
        // Tag weights are finite and >= 0 (TagWeights checks), zero ones were skipped: no entry needs checking.
        return new WeightedTerms(wf, Math.sqrt(ss));
    }

    public Map<String, Double> weights() {
        return weights;
    }

    /** The term's weight, 0 when absent. */
    public double get(String term) {
        Double w = weights.get(term);
        return w == null ? 0 : w;
    }

    public int size() {
        return weights.size();
    }

    public boolean isEmpty() {
        return weights.isEmpty();
    }

    /** sqrt(sum of squared weights). */
    public double norm() {
        return norm;
    }

    /** sum over common terms of the product of their weights. */
    public double dot(WeightedTerms other) {
        WeightedTerms small = size() <= other.size() ? this : other;
        WeightedTerms large = small == this ? other : this;
        double dot = 0;
        for (Map.Entry<String, Double> e : small.weights.entrySet()) {
            Double w = large.weights.get(e.getKey());
            if (w != null) {
                dot += e.getValue() * w;
            }
        }
        return dot;
    }

    /** cos(this, other) in [0, 1]; 0 when either vector is empty. */
    public double cosine(WeightedTerms other) {
        if (norm == 0 || other.norm == 0) {
            return 0;
        }
        return Math.min(1.0, dot(other) / (norm * other.norm));
    }

    /** The m heaviest terms, heaviest first ({@link #HEAVIEST_FIRST}). */
    public List<TermWeight> top(int m) {
        if (m <= 0) {
            return List.of();
        }
        // A min-heap of the m best seen so far: O(n log m) rather than sorting all n terms.
        PriorityQueue<TermWeight> best = new PriorityQueue<>(m + 1, HEAVIEST_FIRST.reversed());
        for (Map.Entry<String, Double> e : weights.entrySet()) {
            best.add(new TermWeight(e.getKey(), e.getValue()));
            if (best.size() > m) {
                best.poll();
            }
        }
        List<TermWeight> top = new ArrayList<>(best);
        top.sort(HEAVIEST_FIRST);
        return top;
    }

    /** Only the given terms. */
    public WeightedTerms restrictedTo(Set<String> terms) {
        Map<String, Double> kept = new HashMap<>();
        WeightedTerms small = this;
        for (Map.Entry<String, Double> e : small.weights.entrySet()) {
            if (terms.contains(e.getKey())) {
                kept.put(e.getKey(), e.getValue());
            }
        }
        return new WeightedTerms(kept);
    }

    /** Every weight times the factor (&gt;= 0). */
    public WeightedTerms scaled(double factor) {
        Map<String, Double> scaled = new HashMap<>();
        weights.forEach((t, w) -> scaled.put(t, w * factor));
        return new WeightedTerms(scaled);
    }

    /** This vector divided by its norm (empty stays empty). */
    public WeightedTerms unit() {
        return norm == 0 ? this : scaled(1 / norm);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof WeightedTerms w && w.weights.equals(weights);
    }

    @Override
    public int hashCode() {
        return weights.hashCode();
    }

    @Override
    public String toString() {
        return top(10).toString() + (size() > 10 ? " (+" + (size() - 10) + " more)" : "");
    }
}
