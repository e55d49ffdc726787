package org.topicstorm.eval;

import java.util.List;

/**
 * One entry of a crawl log: a URL the crawl requested, in the order the crawl requested it.
 *
 * @param url             the URL as the crawl stored it
 * @param host            its host key (as in the status index)
 * @param status          the fetch outcome: FETCHED, FETCH_ERROR, ERROR or REDIRECTION
 * @param crawlerRelevant the crawler's own verdict (FETCHED pages only; null for errors and redirects)
 * @param fetchedAt       epoch ms at which its first fetch outcome left the fetcher
 * @param score           the relevance score the verdict came from (NaN when the crawl stored none)
 * @param title           the page's title ("" when unknown: not judged, or a crawl older than page summaries)
 * @param terms           the terms that made its score, best first (empty when unknown)
 * @param duplicate       judged relevant but not indexed as a duplicate (a near-duplicate of a stored page, or a copy
 *                        of the canonical URL it declares)
 */
public record FetchedPage(String url, String host, String status, Boolean crawlerRelevant, long fetchedAt,
                          double score, String title, List<String> terms, boolean duplicate) {

    public FetchedPage {
        title = title == null ? "" : title;
        terms = terms == null ? List.of() : List.copyOf(terms);
    }

    /** An entry that is no duplicate. */
    public FetchedPage(String url, String host, String status, Boolean crawlerRelevant, long fetchedAt,
                       double score, String title, List<String> terms) {
        this(url, host, status, crawlerRelevant, fetchedAt, score, title, terms, false);
    }

    /** An entry without what the crawler scored it on (hand-made logs; measures that need only the verdict). */
    public FetchedPage(String url, String host, String status, Boolean crawlerRelevant, long fetchedAt) {
        this(url, host, status, crawlerRelevant, fetchedAt, Double.NaN, "", List.of());
    }

    /** Whether the crawler judged the page (it was fetched and parsed, not an error or a redirect). */
    public boolean judged() {
        return crawlerRelevant != null;
    }
}
