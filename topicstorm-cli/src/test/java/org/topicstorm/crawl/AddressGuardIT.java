package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.fetch.AddressGuard;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.support.HostileServer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The address guard in a real crawl (issue 12, item 3): the guard is on with an allowlist of exactly the test site's
 * address, 127.0.0.21/32. The site links to another loopback host, 127.0.0.22 (which serves a page), directly and in
 * decimal notation, and redirects to it. None of these is fetched (that server sees no request at all, robots.txt
 * included), each is an ERROR with the guard's reason in the status index, and the allowed site is crawled as usual.
 * A link to localhost (a server on 127.0.0.1) is refused after DNS the same way. A seed on 127.0.0.22 in hex is
 * refused by the seed injector and never enters the frontier.
 */
class AddressGuardIT {

    private static HostileServer site;
    private static HostileServer internal;
    /** On 127.0.0.1, linked to by name (localhost): refused after DNS. */
    private static HostileServer local;
    private static ElasticsearchClient client;

    @BeforeAll
    static void serve() throws Exception {
        site = new HostileServer("127.0.0.21");
        internal = new HostileServer("127.0.0.22");
        internal.html("/", HostileWebIT.page(""));
        internal.html("/secret", HostileWebIT.page(""));
        local = new HostileServer("127.0.0.1");
        local.html("/local", HostileWebIT.page(""));
        site.html("/", HostileWebIT.page("", "/page2", "/moved", internal.url("/"), decimal("/decimal"),
                byName("/local")));
        site.html("/page2", HostileWebIT.page(""));
        site.respond("/moved", 302, Map.of("Location", internal.url("/secret")), new byte[0]);
        client = EsClients.create(EsTestNode.settings());
    }

    /** 127.0.0.22 as one decimal number: 127 * 2^24 + 22 = 2130706432 + 22. */
    private static String decimal(String path) {
        return internal.base().replace("127.0.0.22", "2130706454") + path;
    }

    /** The 127.0.0.1 server by name: http://localhost:PORT/... */
    private static String byName(String path) {
        return local.base().replace("127.0.0.1", "localhost") + path;
    }

    /** A seed on 127.0.0.22 in hex: 0x7f000016 (0x16 = 22). */
    private static String refusedSeed() {
        return internal.base().replace("127.0.0.22", "0x7f000016") + "/seed";
    }

    @AfterAll
    static void stop() throws Exception {
        for (HostileServer s : new HostileServer[]{site, internal, local}) {
            if (s != null) {
                s.close();
            }
        }
        if (client != null) {
            client.close();
        }
    }

    @Test
    void guardedAddressesAreRefusedWithTheirReasonAndTheAllowedSiteIsCrawled(@TempDir Path tmp) throws Exception {
        Path topic = tmp.resolve("guard.yaml");
        Files.writeString(topic, """
                name: guard
                languages: [en]
                keywords:
                  solar: 1.0
                  photovoltaic: 0.8
                seeds:
                  - %s
                  - %s
                threshold: 0.5
                strategy: best-first
                focus: soft
                """.formatted(site.url("/"), refusedSeed()));
        CrawlIndices indices = new CrawlIndices("guard-it");
        indices.delete(client);

        CrawlRunner.Summary summary = CrawlTestSupport.crawl(topic, indices,
                Map.of(AddressGuard.ALLOW, List.of("127.0.0.21/32")), 0);

        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        Set<String> content = CrawlTestSupport.contentDocs(client, indices).keySet();
        status.values().forEach(d -> System.out.printf("[guard] %s %s %s%n", d.url(), d.status(), d.error()));

        assertEquals(List.of(), internal.requests(), "the guarded server saw no request");
        for (String url : List.of(internal.url("/"), internal.url("/secret"), decimal("/decimal"))) {
            StatusDoc doc = status.get(url);
            assertNotNull(doc, url + " reached the frontier: " + status.keySet());
            assertEquals("ERROR", doc.status(), url);
            assertEquals("address guard: 127.0.0.22 is loopback", doc.error(), url);
            assertFalse(content.contains(url), url);
        }
        // a name: only DNS tells where it goes (localhost may resolve to 127.0.0.1 or ::1 first: both are refused)
        assertEquals(List.of(), local.requests(), "the server behind localhost saw no request");
        StatusDoc byName = status.get(byName("/local"));
        assertNotNull(byName, status.keySet().toString());
        assertEquals("ERROR", byName.status());
        assertTrue(byName.error().startsWith("address guard: localhost (") && byName.error().endsWith(
                ") is loopback"), byName.error());
        assertFalse(status.keySet().stream().anyMatch(u -> u.endsWith("/seed")),
                "the seed the injector refused never entered the frontier: " + status.keySet());
        assertEquals("REDIRECTION", status.get(site.url("/moved")).status());
        assertEquals(CrawlState.DONE, status.get(site.url("/")).state());
        assertEquals(CrawlState.DONE, status.get(site.url("/page2")).state());
        assertTrue(content.contains(site.url("/")) && content.contains(site.url("/page2")), content.toString());
    }
}
