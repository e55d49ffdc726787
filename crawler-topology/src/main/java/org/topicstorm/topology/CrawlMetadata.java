package org.topicstorm.topology;

/**
 * Keys that TopicStorm keeps in StormCrawler's {@code Metadata} as a URL travels through the topology. The spout
 * sets them from the URL's status document; the bolts add the page's relevance.
 */
public final class CrawlMetadata {
    /** Frontier priority of the URL (higher is fetched first). */
    public static final String PRIORITY = "ts.priority";
    /** Hops from the nearest seed; StormCrawler's own depth key, maintained by its MetadataTransfer. */
    public static final String DEPTH = "depth";
    /** Hops from the nearest relevant page (0 = a relevant page links to it). */
    public static final String DISTANCE = "ts.distance";
    /** Anchor text of the link the URL was found through. */
    public static final String ANCHOR = "ts.anchor";
    /** URL of the page the link was found on. */
    public static final String PARENT = "ts.parent";
    /** Relevance score of the fetched page itself. */
    public static final String RELEVANCE = "ts.relevance";
    /** "true" when the fetched page is at or above the threshold. */
    public static final String RELEVANT = "ts.relevant";
    /** The judged page's {@link org.topicstorm.relevance.PageSummary} as JSON, kept in its status document. */
    public static final String PAGE = "ts.page";
    /**
     * Epoch milliseconds at which the fetch outcome left the fetcher (stamped by the parse bolt, or by the status
     * updater for outcomes that go there straight from the fetcher): orders the crawl log of an evaluation.
     */
    public static final String FETCHED_AT = "ts.fetchedAt";
    /**
     * When the fetched page says it was published (epoch ms, from its markup: {@link org.topicstorm.parse.PublishedTime}),
     * set by the parse bolt; absent when it does not say. The frontier takes it as the page's appearance.
     */
    public static final String PUBLISHED = "ts.published";
    /** Number of times the status index has seen the URL fetched (for re-fetch scheduling). */
    public static final String FETCH_COUNT = "ts.fetchCount";

    /**
     * Why the page's content could not be stored for good (the content index rejected its document): the page is
     * recorded without its content copy, this as its error, instead of being fetched again and again.
     */
    public static final String NOT_INDEXED = "ts.notIndexed";
    /** How a page's status error begins when its content was not stored (what follows is {@link #NOT_INDEXED}). */
    public static final String NOT_INDEXED_ERROR = "not indexed: ";
    /** The {@link #NOT_INDEXED} cause of a near-duplicate, followed by the stored page it repeats. */
    public static final String NEAR_DUPLICATE_OF = "near-duplicate of ";
    /**
     * The {@link #NOT_INDEXED} cause of a page that declares another URL of its host as its original
     * (rel=canonical), followed by that URL.
     */
    public static final String CANONICAL_COPY_OF = "copy of its canonical URL ";

    /**
     * A continuous crawl's content signature of the fetched page: the SimHash of its text, as a decimal long (absent
     * when the text is too short to sign), by which a revisit sees whether the page changed.
     */
    public static final String SIGNATURE = "ts.signature";
    /** A continuous crawl's "true" when the fetched page is a hub (mostly links), whose revisits find new pages. */
    public static final String HUB = "ts.hub";
    /** A continuous crawl's count of the replies the fetched page shows (absent when none). */
    public static final String REPLIES = "ts.replies";
    /** A continuous crawl's topic heat of the fetched page (003; absent when it shows no replies). */
    public static final String HEAT = "ts.heat";

    /** Distinct pages known to link to the URL when it was emitted (its in-degree in the crawled graph). */
    public static final String INLINKS = "ts.inlinks";

    private CrawlMetadata() {
    }
}
