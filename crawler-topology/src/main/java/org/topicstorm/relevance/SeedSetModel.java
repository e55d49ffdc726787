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
 * The 003 patent's seed-set similarity (methods.md section 003): the topic is a set of seed pages as TF-IDF vectors;
 * sim(page, seed set) = mean over the seed pages of cos(page, seed); a page whose score reaches the join threshold
 * joins the seed set. IDF is updated incrementally as pages arrive.
 * <ul>
 *   <li>tf(t) = the page's tag-weighted frequency of t (002); a seed page keeps its {@code terms} heaviest terms.</li>
 *   <li>idf(t) = ln((N + 1) / (df(t) + 1)) + 1 (smoothed: never 0 or negative). N = documents seen; df(t) = how
 *       many of them contain t. df is tracked for the seed set's vocabulary only (that keeps the state bounded);
 *       any other term counts as seen in no document, idf = ln(N + 1) + 1. Such terms never match a seed page:
 *       they only enter the page's norm.</li>
 *   <li>mean_i cos(p, s_i) = (p / |p|) · C with C = mean_i (s_i / |s_i|), s_i and p weighted tf * idf. C is
 *       recomputed when a page joins and every {@code snapshotEvery} documents: between two recomputations pages are
 *       scored with the IDF of the last one.</li>
 *   <li>The set holds at most {@code maxSize} pages; when full, a joining page replaces the oldest page that joined
 *       during the crawl; the original seed pages stay. A page already in the set (by URL) does not join again.</li>
 * </ul>
 * Only the learning instance (the crawl's one writer) counts documents and adds pages; the others score with the
 * state they were given until they refresh it.
 */
public final class SeedSetModel implements TermModel, AdaptiveModel<SeedSetState> {

    public static final String KIND = "seed-set";
    /** Default for how often (in documents) the writer recomputes the IDF-weighted mean seed vector. */
    public static final int DEFAULT_SNAPSHOT_EVERY = 100;

    private final PageAnalyzer analyzer;
    private final TagWeights tagWeights;
    private final double threshold;
    private final double joinThreshold;
    private final int maxSize;
    private final int termsPerPage;
    private final int snapshotEvery;
    private final boolean learning;

    /** The mutable state, owned by the writer (guarded by this). */
    private SeedSetState state;
    private Map<String, Long> df;
    private long documents;
    private long sinceSnapshot;
    private volatile Snapshot snapshot;
    private volatile long changes;

    /** C and the IDF it was made with. */
    private record Snapshot(Map<String, Double> idf, double idfUnseen, Map<String, Double> mean) {
    }

    public SeedSetModel(SeedSetState state, PageAnalyzer analyzer, TagWeights tagWeights, double threshold,
                        double joinThreshold, int maxSize, int termsPerPage, int snapshotEvery, boolean learning) {
        this.analyzer = analyzer;
        this.tagWeights = tagWeights;
        this.threshold = threshold;
        this.joinThreshold = joinThreshold;
        this.maxSize = maxSize;
        this.termsPerPage = termsPerPage;
        this.snapshotEvery = snapshotEvery;
        this.learning = learning;
        state(state);
    }

    /** The initial state: the seed pages' heaviest terms, N = number of seed pages, df from them. */
    public static SeedSetState initialState(List<AnalyzedPage> seedPages, TagWeights tagWeights, int termsPerPage) {
        List<SeedSetState.SeedPage> seeds = new ArrayList<>();
        Map<String, Long> df = new HashMap<>();
        for (AnalyzedPage p : seedPages) {
            WeightedTerms wf = p.weightedTerms(tagWeights);
            if (wf.isEmpty()) {
                continue;
            }
            wf.weights().keySet().forEach(t -> df.merge(t, 1L, Long::sum));
            seeds.add(new SeedSetState.SeedPage(p.url(), top(wf, termsPerPage)));
        }
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("no seed page has any text to learn the topic from");
        }
        Set<String> vocabulary = vocabulary(seeds);
        df.keySet().retainAll(vocabulary);
        return new SeedSetState(seeds, seeds.size(), seeds.size(), df);
    }

    @Override
    public PageAnalyzer analyzer() {
        return analyzer;
    }

    @Override
    public Relevance score(AnalyzedPage page) {
        Snapshot s = snapshot;
        WeightedTerms wf = page.weightedTerms(tagWeights);
        if (wf.isEmpty()) {
            return new Relevance(0, 0 >= threshold, List.of());
        }
        double pp = 0;
        double dot = 0;
        List<Relevance.TermContribution> terms = new ArrayList<>();
        List<Double> parts = new ArrayList<>();
        for (Map.Entry<String, Double> e : wf.weights().entrySet()) {
            Double idf = s.idf().get(e.getKey());
            double x = e.getValue() * (idf == null ? s.idfUnseen() : idf);
            pp += x * x;
            Double c = s.mean().get(e.getKey());
            if (c != null) {
                dot += x * c;
                terms.add(new Relevance.TermContribution(e.getKey(), x * c));
            }
        }
        double norm = Math.sqrt(pp);
        double score = Math.min(1.0, dot / norm);
        List<Relevance.TermContribution> explained = new ArrayList<>();
        for (Relevance.TermContribution t : terms) {
            explained.add(new Relevance.TermContribution(t.term(), t.contribution() / norm));
        }
        explained.sort(Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        if (learning) {
            learn(page.url(), wf, score);
        }
        return new Relevance(score, score >= threshold, explained.size() > 10 ? explained.subList(0, 10) : explained);
    }

    /** Counts the page into N and df; adds it to the seed set when its score reaches the join threshold. */
    private synchronized void learn(String url, WeightedTerms wf, double score) {
        documents++;
        for (String t : wf.weights().keySet()) {
            df.computeIfPresent(t, (k, n) -> n + 1);
        }
        boolean joined = false;
        if (score >= joinThreshold && state.seeds().stream().noneMatch(p -> p.url().equals(url))) {
            List<SeedSetState.SeedPage> seeds = new ArrayList<>(state.seeds());
            if (seeds.size() >= maxSize) {
                if (seeds.size() > state.original()) {
                    seeds.remove(state.original()); // the oldest page that joined
                }
            }
            if (seeds.size() < maxSize) {
                Map<String, Double> tf = top(wf, termsPerPage);
                seeds.add(new SeedSetState.SeedPage(url, tf));
                // New vocabulary: this page is the first document counted for its terms.
                for (String t : tf.keySet()) {
                    df.putIfAbsent(t, 1L);
                }
                df.keySet().retainAll(vocabulary(seeds));
                state = new SeedSetState(seeds, state.original(), documents, df);
                joined = true;
            }
        }
        changes++;
        if (joined || ++sinceSnapshot >= snapshotEvery) {
            state = new SeedSetState(state.seeds(), state.original(), documents, df);
            snapshot = snapshot(state);
            sinceSnapshot = 0;
        }
    }

    private static Snapshot snapshot(SeedSetState st) {
        double n = st.documents();
        Map<String, Double> idf = new HashMap<>();
        st.df().forEach((t, d) -> idf.put(t, Math.log((n + 1) / (d + 1)) + 1));
        double unseen = Math.log(n + 1) + 1;
        Map<String, Double> mean = new HashMap<>();
        for (SeedSetState.SeedPage p : st.seeds()) {
            Map<String, Double> x = new HashMap<>();
            double ss = 0;
            for (Map.Entry<String, Double> e : p.tf().entrySet()) {
                Double i = idf.get(e.getKey());
                double v = e.getValue() * (i == null ? unseen : i);
                x.put(e.getKey(), v);
                ss += v * v;
            }
            double norm = Math.sqrt(ss);
            x.forEach((t, v) -> mean.merge(t, v / norm / st.seeds().size(), Double::sum));
        }
        return new Snapshot(idf, unseen, mean);
    }

    private static Map<String, Double> top(WeightedTerms wf, int m) {
        Map<String, Double> top = new HashMap<>();
        for (WeightedTerms.TermWeight tw : wf.top(m)) {
            top.put(tw.term(), tw.weight());
        }
        return top;
    }

    private static Set<String> vocabulary(List<SeedSetState.SeedPage> seeds) {
        Set<String> v = new HashSet<>();
        seeds.forEach(p -> v.addAll(p.tf().keySet()));
        return v;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<SeedSetState> stateType() {
        return SeedSetState.class;
    }

    @Override
    public synchronized SeedSetState state() {
        return new SeedSetState(state.seeds(), state.original(), documents, df);
    }

    @Override
    public synchronized void state(SeedSetState s) {
        this.state = s;
        this.df = new HashMap<>(s.df());
        this.documents = s.documents();
        this.sinceSnapshot = 0;
        this.snapshot = snapshot(s);
    }

    @Override
    public long changes() {
        return changes;
    }
}
