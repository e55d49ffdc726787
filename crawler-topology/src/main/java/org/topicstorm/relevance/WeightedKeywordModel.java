package org.topicstorm.relevance;

import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.KeywordMatcher;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.text.TextSelection;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The 000 paper's relevance (Lin 2014, also the 004 patent; methods.md section 000): the topic is a weighted keyword
 * vector D = (w1..wn); a page is the vector T = (x1*w1, ..., xn*wn) with x_i = a_i / max_j a_j; the score is
 * cos(T, D), and the page is relevant iff score &gt;= the topic's threshold.
 *
 * <p>a_i is keyword i's tag-weighted count (002 patent): sum over the page's parts of (tag weight) * (occurrences in
 * the part), the parts and tags chosen by {@link TextSelection} (title, headings, then the body for a topic page or
 * the anchor texts for a hub page). With all tag weights 1 it is the paper's plain count. Keywords are matched on the
 * analysed terms ({@link KeywordMatcher}): with stemming "clouds" counts for "cloud"; a phrase must stand within one
 * part (never across the end of the title and a heading).
 *
 * <p>Keywords that analyse to the same terms ("data center", "data centers" with stemming) are one dimension of D,
 * with the largest of their weights, named by the first of them in alphabetical order.
 *
 * <p>Dividing by max_j a_j does not change the cosine (it is scale-free); it is kept to follow the paper and so that
 * T's entries stay in [0, w_i].
 *
 * <p>Being scale-free, the cosine sees only the mix of keywords a page uses, not how much of the page they are: a long
 * API reference that names sockets, servers and connections a few times in passing scores like the page about
 * sockets. So the score is the cosine times a density factor, min(1, sqrt(density / full density)), where density =
 * sum over keywords of (w_i / max_j w_j) * a_i, divided by the page's tag-weighted count of terms (its words other
 * than stop words and numbers, read as for a_i): the keyword occurrences per term, the weaker
 * keywords counting by their weight. A phrase counts once but spans several terms, and languages other than English
 * and Chinese keep their stop words, so a topic's density is on its own scale: the full density is a topic setting.
 * A page at or above the full density ({@code relevance.keyword-density}, 2 % by default) keeps its cosine; one at a
 * quarter of it keeps half. Among the pages the plain cosine judged relevant in crawls of the labelled topics, the
 * density told the labelled ones from the others better than the cosine did (docs/evaluation.md, session 22).
 */
public final class WeightedKeywordModel implements TermModel {

    private final PageAnalyzer analyzer;
    private final TagWeights tagWeights;
    private final String keywordLanguage;
    private final List<String> keywords;
    private final double[] weights;
    /** |D|^2, fixed per topic. */
    private final double weightNormSquared;
    private final double threshold;
    private final KeywordMatcher matcher;
    /** 0: no density factor */
    private final double fullDensity;
    /** max_j w_j */
    private final double maxWeight;

    /** The model as the topic file configures it. */
    public WeightedKeywordModel(Topic topic) {
        this(topic, new PageAnalyzer(new TextAnalyzer(topic.relevance().stemming(), topic.relevance().segmenter()),
                new TextSelection(topic.relevance().hubShare()), topic.languages()));
    }

    /** The topic's keywords, threshold and tag weights, read with the given pipeline. */
    public WeightedKeywordModel(Topic topic, PageAnalyzer analyzer) {
        this(topic.keywords(), topic.threshold(), topic.relevance().tagWeights(), analyzer,
                TopicLoader.keywordLanguage(topic.languages()), topic.relevance().keywordDensity());
    }

    /** The paper's plain cosine, without the density factor (full density 0). */
    public WeightedKeywordModel(Map<String, Double> keywords, double threshold, TagWeights tagWeights,
                                PageAnalyzer analyzer, String keywordLanguage) {
        this(keywords, threshold, tagWeights, analyzer, keywordLanguage, 0);
    }

