package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.support.HostileServer;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A poison tuple in a real crawl (issue 12, item 8): a page whose links document Elasticsearch rejects on every try.
 * The crawl's links index is made hostile before the crawl: its {@code toHost} field gets an {@code ip} sub-field,
 * so that a links document naming a host that is not an IP address is refused with a 400 (a mapping error, as a
 * bulk item ES rejects for good). One page, {@code /poison}, links to {@code localhost}; every other page links only
 * to the site's own address, 127.0.0.41. Expected: {@code /poison} is fetched {@code status.max.attempts} (3) times
 * and then given up, ERROR with the cause; its outlinks are in the frontier all the same; the pages written in the
 * same status batches as its failed attempts, and the rest of the crawl, are not affected. The content index is made
 * hostile the same way: a keyword sub-field of {@code text} refuses a page whose text is longer than a term can be
 * ({@code /huge}); that page is fetched once, recorded without its content copy, with why as its error.
 */
class PoisonTupleIT {

    private static final int MAX_ATTEMPTS = 3;

    private static HostileServer site;
    private static ElasticsearchClient client;

    @BeforeAll
    static void serve() throws Exception {
        site = new HostileServer("127.0.0.41");
        site.html("/", HostileWebIT.page("", "/a", "/b", "/c", "/poison", "/huge"));
        // about 60,000 characters of text: more than a keyword term can hold (32,766 bytes)
        site.html("/huge", HostileWebIT.page("").replace("</p>", (" " + CrawlIT.SOLAR).repeat(500) + "</p>"));
        for (String p : List.of("/a", "/b", "/c")) {
            site.html(p, HostileWebIT.page("", p + "/next"));
            site.html(p + "/next", HostileWebIT.page(""));
        }
        // localhost:1 is refused at connect: a FETCH_ERROR, no traffic beyond loopback
        site.html("/poison", HostileWebIT.page("", "/behind-poison", "http://localhost:1/x"));
        site.html("/behind-poison", HostileWebIT.page(""));
        client = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void stop() throws Exception {
        if (site != null) {
            site.close();
        }
        if (client != null) {
            client.close();
        }
    }

    @Test
    void aPageWhoseLinksAreRejectedForGoodIsGivenUpAfterItsAttemptsAndTheCrawlGoesOn(@TempDir Path tmp)
            throws Exception {
        Path topic = tmp.resolve("poison.yaml");
        Files.writeString(topic, """
                name: poison
                languages: [en]
                keywords:
                  solar: 1.0
                  photovoltaic: 0.8
                seeds:
                  - %s
                threshold: 0.5
                strategy: best-first
                focus: soft
                """.formatted(site.url("/")));
        CrawlIndices indices = new CrawlIndices("poison-it");
        indices.delete(client);
        // the hostile links index: the crawl adds its own mapping to it (es-conf/links.json), keeping the sub-field
        client.indices().create(c -> c.index(indices.links()).withJson(new StringReader("""
                {"settings": {"number_of_shards": 1, "number_of_replicas": 0},
                 "mappings": {"properties": {"toHost": {"type": "keyword", "fields": {"ip": {"type": "ip"}}}}}}
                """)));
        client.indices().create(c -> c.index(indices.content()).withJson(new StringReader("""
                {"settings": {"number_of_shards": 1, "number_of_replicas": 0},
                 "mappings": {"properties": {"text": {"type": "text", "fields": {"raw": {"type": "keyword"}}}}}}
                """)));

        long started = System.currentTimeMillis();
        // batches wait up to 1.5 s: the root's children and the poison page's attempts share status batches
        CrawlRunner.Summary summary = CrawlTestSupport.crawl(topic, indices,
                Map.of(FrontierConfig.MAX_ATTEMPTS, MAX_ATTEMPTS, "status.batch.max.delay.ms", 1500), 0);
        long took = System.currentTimeMillis() - started;

        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        status.values().forEach(d -> System.out.printf("[poison] %s %s attempts=%s error=%s%n", d.url(), d.status(),
                d.failedAttempts(), d.error()));
        List<HostileServer.Request> poisonFetches = site.requests().stream()
                .filter(r -> r.path().equals("/poison")).toList();
        System.out.printf("[poison] /poison requested at %s ms after the first; crawl took %d ms%n",
                poisonFetches.stream().map(r -> Long.toString(r.at() - poisonFetches.get(0).at()))
                        .collect(Collectors.joining(", ")), took);

        StatusDoc poison = status.get(site.url("/poison"));
        assertNotNull(poison, status.keySet().toString());
        assertEquals("ERROR", poison.status());
        assertEquals(CrawlState.EXCEPTION, poison.state());
        assertNull(poison.nextFetchDate(), "never due again");
        assertEquals(MAX_ATTEMPTS, poison.failedAttempts());
        String cause = "links document of " + site.url("/poison") + " rejected: ";
        assertTrue(poison.error().startsWith("given up after 3 failed attempts: " + cause), poison.error());
        assertTrue(poison.error().contains("[toHost.ip]"), poison.error());
        assertEquals(MAX_ATTEMPTS, poisonFetches.size(), "fetched once per attempt, then never again");

        // its outlinks are in the frontier all the same (the additions are stored; only the links document is not)
        assertEquals(CrawlState.DONE, status.get(site.url("/behind-poison")).state());
        assertNotNull(status.get("http://localhost:1/x"), status.keySet().toString());

        // every other page: fetched once, judged, indexed, its links recorded
        Set<String> content = CrawlTestSupport.contentDocs(client, indices).keySet();
        for (String p : List.of("/", "/a", "/b", "/c", "/a/next", "/b/next", "/c/next", "/behind-poison")) {
            StatusDoc d = status.get(site.url(p));
            assertNotNull(d, p);
            assertEquals(CrawlState.DONE, d.state(), p);
            assertEquals(1, d.fetchCount(), p);
            assertNull(d.failedAttempts(), p);
            assertTrue(content.contains(site.url(p)), p);
        }
        // the page whose content document is refused: fetched once, judged, its status says why it is not indexed
        StatusDoc huge = status.get(site.url("/huge"));
        assertNotNull(huge, status.keySet().toString());
        assertEquals(CrawlState.DONE, huge.state());
        assertEquals(1, huge.fetchCount());
        assertTrue(huge.error().startsWith("not indexed: content document rejected: "), huge.error());
        assertTrue(!content.contains(site.url("/huge")), "not in the content index");
        assertEquals(1, site.requests().stream().filter(r -> r.path().equals("/huge")).count());

        client.indices().refresh(r -> r.index(indices.links()));
        Set<String> linked = client.search(s -> s.index(indices.links()).size(100), StatusWriter.LinkDoc.class)
                .hits().hits().stream().map(Hit::source).map(StatusWriter.LinkDoc::from).collect(Collectors.toSet());
        assertEquals(Set.of(site.url("/"), site.url("/a"), site.url("/b"), site.url("/c")), linked,
                "every page's links but the poison page's");
    }
}
