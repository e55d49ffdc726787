package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.text.TextSelection;
import org.topicstorm.topic.RelevanceSettings;
import org.topicstorm.topic.RelevanceSettings.Model;
import org.topicstorm.topic.Topic;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;


/** Builds the model a topic file configures ({@code relevance:} section, seeds/README.md). */
public final class RelevanceModels {

    private RelevanceModels() {
    }

    /**
     * A built model and its adaptive parts, whose state must be kept in step with the crawl's model index.
     *
     * @param model      the model to score pages with
     * @param adaptive   the adaptive models inside it (empty for keywords and word2vec), the tuner included
     * @param tuner      the threshold's self-tuning, whose threshold the verdicts take; null when off
     * @param classifier the page classifier, when the topic uses it; else null
     */
    public record Built(RelevanceModel model, List<AdaptiveModel<?>> adaptive, ThresholdTuner tuner,
                        PageClassifier classifier) {
        public Built {
            adaptive = List.copyOf(adaptive);
        }

        public Built(RelevanceModel model, List<AdaptiveModel<?>> adaptive) {
            this(model, adaptive, null, null);
        }

        /** Scores a page: the model's score, under the self-tuned threshold when tuning is on. */
        public Relevance score(ParsedPage page) {
            Relevance r = model.score(page);
            return tuner == null ? r : r.withThreshold(tuner.threshold());
        }
    }

    /** The text pipeline the topic configures. */
    public static PageAnalyzer analyzer(Topic topic) {
        RelevanceSettings r = topic.relevance();
        return new PageAnalyzer(new TextAnalyzer(r.stemming(), r.segmenter()), new TextSelection(r.hubShare()),
                topic.languages());
    }

    /**
     * Builds the topic's model.
     *
     * @param states   where the adaptive models' states are (the crawl's model index); may be null when the topic
     *                 uses no adaptive model
     * @param learning whether the adaptive models learn (only the crawl's one writer does)
     * @throws IllegalStateException when an adaptive model's state is missing (it is made when the crawl starts,
     *                               {@link ModelBootstrap})
     */
    public static Built build(Topic topic, ModelStateStore states, boolean learning) {
        PageAnalyzer analyzer = analyzer(topic);
        RelevanceSettings r = topic.relevance();
        List<AdaptiveModel<?>> adaptive = new ArrayList<>();
        RelevanceModel model;
        if (r.model() != Model.COMBINATION) {
            model = any(r.model(), topic, analyzer, states, learning, adaptive);
        } else {
            List<CombinedModel.Part> parts = new ArrayList<>();
            // In the enum's order, so that the combination does not depend on the file's order.
            for (Model m : Model.values()) {
                Double w = r.combination().get(m);
                if (w != null) {
                    parts.add(new CombinedModel.Part(any(m, topic, analyzer, states, learning, adaptive), w));
                }
            }
            model = new CombinedModel(parts, topic.threshold());
        }
        PageClassifier classifier = adaptive.stream().filter(a -> a instanceof PageClassifier)
                .map(a -> (PageClassifier) a).findFirst().orElse(null);
        ThresholdTuner tuner = null;
        if (r.selfTuning() != null) {
            tuner = new ThresholdTuner(r.selfTuning(), state(states, ThresholdTuner.KIND, ThresholdTuner.State.class));
            adaptive.add(tuner);
        }
        return new Built(model, adaptive, tuner, classifier);
    }

    /** A single model or the page classifier (which combines single models of its own). */
    private static RelevanceModel any(Model m, Topic topic, PageAnalyzer analyzer, ModelStateStore states,
                                      boolean learning, List<AdaptiveModel<?>> adaptive) {
        if (m != Model.CLASSIFIER) {
            return single(m, topic, analyzer, states, learning, adaptive);
        }
        RelevanceSettings.Classifier c = topic.relevance().classifier();
        List<PageClassifier.Feature> features = new ArrayList<>();
        for (Model f : c.features()) {
            features.add(new PageClassifier.Feature(f, single(f, topic, analyzer, states, learning, adaptive)));
        }
        PageClassifier classifier = new PageClassifier(features, topic.relevance().tagWeights(), c.terms(),
                c.urlWords(), topic.threshold(), c.threshold(), state(states, PageClassifier.KIND, PageClassifier.State.class));
        adaptive.add(classifier);
        return classifier;
    }

    /**
     * The topic's model with the adaptive states learnt from the given seed pages, in memory: for scoring outside a
     * crawl (tests, benchmarks, keyword expansion). The model learns as it scores when {@code learning} is true.
     */
    public static Built withSeedPages(Topic topic, List<ParsedPage> seedPages, boolean learning) {
        MemoryStateStore store = new MemoryStateStore();
        ModelBootstrap.createStates(topic, seedPages, store);
        return build(topic, store, learning);
    }

    private static TermModel single(Model m, Topic topic, PageAnalyzer analyzer, ModelStateStore states,
                                    boolean learning, List<AdaptiveModel<?>> adaptive) {
        RelevanceSettings r = topic.relevance();
        switch (m) {
            case KEYWORDS:
                return new WeightedKeywordModel(topic, analyzer);
            case CENTROID: {
                CentroidModel c = new CentroidModel(state(states, CentroidModel.KIND, CentroidState.class), analyzer,
                        r.tagWeights(), topic.threshold(), r.centroid().updateSimilarity(), learning);
                adaptive.add(c);
                return c;
            }
            case SEED_SET: {
                RelevanceSettings.SeedSet s = r.seedSet();
                SeedSetModel model = new SeedSetModel(state(states, SeedSetModel.KIND, SeedSetState.class), analyzer,
                        r.tagWeights(), topic.threshold(), joinThreshold(topic), s.maxSize(), s.terms(),
                        SeedSetModel.DEFAULT_SNAPSHOT_EVERY, learning);
                adaptive.add(model);
                return model;
            }
            case WORD2VEC: {
                // Vectors are trained on words as written: the same pipeline without the stemmer.
                PageAnalyzer unstemmed = r.stemming() ? new PageAnalyzer(new TextAnalyzer(false, r.segmenter()),
                        new TextSelection(r.hubShare()), topic.languages()) : analyzer;
                return new Word2VecModel(Word2VecModel.embeddings(r.word2vec().vectors()), topic.keywords().keySet(),
                        r.word2vec().pageWords(), unstemmed, r.tagWeights(), topic.threshold());
            }
            default:
                throw new IllegalArgumentException("not a single model: " + m);
        }
    }

    static double joinThreshold(Topic topic) {
        Double t = topic.relevance().seedSet().joinThreshold();
        return t == null ? topic.threshold() : t;
    }

    private static <S> S state(ModelStateStore states, String kind, Class<S> type) {
        if (states == null) {
            throw new IllegalStateException("the " + kind + " model needs its state store (the crawl's model index)");
        }
        try {
            return states.load(kind, type).orElseThrow(() -> new IllegalStateException("no " + kind
                    + " model state in the crawl's model index: it is made when the crawl starts or is submitted"
                    + " (topicstorm crawl, topicstorm submit)"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the " + kind + " model state", e);
        }
    }

    /** Analyses pages with the topic's pipeline. */
    static List<AnalyzedPage> analyse(Topic topic, List<ParsedPage> pages) {
        PageAnalyzer a = analyzer(topic);
        return pages.stream().map(a::analyze).toList();
    }

}
