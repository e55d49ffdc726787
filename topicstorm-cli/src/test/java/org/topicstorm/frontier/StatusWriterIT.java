package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.apache.http.HttpHost;
import org.apache.http.HttpRequestInterceptor;
import org.elasticsearch.client.RestClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.StatusWriter.Fate;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link StatusWriter} against a real ES node (issue 12, item 8): a links document rejected for good fails only its
 * own page in a batch, and gives that page up after the maximum of attempts; a replayed batch changes nothing;
 * a batch larger than the request bounds is split and stored whole; an unreadable tuple is counted and given up.
 */
class StatusWriterIT {

    private static final Schedule SCHEDULE = new Schedule(null, null, Duration.ofMinutes(120), 3);
    private static final long T0 = 1_700_000_000_000L;
    private static ElasticsearchClient client;

    @BeforeAll
    static void start() {
        client = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
    }

    private static StatusChange page(String url, long fetchedAt, String... outlinks) {
        List<StatusUpdate> before = new ArrayList<>();
        for (String o : outlinks) {
            before.add(StatusUpdate.discovered(o, 0.5, 1, 0, url, "solar"));
        }
        return new StatusChange(before, new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null,
                Map.of(), fetchedAt));
    }

    private static StatusDoc doc(CrawlIndices indices, String url) throws IOException {
        return client.get(g -> g.index(indices.status()).id(UrlIds.id(url)).routing(UrlIds.host(url)),
                StatusDoc.class).source();
    }

    private static long linkDocsFrom(CrawlIndices indices, String url) throws IOException {
        client.indices().refresh(r -> r.index(indices.links()));
        return client.count(c -> c.index(indices.links()).query(q -> q.term(t -> t.field("from").value(url))))
                .count();
    }

    @Test
    void aRejectedLinksDocumentFailsOnlyItsPageAndGivesItUpAfterTheMaximumOfAttempts() throws Exception {
        CrawlIndices indices = new CrawlIndices("writer-it-poison");
        indices.delete(client);
        // a links index that refuses a document naming a host that is not an IP address (a 400, for good)
        client.indices().create(c -> c.index(indices.links()).withJson(new StringReader("""
                {"settings": {"number_of_shards": 1, "number_of_replicas": 0},
                 "mappings": {"properties": {"toHost": {"type": "keyword", "fields": {"ip": {"type": "ip"}}}}}}
                """)));
        indices.ensure(client, 1);
        StatusWriter writer = new StatusWriter(client, indices.status(), indices.links(),
                new StatusMerge(SCHEDULE, 3), Clock.systemUTC());
        String a = "http://192.0.2.1/a";
        String b = "http://192.0.2.2/b";
        String c = "http://192.0.2.3/c";
        assertTrue(allTrue(writer.write(List.of(StatusUpdate.discovered(a, 1, 0, 0, null, null),
                StatusUpdate.discovered(b, 1, 0, 0, null, null), StatusUpdate.discovered(c, 1, 0, 0, null, null)))));
        // one batch of three pages; b links to a host name, so its links document is refused
        List<StatusChange> batch = List.of(page(a, T0 + 1, "http://192.0.2.1/a1", "http://192.0.2.9/x"),
                page(b, T0 + 2, "http://192.0.2.2/b1", "http://poison.test/x"),
                page(c, T0 + 3, "http://192.0.2.3/c1"));

        assertEquals(List.of(Fate.STORED, Fate.COUNTED, Fate.STORED), writer.writeChanges(batch));
        assertEquals("FETCHED", doc(indices, a).status());
        assertEquals("FETCHED", doc(indices, c).status());
        assertEquals(1, linkDocsFrom(indices, a));
        assertEquals(1, linkDocsFrom(indices, c));
        StatusDoc b1 = doc(indices, b);
        assertEquals("DISCOVERED", b1.status(), "still due: tried again");
        assertEquals(1, b1.failedAttempts());
        assertTrue(b1.attemptError().startsWith("links document of " + b + " rejected: "), b1.attemptError());
        // b's outlinks are stored all the same: only its links document is missing
        assertEquals("DISCOVERED", doc(indices, "http://poison.test/x").status());
        assertEquals(0, linkDocsFrom(indices, b));

        // the same batch replayed: a and c change nothing (fetched once), b counts its second attempt
        assertEquals(List.of(Fate.STORED, Fate.COUNTED, Fate.STORED), writer.writeChanges(batch));
        assertEquals(1, doc(indices, a).fetchCount());
        assertEquals(T0 + 1, doc(indices, a).lastFetched());
        assertEquals(2, doc(indices, b).failedAttempts());
        // the third: b given up, ERROR with its cause, never due again
        assertEquals(List.of(Fate.STORED, Fate.GIVEN_UP, Fate.STORED), writer.writeChanges(batch));
        StatusDoc b3 = doc(indices, b);
        assertEquals("ERROR", b3.status());
        assertNull(b3.nextFetchDate());
        assertEquals(3, b3.failedAttempts());
        assertTrue(b3.error().startsWith("given up after 3 failed attempts: links document of " + b + " rejected: "),
                b3.error());
        // once more (a tuple still in flight when it was given up): acked, nothing changes
        assertEquals(List.of(Fate.GIVEN_UP), writer.writeChanges(List.of(batch.get(1))));
        assertEquals(3, doc(indices, b).failedAttempts());
        // a stale error of a, fetched before its stored page, changes nothing either
        assertEquals(List.of(Fate.STORED), writer.writeChanges(List.of(new StatusChange(List.of(),
                new StatusUpdate(a, Status.FETCH_ERROR, 0, 0, 0, null, null, null, null, "timeout", Map.of(),
                        T0)))));
        assertEquals("FETCHED", doc(indices, a).status());
    }

    @Test
    void anUnreadableTupleIsCountedAndGivenUp() throws Exception {
        CrawlIndices indices = new CrawlIndices("writer-it-unreadable");
        indices.delete(client);
        indices.ensure(client, 1);
        StatusWriter writer = new StatusWriter(client, indices.status(), indices.links(),
                new StatusMerge(SCHEDULE, 2), Clock.systemUTC());
        String url = "http://unreadable.test/";
        assertTrue(allTrue(writer.write(List.of(StatusUpdate.discovered(url, 1, 0, 0, null, null)))));
        StatusChange unreadable = StatusChange.failedAttempt(url, "unreadable status tuple: ClassCastException");
        assertEquals(List.of(Fate.COUNTED), writer.writeChanges(List.of(unreadable)));
        assertEquals(List.of(Fate.GIVEN_UP), writer.writeChanges(List.of(unreadable)));
        assertEquals("given up after 2 failed attempts: unreadable status tuple: ClassCastException",
                doc(indices, url).error());
        // a URL the index does not know: nothing to replay it from, acked
        assertEquals(List.of(Fate.GIVEN_UP), writer.writeChanges(List.of(
                StatusChange.failedAttempt("http://unknown.test/", "unreadable"))));
    }

    @Test
    void aBatchLargerThanTheRequestBoundsIsSplitAndStoredWhole() throws Exception {
        CrawlIndices indices = new CrawlIndices("writer-it-bounds");
        indices.delete(client);
        indices.ensure(client, 1);
        // at most 100 documents and 20,000 bytes a request (status documents here are ~500 bytes: ~35 a request)
        StatusWriter writer = new StatusWriter(client, indices.status(), indices.links(),
                new StatusMerge(SCHEDULE), Clock.systemUTC(), new StatusWriter.BulkLimits(100, 20_000));
        String page = "http://big.test/";
        assertTrue(allTrue(writer.write(List.of(StatusUpdate.discovered(page, 1, 0, 0, null, null)))));
        String[] outlinks = new String[1050];
        for (int i = 0; i < outlinks.length; i++) {
            outlinks[i] = "http://big" + (i % 7) + ".test/p" + i;
        }
        assertEquals(List.of(Fate.STORED), writer.writeChanges(List.of(page(page, T0, outlinks))));

        client.indices().refresh(r -> r.index(indices.status()));
        assertEquals(1051, client.count(c -> c.index(indices.status())).count(), "the page and its 1,050 outlinks");
        // 1,050 outlinks in links documents of at most 100: 11 documents holding them all
        assertEquals(11, linkDocsFrom(indices, page));
        long held = client.search(s -> s.index(indices.links()).size(100), StatusWriter.LinkDoc.class).hits().hits()
                .stream().mapToLong(h -> h.source().to().size()).sum();
        assertEquals(1050, held);
        assertEquals("FETCHED", doc(indices, page).status());
    }

    /**
     * A few-host crawl's batch is a page or two, and each request a round trip its next frontier query waits for: a
     * batch of pages with outlinks is one mget (outlinks and pages), one bulk (outlinks and links documents) and one
     * bulk (the pages' outcomes, whose versions the mget or the first bulk's answers gave). Pages a and b link to
     * each other (each is then changed by the first bulk, whose answer gives its version); nothing links to c (its
     * version is the mget's). Counted at the HTTP client, against the real node.
     */
    @Test
    void aBatchOfPagesIsOneReadAndTwoWrites() throws Exception {
        CrawlIndices indices = new CrawlIndices("writer-it-requests");
        indices.delete(client);
        indices.ensure(client, 1);
        List<String> requests = Collections.synchronizedList(new ArrayList<>());
        try (ElasticsearchClient counted = countingClient(requests)) {
            StatusWriter writer = new StatusWriter(counted, indices.status(), indices.links(),
                    new StatusMerge(SCHEDULE), Clock.systemUTC());
            String a = "http://few.test/a";
            String b = "http://few.test/b";
            String c = "http://few.test/c";
            assertTrue(allTrue(writer.write(List.of(StatusUpdate.discovered(a, 1, 0, 0, null, null),
                    StatusUpdate.discovered(b, 1, 0, 0, null, null), StatusUpdate.discovered(c, 1, 0, 0, null, null)))));
            requests.clear();

            List<StatusChange> batch = List.of(page(a, T0 + 1, "http://few.test/a1", b),
                    page(b, T0 + 2, "http://few.test/b1", a, "http://other.test/"),
                    page(c, T0 + 3, "http://few.test/c1"));
            assertEquals(List.of(Fate.STORED, Fate.STORED, Fate.STORED), writer.writeChanges(batch));

            assertEquals(List.of("POST /_mget", "POST /_bulk", "POST /_bulk"), requests);
            for (String url : List.of(a, b, c)) {
                StatusDoc d = doc(indices, url);
                assertEquals("FETCHED", d.status(), url);
                assertEquals(1, d.fetchCount(), url);
                if (!url.equals(c)) {
                    assertEquals(1, d.inlinkFrom().size(), url + ": the other page's link kept");
                }
                assertEquals(1, linkDocsFrom(indices, url), url);
            }
            for (String url : List.of("http://few.test/a1", "http://few.test/b1", "http://few.test/c1",
                    "http://other.test/")) {
                assertEquals("DISCOVERED", doc(indices, url).status(), url);
            }
        }
    }

    /**
     * Batches of pages written by four writers at once, as status updater tasks would, while the others add links
     * to those very pages: a write from what a batch read before another writer's meets a version conflict and is
     * merged again, so no writer's update is lost, neither an outcome nor a link. Writer w fetches pages p{w}-{k},
     * each linking to the next writer's page of the same k (being fetched at the same time) and to a shared target
     * t{k % 5}.
     */
    @Test
    void concurrentBatchesOfPagesLoseNoUpdateOfAnotherWriter() throws Exception {
        CrawlIndices indices = new CrawlIndices("writer-it-race");
        indices.delete(client);
        indices.ensure(client, 1);
        int writers = 4;
        int pages = 20;
        java.util.function.BiFunction<Integer, Integer, String> pageUrl = (w, k) -> "http://race" + w + ".test/p" + k;
        StatusWriter seeder = new StatusWriter(client, indices.status(), indices.links(), new StatusMerge(SCHEDULE),
                Clock.systemUTC());
        List<StatusUpdate> seeds = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            for (int k = 0; k < pages; k++) {
                seeds.add(StatusUpdate.discovered(pageUrl.apply(w, k), 1, 0, 0, null, null));
            }
        }
        assertTrue(allTrue(seeder.write(seeds)));

        List<Thread> threads = new ArrayList<>();
        List<Object> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int w = 0; w < writers; w++) {
            int writer = w;
            threads.add(new Thread(() -> {
                StatusWriter own = new StatusWriter(client, indices.status(), indices.links(),
                        new StatusMerge(SCHEDULE), Clock.systemUTC());
                for (int from = 0; from < pages; from += 4) {
                    List<StatusChange> batch = new ArrayList<>();
                    for (int k = from; k < from + 4; k++) {
                        batch.add(page(pageUrl.apply(writer, k), T0 + k, pageUrl.apply((writer + 1) % writers, k),
                                "http://shared.test/t" + (k % 5)));
                    }
                    List<Fate> fates = own.writeChanges(batch);
                    if (!fates.stream().allMatch(f -> f == Fate.STORED)) {
                        problems.add(fates);
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(List.of(), problems);

        for (int w = 0; w < writers; w++) {
            for (int k = 0; k < pages; k++) {
                StatusDoc d = doc(indices, pageUrl.apply(w, k));
                assertEquals("FETCHED", d.status(), d.url());
                String parent = pageUrl.apply((w + writers - 1) % writers, k);
                assertEquals(List.of(UrlIds.id(parent)), d.inlinkFrom(), d.url() + ": its one parent's link kept");
            }
        }
        // each shared target: linked from every writer's pages k with k % 5 == j, 4 writers x 4 pages
        for (int j = 0; j < 5; j++) {
            assertEquals(writers * pages / 5, doc(indices, "http://shared.test/t" + j).inlinkFrom().size());
        }
        for (int w = 0; w < writers; w++) {
            assertEquals(1, linkDocsFrom(indices, pageUrl.apply(w, 7)));
        }
    }

    /** A client of the test node that adds "METHOD /path" of each request it sends to {@code requests}. */
    private static ElasticsearchClient countingClient(List<String> requests) {
        URI node = EsTestNode.settings().addresses().get(0);
        RestClient rest = RestClient.builder(new HttpHost(node.getHost(), node.getPort(), node.getScheme()))
                .setHttpClientConfigCallback(http -> http.addInterceptorLast((HttpRequestInterceptor)
                        (request, context) -> requests.add(request.getRequestLine().getMethod() + " "
                                + request.getRequestLine().getUri().replaceAll("\\?.*", ""))))
                .build();
        return new ElasticsearchClient(new RestClientTransport(rest, new JacksonJsonpMapper()));
    }

    private static boolean allTrue(boolean[] ok) {
        for (boolean b : ok) {
            if (!b) {
                return false;
            }
        }
        return true;
    }
}
