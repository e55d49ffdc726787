package org.topicstorm.fetch;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.protocol.ProtocolResponse;
import crawlercommons.robots.BaseRobotRules;
import org.apache.storm.Config;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.support.HostileServer;
import org.topicstorm.topology.CrawlConf;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The protocol against real servers on loopback, with short limits: a 1.5 s whole-fetch limit, 1,000 bytes/s over
 * 0.5 s windows, a 1 s initial back-off and a 4 s maximum, robots.txt capped at 2,000 bytes.
 */
class BoundedHttpProtocolTest {

    private static HostileServer site;
    private static HostileServer throttling;
    private static HostileServer unavailable;
    /** Serves a page, but is not in the allowlist: the guard must keep every request from it. */
    private static HostileServer internal;
    private static BoundedHttpProtocol protocol;

    @BeforeAll
    static void start() throws Exception {
        site = new HostileServer("127.0.0.61");
        site.html("/", "<html><body><p>a page</p></body></html>");
        // 10 bytes every 100 ms: 100 bytes/s, a tenth of the minimum
        site.drip("/drip", 10, 100);
        // 400 bytes every 100 ms: 4,000 bytes/s, fast enough, but it never ends
        site.drip("/endless", 400, 100);
        // no answer at all for 5 s (the read timeout is 10 s)
        site.stall("/stall", 5_000, "<html><body>late</body></html>");
        site.bigText("/robots.txt", "User-agent: *\nDisallow: /private/\n", 5_000_000, "Disallow: /late/\n");
        throttling = new HostileServer("127.0.0.62").throttle(429, "2");
        unavailable = new HostileServer("127.0.0.63").throttle(503, null);
        internal = new HostileServer("127.0.0.64");
        internal.html("/", "<html><body>internal</body></html>");
        site.respond("/to-internal", 302, Map.of("Location", internal.url("/")), new byte[0]);

        Map<String, Object> conf = CrawlConf.defaults();
        conf.put("http.timeout", 10_000);
        conf.put("http.robots.content.limit", 2_000);
        conf.put(FetchConfig.TIME_LIMIT_SECS, 1.5);
        conf.put(FetchConfig.MIN_RATE, 1_000);
        conf.put(FetchConfig.MIN_RATE_WINDOW_SECS, 0.5);
        conf.put(FetchConfig.BACKOFF_INITIAL_SECS, 1);
        conf.put(FetchConfig.BACKOFF_MAX_SECS, 4);
        conf.put(AddressGuard.ALLOW, List.of("127.0.0.61/32", "127.0.0.62/32", "127.0.0.63/32"));
        Config config = new Config();
        config.putAll(conf);
        protocol = new BoundedHttpProtocol();
        protocol.configure(config);
    }

    @AfterAll
    static void stop() {
        for (HostileServer s : List.of(site, throttling, unavailable, internal)) {
            if (s != null) {
                s.close();
            }
        }
    }

    private static ProtocolResponse fetch(String url) throws Exception {
        return protocol.getProtocolOutput(url, new Metadata());
    }

    @Test
    void anOrdinaryPageIsFetched() throws Exception {
        ProtocolResponse r = fetch(site.url("/"));
        assertEquals(200, r.getStatusCode());
        assertEquals("<html><body><p>a page</p></body></html>", new String(r.getContent(), StandardCharsets.UTF_8));
        assertNull(r.getMetadata().getFirstValue(FetchSignals.RETRY_AT));
    }

    @Test
    void theAddressGuardRefusesAnUnlistedLoopbackAddressInEveryNotationAndSendsNothing() throws Exception {
        int port = Integer.parseInt(internal.base().replaceAll(".*:(\\d+).*", "$1"));
        // 127.0.0.64 = 127 * 2^24 + 64 = 2130706496; hex 0x7f000040; octal first part 0177
        for (String host : List.of("127.0.0.64", "2130706496", "0x7f000040", "0177.0.0.64", "127.64",
                "[::ffff:127.0.0.64]")) {
            ProtocolResponse r = fetch("http://" + host + ":" + port + "/");
            assertEquals(FetchSignals.REFUSED_CODE, r.getStatusCode(), host);
            assertEquals("address guard: 127.0.0.64 is loopback", r.getMetadata().getFirstValue(FetchSignals.REFUSED),
                    host);
        }
        ProtocolResponse v6 = fetch("http://[::1]:" + port + "/");
        assertEquals("address guard: 0:0:0:0:0:0:0:1 is loopback",
                v6.getMetadata().getFirstValue(FetchSignals.REFUSED));
        ProtocolResponse name = fetch("http://localhost:" + port + "/");
        assertEquals(FetchSignals.REFUSED_CODE, name.getStatusCode(), "a name is checked after DNS");
        assertTrue(name.getMetadata().getFirstValue(FetchSignals.REFUSED).startsWith("address guard: localhost ("));
        // robots.txt goes through the same resolution
        protocol.getRobotRules("http://127.0.0.64:" + port + "/");
        // a redirect is not followed by the protocol: it is a URL of its own, fetched (and refused) later
        ProtocolResponse redirect = fetch(site.url("/to-internal"));
        assertEquals(302, redirect.getStatusCode());
        assertEquals(List.of(), internal.requests(), "no request reached the guarded server");
    }

    @Test
    void stormCrawlersMapOfDnsTimesIsSafeForEveryFetcherThread() throws Exception {
        java.lang.reflect.Field f = com.digitalpebble.stormcrawler.protocol.okhttp.HttpProtocol.class
                .getDeclaredField("DNStimes");
        f.setAccessible(true);
        assertEquals("java.util.Collections$SynchronizedMap", f.get(protocol).getClass().getName());
    }

