package org.topicstorm.relevance;

import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.WeightedTerms;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The 001 paper's adaptive centroid (Min &amp; Huang; methods.md section 001): no training corpus, only a few seed
 * pages on the topic.
 * <ul>
 *   <li>A page v is its tag-weighted term frequencies after stop words (TF, not TF-IDF: there is no corpus for IDF).</li>
 *   <li>Feature selection: the K terms with the largest sum over the seed pages of their normalised frequencies
 *       (each seed page's vector divided by its norm first, so one long seed page does not choose the features).</li>
 *   <li>Seed vector s_i = (v_i restricted to the features) / |v_i|; centroid M = mean of the n seed vectors.</li>
 *   <li>Score: cos(v, M) = (v · M) / (|v| |M|), where |v| counts all the page's terms: a page that uses the topic's
 *       terms among many others scores lower than one made of them.</li>
 *   <li>Online correction: when cos(v, s_i) exceeds the update similarity for some seed page, M moves towards the
 *       page: M' = ((n + U) M + v') / (n + U + 1), v' = (v on the features) / |v|, U = updates so far.</li>
 * </ul>
 * Only a learning instance (the one writer of the crawl's model state) updates M; the others score with the state
 * they were given and replace it when they refresh ({@link #state(CentroidState)}).
 */
public final class CentroidModel implements TermModel, AdaptiveModel<CentroidState> {

    public static final String KIND = "centroid";

    private final PageAnalyzer analyzer;
    private final TagWeights tagWeights;
    private final double threshold;
    private final double updateSimilarity;
    private final boolean learning;
    private volatile Snapshot snapshot;
    private volatile long changes;

    /** The state with its vectors as {@link WeightedTerms}, made once per state. */
    private record Snapshot(CentroidState state, List<WeightedTerms> seeds, WeightedTerms centroid) {
        static Snapshot of(CentroidState s) {
            return new Snapshot(s, s.seeds().stream().map(WeightedTerms::new).toList(),
                    new WeightedTerms(s.centroid()));
        }
    }

    /**
     * @param updateSimilarity a page closer than this (cosine) to some seed page moves the centroid
     * @param learning         whether this instance updates the centroid (only the crawl's one writer does)
     */
    public CentroidModel(CentroidState state, PageAnalyzer analyzer, TagWeights tagWeights, double threshold,
                         double updateSimilarity, boolean learning) {
        this.analyzer = analyzer;
        this.tagWeights = tagWeights;
        this.threshold = threshold;
        this.updateSimilarity = updateSimilarity;
        this.learning = learning;
        this.snapshot = Snapshot.of(state);
    }

    /**
     * The initial state from the seed pages: K features, the seed vectors and their mean, U = 0.
     *
     * @throws IllegalArgumentException when no seed page has any term
     */
    public static CentroidState initialState(List<AnalyzedPage> seedPages, TagWeights tagWeights, int k) {
        List<WeightedTerms> units = new ArrayList<>();
        for (AnalyzedPage p : seedPages) {
            WeightedTerms v = p.weightedTerms(tagWeights);
            if (!v.isEmpty()) {
                units.add(v.unit());
            }
        }
        if (units.isEmpty()) {
            throw new IllegalArgumentException("no seed page has any text to learn the topic from");
        }
        Map<String, Double> sum = new HashMap<>();
        for (WeightedTerms u : units) {
            u.weights().forEach((t, w) -> sum.merge(t, w, Double::sum));
        }
        List<String> features = new WeightedTerms(sum).top(k).stream().map(WeightedTerms.TermWeight::term).toList();
        Set<String> featureSet = new HashSet<>(features);
        List<Map<String, Double>> seeds = new ArrayList<>();
        Map<String, Double> centroid = new HashMap<>();
        for (WeightedTerms u : units) {
            Map<String, Double> s = u.restrictedTo(featureSet).weights();
            seeds.add(s);
            s.forEach((t, w) -> centroid.merge(t, w / units.size(), Double::sum));
        }
        return new CentroidState(features, seeds, centroid, 0);
    }

    @Override
    public PageAnalyzer analyzer() {
        return analyzer;
    }

    @Override
    public Relevance score(AnalyzedPage page) {
        Snapshot s = snapshot;
        WeightedTerms v = page.weightedTerms(tagWeights);
        if (v.isEmpty() || s.centroid().isEmpty()) {
            return new Relevance(0, 0 >= threshold, List.of());
        }
        double norms = v.norm() * s.centroid().norm();
        List<Relevance.TermContribution> terms = new ArrayList<>();
        double dot = 0;
        for (Map.Entry<String, Double> e : s.centroid().weights().entrySet()) {
            double x = v.get(e.getKey());
            if (x > 0) {
                double part = x * e.getValue();
                dot += part;
                terms.add(new Relevance.TermContribution(e.getKey(), part / norms));
            }
        }
        double score = Math.min(1.0, dot / norms);
        terms.sort(Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        if (learning) {
            learn(s, v);
        }
        return new Relevance(score, score >= threshold, terms.size() > 10 ? terms.subList(0, 10) : terms);
    }

    /** Moves the centroid towards v when v is close to a seed page. */
    private synchronized void learn(Snapshot s, WeightedTerms v) {
        boolean close = false;
        for (WeightedTerms seed : s.seeds()) {
            if (seed.norm() > 0 && v.dot(seed) / (v.norm() * seed.norm()) > updateSimilarity) {
                close = true;
                break;
            }
        }
        if (!close) {
            return;
        }
        s = snapshot; // the latest, in case another thread learnt meanwhile
        CentroidState st = s.state();
        double nu = st.seeds().size() + st.updates();
        Map<String, Double> moved = new HashMap<>();
        st.centroid().forEach((t, m) -> moved.put(t, nu * m));
        for (String f : st.features()) {
            double x = v.get(f);
            if (x > 0) {
                moved.merge(f, x / v.norm(), Double::sum);
            }
        }
        moved.replaceAll((t, m) -> m / (nu + 1));
        snapshot = Snapshot.of(new CentroidState(st.features(), st.seeds(), moved, st.updates() + 1));
        changes++;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<CentroidState> stateType() {
        return CentroidState.class;
    }

    @Override
    public CentroidState state() {
        return snapshot.state();
    }

    @Override
    public void state(CentroidState state) {
        snapshot = Snapshot.of(state);
    }

    @Override
    public long changes() {
        return changes;
    }
}
