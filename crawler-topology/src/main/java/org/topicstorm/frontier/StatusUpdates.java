package org.topicstorm.frontier;

import org.topicstorm.relevance.PageSummary;
import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.fetch.FetchSignals;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.Demotion;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.topology.CrawlMetadata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns what travels in a status tuple (url, metadata, status, and for a fetched page its scored outlinks) into a
 * {@link StatusChange}. A redirect's target is made here, from StormCrawler's {@code _redirTo}, so that it is
 * written before the redirect itself (StormCrawler's own emission of the target is switched off:
 * {@code redirections.allowed: false}).
 */
public final class StatusUpdates {

    /** Where StormCrawler's FetcherBolt puts a redirect's target. */
    static final String REDIRECT_TO = "_redirTo";
    /** Where StormCrawler's FetcherBolt puts the cause of a failed fetch (it sets no error.cause for those). */
    static final String FETCH_EXCEPTION = "fetch.exception";
    static final String FETCH_STATUS_CODE = "fetch.statusCode";
    /** The error of a URL the fetcher held back because its host asked to wait (the spout finds such hosts by it). */
    public static final String DEFERRED = "deferred: the host asked to wait (429/503)";

    private final UrlFilterChain filters;
    /** Where the fetcher put the protocol's response metadata (StormCrawler's protocol.md.prefix). */
    private final String protocolPrefix;

    public StatusUpdates(UrlFilterChain filters) {
        this(filters, ParseConfig.DEFAULT_PROTOCOL_MD_PREFIX);
    }

    /** @param protocolPrefix StormCrawler's {@code protocol.md.prefix} */
    public StatusUpdates(UrlFilterChain filters, String protocolPrefix) {
        this.filters = filters;
        this.protocolPrefix = protocolPrefix == null ? "" : protocolPrefix;
    }


    /**
     * @param outlinks  the page's scored outlinks (FETCHED pages from the link-priority bolt), else null
     * @param persisted the part of the metadata to keep with the URL (StormCrawler's metadata.persist and
     *                  metadata.transfer keys); TopicStorm's own keys are stored as fields and dropped from it
     */
    public StatusChange fromTuple(String url, Metadata md, Status status, List<ScoredLink> outlinks,
                                  Metadata persisted) {
        return fromTuple(url, md, status, outlinks, persisted, List.of());
    }

    /** @param demotions parents whose waiting children are to be lowered (003's sibling rule) */
    public StatusChange fromTuple(String url, Metadata md, Status status, List<ScoredLink> outlinks,
                                  Metadata persisted, List<Demotion> demotions) {
        if (status == Status.FETCH_ERROR && FetchSignals.refused(md, protocolPrefix) != null) {
            // the address guard refused the host: a permanent error, not one to retry
            status = Status.ERROR;
        }
        StatusUpdate own = update(url, md, status, persisted);
        if (status == Status.DISCOVERED) {
            return StatusChange.discovered(own);
        }
        List<StatusUpdate> before = new ArrayList<>();
        if (outlinks != null) {
            for (ScoredLink link : outlinks) {
                before.add(StatusUpdate.discovered(link.url(), finite(link.priority()), link.depth(), link.distance(),
                        url, link.anchorText(), link.aggregation(), link.features(), link.lift()));
            }
        }
        if (status == Status.REDIRECTION) {
            String target = redirectTarget(url, md);
            if (url.equals(target)) {
                // e.g. a redirect that only adds a session id: following it would loop; retry, then give up
                own = new StatusUpdate(url, Status.FETCH_ERROR, own.priority(), own.depth(), own.distance(),
                        own.parent(), own.anchor(), null, null, "redirects to itself", own.metadata(),
                        own.fetchedAt());
            } else if (target != null) {
                // the same page under another URL: same priority, depth and distance; the source is its parent
                before.add(StatusUpdate.discovered(target, own.priority(), own.depth(), own.distance(), url,
                        own.anchor()));
            }
        }
        return new StatusChange(before, own, demotions);
    }

    /**
     * The redirect target (the Location header, which may be relative) resolved against the URL and normalised by
     * the URL filters; null when there is none, it is not a URL, or the filters drop it.
     */
    private String redirectTarget(String url, Metadata md) {
        String to = md.getFirstValue(REDIRECT_TO);
        if (to == null || to.isBlank()) {
            return null;
        }
        String absolute;
        try {
            absolute = new java.net.URL(new java.net.URL(url), to.strip()).toExternalForm();
        } catch (java.net.MalformedURLException e) {
            return null;
        }
        return filters.forPage(url, md).filter(absolute);
    }

