package org.topicstorm.relevance;

import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.UrlWords;
import org.topicstorm.text.WeightedTerms;
import org.topicstorm.topic.RelevanceSettings.Model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The page classifier (model {@code classifier}): P(relevant) by logistic regression ({@link SparseLogistic}) over
 * what the other models already compute: each feature model's score ({@code m:keywords}, {@code m:centroid}, ...),
 * the page's heaviest tag-weighted terms over the vector's length ({@code t:term}), whether it is a hub
 * ({@code type:hub}) and, unless turned off, the words of its URL ({@code u:word}) and its host ({@code h:host}). It learns from people's judgements, with the seed pages as relevant examples
 * ({@link JudgementRounds} trains it in the crawl's writer task); until it has, a page gets the first feature
 * model's score and verdict (the prior), so a crawl without judgements behaves as with that model.
 *
 * <p>Every score carries the page's features ({@link Relevance#features()}): they are kept with the page, and a
 * judgement of it becomes a training example. A trained verdict is explained by the features that moved it most
 * (weight x value).
 */
public final class PageClassifier implements RelevanceModel, AdaptiveModel<PageClassifier.State> {

    /** The document id of the classifier in the model index. */
    public static final String KIND = "page-classifier";
    /** Training options: few examples (tens to hundreds) and thousands of terms: a firmer penalty than links'. */
    public static final SparseLogistic.Options OPTIONS = new SparseLogistic.Options(200, 0.5, 1e-2, 2, 5000);

    /**
     * The stored classifier.
     *
     * @param version   0 before the first training (the prior scores), then +1 per training
     * @param judged    judgements it was trained on
     * @param examples  examples (judged pages and seed pages)
     * @param positives of which relevant
     */
    public record State(int version, long judged, int examples, int positives, double bias,
                        Map<String, Double> weights) {
        public static final State UNTRAINED = new State(0, 0, 0, 0, 0, Map.of());

        public State {
            weights = weights == null ? Map.of() : Map.copyOf(weights);
        }
    }

    /** A feature model and its name in the features. */
    public record Feature(Model model, TermModel scorer) {
    }

    private final List<Feature> features;
    private final TagWeights tagWeights;
    private final int terms;
    private final boolean urlWords;
    private final double priorThreshold;
    private final double threshold;
    private volatile State state;
    private volatile SparseLogistic.Model trained;
    private long changes;

    /**
     * @param features       the feature models, the first the prior
     * @param terms          heaviest page terms taken as features
     * @param urlWords       the URL's words and host are features
     * @param priorThreshold the topic's threshold, on the prior's score
     * @param threshold      the verdict's threshold on P(relevant), once trained
     */
    public PageClassifier(List<Feature> features, TagWeights tagWeights, int terms, boolean urlWords,
                          double priorThreshold, double threshold, State state) {
        if (features.isEmpty()) {
            throw new IllegalArgumentException("the classifier needs at least one feature model");
        }
        this.features = List.copyOf(features);
        this.tagWeights = tagWeights;
        this.terms = terms;
        this.urlWords = urlWords;
        this.priorThreshold = priorThreshold;
        this.threshold = threshold;
        state(state);
    }

    @Override
    public Relevance score(ParsedPage page) {
        Map<PageAnalyzer, AnalyzedPage> analysed = new IdentityHashMap<>(2);
        Map<String, Double> f = new LinkedHashMap<>();
        Relevance prior = null;
        for (Feature feature : features) {
            AnalyzedPage a = analysed.computeIfAbsent(feature.scorer().analyzer(), x -> x.analyze(page));
            Relevance r = feature.scorer().score(a);
            prior = prior == null ? r : prior;
            f.put("m:" + feature.model().yamlName, r.score());
        }
        AnalyzedPage main = analysed.get(features.get(0).scorer().analyzer());
        f.putAll(termFeatures(main.weightedTerms(tagWeights), terms));
        if (page.type() == PageType.HUB) {
            f.put("type:hub", 1.0);
        }
        if (urlWords) {
            UrlWords.words(page.url()).forEach(w -> f.put("u:" + w, 1.0));
            f.put("h:" + UrlWords.host(page.url()), 1.0);
        }
        SparseLogistic.Model m = trained;
        if (m == null) {
            return new Relevance(prior.score(), prior.score() >= priorThreshold, prior.topTerms(), f);
        }
        double p = m.probability(f);
        List<Relevance.TermContribution> why = new ArrayList<>();
        for (Map.Entry<String, Double> c : m.contributions(f, 10)) {
            why.add(new Relevance.TermContribution(c.getKey(), c.getValue()));
        }
        return new Relevance(p, p >= threshold, why, f);
    }

    /** The m heaviest terms, each "t:term" -> its weight over the vector's length (so in [0, 1]). */
    static Map<String, Double> termFeatures(WeightedTerms w, int m) {
        Map<String, Double> f = new LinkedHashMap<>();
        double norm = w.norm();
        if (norm == 0) {
            return f;
        }
        for (WeightedTerms.TermWeight t : w.top(m)) {
            f.put("t:" + t.term(), t.weight() / norm);
        }
        return f;
    }

    /** P(relevant) of a page with these features, by the trained classifier. */
    public double probability(Map<String, Double> pageFeatures) {
        SparseLogistic.Model m = trained;
        if (m == null) {
            throw new IllegalStateException("the page classifier has not learnt yet");
        }
        return m.probability(pageFeatures);
    }

    /** The prior's verdict on a page with these features (its first model's score against the topic's threshold). */
    public boolean priorVerdict(Map<String, Double> pageFeatures) {
        return pageFeatures.getOrDefault("m:" + features.get(0).model().yamlName, 0.0) >= priorThreshold;
    }

    /** Whether it has learnt (else the prior scores). */
    public boolean trained() {
        return trained != null;
    }

    /** The threshold its verdicts use now: the prior's until trained, then the one on P(relevant). */
    public double threshold() {
        return threshold(trained());
    }

    /** The threshold on P(relevant) ({@code trained}) or on the prior's score. */
    public double threshold(boolean trained) {
        return trained ? threshold : priorThreshold;
    }

    /** Learns from these examples (the writer task only); returns the new state. */
    public synchronized State train(List<SparseLogistic.Example> examples, long judged) {
        SparseLogistic.Model m = SparseLogistic.train(examples, OPTIONS);
        int positives = (int) examples.stream().filter(SparseLogistic.Example::relevant).count();
        State s = new State(state.version() + 1, judged, examples.size(), positives, m.bias(), m.weights());
        state(s);
        changes++;
        return s;
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<State> stateType() {
        return State.class;
    }

    @Override
    public State state() {
        return state;
    }

    @Override
    public synchronized void state(State s) {
        this.state = s;
        this.trained = s.version() == 0 ? null : new SparseLogistic.Model(s.bias(), s.weights());
    }

    @Override
    public synchronized long changes() {
        return changes;
    }
}
