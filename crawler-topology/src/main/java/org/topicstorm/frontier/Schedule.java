package org.topicstorm.frontier;

import java.time.Duration;

/**
 * When a URL is due again, by its state. Relevant pages are re-fetched (the crawl keeps a topic's index fresh);
 * discarded pages, redirects and given-up errors are not, unless configured.
 *
 * @param refetchRelevant  re-fetch interval of relevant pages (null = never)
 * @param refetchDiscarded re-fetch interval of discarded pages (null = never)
 * @param retryFetchError  delay before retrying a failed fetch
 * @param maxFetchErrors   failed fetches after which a URL becomes ERROR and is not retried
 */
public record Schedule(Duration refetchRelevant, Duration refetchDiscarded, Duration retryFetchError,
                       int maxFetchErrors) {

    /** Next fetch time for a fetched page, or null for never. */
    public Long afterFetch(boolean relevant, long now) {
        Duration d = relevant ? refetchRelevant : refetchDiscarded;
        return d == null ? null : now + d.toMillis();
    }

    /** Next fetch time after a failed fetch. */
    public long afterFetchError(long now) {
        return now + retryFetchError.toMillis();
    }
}
