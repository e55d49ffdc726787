package org.topicstorm.frontier;

import org.topicstorm.relevance.PageSummary;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.apache.lucene.util.NumericUtils;

import java.util.List;
import java.util.Map;

/**
 * A document of the {@code <crawl>-status} index (mapping: es-conf/status.json): what the crawl knows about one URL.
 *
 * <p>{@code priority} is the frontier key: for a waiting URL what its parents gave it (the best contribution, or
 * their sum: {@link StatusMerge}) times its {@code lift} (the learned strategy's link classifier's factor, from the
 * features of the link kept in {@code linkFeatures}; absent = 1); once fetched, the page's own relevance, which
 * orders re-fetches.
 * {@code inlinkScore} holds, in the order of {@code inlinkFrom}, what each parent contributed to the priority (a
 * parent counts once); {@code linkFeatures} are the features of the link that gave the best contribution (the
 * learned strategy's training example once the page is judged); {@code scorerVersion} is the version of the link
 * classifier that gave the lift; {@code demotedBy} the ids of the parents whose contribution was
 * lowered because several of their children in a row were irrelevant (003), each once.
 * {@code nextFetchDate} is null when the URL is never to be fetched again. {@code firstFetched} is when its first
 * fetch outcome (a page, an error or a redirect) left the fetcher: the crawl's fetch order, which evaluation reads.
 * {@code page} is what is kept of a fetched, judged page for people and the page classifier ({@link PageSummary}).
 * {@code failedAttempts} counts the tuples of this URL whose writes Elasticsearch refused for good (or that could not
 * be read) since its last stored outcome, {@code attemptError} the last such cause: at
 * {@link StatusMerge#maxAttempts()} the URL is given up (ERROR), so that a poison tuple is not replayed for ever.
 * Both are absent when there was none. {@code revisit} is what a continuous crawl keeps to schedule the page's next
 * fetch ({@link RevisitPolicy}); absent in a one-off crawl. {@code freshness} is set at the page's first fetch: when it
 * appeared and how long after that it was fetched ({@link Freshness}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record StatusDoc(
        String url,
        String host,
        String status,
        CrawlState state,
        Boolean relevant,
        Double relevance,
        double priority,
        Long nextFetchDate,
        int depth,
        int distance,
        int inlinks,
        List<String> inlinkFrom,
        String parent,
        String anchor,
        String error,
        int fetchCount,
        int errorCount,
        long discovered,
        Long lastFetched,
        Long firstFetched,
        long updated,
        Map<String, List<String>> metadata,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Double> inlinkScore,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> linkFeatures,
        Integer scorerVersion,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> demotedBy,
        PageSummary page,
        Double lift,
        Integer failedAttempts,
        String attemptError,
        RevisitState revisit,
        Freshness freshness) {

    public StatusDoc {
        if (lift != null && !(lift > 0 && Double.isFinite(lift))) {
            throw new IllegalArgumentException("a lift must be > 0 and finite, got " + lift);
        }
        inlinkFrom = inlinkFrom == null ? List.of() : List.copyOf(inlinkFrom);
        inlinkScore = inlinkScore == null ? List.of() : List.copyOf(inlinkScore);
        linkFeatures = linkFeatures == null ? List.of() : List.copyOf(linkFeatures);
        demotedBy = demotedBy == null ? List.of() : List.copyOf(demotedBy);
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** A document without per-parent scores, link features or scorer version. */
    public StatusDoc(String url, String host, String status, CrawlState state, Boolean relevant, Double relevance,
                     double priority, Long nextFetchDate, int depth, int distance, int inlinks, List<String> inlinkFrom,
                     String parent, String anchor, String error, int fetchCount, int errorCount, long discovered,
                     Long lastFetched, Long firstFetched, long updated, Map<String, List<String>> metadata) {
        this(url, host, status, state, relevant, relevance, priority, nextFetchDate, depth, distance, inlinks,
                inlinkFrom, parent, anchor, error, fetchCount, errorCount, discovered, lastFetched, firstFetched,
                updated, metadata, null, null, null, null, null, null);
    }

    /** A document without failed attempts. */
    public StatusDoc(String url, String host, String status, CrawlState state, Boolean relevant, Double relevance,
                     double priority, Long nextFetchDate, int depth, int distance, int inlinks, List<String> inlinkFrom,
                     String parent, String anchor, String error, int fetchCount, int errorCount, long discovered,
                     Long lastFetched, Long firstFetched, long updated, Map<String, List<String>> metadata,
                     List<Double> inlinkScore, List<String> linkFeatures, Integer scorerVersion,
                     List<String> demotedBy, PageSummary page, Double lift) {
        this(url, host, status, state, relevant, relevance, priority, nextFetchDate, depth, distance, inlinks,
                inlinkFrom, parent, anchor, error, fetchCount, errorCount, discovered, lastFetched, firstFetched,
                updated, metadata, inlinkScore, linkFeatures, scorerVersion, demotedBy, page, lift, null, null, null,
                null);
    }

    /** The failed attempts so far: 0 when none is recorded. */
    public int attempts() {
        return failedAttempts == null ? 0 : failedAttempts;
    }

    /** The same document with its failed attempts counted (or cleared: 0 and null). */
    public StatusDoc withAttempts(int attempts, String cause, long now) {
        return new StatusDoc(url, host, status, state, relevant, relevance, priority, nextFetchDate, depth, distance,
                inlinks, inlinkFrom, parent, anchor, error, fetchCount, errorCount, discovered, lastFetched,
                firstFetched, now, metadata, inlinkScore, linkFeatures, scorerVersion, demotedBy, page, lift,
                attempts == 0 ? null : attempts, cause, revisit, freshness);
    }

    /** The lift's factor: 1 when there is none. */
    public double liftFactor() {
        return lift == null ? 1.0 : lift;
    }

    /**
     * The URL's pattern ({@link UrlPattern}), stored so that the spout can count the fetched pages of each pattern
     * for the budgets against crawler traps ({@link PatternCaps}). Derived from the URL whenever the document is
     * written, so every status updater task stores the same one; read back it is ignored (derived again).
     */
    @JsonProperty("pattern")
    public String pattern() {
        return UrlPattern.of(url);
    }

    /**
     * The regions of the sites the URL lies in ({@code UrlRegions}: host, directories, file-name stem), stored so
     * that the learned strategy can count the harvest of each region and find the waiting URLs of a region whose
     * harvest rose. Derived from the URL whenever the document is written; read back it is ignored.
     */
    @JsonProperty("regions")
    public List<String> regions() {
        return org.topicstorm.priority.UrlRegions.of(url);
    }

    /**
     * The priority as a long in the same order (stored, and sorted on by the spout): Elasticsearch skips
     * non-competitive documents in a sort only for long and date fields, so a top-500 by this key reads a small
     * part of a large frontier where a sort on the double reads all of it.
     */
    @JsonProperty("priorityKey")
    public long priorityKey() {
        return NumericUtils.doubleToSortableLong(priority);
    }
}
