package org.topicstorm.topic;

import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextSelection;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The {@code relevance:} section of a topic file: which model judges pages and its parameters (seeds/README.md
 * documents every field and default). A topic without the section gets {@link #DEFAULT}: the weighted-keyword model.
 *
 * @param model       the model that scores pages
 * @param combination for {@link Model#COMBINATION}: each component model and its weight (&gt; 0); empty otherwise
 * @param stemming    English terms stemmed (Porter), for pages and keywords alike
 * @param segmenter   what splits Chinese (Han) text into words, for pages and keywords alike
 * @param hubShare    anchor-text share above which a page is read through its anchor texts (001 paper: 0.6)
 * @param tagWeights  weights of title, headings, anchor text and body in term frequencies (002 patent)
 * @param keywordDensity the keyword model's full density: keyword occurrences per term of the page at and above which
 *                    its cosine counts in full; a sparser page's is multiplied by sqrt(density / this); 0 = never
 *                    (the 000 paper's plain cosine)
 * @param seedPages   directory of HTML files that are the seed pages of the adaptive models; null = the topic's seed
 *                    URLs, fetched once when the crawl starts
 * @param centroid    parameters of the adaptive centroid model (001)
 * @param seedSet     parameters of the seed-set TF-IDF model (003)
 * @param word2vec    parameters of the word2vec model (002)
 * @param classifier  parameters of the page classifier learnt from judgements
 * @param selfTuning  the threshold's self-tuning from judgements (004), or null when it is off
 */
public record RelevanceSettings(
        Model model,
        Map<Model, Double> combination,
        boolean stemming,
        ChineseSegmenter segmenter,
        double hubShare,
        TagWeights tagWeights,
        double keywordDensity,
        Path seedPages,
        Centroid centroid,
        SeedSet seedSet,
        Word2Vec word2vec,
        Classifier classifier,
        SelfTuning selfTuning) {

    /** The models of methods.md; names as written in the topic file. */
    public enum Model {
        KEYWORDS("keywords"), CENTROID("centroid"), SEED_SET("seed-set"), WORD2VEC("word2vec"),
        CLASSIFIER("classifier"), COMBINATION("combination");

        public final String yamlName;

        Model(String yamlName) {
            this.yamlName = yamlName;
        }
    }

    /**
     * @param features         K: the most frequent terms of the seed pages kept as features
     * @param updateSimilarity a page moves the centroid when its cosine to some seed page exceeds this
     */
    public record Centroid(int features, double updateSimilarity) {
        public static final Centroid DEFAULT = new Centroid(100, 0.5);
    }

    /**
     * @param maxSize       most pages in the seed set (original seeds included); when full, a joining page replaces
     *                      the oldest page that joined during the crawl
     * @param joinThreshold a page whose score is at least this joins the seed set; null = the topic's threshold
     * @param terms         heaviest terms kept per seed page (bounds the persisted state)
     */
    public record SeedSet(int maxSize, Double joinThreshold, int terms) {
        public static final SeedSet DEFAULT = new SeedSet(50, null, 200);
    }

    /**
     * @param vectors   word vectors file (word2vec binary or text format); must exist on every worker
     * @param pageWords m: the page's heaviest tag-weighted words compared with the topic words
     */
    public record Word2Vec(Path vectors, int pageWords) {
        public static final Word2Vec DEFAULT = new Word2Vec(null, 20);
    }

    /**
     * The page classifier (model {@code classifier}): logistic regression over the scores of {@code features} and
     * the page's heaviest terms, learnt from judgements (with the seed pages as relevant examples). Until it has
     * learnt, pages are scored by the first of {@code features} with the topic's threshold (the prior).
     *
     * @param features      the models whose scores are features, the first also the prior
     * @param terms         the page's heaviest tag-weighted terms taken as features
     * @param minJudgements judged pages needed before the first training (and both verdicts among the examples)
     * @param threshold     the verdict's threshold on P(relevant) once trained
     * @param urlWords      the words of the page's URL and its host are features too (a site's sections often say
     *                      what a page is about)
     */
    public record Classifier(List<Model> features, int terms, int minJudgements, double threshold,
                             boolean urlWords) {
        public static final Classifier DEFAULT = new Classifier(List.of(Model.KEYWORDS, Model.CENTROID,
                Model.SEED_SET), 50, 10, 0.5, true);

        public Classifier {
            features = List.copyOf(features);
            if (features.isEmpty()) {
                throw new IllegalArgumentException("the classifier needs at least one feature model");
            }
        }
    }

    /**
     * The 004 threshold self-tuning: each round of judgements gives the precision of what the crawler keeps; within
     * {@code tolerance} of {@code target} (or above) the threshold goes down a step (more coverage), else up; the step
     * halves whenever the direction turns, and the threshold settles once the step is below {@code minStep}.
     *
     * @param target    the precision wanted
     * @param tolerance how far below the target still counts as reached: target - tolerance is the precision the
     *                  threshold is let down to (by default 0.9 - 0.05 = 0.85, the precision a team monitoring a
     *                  topic expects of its index)
     * @param step      the first step
     * @param minStep   the threshold settles when the step falls below this
     * @param minPages  judged pages above the threshold a round needs (fewer: wait for more judgements)
     */
    public record SelfTuning(double target, double tolerance, double step, double minStep, int minPages) {
        public static final SelfTuning DEFAULT = new SelfTuning(0.9, 0.05, 0.05, 0.01, 5);
    }

    /**
     * The default full keyword density, 2 %: a page about a topic uses its keywords as about one term in fifty or more;
     * a long page that names them a few times in passing (an API reference that mentions sockets) is about something
     * else. Chosen before measuring; docs/evaluation.md (session 22) measured it against 1 % and 4 %.
     */
    public static final double DEFAULT_KEYWORD_DENSITY = 0.02;

    public static final RelevanceSettings DEFAULT = new RelevanceSettings(Model.KEYWORDS, Map.of(), true,
            ChineseSegmenter.DEFAULT, TextSelection.DEFAULT_HUB_SHARE, TagWeights.DEFAULT, DEFAULT_KEYWORD_DENSITY, null,
            Centroid.DEFAULT, SeedSet.DEFAULT, Word2Vec.DEFAULT, Classifier.DEFAULT, null);

    public RelevanceSettings {
        combination = Map.copyOf(combination);
        classifier = classifier == null ? Classifier.DEFAULT : classifier;
    }

    /** The same settings with self-tuning as given (null: off). */
    public RelevanceSettings withSelfTuning(SelfTuning tuning) {
        return new RelevanceSettings(model, combination, stemming, segmenter, hubShare, tagWeights, keywordDensity,
                seedPages, centroid, seedSet, word2vec, classifier, tuning);
    }

    /** Whether the model is, or combines, a model that keeps crawl state in Elasticsearch (learns during the crawl). */
    public boolean usesAdaptiveModel() {
        return uses(Model.CENTROID) || uses(Model.SEED_SET) || uses(Model.CLASSIFIER) || selfTuning != null;
    }

    /** Whether this model, a component of the combination, or a feature of the classifier, is the given one. */
    public boolean uses(Model m) {
        boolean classifies = model == Model.CLASSIFIER
                || model == Model.COMBINATION && combination.containsKey(Model.CLASSIFIER);
        return model == m || model == Model.COMBINATION && combination.containsKey(m)
                || classifies && classifier.features().contains(m);
    }
}
