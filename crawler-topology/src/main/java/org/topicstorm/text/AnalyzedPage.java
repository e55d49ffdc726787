package org.topicstorm.text;

import java.util.List;

/**
 * A page as terms: each selected part of the page ({@link TextSelection}) with its tag and its terms in text order.
 * Models that count phrases need the order; the others use {@link #weightedTerms}.
 *
 * @param url      the page's URL
 * @param language the language the page was analysed as (ISO 639-1; see {@link PageAnalyzer})
 * @param hub      whether it was read as a hub page (through its anchor texts)
 * @param parts    the analysed parts, title first
 */
public record AnalyzedPage(String url, String language, boolean hub, List<Part> parts) {

    public AnalyzedPage {
        parts = List.copyOf(parts);
    }

    /** The terms of one part of the page. */
    public record Part(Tag tag, List<String> terms) {
        public Part {
            terms = List.copyOf(terms);
        }
    }

    /** The tag-weighted term frequencies wf(t) = sum over tags i of w_i * f_i(t) (002 patent). */
    public WeightedTerms weightedTerms(TagWeights weights) {
        return WeightedTerms.of(this, weights);
    }

    /** Number of terms over all parts. */
    public int termCount() {
        int n = 0;
        for (Part p : parts) {
            n += p.terms().size();
        }
        return n;
    }
}
