package org.topicstorm.fetch;

import com.digitalpebble.stormcrawler.Metadata;

/**
 * What the fetch path ({@link BoundedHttpProtocol}) tells the status updater beyond the HTTP status, in the
 * response metadata. StormCrawler's FetcherBolt stores a response's metadata under {@code protocol.md.prefix}
 * ("protocol." by default), so each key is read with that prefix.
 *
 * <p>Two outcomes are the fetcher's own, not the server's, and carry a status code below 0 (as Heritrix's fetch
 * status codes do) so that no one takes them for an HTTP status; the FetcherBolt maps both to FETCH_ERROR:
 * <ul>
 *   <li>{@link #CUT_OFF_CODE}: the fetch hit the whole-fetch time limit or was slower than the minimum rate;
 *       {@link #CUT_OFF} holds the cause. A fetch error like any other (retried, then given up).</li>
 *   <li>{@link #DEFERRED_CODE}: nothing was sent, since the host asked to wait (429/503) and its time has not
 *       come; {@link #DEFERRED} holds the host's not-before time. Not a fetch: only the URL's next fetch time moves
 *       (to the host's).</li>
 *   <li>{@link #REFUSED_CODE}: nothing was sent, since the host's address is guarded ({@link AddressGuard});
 *       {@link #REFUSED} holds the reason. The status updater makes it an ERROR (never retried): the same host
 *       resolves to the same kind of address tomorrow.</li>
 * </ul>
 * A real 429 or 503 keeps its status code and gets {@link #RETRY_AT}: when the URL (and its host) may be asked again.
 */
public final class FetchSignals {

    public static final int CUT_OFF_CODE = -1;
    public static final int DEFERRED_CODE = -2;
    public static final int REFUSED_CODE = -3;
    /** Why the address guard refused the URL's host ("address guard: 127.0.0.1 is loopback"). */
    public static final String REFUSED = "ts.fetch.refused";
    /** Why the fetch was cut off. */
    public static final String CUT_OFF = "ts.fetch.cutoff";
    /** Epoch milliseconds before which the host that answered 429/503 is not asked again. */
    public static final String RETRY_AT = "ts.fetch.retryAt";
    /** Epoch milliseconds: the request was not sent, the host waits until then. */
    public static final String DEFERRED = "ts.fetch.deferred";

    private FetchSignals() {
    }

    /** The cause of a cut-off fetch, or null. */
    public static String cutOff(Metadata md, String prefix) {
        return md.getFirstValue(prefix + CUT_OFF);
    }

    /** Why the address guard refused the URL, or null. */
    public static String refused(Metadata md, String prefix) {
        return md.getFirstValue(prefix + REFUSED);
    }

    /** When a throttled URL may be fetched again, or null when the server did not throttle. */
    public static Long retryAt(Metadata md, String prefix) {
        return decimalLong(md.getFirstValue(prefix + RETRY_AT));
    }

    /** For a deferred fetch (nothing was sent), when the host's wait ends; else null. */
    public static Long deferredUntil(Metadata md, String prefix) {
        return decimalLong(md.getFirstValue(prefix + DEFERRED));
    }

    /** A whole number written in decimal in metadata (epoch milliseconds, a count, a signature); null when absent or
     * unreadable. */
    public static Long decimalLong(String s) {
        if (s == null) {
            return null;
        }
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
