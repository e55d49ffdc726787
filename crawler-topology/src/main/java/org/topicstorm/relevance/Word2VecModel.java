package org.topicstorm.relevance;

import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TagWeights;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.Word2VecSimilarity;
import org.topicstorm.vectors.WordVectorsFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The 002 patent's word2vec relevance as a topic model: sim(s, d) = (1/m) sum_i max_j cos(d_i, s_j) over the m
 * heaviest tag-weighted words d_i of the page and the topic's keywords s_j ({@link Word2VecSimilarity}, which also
 * documents how out-of-vocabulary words are handled). The page is read without stemming (vectors are trained on
 * the words as written), with the same stop words, Chinese segmentation, text selection and tag weights as the
 * other models. The score is clamped to [0, 1]; the explanation lists the page words with their share cos/m.
 */
public final class Word2VecModel implements TermModel {

    /** Loaded vector files, one copy per JVM (a Storm worker runs several relevance tasks). */
    private static final Map<Path, Embeddings> LOADED = new ConcurrentHashMap<>();

    private final Word2VecSimilarity similarity;
    private final PageAnalyzer analyzer;
    private final TagWeights tagWeights;
    private final double threshold;

    /**
     * @param analyzer   a pipeline without stemming
     * @param topicTerms the topic's keywords
     * @param pageWords  m
     */
    public Word2VecModel(Embeddings embeddings, Collection<String> topicTerms, int pageWords, PageAnalyzer analyzer,
                         TagWeights tagWeights, double threshold) {
        if (analyzer.textAnalyzer().stemming()) {
            throw new IllegalArgumentException("the word2vec model needs page words as written: an analyzer without "
                    + "stemming");
        }
        this.similarity = new Word2VecSimilarity(embeddings, topicTerms, pageWords);
        this.analyzer = analyzer;
        this.tagWeights = tagWeights;
        this.threshold = threshold;
    }

    /** The vectors in the file, loaded once per JVM and then shared. */
    public static Embeddings embeddings(Path file) {
        return LOADED.computeIfAbsent(file.toAbsolutePath().normalize(), f -> {
            try {
                return WordVectorsFiles.load(f);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot load the word vectors: " + e.getMessage(), e);
            }
        });
    }

    @Override
    public PageAnalyzer analyzer() {
        return analyzer;
    }

    @Override
    public Relevance score(AnalyzedPage page) {
        Word2VecSimilarity.Result r = similarity.score(page.weightedTerms(tagWeights).weights());
        double score = Math.max(0, Math.min(1, r.score()));
        List<Relevance.TermContribution> terms = new ArrayList<>();
        for (Word2VecSimilarity.Match m : r.matches()) {
            if (m.cosine() > 0 && terms.size() < 10) {
                terms.add(new Relevance.TermContribution(m.pageWord(), m.cosine() / r.m()));
            }
        }
        terms.sort(java.util.Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        return new Relevance(score, score >= threshold, terms);
    }
}
