package org.topicstorm.relevance;

import java.util.List;
import java.util.Map;

/**
 * The seed-set TF-IDF model's crawl state (003 patent), as stored in the crawl's model index.
 *
 * @param seeds     the seed set, oldest first: the original seed pages, then the pages that joined
 * @param original  how many of {@code seeds} are original seed pages (they never leave the set)
 * @param documents N, the documents seen: the original seed pages plus every page the writer scored
 * @param df        document frequency of each term of the seed set's vocabulary (other terms are not tracked:
 *                  only the seed set's terms can match, see {@link SeedSetModel})
 */
public record SeedSetState(List<SeedPage> seeds, int original, long documents, Map<String, Long> df) {

    public SeedSetState {
        seeds = List.copyOf(seeds);
        df = Map.copyOf(df);
    }

    /**
     * @param url the page's URL
     * @param tf  its heaviest tag-weighted term frequencies
     */
    public record SeedPage(String url, Map<String, Double> tf) {
        public SeedPage {
            tf = Map.copyOf(tf);
        }
    }
}
