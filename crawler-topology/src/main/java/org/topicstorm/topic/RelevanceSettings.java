package org.topicstorm.topic;

import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextSelection;

import java.nio.file.Path;
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
 * @param seedPages   directory of HTML files that are the seed pages of the adaptive models; null = the topic's seed
 *                    URLs, fetched once when the crawl starts
 * @param centroid    parameters of the adaptive centroid model (001)
 * @param seedSet     parameters of the seed-set TF-IDF model (003)
 * @param word2vec    parameters of the word2vec model (002)
 */
public record RelevanceSettings(
        Model model,
        Map<Model, Double> combination,
        boolean stemming,
        ChineseSegmenter segmenter,
        double hubShare,
        TagWeights tagWeights,
        Path seedPages,
        Centroid centroid,
        SeedSet seedSet,
        Word2Vec word2vec) {

    /** The models of methods.md; names as written in the topic file. */
    public enum Model {
        KEYWORDS("keywords"), CENTROID("centroid"), SEED_SET("seed-set"), WORD2VEC("word2vec"),
        COMBINATION("combination");

        public final String yamlName;

        Model(String yamlName) {
            this.yamlName = yamlName;
        }

        /** Whether the model learns from seed pages and keeps crawl state in Elasticsearch. */
        public boolean adaptive() {
            return this == CENTROID || this == SEED_SET;
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

    public static final RelevanceSettings DEFAULT = new RelevanceSettings(Model.KEYWORDS, Map.of(), true,
            ChineseSegmenter.DEFAULT, TextSelection.DEFAULT_HUB_SHARE, TagWeights.DEFAULT, null, Centroid.DEFAULT, SeedSet.DEFAULT,
            Word2Vec.DEFAULT);

    public RelevanceSettings {
        combination = Map.copyOf(combination);
    }

    /** Whether the model is, or combines, a model that learns during the crawl (state in Elasticsearch). */
    public boolean usesAdaptiveModel() {
        return model.adaptive() || combination.keySet().stream().anyMatch(Model::adaptive);
    }

    /** Whether this model, or a component of the combination, is the given one. */
    public boolean uses(Model m) {
        return model == m || model == Model.COMBINATION && combination.containsKey(m);
    }
}
