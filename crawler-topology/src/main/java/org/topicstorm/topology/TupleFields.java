package org.topicstorm.topology;

/**
 * Names of tuple fields and streams shared by the bolts. The StormCrawler conventions ("url", "metadata",
 * "content", "status" and the "status" stream) are kept so that its FetcherBolt plugs in unchanged.
 *
 * <pre>
 * spout            -> (url, metadata)
 * partitioner      -> (url, key, metadata)
 * fetcher          -> default (url, content, metadata); status (url, metadata, status)
 * parse            -> default (url, page, metadata);    status (url, metadata, status) for parse errors
 * relevance        -> default (url, page, relevance, metadata)
 * link priority    -> status (url, metadata, status): the page itself (FETCHED) and each kept outlink (DISCOVERED)
 * indexer          <- relevance's default stream; stores the relevant pages
 * status updater   <- every status stream
 * </pre>
 */
public final class TupleFields {
    public static final String URL = "url";
    public static final String METADATA = "metadata";
    public static final String CONTENT = "content";
    public static final String PAGE = "page";
    public static final String RELEVANCE = "relevance";
    public static final String STATUS = "status";

    /** StormCrawler's status stream name (com.digitalpebble.stormcrawler.Constants.StatusStreamName). */
    public static final String STATUS_STREAM = "status";

    private TupleFields() {
    }
}
