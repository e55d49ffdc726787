package org.topicstorm.search;

import org.jsoup.nodes.Document;
import org.topicstorm.parse.LinkFilter;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.priority.LinkPrioritizer;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.relevance.RelevanceModel;
import org.topicstorm.relevance.WeightedKeywordModel;
import org.topicstorm.topic.SeedSource;
import org.topicstorm.topic.Topic;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns a fetched results page of a topic's search source into what the frontier gets from it: the results whose
 * title and summary score at least the source's {@link SeedSource#minScore()} (002's K, the topic's threshold by
 * default) with the topic's keywords, as seeds (seed priority, depth 0), and the next results page while the query
 * has pages left. The results page itself is neither judged nor indexed: it is a hub made by a search engine.
 */
public final class SearchPageReader {

    /**
     * What a results page gave.
     *
     * @param outlinks the results kept, then the next page (if followed)
     * @param listed   results on the page
     * @param kept     results that scored enough
     */
    public record Read(List<ScoredLink> outlinks, int listed, int kept) {
    }

    private final SearchSources sources;
    private final RelevanceModel keywords;
    private final double threshold;
    private final String language;

    public SearchPageReader(Topic topic) {
        this(new SearchSources(topic), new WeightedKeywordModel(topic), topic.threshold(), topic.languages().get(0));
    }

    SearchPageReader(SearchSources sources, RelevanceModel keywords, double threshold, String language) {
        this.sources = sources;
        this.keywords = keywords;
        this.threshold = threshold;
        this.language = language;
    }

    /** The source whose results page the URL is, or null for any other page. */
    public SeedSource sourceOf(String url) {
        return sources.isEmpty() ? null : sources.sourceOf(url);
    }

    /**
     * @param depth the results page's depth: 0 for a query's first page, n for its (n + 1)th
     * @param links the crawl's URL filters for links of this page
     */
    public Read read(SeedSource source, Document doc, int depth, LinkFilter links) {
        SearchResults page = SearchResults.read(doc, source);
        double minScore = source.minScore() != null ? source.minScore() : threshold;
        List<ScoredLink> out = new ArrayList<>();
        int kept = 0;
        for (SearchResults.Result r : page.results()) {
            String url = links.filter(r.url());
            if (url != null && score(r) >= minScore) {
                out.add(new ScoredLink(url, r.title(), LinkPrioritizer.SEED_PRIORITY, 0, 0));
                kept++;
            }
        }
        if (page.next() != null && depth + 1 < source.maxPages()) {
            String next = links.filter(page.next());
            // only a page of the same query form is read as results; another would be crawled as an ordinary page
            if (next != null && sources.sourceOf(next) == source) {
                out.add(new ScoredLink(next, "", LinkPrioritizer.SEED_PRIORITY, depth + 1, 0));
            }
        }
        return new Read(List.copyOf(out), page.results().size(), kept);
    }

    /** The topic's keyword score of a result's title (as a title) and summary (as text). */
    double score(SearchResults.Result r) {
        ParsedPage p = new ParsedPage(r.url(), r.title(), List.of(), r.summary(), r.summary(), List.of(), 0,
                PageType.TOPIC, "UTF-8", language);
        return keywords.score(p).score();
    }
}
