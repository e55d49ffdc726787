package org.topicstorm.text;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts keywords, single words or phrases, in analysed text. Each keyword is analysed by the same
 * {@link TextAnalyzer} as the pages, so with stemming "clouds" in a page matches the keyword "cloud", and a Chinese
 * keyword is segmented like the page text (食品安全 -&gt; 食品 安全). A phrase matches where its terms follow each
 * other in a part of the page; stop words are removed on both sides first, so "infrastructure as a service" matches
 * the same text in a page. Occurrences of one keyword do not overlap; different keywords count independently
 * ("cloud computing" also counts for "cloud"). Thread-safe.
 */
public final class KeywordMatcher {

    private final List<List<String>> phrases;
    /** Keyword indexes by their first term: a page is scanned once. */
    private final Map<String, int[]> byFirstTerm = new HashMap<>();

    /**
     * @param phrases each keyword's terms (from {@link #analyse}); none may be empty
     */
    public KeywordMatcher(List<List<String>> phrases) {
        this.phrases = List.copyOf(phrases.stream().map(List::copyOf).toList());
        Map<String, List<Integer>> index = new HashMap<>();
        for (int i = 0; i < this.phrases.size(); i++) {
            List<String> p = this.phrases.get(i);
            if (p.isEmpty()) {
                throw new IllegalArgumentException("keyword " + i + " has no terms");
            }
            index.computeIfAbsent(p.get(0), t -> new ArrayList<>()).add(i);
        }
        index.forEach((t, ids) -> byFirstTerm.put(t, ids.stream().mapToInt(Integer::intValue).toArray()));
    }

    /**
     * The terms of a keyword as the analyzer makes them.
     *
     * @throws IllegalArgumentException naming the keyword when nothing is left (only stop words, numbers, ...)
     */
    public static List<String> analyse(TextAnalyzer analyzer, String keyword, String language) {
        List<String> terms = analyzer.terms(keyword, language);
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("keyword '" + keyword + "' has no terms after analysis (it is made of "
                    + "stop words and numbers only)");
        }
        return terms;
    }

    public int size() {
        return phrases.size();
    }

    public List<String> phrase(int i) {
        return phrases.get(i);
    }

    /** Adds each keyword's occurrences in the terms, times the factor, to {@code counts[keyword]}. */
    public void count(List<String> terms, double factor, double[] counts) {
        int[] nextFree = null; // per keyword: first position a new occurrence may start at (no overlaps)
        for (int at = 0; at < terms.size(); at++) {
            int[] candidates = byFirstTerm.get(terms.get(at));
            if (candidates == null) {
                continue;
            }
            for (int k : candidates) {
                List<String> p = phrases.get(k);
                if (at + p.size() > terms.size()) {
                    continue;
                }
                if (nextFree != null && at < nextFree[k]) {
                    continue;
                }
                boolean match = true;
                for (int j = 1; j < p.size() && match; j++) {
                    match = p.get(j).equals(terms.get(at + j));
                }
                if (match) {
                    counts[k] += factor;
                    if (p.size() > 1) {
                        if (nextFree == null) {
                            nextFree = new int[phrases.size()];
                        }
                        nextFree[k] = at + p.size();
                    }
                }
            }
        }
    }

    /** Tag-weighted occurrences a_k = sum over parts of (tag weight) * (occurrences of keyword k in the part). */
    public double[] count(AnalyzedPage page, TagWeights weights) {
        double[] counts = new double[phrases.size()];
        for (AnalyzedPage.Part part : page.parts()) {
            double w = weights.of(part.tag());
            if (w > 0) {
                count(part.terms(), w, counts);
            }
        }
        return counts;
    }
}
