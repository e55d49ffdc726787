package org.topicstorm.frontier;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * How fresh a page was when the crawl first fetched it (issue 14: the time from a page's appearance to its
 * indexing), kept in its status document from its first fetch on, so that {@code stats} and the metrics index can
 * give percentiles over the relevant pages without a script.
 *
 * @param appeared  when the page appeared: when it says it was published ({@code published} true) if that is not
 *                  after the fetch, else when the crawl first saw its URL
 * @param lag       milliseconds from its appearance to its first fetch (never below 0)
 * @param published whether {@code appeared} is the page's own publication time
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Freshness(long appeared, long lag, boolean published) {

    /**
     * @param firstSeen when the crawl first saw the URL
     * @param published when the page says it was published, or null
     * @param fetched   when it was first fetched
     */
    public static Freshness of(long firstSeen, Long published, long fetched) {
        boolean declared = published != null && published <= fetched;
        long appeared = declared ? published : Math.min(firstSeen, fetched);
        return new Freshness(appeared, fetched - appeared, declared);
    }
}
