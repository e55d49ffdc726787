package org.topicstorm.text;

import java.util.List;
import java.util.Objects;

/**
 * A page as terms: each selected part of the page ({@link TextSelection}) with its tag and its terms in text order.
 * Models that count phrases need the order; the others use {@link #weightedTerms}.
 *
 * <p>Immutable. Not a record only so that it can keep its term vector: the models of a combination all ask for it
 * with the topic's tag weights, and it is made once.
 */
public final class AnalyzedPage {

    private final String url;
    private final String language;
    private final boolean hub;
    private final List<Part> parts;
    /** The last vector made, with the weights it was made with (one volatile pair: safe to share across threads). */
    private volatile Cached cached;

    private record Cached(TagWeights weights, WeightedTerms terms) {
    }

    /** The terms of one part of the page. */
    public record Part(Tag tag, List<String> terms) {
        public Part {
            terms = List.copyOf(terms);
        }
    }

    /**
     * @param url      the page's URL
     * @param language the language the page was analysed as (ISO 639-1; see {@link PageAnalyzer})
     * @param hub      whether it was read as a hub page (through its anchor texts)
     * @param parts    the analysed parts, title first
     */
    public AnalyzedPage(String url, String language, boolean hub, List<Part> parts) {
        this.url = url;
        this.language = language;
        this.hub = hub;
        this.parts = List.copyOf(parts);
    }

    public String url() {
        return url;
    }

    public String language() {
        return language;
    }

    public boolean hub() {
        return hub;
    }

    public List<Part> parts() {
        return parts;
    }

    /** The tag-weighted term frequencies wf(t) = sum over tags i of w_i * f_i(t) (002 patent). */
    public WeightedTerms weightedTerms(TagWeights weights) {
        Cached c = cached;
        if (c != null && c.weights().equals(weights)) {
            return c.terms();
        }
        WeightedTerms terms = WeightedTerms.of(this, weights);
        cached = new Cached(weights, terms);
        return terms;
    }

    /** Number of terms over all parts. */
    public int termCount() {
        int n = 0;
        for (Part p : parts) {
            n += p.terms().size();
        }
        return n;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AnalyzedPage a && hub == a.hub && Objects.equals(url, a.url)
                && Objects.equals(language, a.language) && parts.equals(a.parts);
    }

    @Override
    public int hashCode() {
        return Objects.hash(url, language, hub, parts);
    }

    @Override
    public String toString() {
        return "AnalyzedPage[url=" + url + ", language=" + language + ", hub=" + hub + ", parts=" + parts + "]";
    }
}
