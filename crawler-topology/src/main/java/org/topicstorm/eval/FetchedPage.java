package org.topicstorm.eval;

/**
 * One entry of a crawl log: a URL the crawl requested, in the order the crawl requested it.
 *
 * @param url             the URL as the crawl stored it
 * @param host            its host key (as in the status index)
 * @param status          the fetch outcome: FETCHED, FETCH_ERROR, ERROR or REDIRECTION
 * @param crawlerRelevant the crawler's own verdict (FETCHED pages only; null for errors and redirects)
 * @param fetchedAt       epoch ms at which its first fetch outcome left the fetcher
 */
public record FetchedPage(String url, String host, String status, Boolean crawlerRelevant, long fetchedAt) {

    /** Whether the crawler judged the page (it was fetched and parsed, not an error or a redirect). */
    public boolean judged() {
        return crawlerRelevant != null;
    }
}
