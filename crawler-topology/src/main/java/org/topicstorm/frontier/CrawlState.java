package org.topicstorm.frontier;

/**
 * The 000 paper's four URL states ("queues"), plus one for redirects. Derived from the StormCrawler status and
 * the relevance verdict, and stored in the status index so each state can be queried directly.
 */
public enum CrawlState {
    /** Known, not fetched yet (or due again): status DISCOVERED. */
    WAITING,
    /** Download failed: FETCH_ERROR (retried later) or ERROR (given up). */
    EXCEPTION,
    /** Downloaded, relevance below the threshold r. */
    DISCARDED,
    /** Downloaded, relevance at or above r. */
    DONE,
    /** The URL redirected elsewhere; its target is a URL of its own. */
    REDIRECTED
}