    /**
     * @param keywords        keyword -&gt; weight &gt; 0
     * @param keywordLanguage language the keywords are analysed in (for text outside Han runs)
     * @param fullDensity     keyword occurrences per term from which a page's cosine counts in full (0 = always)
     * @throws IllegalArgumentException when there is no keyword or a keyword has no terms after analysis
     */
    public WeightedKeywordModel(Map<String, Double> keywords, double threshold, TagWeights tagWeights,
                                PageAnalyzer analyzer, String keywordLanguage, double fullDensity) {
        if (!(fullDensity >= 0 && fullDensity <= 1)) {
            throw new IllegalArgumentException("the full keyword density must be in [0, 1], got " + fullDensity);
        }
        this.fullDensity = fullDensity;
        this.analyzer = analyzer;
        this.tagWeights = tagWeights;
        this.keywordLanguage = keywordLanguage;
        this.threshold = threshold;
        if (keywords.isEmpty()) {
            throw new IllegalArgumentException("the topic has no keywords");
        }
        // Sorted, so that the vector's order, and hence the rounding of every sum, is the same in every run.
        Map<List<String>, String> names = new LinkedHashMap<>();
        Map<List<String>, Double> byTerms = new LinkedHashMap<>();
        for (String k : keywords.keySet().stream().sorted().toList()) {
            List<String> terms = KeywordMatcher.analyse(analyzer.textAnalyzer(), k, keywordLanguage);
            names.putIfAbsent(terms, k);
            byTerms.merge(terms, keywords.get(k), Math::max);
        }
        this.keywords = new ArrayList<>(names.values());
        this.weights = byTerms.values().stream().mapToDouble(Double::doubleValue).toArray();
        double dd = 0;
        double max = 0;
        for (double w : weights) {
            dd += w * w;
            max = Math.max(max, w);
        }
        this.weightNormSquared = dd;
        this.maxWeight = max;
        this.matcher = new KeywordMatcher(new ArrayList<>(byTerms.keySet()));
    }

    @Override
    public PageAnalyzer analyzer() {
        return analyzer;
    }

    @Override
    public Relevance score(AnalyzedPage page) {
        double[] counts = matcher.count(page, tagWeights);
        return cosine(counts, fullDensity == 0 ? 1 : densityFactor(density(counts, page)));
    }

    /**
     * Keyword occurrences per term: sum of (w_i / max_j w_j) * a_i over the page's tag-weighted term count, in [0, 1]
     * (0 for a page without terms).
     */
    private double density(double[] counts, AnalyzedPage page) {
        double terms = 0;
        for (AnalyzedPage.Part part : page.parts()) {
            terms += tagWeights.of(part.tag()) * part.terms().size();
        }
        if (terms <= 0) {
            return 0;
        }
        double mass = 0;
        for (int i = 0; i < counts.length; i++) {
            mass += weights[i] / maxWeight * counts[i];
        }
        // a phrase that contains another keyword counts for both, so the mass can exceed the terms
        return Math.min(1, mass / terms);
    }

    /** min(1, sqrt(density / full density)), for a full density &gt; 0. */
    private double densityFactor(double density) {
        return Math.min(1, Math.sqrt(density / fullDensity));
    }

    /**
     * The same cosine computed on a link's anchor text alone, in [0, 1] (0 for a blank anchor); link-priority
     * strategies use it to order links that are otherwise equal.
     */
    public double anchorScore(String anchorText) {
        double[] counts = new double[matcher.size()];
        matcher.count(analyzer.textAnalyzer().terms(anchorText, keywordLanguage), 1, counts);
        // anchors, nearby text and URL words are a few words: the cosine alone (any that names a keyword is dense)
        return cosine(counts, 1).score();
    }

    /** The counted tags' weights; for tests and explanations. */
    public TagWeights tagWeights() {
        return tagWeights;
    }

    /**
     * cos(T, D) for the counts a_i, times the density factor, with each keyword's share
     * factor * x_i*w_i*w_i / (|T||D|); the shares sum to the score.
     */
    private Relevance cosine(double[] counts, double factor) {
        double max = 0;
        for (double a : counts) {
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
            x[i] = counts[i] / max;
            double t = x[i] * weights[i];
            dot += t * weights[i];
            tt += t * t;
        }
        // sqrt(|T|^2 |D|^2) rather than |T| * |D|: one rounding fewer, so e.g. identical vectors give exactly 1.
        double norms = Math.sqrt(tt * weightNormSquared);
        double score = factor * Math.min(1.0, dot / norms);
        List<Relevance.TermContribution> terms = new ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] > 0) {
                terms.add(new Relevance.TermContribution(keywords.get(i),
                        factor * x[i] * weights[i] * weights[i] / norms));
            }
        }
        terms.sort(Comparator.comparingDouble(Relevance.TermContribution::contribution).reversed()
                .thenComparing(Relevance.TermContribution::term));
        return new Relevance(score, score >= threshold, terms);
    }
}
