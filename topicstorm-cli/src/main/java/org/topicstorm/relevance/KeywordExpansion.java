package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.KeywordMatcher;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.text.TextSelection;
import org.topicstorm.text.WeightedTerms;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Keyword expansion of the 002 patent: from pages on the topic, find the words that best characterise them and add
 * them to the topic's keywords; repeat.
 *
 * <p>Each round: score every page of the pool with the weighted-keyword model of the current keywords; the pages at
 * or above the topic's threshold are the relevant ones (or every page, when the pool is known to be relevant, e.g. a
 * crawl's content index). A term's score is its tag-weighted TF-IDF over the relevant pages:
 * score(t) = (1/|R|) sum over relevant pages of wf_p(t) * idf(t), wf the 002 tag-weighted frequency and
 * idf(t) = ln((N + 1) / (df(t) + 1)) + 1 over the N pages of the pool. Terms already part of a keyword, and lone
 * letters, are left out.
 * The {@code top} best terms become keywords, weight = 0.8 * score / best score (at least 0.1, two decimals), so
 * that a new keyword never outweighs a hand-set one of weight 1. A stemmed term is written as its most frequent form
 * in the pages (the model stems it again).
 */
public final class KeywordExpansion {

    /** A keyword added by a round. */
    public record Added(String keyword, double weight, double score) {
    }

    /** One round: how many pages counted as relevant and what was added. */
    public record Round(int relevantPages, List<Added> added) {
    }

    /** The keywords after all rounds (the original ones first) and the rounds. */
    public record Result(Map<String, Double> keywords, List<Round> rounds) {
    }

    private final Topic topic;
    private final PageAnalyzer analyzer;
    private final TextAnalyzer surface;
    private final TextSelection selection;

    public KeywordExpansion(Topic topic) {
        this.topic = topic;
        this.analyzer = RelevanceModels.analyzer(topic);
        this.surface = new TextAnalyzer(false, topic.relevance().segmenter());
        this.selection = new TextSelection(topic.relevance().hubShare());
    }

    /**
     * @param pages       the pool of pages
     * @param rounds      rounds of expansion (&gt;= 1)
     * @param top         keywords added per round (&gt;= 1)
     * @param allRelevant every page of the pool is relevant (no scoring)
     */
    public Result expand(List<ParsedPage> pages, int rounds, int top, boolean allRelevant) {
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("no pages to learn keywords from");
        }
        List<WeightedTerms> wf = new ArrayList<>();
        Map<String, Integer> df = new HashMap<>();
        Map<String, Map<String, Integer>> forms = new HashMap<>();
        List<org.topicstorm.text.AnalyzedPage> analysed = new ArrayList<>();
        for (ParsedPage p : pages) {
            org.topicstorm.text.AnalyzedPage a = analyzer.analyze(p);
            analysed.add(a);
            WeightedTerms w = a.weightedTerms(topic.relevance().tagWeights());
            wf.add(w);
            w.weights().keySet().forEach(t -> df.merge(t, 1, Integer::sum));
            countForms(p, a.language(), forms);
        }
        // The original keywords first, heaviest first (the topic's map has no order).
        Map<String, Double> keywords = new LinkedHashMap<>();
        topic.keywords().entrySet().stream()
                .sorted(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .forEach(e -> keywords.put(e.getKey(), e.getValue()));
        List<Round> done = new ArrayList<>();
        String language = TopicLoader.keywordLanguage(topic.languages());
        for (int r = 0; r < rounds; r++) {
            WeightedKeywordModel model = new WeightedKeywordModel(keywords, topic.threshold(),
                    topic.relevance().tagWeights(), analyzer, language, topic.relevance().keywordDensity());
            List<Integer> relevant = new ArrayList<>();
            for (int i = 0; i < analysed.size(); i++) {
                if (allRelevant || model.score(analysed.get(i)).relevant()) {
                    relevant.add(i);
                }
            }
            Set<String> known = new HashSet<>();
            for (String k : keywords.keySet()) {
                known.addAll(KeywordMatcher.analyse(analyzer.textAnalyzer(), k, language));
            }
            Map<String, Double> scores = new HashMap<>();
            double n = pages.size();
            for (int i : relevant) {
                for (Map.Entry<String, Double> e : wf.get(i).weights().entrySet()) {
                    if (proposable(e.getKey()) && !known.contains(e.getKey())) {
                        double idf = Math.log((n + 1) / (df.get(e.getKey()) + 1)) + 1;
                        scores.merge(e.getKey(), e.getValue() * idf / relevant.size(), Double::sum);
                    }
                }
            }
            List<WeightedTerms.TermWeight> best = new WeightedTerms(scores).top(top);
            List<Added> added = new ArrayList<>();
            for (WeightedTerms.TermWeight t : best) {
                double weight = Math.max(0.1, Math.round(80 * t.weight() / best.get(0).weight()) / 100.0);
                String keyword = surfaceForm(t.term(), forms);
                if (keywords.containsKey(keyword) || analyzer.textAnalyzer().terms(keyword, language).isEmpty()) {
                    continue;
                }
                keywords.put(keyword, weight);
                added.add(new Added(keyword, weight, t.weight()));
            }
            done.add(new Round(relevant.size(), added));
            if (added.isEmpty()) {
                break;
            }
        }
        return new Result(keywords, done);
    }

    /** Counts, for each analysed term, the unstemmed forms it came from (same chain without the stemmer). */
    private void countForms(ParsedPage page, String language, Map<String, Map<String, Integer>> forms) {
        if (!analyzer.textAnalyzer().stemming()) {
            return;
        }
        for (TextSelection.Part part : selection.parts(page)) {
            List<String> stems = analyzer.textAnalyzer().terms(part.text(), language);
            List<String> words = surface.terms(part.text(), language);
            if (stems.size() != words.size()) {
                continue; // cannot happen with the same chain up to the stemmer; skip rather than misalign
            }
            for (int i = 0; i < stems.size(); i++) {
                forms.computeIfAbsent(stems.get(i), s -> new HashMap<>()).merge(words.get(i), 1, Integer::sum);
            }
        }
    }

    private static String surfaceForm(String term, Map<String, Map<String, Integer>> forms) {
        Map<String, Integer> f = forms.get(term);
        if (f == null || f.isEmpty()) {
            return term;
        }
        // Most frequent; ties: the shortest, then alphabetical, so the result does not depend on hash order.
        return f.entrySet().stream().max((a, b) -> a.getValue().equals(b.getValue())
                ? b.getKey().length() != a.getKey().length() ? b.getKey().length() - a.getKey().length()
                : b.getKey().compareTo(a.getKey())
                : a.getValue() - b.getValue()).get().getKey();
    }

    /**
     * Whether a term may become a keyword: not a lone letter (a variable in code, the pronoun I), which says nothing
     * of a topic on its own and counts in a hand-written phrase ("c function") only. A single Han character is a word
     * ("茶", tea) and stays a candidate.
     */
    static boolean proposable(String term) {
        return term.codePointCount(0, term.length()) > 1 || Character.isIdeographic(term.codePointAt(0));
    }
}
