package org.topicstorm.fetch;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.protocol.ProtocolResponse;
import com.digitalpebble.stormcrawler.protocol.RobotRulesParser;
import com.digitalpebble.stormcrawler.protocol.okhttp.HttpProtocol;
import com.digitalpebble.stormcrawler.util.ConfUtils;
import crawlercommons.robots.BaseRobotRules;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import org.apache.storm.Config;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.frontier.UrlIds;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * StormCrawler's OkHttp protocol with the limits a crawl of the open web needs ({@link FetchConfig}), so that no
 * server holds a fetcher thread for long and no host is asked faster than it allows:
 * <ul>
 *   <li>a whole-fetch time limit (OkHttp's call timeout: DNS, connect, headers and body together; StormCrawler's own
 *       timeout, {@code http.timeout}, is per read, so a server sending a byte every few seconds was never cut off);
 *   <li>a minimum transfer rate ({@link TransferGuard});
 *   <li>a cut-off fetch is a FETCH_ERROR with its cause ({@link FetchSignals#CUT_OFF_CODE}), retried like other
 *       errors, never a partial page: a page cut at {@code http.content.limit} is still kept, but a transfer that
 *       broke off is not ({@code http.content.partial.as.trimmed} is always false here);
 *   <li>429 and 503 make the host wait ({@link HostBackoff}): its Retry-After within bounds, else an exponential
 *       wait; the answer carries the time the URL may be fetched again ({@link FetchSignals#RETRY_AT}), and any
 *       request to that host before then is not sent ({@link FetchSignals#DEFERRED_CODE}), robots.txt included;
 *   <li>the address guard ({@link AddressGuard}, {@link GuardedDns}): no connection to a loopback, private,
 *       link-local, multicast or unspecified address outside {@code fetch.address.allow}, whatever the host's
 *       notation and after DNS; OkHttp resolves every request here (robots.txt too; redirects are not followed by
 *       OkHttp but become new URLs, fetched, and so checked, like any other); a refused URL is an ERROR with the
 *       reason ({@link FetchSignals#REFUSED_CODE}), never a page.
 * </ul>
 * Other hosts are not held up: nothing here waits; a deferred request returns at once.
 *
 * <p>Set as {@code http.protocol.implementation} and {@code https.protocol.implementation}
 * (storm-conf/topicstorm-default.yaml). Everything else (headers, cookies, proxies, the content limit,
 * {@code http.robots.content.limit} for robots.txt) is StormCrawler's.
 */
public class BoundedHttpProtocol extends HttpProtocol {

    private static final Logger LOG = LoggerFactory.getLogger(BoundedHttpProtocol.class);

    static final String PARTIAL_AS_TRIMMED = "http.content.partial.as.trimmed";
    /** Response headers are stored lower-case by StormCrawler's OkHttp protocol. */
    static final String RETRY_AFTER = "retry-after";
    /** Calls whose DNS time StormCrawler's protocol remembers at most (it forgets a call once its body is read). */
    static final int MAX_DNS_TIMES = 1_000;

    private FetchConfig limits;
    private HostBackoff backoff;
    private AddressGuard guard;

    @Override
    public void configure(Config conf) {
        limits = FetchConfig.fromConf(conf);
        backoff = new HostBackoff(limits.backoffInitialMs(), limits.backoffMaxMs());
        guard = AddressGuard.fromConf(conf);
        Config own = new Config();
        own.putAll(conf);
        if (ConfUtils.getBoolean(conf, PARTIAL_AS_TRIMMED, false)) {
            LOG.warn("{}: true is ignored: a transfer that broke off is a fetch error here, retried later",
                    PARTIAL_AS_TRIMMED);
        }
        // a read that fails (our own cut-off included) must reach getProtocolOutput as an exception
        own.put(PARTIAL_AS_TRIMMED, false);
        super.configure(own);
        bound();
    }

    /**
     * StormCrawler 2.4 builds its OkHttp client in configure() and offers neither a call timeout nor a way to add an
     * interceptor: both are added to its builder (which it also uses for requests through a proxy), and its client
     * is built again from it, with the guarded name resolution. Its map of DNS times per call is a plain HashMap
     * written by every fetcher thread, and a call that fails never leaves it: it is replaced by a synchronized one
     * that keeps the latest {@link #MAX_DNS_TIMES} calls.
     */
    private void bound() {
        try {
            Field builderField = HttpProtocol.class.getDeclaredField("builder");
            Field clientField = HttpProtocol.class.getDeclaredField("client");
            Field dnsTimesField = HttpProtocol.class.getDeclaredField("DNStimes");
            builderField.setAccessible(true);
            clientField.setAccessible(true);
            dnsTimesField.setAccessible(true);
            dnsTimesField.set(this, Collections.synchronizedMap(new LinkedHashMap<String, Long>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Long> eldest) {
                    return size() > MAX_DNS_TIMES;
                }
            }));
            OkHttpClient.Builder builder = (OkHttpClient.Builder) builderField.get(this);
            builder.dns(new GuardedDns(guard, Dns.SYSTEM))
                    .callTimeout(limits.timeLimitMs(), TimeUnit.MILLISECONDS)
                    .addNetworkInterceptor(new TransferGuard(limits.minBytesPerSec(), limits.minRateWindowMs(),
                            System::currentTimeMillis));
            clientField.set(this, builder.build());
        } catch (ReflectiveOperationException | ClassCastException e) {
            throw new IllegalStateException("StormCrawler's okhttp HttpProtocol is not the one of version 2.4 (fields "
                    + "'builder', 'client' and 'DNStimes'): its fetches cannot be bounded", e);
        }
    }

    @Override
    public BaseRobotRules getRobotRules(String url) {
        if (backoff.notBefore(UrlIds.host(url), System.currentTimeMillis()) != null) {
            // The host asked to wait: its robots.txt is not asked for either (and nothing is cached); the request
            // for the page, which follows, is deferred.
            return RobotRulesParser.EMPTY_RULES;
        }
        return super.getRobotRules(url);
    }

    @Override
    public ProtocolResponse getProtocolOutput(String url, Metadata metadata) throws Exception {
        String host = UrlIds.host(url);
        Long waitUntil = backoff.notBefore(host, System.currentTimeMillis());
        if (waitUntil != null) {
            LOG.debug("Not fetching {}: {} asked to wait until {}", url, host, waitUntil);
            return signal(FetchSignals.DEFERRED_CODE, FetchSignals.DEFERRED, Long.toString(waitUntil));
        }
        long start = System.nanoTime();
        ProtocolResponse response;
        try {
            response = super.getProtocolOutput(url, metadata);
        } catch (FetchCutOff e) {
            return cutOff(url, e.getMessage());
        } catch (IOException e) {
            GuardedDns.Refused refused = GuardedDns.find(e);
            if (refused != null) {
                LOG.info("Not fetching {}: {}", url, refused.getMessage());
                return signal(FetchSignals.REFUSED_CODE, FetchSignals.REFUSED, refused.getMessage());
            }
            // OkHttp's call timeout cancels the call: whatever the read was doing then fails
            long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            if (elapsedMs >= limits.timeLimitMs()) {
                return cutOff(url, String.format(Locale.ROOT, "cut off: whole-fetch time limit of %.1f s reached",
                        limits.timeLimitMs() / 1000.0));
            }
            throw e;
        }
        int code = response.getStatusCode();
        if (code == 429 || code == 503) {
            long now = System.currentTimeMillis();
            String header = response.getMetadata().getFirstValue(RETRY_AFTER);
            long retryAt = backoff.throttled(host, RetryAfter.delayMillis(header, now), now);
            response.getMetadata().setValue(FetchSignals.RETRY_AT, Long.toString(retryAt));
            LOG.info("{} answered {} (Retry-After: {}): not asked again for {} ms", host, code, header,
                    retryAt - now);
        } else {
            backoff.answered(host);
        }
        return response;
    }

    private static ProtocolResponse cutOff(String url, String cause) {
        LOG.info("{}: {}", url, cause);
        return signal(FetchSignals.CUT_OFF_CODE, FetchSignals.CUT_OFF, cause);
    }

    private static ProtocolResponse signal(int code, String key, String value) {
        Metadata md = new Metadata();
        md.setValue(key, value);
        return new ProtocolResponse(new byte[0], code, md);
    }
}
