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
 * relevance        -> default (url, page, relevance, metadata); status for scoring errors
 * indexer          -> default (url, page, relevance, metadata), once the content index has the page
 * link priority    -> status (url, metadata, status, outlinks): the page (FETCHED) with its kept outlinks
 * status updater   <- every status stream
 * </pre>
 * A page's writes happen in this order: its content, its outlinks, and last its own status. Its own status is what
 * takes it out of the frontier, so if anything before fails, the page is still due and is fetched again.
 */
public final class TupleFields {
    public static final String URL = "url";
    public static final String METADATA = "metadata";
    public static final String CONTENT = "content";
    public static final String PAGE = "page";
    public static final String RELEVANCE = "relevance";
    public static final String STATUS = "status";
    /** The scored outlinks of a fetched page (a List of ScoredLink), on the link-priority bolt's status stream. */
    public static final String OUTLINKS = "outlinks";
    /** Parents whose waiting children are to be lowered (003's sibling rule): a list of Demotion. */
    public static final String DEMOTIONS = "demotions";

    /** StormCrawler's status stream name (com.digitalpebble.stormcrawler.Constants.StatusStreamName). */
    public static final String STATUS_STREAM = "status";

    private TupleFields() {
    }
}