    private StatusUpdate update(String url, Metadata md, Status status, Metadata persisted) {
        Map<String, List<String>> keep = new HashMap<>();
        for (String key : persisted.keySet()) {
            if (!key.startsWith("ts.") && !key.equals(CrawlMetadata.DEPTH)) {
                keep.put(key, Arrays.asList(persisted.getValues(key)));
            }
        }
        String relevance = md.getFirstValue(CrawlMetadata.RELEVANCE);
        String relevant = md.getFirstValue(CrawlMetadata.RELEVANT);
        StatusUpdate u = new StatusUpdate(url, status,
                parseDouble(md.getFirstValue(CrawlMetadata.PRIORITY), 0.0),
                parseInt(md.getFirstValue(CrawlMetadata.DEPTH)),
                parseInt(md.getFirstValue(CrawlMetadata.DISTANCE)),
                md.getFirstValue(CrawlMetadata.PARENT),
                md.getFirstValue(CrawlMetadata.ANCHOR),
                relevance == null ? null : parseDouble(relevance, 0.0),
                relevant == null ? null : Boolean.valueOf(relevant),
                errorCause(md, status),
                keep,
                status == Status.DISCOVERED ? null : FetchSignals.decimalLong(md.getFirstValue(CrawlMetadata.FETCHED_AT)));
        if (status == Status.FETCH_ERROR) {
            Long waitUntil = FetchSignals.deferredUntil(md, protocolPrefix);
            return waitUntil != null ? u.deferredUntil(waitUntil, DEFERRED)
                    : u.withRetryAt(FetchSignals.retryAt(md, protocolPrefix));
        }
        return status == Status.FETCHED
                ? u.withPage(PageSummary.fromJson(md.getFirstValue(CrawlMetadata.PAGE))).withSignals(signals(md)) : u;
    }

    /**
     * Why a fetch failed: the address guard's refusal, the fetcher's own cut-off (time limit, minimum rate), else
     * the HTTP status of a server that asked to wait ("http 429", "http 503": the spout finds throttled hosts by
     * it), else StormCrawler's error.cause, the exception or the HTTP status.
     */
    String errorCause(Metadata md, Status status) {
        String refused = FetchSignals.refused(md, protocolPrefix);
        if (refused != null && status == Status.ERROR) {
            return refused;
        }
        if (status == Status.FETCH_ERROR) {
            String cutOff = FetchSignals.cutOff(md, protocolPrefix);
            if (cutOff != null) {
                return cutOff;
            }
            String code = md.getFirstValue(FETCH_STATUS_CODE);
            if (code != null && FetchSignals.retryAt(md, protocolPrefix) != null) {
                return "http " + code.strip();
            }
        }
        String cause = md.getFirstValue(Constants.STATUS_ERROR_CAUSE);
        if (cause == null && status == Status.FETCHED) {
            // fetched and judged, but the content index refused its document for good
            String notIndexed = md.getFirstValue(CrawlMetadata.NOT_INDEXED);
            return notIndexed == null ? null : CrawlMetadata.NOT_INDEXED_ERROR + notIndexed;
        }
        if (cause != null || (status != Status.FETCH_ERROR && status != Status.ERROR)) {
            return cause;
        }
        String exception = md.getFirstValue(FETCH_EXCEPTION);
        if (exception != null) {
            return exception;
        }
        String code = md.getFirstValue(FETCH_STATUS_CODE);
        return code == null ? null : "http " + code;
    }

    /**
     * What the fetch tells about the page besides its verdict: a continuous crawl's signature and page type (the
     * relevance bolt sets them), the publication time the page declares (the parse bolt); null when none is there.
     * The count of its new outlinks is the status writer's to add, once they are written.
     */
    static PageSignals signals(Metadata md) {
        String hub = md.getFirstValue(CrawlMetadata.HUB);
        Long published = FetchSignals.decimalLong(md.getFirstValue(CrawlMetadata.PUBLISHED));
        if (hub == null && published == null) {
            return null;
        }
        // an unreadable signature counts as none (a text too short to sign)
        Long replies = FetchSignals.decimalLong(md.getFirstValue(CrawlMetadata.REPLIES));
        return new PageSignals(FetchSignals.decimalLong(md.getFirstValue(CrawlMetadata.SIGNATURE)),
                hub != null && Boolean.parseBoolean(hub.strip()), 0, published,
                replies == null ? 0 : (int) Math.max(0, Math.min(Integer.MAX_VALUE, replies)),
                parseDouble(md.getFirstValue(CrawlMetadata.HEAT), 0.0));
    }

    private static double finite(double d) {
        return Double.isFinite(d) ? d : 0.0;
    }

    /** A number from metadata; the default when absent, unreadable or not finite (ES rejects NaN). */
    private static double parseDouble(String s, double dflt) {
        if (s == null) {
            return dflt;
        }
        try {
            return finite(Double.parseDouble(s.strip()));
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /** A hop count from metadata; 0 when absent, unreadable or negative. */
    private static int parseInt(String s) {
        if (s == null) {
            return 0;
        }
        try {
            return Math.max(0, Integer.parseInt(s.strip()));
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
