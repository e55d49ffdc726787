package org.topicstorm.frontier;

import org.topicstorm.relevance.PageSummary;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Lift;

import java.util.List;
import java.util.Map;

/**
 * One status change that reaches the frontier: a URL discovered (an outlink, a redirect target or a seed), the
 * outcome of fetching and judging a page, or a new score for a waiting URL from a retrained link classifier.
 *
 * @param priority       DISCOVERED: the discovering parent's contribution to the URL's priority (before any lift)
 * @param relevance      the page's own score (FETCHED only, else null)
 * @param relevant       the page's verdict (FETCHED only, else null)
 * @param error          the cause of an error status, else null
 * @param metadata       StormCrawler metadata to keep with the URL (already filtered by metadata.persist)
 * @param fetchedAt      epoch ms at which the fetch outcome left the fetcher (outcomes only; null: the write time)
 * @param aggregation    DISCOVERED: how this parent's contribution combines with other parents'
 * @param features       DISCOVERED: the link's features (tokens), kept when this parent gives the best contribution
 * @param rescoreVersion non-null for a rescore: the version of the link classifier that gave {@code lift}
 * @param demoteFactor   non-null for a demotion: {@code parent}'s contribution to the URL is multiplied by it
 * @param page           FETCHED: what is kept of the judged page (title, snippet, terms, classifier features), or null
 * @param verdictOnly    a new verdict for a page already fetched ({@code relevance}, {@code relevant}): a person's
 *                       judgement or a retrained page classifier's; nothing else of the page changes
 * @param lift           DISCOVERED: the learned strategy's factor on the URL's priority from this link's features,
 *                       or null (factor 1); rescore: the new lift
 * @param retryAt        FETCH_ERROR: epoch ms before which the server (a 429 or 503) asked not to be asked again, the
 *                       URL's next fetch time instead of the usual error interval; else null
 * @param deferred       FETCH_ERROR: the fetcher sent nothing, since the host still waits (until {@code retryAt}): not
 *                       a fetch, only the URL's next fetch time moves
 * @param failedAttempt  non-null for a failed attempt: a tuple of the URL failed for good, for this cause (see
 *                       {@link StatusMerge}: counted, and the URL given up at the maximum)
 * @param signals        FETCHED: what the fetch tells about the page besides its verdict ({@link PageSignals}: a
 *                       continuous crawl's change signals for its next fetch, the publication time it declares);
 *                       null when there is none
 */
