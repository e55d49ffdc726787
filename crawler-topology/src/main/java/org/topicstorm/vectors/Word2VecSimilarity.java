package org.topicstorm.vectors;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The 002 patent's word2vec relevance (shared notes, methods.md section 002):
 * <pre>
 *   sim(s, d) = (1/m) * sum_{i=1..m} max_j cos(d_i, s_j)
 * </pre>
 * over the m top-weighted page words d_1..d_m (tag-weighted frequencies wf = sum w_i * f_i, computed by the text
 * pipeline and passed in) and the n topic terms s_1..s_n. The patent calls a page relevant when sim &gt; K (0.6).
 *
 * <h2>Looking words up</h2>
 * A word is looked up as given, then in lower case (so "Cloud" finds "cloud" in a lower-cased vocabulary such as
 * the default English one). Page words should be unstemmed: vectors are trained on surface forms.
 *
 * <h2>Topic terms</h2>
 * Each topic term becomes one s_j, resolved once, in this order ({@link TopicTerm.Kind}):
 * <ol>
 *   <li>{@code WORD}: the term is in the vocabulary (also tried with spaces replaced by '_', the usual way word2vec
 *   files store phrases);</li>
 *   <li>{@code PHRASE_MEAN}: a phrase (words split at spaces and hyphens) whose every word is in the vocabulary: the
 *   mean of its words' unit vectors ("cloud computing" = (v(cloud) + v(computing)) / 2, then normalised);</li>
 *   <li>{@code EXACT_ONLY}: otherwise (an unknown word, or a phrase with an unknown word). Such a term matches only a
 *   page word identical to it (ignoring case), with cosine 1. It is kept rather than dropped because hand-picked
 *   keywords are often names missing from a general vocabulary (a product, a project) and their literal presence
 *   is still evidence; a phrase with one unknown word is not reduced to its known words, which could mean
 *   something else alone ("cloud" without "computing").</li>
 * </ol>
 *
 * <h2>Page words</h2>
 * The d_i are the page words with the highest weights (ties by word, for the same order in every run), taking
 * only <em>usable</em> words: words in the vocabulary, or identical to an EXACT_ONLY topic term. An
 * out-of-vocabulary page word is skipped and the next usable word is taken. Words whose weight is not &gt; 0 (or is
 * NaN) are not page words. m = min(M, number of usable page words); a page with no usable word scores 0.
 *
 * <p>For each d_i, the max runs over the topic terms with vectors, plus (cosine 1) an EXACT_ONLY term identical to
 * d_i. When there is no candidate at all (every topic term is EXACT_ONLY and none is identical) d_i contributes 0.
 * Cosines keep their sign, so a score lies in [-1, 1] (in practice almost always &gt;= 0 for real embeddings); a
 * caller needing [0, 1] clamps.
 *
 * <p>Immutable and thread-safe: {@link #score(Map)} allocates only small per-call arrays.
 */
public final class Word2VecSimilarity {

    /** Default M: the middle of the 20-50 page words that keep a page's main subject and drop its noise. */
    public static final int DEFAULT_PAGE_WORDS = 30;

    private final Embeddings embeddings;
    private final int dimension;
    private final int maxPageWords;
    private final List<TopicTerm> topicTerms;
    /** Unit vectors of the topic terms that have one, row-major. */
    private final float[] topicVectors;
    /** Names of the topic terms behind topicVectors' rows. */
    private final String[] vectorTermNames;
    /** Lower-cased EXACT_ONLY terms -> the term as given. */
    private final Map<String, String> exactTerms;

    /**
     * @param embeddings the word vectors
     * @param topicTerms the topic's words or phrases (at least one; duplicates after trimming are merged)
     * @param pageWords  M, the most page words to compare (at least 1)
     */
    public Word2VecSimilarity(Embeddings embeddings, Collection<String> topicTerms, int pageWords) {
        this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
        this.dimension = embeddings.dimension();
        if (pageWords < 1) {
            throw new IllegalArgumentException("the number of page words m must be at least 1, not " + pageWords);
        }
        this.maxPageWords = pageWords;
        Map<String, TopicTerm> resolved = new LinkedHashMap<>();
        List<float[]> vectors = new ArrayList<>();
        for (String given : topicTerms) {
            if (given == null || given.isBlank()) {
                throw new IllegalArgumentException("a topic term is empty");
            }
            String term = given.strip().replaceAll("\\s+", " ");
            if (resolved.containsKey(term)) {
                continue;
            }
            float[] vector = new float[dimension];
            TopicTerm t = resolve(term, vector);
            resolved.put(term, t);
            if (t.kind() != TopicTerm.Kind.EXACT_ONLY) {
                vectors.add(vector);
            }
        }
        if (resolved.isEmpty()) {
            throw new IllegalArgumentException("no topic terms");
        }
        this.topicTerms = List.copyOf(resolved.values());
        this.topicVectors = new float[vectors.size() * dimension];
        this.vectorTermNames = new String[vectors.size()];
        this.exactTerms = new HashMap<>();
        int k = 0;
        for (TopicTerm t : this.topicTerms) {
            if (t.kind() == TopicTerm.Kind.EXACT_ONLY) {
                exactTerms.putIfAbsent(t.term().toLowerCase(Locale.ROOT), t.term());
            } else {
                System.arraycopy(vectors.get(k), 0, topicVectors, k * dimension, dimension);
                vectorTermNames[k] = t.term();
                k++;
            }
        }
    }

    /** How each topic term was resolved, in the order given. */
    public List<TopicTerm> topicTerms() {
        return topicTerms;
    }

    /** M, the most page words compared. */
    public int maxPageWords() {
        return maxPageWords;
    }

    public Embeddings embeddings() {
        return embeddings;
    }

    /**
     * Scores a page.
     *
     * @param pageWeights the page's words and their tag-weighted frequencies (only their order matters)
     */
    public Result score(Map<String, Double> pageWeights) {
        // Keep the M best usable words in arrays sorted best first (insertion: M is small, most words lose to the
        // current M-th at the first comparison, before any hash look-up).
        String[] words = new String[maxPageWords];
        double[] weights = new double[maxPageWords];
        int[] rows = new int[maxPageWords];
        int count = 0;
        for (Map.Entry<String, Double> e : pageWeights.entrySet()) {
            Double boxed = e.getValue();
            String word = e.getKey();
            if (boxed == null || word == null) {
                continue;
            }
            double w = boxed;
            if (!(w > 0)) {
                continue;
            }
            if (count == maxPageWords && !before(w, word, weights[count - 1], words[count - 1])) {
                continue;
            }
            int row = lookup(word);
            if (row < 0 && exactTerm(word) == null) {
                continue; // out of vocabulary and no exact-only topic term: skipped, the next word is taken
            }
            int at = Math.min(count, maxPageWords - 1);
            while (at > 0 && before(w, word, weights[at - 1], words[at - 1])) {
                words[at] = words[at - 1];
                weights[at] = weights[at - 1];
                rows[at] = rows[at - 1];
                at--;
            }
            words[at] = word;
            weights[at] = w;
            rows[at] = row;
            if (count < maxPageWords) {
                count++;
            }
        }
        if (count == 0) {
            return new Result(0, List.of());
        }
        float[] unit = embeddings.unitVectors();
        List<Match> matches = new ArrayList<>(count);
        double sum = 0;
        for (int i = 0; i < count; i++) {
            double best = Double.NEGATIVE_INFINITY;
            String bestTerm = null;
            String exact = exactTerm(words[i]);
            if (exact != null) {
                best = 1;
                bestTerm = exact;
            } else if (rows[i] >= 0) {
                int offset = rows[i] * dimension;
                for (int j = 0; j < vectorTermNames.length; j++) {
                    double c = Embeddings.dot(unit, offset, topicVectors, j * dimension, dimension);
                    if (c > best) {
                        best = c;
                        bestTerm = vectorTermNames[j];
                    }
                }
            }
            if (bestTerm == null) {
                best = 0; // no candidate topic term at all
            }
            best = Math.max(-1, Math.min(1, best)); // float rounding can leave |cos| a hair above 1
            sum += best;
            matches.add(new Match(words[i], weights[i], bestTerm, best));
        }
        return new Result(sum / count, List.copyOf(matches));
    }

    /** True when (w, word) ranks before (otherWeight, otherWord): higher weight first, then by word. */
    private static boolean before(double w, String word, double otherWeight, String otherWord) {
        return w > otherWeight || (w == otherWeight && word.compareTo(otherWord) < 0);
    }

    /** Row of the word as given, else in lower case; -1 when out of vocabulary. */
    private int lookup(String word) {
        int row = embeddings.row(word);
        if (row < 0) {
            String lower = word.toLowerCase(Locale.ROOT);
            if (!lower.equals(word)) {
                row = embeddings.row(lower);
            }
        }
        return row;
    }

    /** The EXACT_ONLY topic term identical to the word ignoring case, or null. */
    private String exactTerm(String word) {
        return exactTerms.isEmpty() ? null : exactTerms.get(word.toLowerCase(Locale.ROOT));
    }

    private TopicTerm resolve(String term, float[] vectorOut) {
        int row = lookup(term);
        if (row < 0 && term.indexOf(' ') >= 0) {
            row = lookup(term.replace(' ', '_'));
        }
        float[] unit = embeddings.unitVectors();
        if (row >= 0) {
            System.arraycopy(unit, row * dimension, vectorOut, 0, dimension);
            return new TopicTerm(term, TopicTerm.Kind.WORD, List.of(embeddings.words().get(row)));
        }
        String[] parts = term.split("[\\s\\-]+");
        List<String> found = new ArrayList<>();
        if (parts.length > 1) {
            for (String part : parts) {
                if (part.isEmpty()) {
                    continue;
                }
                int r = lookup(part);
                if (r < 0) {
                    found = null;
                    break;
                }
                found.add(embeddings.words().get(r));
                for (int i = 0; i < dimension; i++) {
                    vectorOut[i] += unit[r * dimension + i];
                }
            }
            if (found != null && !found.isEmpty()) {
                // The mean's direction is the sum's direction: normalising the sum is enough.
                Embeddings.normalise(vectorOut, 0, dimension);
                return new TopicTerm(term, TopicTerm.Kind.PHRASE_MEAN, List.copyOf(found));
            }
        }
        return new TopicTerm(term, TopicTerm.Kind.EXACT_ONLY, List.of());
    }

    /**
     * A topic term and how it was resolved.
     *
     * @param term  the term as given (trimmed, inner white space collapsed)
     * @param kind  how it is compared
     * @param words the vocabulary words behind its vector (one for WORD, the phrase's words for PHRASE_MEAN, none
     *              for EXACT_ONLY)
     */
    public record TopicTerm(String term, Kind kind, List<String> words) {
        public enum Kind { WORD, PHRASE_MEAN, EXACT_ONLY }
    }

    /**
     * One page word d_i and its best topic term.
     *
     * @param pageWord  the page word as given
     * @param weight    its weight in the page
     * @param topicTerm the topic term with the highest cosine, or null when there was no candidate (cosine 0)
     * @param cosine    max_j cos(d_i, s_j)
     */
    public record Match(String pageWord, double weight, String topicTerm, double cosine) {
    }

    /**
     * A page's score and its explanation.
     *
     * @param score   (1/m) * sum of the matches' cosines, 0 when m = 0
     * @param matches the m page words compared, highest weight first
     */
    public record Result(double score, List<Match> matches) {
        /** m, the number of page words compared. */
        public int m() {
            return matches.size();
        }
    }
}