    @Test
    void aDripIsCutOffByTheMinimumRate() throws Exception {
        long start = System.currentTimeMillis();
        ProtocolResponse r = fetch(site.url("/drip"));
        long took = System.currentTimeMillis() - start;
        assertEquals(FetchSignals.CUT_OFF_CODE, r.getStatusCode());
        String cause = r.getMetadata().getFirstValue(FetchSignals.CUT_OFF);
        assertTrue(cause.startsWith("cut off: transfer slower than 1000 bytes/s"), cause);
        assertTrue(took < 1_500, "cut after one 0.5 s window, before the time limit: " + took + " ms");
        assertEquals(0, r.getContent().length, "nothing of a cut-off page is kept");
    }

    @Test
    void anEndlessStreamIsCutOffByTheTimeLimit() throws Exception {
        long start = System.currentTimeMillis();
        ProtocolResponse r = fetch(site.url("/endless"));
        long took = System.currentTimeMillis() - start;
        assertEquals(FetchSignals.CUT_OFF_CODE, r.getStatusCode());
        assertEquals("cut off: whole-fetch time limit of 1.5 s reached", r.getMetadata().getFirstValue(
                FetchSignals.CUT_OFF));
        assertTrue(took >= 1_500 && took < 2_500, took + " ms");
    }

    @Test
    void aServerThatSaysNothingIsCutOffByTheTimeLimitNotTheReadTimeout() throws Exception {
        long start = System.currentTimeMillis();
        ProtocolResponse r = fetch(site.url("/stall"));
        long took = System.currentTimeMillis() - start;
        assertEquals(FetchSignals.CUT_OFF_CODE, r.getStatusCode());
        assertEquals("cut off: whole-fetch time limit of 1.5 s reached", r.getMetadata().getFirstValue(
                FetchSignals.CUT_OFF));
        assertTrue(took >= 1_500 && took < 2_500, took + " ms");
    }

    @Test
    void robotsTxtIsReadOnlyUpToItsLimit() throws Exception {
        BaseRobotRules rules = protocol.getRobotRules(site.url("/"));
        assertFalse(rules.isAllowed(site.url("/private/x")), "the rule at the start is read");
        assertTrue(rules.isAllowed(site.url("/late/x")), "the rule after 5 MB is beyond the 2,000-byte limit");
        // the transfer was broken off: what the server managed to write before the client hung up (its socket
        // buffers) is far below the 5 MB
        long deadline = System.currentTimeMillis() + 5_000;
        while (site.hungUpAt("/robots.txt") == null && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertNotNull(site.hungUpAt("/robots.txt"), "the client hung up");
        assertTrue(site.bytesSent("/robots.txt") < 5_000_000, site.bytesSent("/robots.txt") + " bytes sent");
    }

    @Test
    void a429MakesTheHostWaitItsRetryAfterAndNothingIsSentMeanwhile() throws Exception {
        long before = System.currentTimeMillis();
        ProtocolResponse r = fetch(throttling.url("/a"));
        long after = System.currentTimeMillis();
        assertEquals(429, r.getStatusCode());
        long retryAt = Long.parseLong(r.getMetadata().getFirstValue(FetchSignals.RETRY_AT));
        assertTrue(retryAt >= before + 2_000 && retryAt <= after + 2_000, "Retry-After: 2 -> " + (retryAt - before));
        int requests = throttling.requests().size();

        ProtocolResponse deferred = fetch(throttling.url("/b"));
        assertEquals(FetchSignals.DEFERRED_CODE, deferred.getStatusCode());
        assertEquals(Long.toString(retryAt), deferred.getMetadata().getFirstValue(FetchSignals.DEFERRED));
        // nor is robots.txt asked for while the host waits
        assertTrue(protocol.getRobotRules(throttling.url("/c")).isAllowed(throttling.url("/c")));
        assertEquals(requests, throttling.requests().size(), "no request reached the host while it waits");

        Thread.sleep(Math.max(0, retryAt - System.currentTimeMillis()) + 50);
        assertEquals(429, fetch(throttling.url("/b")).getStatusCode(), "asked again once its time came");
        List<HostileServer.Request> seen = throttling.requests().stream().filter(q -> !q.path().equals("/robots.txt"))
                .toList();
        assertEquals(List.of("/a", "/b"), seen.stream().map(HostileServer.Request::path).toList());
        assertTrue(seen.get(1).at() - seen.get(0).at() >= 2_000, "requests spaced by the Retry-After");
    }

    @Test
    void a503WithoutRetryAfterBacksOffExponentially() throws Exception {
        // the retry time is the answer's time + the back-off: between (before the request + back-off) and (after the
        // answer + back-off), however long the fetch took on a loaded machine
        long t0 = System.currentTimeMillis();
        ProtocolResponse first = fetch(unavailable.url("/x"));
        long t0After = System.currentTimeMillis();
        assertEquals(503, first.getStatusCode());
        long retry1 = Long.parseLong(first.getMetadata().getFirstValue(FetchSignals.RETRY_AT));
        assertTrue(retry1 >= t0 + 1_000 && retry1 <= t0After + 1_000, "first: the initial 1 s, got "
                + (retry1 - t0) + " ms after the request, which took " + (t0After - t0) + " ms");
        Thread.sleep(Math.max(0, retry1 - System.currentTimeMillis()) + 50);
        long t1 = System.currentTimeMillis();
        ProtocolResponse second = fetch(unavailable.url("/x"));
        long t1After = System.currentTimeMillis();
        long retry2 = Long.parseLong(second.getMetadata().getFirstValue(FetchSignals.RETRY_AT));
        assertTrue(retry2 >= t1 + 2_000 && retry2 <= t1After + 2_000, "second in a row: 2 s, got "
                + (retry2 - t1) + " ms after the request, which took " + (t1After - t1) + " ms");
    }
}