public record StatusUpdate(
        String url,
        Status status,
        double priority,
        int depth,
        int distance,
        String parent,
        String anchor,
        Double relevance,
        Boolean relevant,
        String error,
        Map<String, List<String>> metadata,
        Long fetchedAt,
        Aggregation aggregation,
        List<String> features,
        Integer rescoreVersion,
        Double demoteFactor,
        PageSummary page,
        boolean verdictOnly,
        Lift lift,
        Long retryAt,
        boolean deferred,
        String failedAttempt,
        PageSignals signals) {

    public StatusUpdate {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
        aggregation = aggregation == null ? Aggregation.MAX : aggregation;
        features = features == null ? List.of() : List.copyOf(features);
    }

    /** Any update without {@link PageSignals}. */
    public StatusUpdate(String url, Status status, double priority, int depth, int distance, String parent,
                        String anchor, Double relevance, Boolean relevant, String error,
                        Map<String, List<String>> metadata, Long fetchedAt, Aggregation aggregation,
                        List<String> features, Integer rescoreVersion, Double demoteFactor, PageSummary page,
                        boolean verdictOnly, Lift lift, Long retryAt, boolean deferred, String failedAttempt) {
        this(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error, metadata, fetchedAt,
                aggregation, features, rescoreVersion, demoteFactor, page, verdictOnly, lift, retryAt, deferred,
                failedAttempt, null);
    }

    /** Any update but a throttled fetch outcome. */
    public StatusUpdate(String url, Status status, double priority, int depth, int distance, String parent,
                        String anchor, Double relevance, Boolean relevant, String error,
                        Map<String, List<String>> metadata, Long fetchedAt, Aggregation aggregation,
                        List<String> features, Integer rescoreVersion, Double demoteFactor, PageSummary page,
                        boolean verdictOnly, Lift lift) {
        this(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error, metadata, fetchedAt,
                aggregation, features, rescoreVersion, demoteFactor, page, verdictOnly, lift, null, false, null);
    }

    /** A fetch outcome or a plain discovery (MAX, no features). */
    public StatusUpdate(String url, Status status, double priority, int depth, int distance, String parent,
                        String anchor, Double relevance, Boolean relevant, String error,
                        Map<String, List<String>> metadata, Long fetchedAt) {
        this(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error, metadata, fetchedAt,
                Aggregation.MAX, List.of(), null, null, null, false, null);
    }

    /** An update without a fetch time (discoveries; outcomes then take the time they are written). */
    public StatusUpdate(String url, Status status, double priority, int depth, int distance, String parent,
                        String anchor, Double relevance, Boolean relevant, String error,
                        Map<String, List<String>> metadata) {
        this(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error, metadata, null);
    }

    /** A URL found on {@code parent} (null for a seed). */
    public static StatusUpdate discovered(String url, double priority, int depth, int distance, String parent,
                                          String anchor) {
        return new StatusUpdate(url, Status.DISCOVERED, priority, depth, distance, parent, anchor, null, null, null,
                Map.of());
    }

    /** A URL found on {@code parent} by a link with these features, its contribution combined by {@code how}. */
    public static StatusUpdate discovered(String url, double priority, int depth, int distance, String parent,
                                          String anchor, Aggregation how, List<String> features) {
        return discovered(url, priority, depth, distance, parent, anchor, how, features, null);
    }

    /** As above, with the link classifier's lift for this link (null: none). */
    public static StatusUpdate discovered(String url, double priority, int depth, int distance, String parent,
                                          String anchor, Aggregation how, List<String> features, Lift lift) {
        return new StatusUpdate(url, Status.DISCOVERED, priority, depth, distance, parent, anchor, null, null, null,
                Map.of(), null, how, features, null, null, null, false, lift);
    }

    /** A waiting URL's new lift from a retrained link classifier (its version is the lift's). */
    public static StatusUpdate rescored(String url, Lift lift) {
        return new StatusUpdate(url, Status.DISCOVERED, 0, 0, 0, null, null, null, null, null, Map.of(), null,
                Aggregation.MAX, List.of(), lift.version(), null, null, false, lift);
    }

    /** {@code parent}'s contribution to the waiting URL multiplied by {@code factor}, combined by {@code how}. */
    public static StatusUpdate demoted(String url, String parent, double factor, Aggregation how) {
        return new StatusUpdate(url, Status.DISCOVERED, 0, 0, 0, parent, null, null, null, null, Map.of(), null, how,
                List.of(), null, factor, null, false, null);
    }

    /** The same fetch outcome with what is kept of the judged page. */
    public StatusUpdate withPage(PageSummary summary) {
        return new StatusUpdate(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error,
                metadata, fetchedAt, aggregation, features, rescoreVersion, demoteFactor, summary, false, lift,
                retryAt, deferred, null, signals);
    }

    /** The same fetch outcome with what it tells about the page besides its verdict. */
    public StatusUpdate withSignals(PageSignals pageSignals) {
        return new StatusUpdate(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error,
                metadata, fetchedAt, aggregation, features, rescoreVersion, demoteFactor, page, verdictOnly, lift,
                retryAt, deferred, failedAttempt, pageSignals);
    }

    /** The same fetch outcome, throttled by the server: the URL is due again at {@code at}. */
    public StatusUpdate withRetryAt(Long at) {
        return new StatusUpdate(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error,
                metadata, fetchedAt, aggregation, features, rescoreVersion, demoteFactor, page, verdictOnly, lift, at,
                deferred, null, signals);
    }

    /**
     * Not fetched: the fetcher held the request back because the host asked to wait until {@code at}; the URL is due
     * then, with {@code cause} as its error.
     */
    public StatusUpdate deferredUntil(long at, String cause) {
        return new StatusUpdate(url, status, priority, depth, distance, parent, anchor, relevance, relevant, cause,
                metadata, fetchedAt, aggregation, features, rescoreVersion, demoteFactor, page, verdictOnly, lift, at,
                true, null, signals);
    }

    /** A fetched page's new verdict (a person's judgement, or a retrained classifier's score). */
    public static StatusUpdate verdict(String url, double relevance, boolean relevant) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, relevance, relevant, null, Map.of(), null,
                Aggregation.MAX, List.of(), null, null, null, true, null);
    }

    /**
     * A tuple of {@code url} failed for good: ES refused one of its writes (or it could not be read), for
     * {@code cause}. Counted in the URL's status document; at the maximum the URL is given up ({@link StatusMerge}).
     */
    public static StatusUpdate failedAttempt(String url, String cause) {
        return new StatusUpdate(url, Status.ERROR, 0, 0, 0, null, null, null, null, null, Map.of(), null,
                Aggregation.MAX, List.of(), null, null, null, false, null, null, false,
                cause == null ? "unknown cause" : cause);
    }

    public boolean isFailedAttempt() {
        return failedAttempt != null;
    }

    public boolean isDemotion() {
        return demoteFactor != null;
    }

    public boolean isRescore() {
        return rescoreVersion != null;
    }
}
