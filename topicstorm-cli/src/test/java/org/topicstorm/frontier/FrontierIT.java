package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.priority.Lift;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The frontier against a real ES node: 5,000 URLs over 50 hosts with random priorities. Emission is best-first
 * within the per-host cap, no URL is handed out twice while in flight, failed URLs come back, and every URL is
 * eventually handed out.
 */
class FrontierIT {

    private static final int HOSTS = 50;
    private static final int PER_HOST_URLS = 100;
    private static final int CAP = 5;

    private static ElasticsearchClient es;
    private static ElasticsearchClient client;
    private static CrawlIndices indices;
    private static final Schedule SCHEDULE = new Schedule(null, null, Duration.ofMinutes(120), 3);

    @BeforeAll
    static void start() throws Exception {
        es = EsClients.create(EsTestNode.settings());
        client = es;
        indices = new CrawlIndices("frontier-it");
        indices.delete(client);
        indices.ensure(client, 1);
    }

    @AfterAll
    static void stop() throws Exception {
        if (es != null) {
            es.close();
        }
    }

    @Test
    void bestFirstWithinThePerHostCapAndNeverTwiceInFlight() throws Exception {
        StatusWriter writer = writer(indices);
        Random random = new Random(42);
        Map<String, Double> priorities = new HashMap<>();
        List<StatusUpdate> updates = new ArrayList<>();
        for (int h = 0; h < HOSTS; h++) {
            for (int i = 0; i < PER_HOST_URLS; i++) {
                String url = "http://host" + h + ".test/page" + i;
                double p = random.nextDouble();
                priorities.put(url, p);
                updates.add(StatusUpdate.discovered(url, p, 1, 0, null, null));
            }
        }
        writeAll(writer, updates);
        client.indices().refresh(r -> r.index(indices.status()));

        // expected first batch: each host's CAP best URLs, all ordered by priority, highest first
        Map<String, List<String>> byHost = priorities.keySet().stream()
                .collect(Collectors.groupingBy(UrlIds::host));
        List<String> expected = new ArrayList<>();
        for (List<String> urls : byHost.values()) {
            urls.stream().sorted(Comparator.comparingDouble(priorities::get).reversed()).limit(CAP)
                    .forEach(expected::add);
        }
        expected.sort(Comparator.comparingDouble(priorities::get).reversed());

        FrontierReader reader = new FrontierReader(client, indices.status(), 100, CAP);
        // failed URLs may come back at once (back-off 0); the batch never goes stale (the test's clock is frozen)
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(0, 0), 0, Long.MAX_VALUE, Runnable::run);
        long now = System.currentTimeMillis() + 1000;
        List<String> firstBatch = new ArrayList<>();
        Set<String> inFlight = new HashSet<>();
        for (int i = 0; i < expected.size(); i++) {
            StatusDoc d = feed.next(now);
            firstBatch.add(d.url());
            assertTrue(inFlight.add(d.url()), "emitted twice while in flight: " + d.url());
        }
        assertEquals(expected, firstBatch, "first batch: best-first within the per-host cap");

        // A second query while all of them are in flight must not hand any of them out again; the next best of
        // each host follow, best first.
        List<String> second = new ArrayList<>();
        StatusDoc d;
        while ((d = feed.next(now)) != null) {
            assertTrue(inFlight.add(d.url()), "emitted twice while in flight: " + d.url());
            second.add(d.url());
        }
        assertTrue(second.isEmpty(), "a host whose capped best URLs are all in flight yields nothing new");

        // Now process: every 7th URL fails (not written, replayed), the rest are fetched (written).
        Set<String> done = new HashSet<>();
        int rounds = 0;
        int failures = 0;
        while (done.size() < priorities.size()) {
            assertTrue(++rounds < 400, "the frontier stopped handing out URLs; done " + done.size());
            List<StatusUpdate> fetched = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (String url : inFlight) {
                if (url.hashCode() % 7 == 0 && failures < 300 && !failedOnce.contains(url)) {
                    failed.add(url);
                    failedOnce.add(url);
                    failures++;
                } else {
                    fetched.add(new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.5, true, null,
                            Map.of()));
                }
            }
            boolean[] ok = writer.write(fetched);
            for (boolean b : ok) {
                assertTrue(b);
            }
            client.indices().refresh(r -> r.index(indices.status()));
            for (StatusUpdate u : fetched) {
                feed.acked(u.url(), now);
                inFlight.remove(u.url());
                assertTrue(done.add(u.url()), "fetched twice: " + u.url());
            }
            for (String url : failed) {
                feed.failed(url, now);
                inFlight.remove(url);
            }
            now += 10;
            while ((d = feed.next(now)) != null) {
                assertFalse(done.contains(d.url()), "handed out again after it was fetched: " + d.url());
                assertTrue(inFlight.add(d.url()), "emitted twice while in flight: " + d.url());
            }
        }
        assertEquals(HOSTS * PER_HOST_URLS, done.size());
        assertTrue(failures > 0, "some URLs failed and were replayed");
        assertTrue(done.containsAll(failedOnce), "every failed URL was handed out again and fetched");
    }

    private final Set<String> failedOnce = new HashSet<>();

    @Test
    void eachSpoutTaskReadsItsOwnShardAndAHostLivesInOneShard() throws Exception {
        CrawlIndices sharded = freshIndices("frontier-it-shards", 2);
        StatusWriter writer = writer(sharded);
        List<StatusUpdate> updates = new ArrayList<>();
        for (int h = 0; h < 40; h++) {
            for (int i = 0; i < 10; i++) {
                updates.add(StatusUpdate.discovered("http://h" + h + ".test/" + i, h + i / 100.0, 1, 0, null, null));
            }
        }
        writeAll(writer, updates);
        client.indices().refresh(r -> r.index(sharded.status()));
        FrontierReader reader = new FrontierReader(client, sharded.status(), 100, 100);
        long now = System.currentTimeMillis() + 1000;
        Set<String> shard0 = reader.nextBatch(0, now).stream().map(StatusDoc::url).collect(Collectors.toSet());
        Set<String> shard1 = reader.nextBatch(1, now).stream().map(StatusDoc::url).collect(Collectors.toSet());
        assertFalse(shard0.isEmpty());
        assertFalse(shard1.isEmpty());
        Set<String> both = new HashSet<>(shard0);
        both.retainAll(shard1);
        assertTrue(both.isEmpty(), "no URL is read by two spout tasks");
        Set<String> all = new HashSet<>(shard0);
        all.addAll(shard1);
        assertEquals(updates.stream().map(StatusUpdate::url).collect(Collectors.toSet()), all);
        Set<String> hosts0 = shard0.stream().map(UrlIds::host).collect(Collectors.toSet());
        Set<String> hosts1 = shard1.stream().map(UrlIds::host).collect(Collectors.toSet());
        hosts0.retainAll(hosts1);
        assertTrue(hosts0.isEmpty(), "routing by host puts a host in one shard");
        sharded.delete(client);
    }

    /**
     * A skewed frontier: one host holds the 6,000 best URLs (more than ten pages of a scan), 150 other hosts
     * follow, more hosts than places in a batch. The batch is still each of the best 100 hosts' 5 best URLs (what a
     * collapse on host would give), although the scan's first page holds only URLs of the big host: the next page
     * leaves the full host out.
     */
    @Test
    void aHostWithThousandsOfTopUrlsTakesOnlyItsPlacesAndTheOtherHostsStillFillTheBatch() throws Exception {
        CrawlIndices own = freshIndices("frontier-it-skewed", 1);
        StatusWriter writer = writer(own);
        Random random = new Random(11);
        Map<String, Double> priorities = new HashMap<>();
        for (int i = 0; i < 6000; i++) {
            priorities.put("http://big.test/p" + i, 0.9 + random.nextDouble() / 10);
        }
        for (int h = 0; h < 150; h++) {
            for (int i = 0; i < 12; i++) {
                priorities.put("http://small" + h + ".test/p" + i, random.nextDouble() * 0.9);
            }
        }
        List<StatusUpdate> updates = priorities.entrySet().stream()
                .map(e -> StatusUpdate.discovered(e.getKey(), e.getValue(), 1, 0, null, null)).toList();
        writeAll(writer, updates);
        client.indices().refresh(r -> r.index(own.status()));

        Map<String, List<String>> byHost = priorities.keySet().stream().collect(Collectors.groupingBy(UrlIds::host));
        Comparator<String> best = Comparator.<String>comparingDouble(priorities::get).reversed();
        List<String> expected = new ArrayList<>();
        byHost.values().stream()
                .sorted(Comparator.comparingDouble((List<String> urls) -> -urls.stream().mapToDouble(priorities::get).max().orElse(0)))
                .limit(100)
                .forEach(urls -> urls.stream().sorted(best).limit(CAP).forEach(expected::add));
        expected.sort(best);

        FrontierReader reader = new FrontierReader(client, own.status(), 100, CAP);
        List<String> batch = reader.nextBatch(0, System.currentTimeMillis() + 1000).stream().map(StatusDoc::url)
                .toList();
        assertEquals(500, batch.size());
        assertEquals(expected, batch);
        own.delete(client);
    }

    @Test
    void aBatchTakesOnlyTheBestRanksSoALowHostWaits() throws Exception {
        // good.test has 20 due URLs at 0.9, low.test 20 at 0.1; K = 5 per host. With a rank cut of 10 the floor is
        // the 10th best priority (0.9): only good.test's 5 best come; without a cut low.test gets its 5 places too.
        CrawlIndices own = freshIndices("frontier-it-rank", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            found.add(StatusUpdate.discovered("http://good.test/p" + i, 0.9, 1, 0, null, null));
            found.add(StatusUpdate.discovered("http://low.test/p" + i, 0.1, 1, 0, null, null));
        }
        writeAll(writer, found);
        client.indices().refresh(r -> r.index(own.status()));
        long now = System.currentTimeMillis() + 1000;
        FrontierReader cut = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 10);
        assertEquals(Map.of("good.test", 5L), perHost(cut.nextBatch(0, now)));
        FrontierReader none = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 0);
        assertEquals(Map.of("good.test", 5L, "low.test", 5L), perHost(none.nextBatch(0, now)));
        // ties at the floor are in: a cut at rank 25 (priority 0.1, the 25th best) takes both hosts
        FrontierReader deep = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 25);
        assertEquals(10, deep.nextBatch(0, now).size());
        // once good.test's URLs are gone, low.test's are the best: the crawl is never stuck
        List<String> goodIds = found.stream().map(StatusUpdate::url).filter(u -> u.contains("good")).toList();
        assertEquals(Map.of("low.test", 5L), perHost(cut.nextBatch(0, now, goodIds)));
        own.delete(client);
    }

    @Test
    void tiesAtTheRankCutBeyondTheScansFirstPageAreAllTaken() throws Exception {
        // 40 hosts with 3 URLs each at 0.9, and 40 URLs at 0.2 on one host: with a cut at rank 10 the floor is 0.9,
        // and its 120 ties run far past the scan's first page (2 x 10 hits): the next pages must bring them all,
        // each host within its cap, and nothing below the floor.
        CrawlIndices own = freshIndices("frontier-it-ties", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = new ArrayList<>();
        for (int h = 0; h < 40; h++) {
            for (int i = 0; i < 3; i++) {
                found.add(StatusUpdate.discovered("http://tie" + h + ".test/p" + i, 0.9, 1, 0, null, null));
            }
        }
        for (int i = 0; i < 40; i++) {
            found.add(StatusUpdate.discovered("http://low.test/p" + i, 0.2, 1, 0, null, null));
        }
        writeAll(writer, found);
        client.indices().refresh(r -> r.index(own.status()));
        FrontierReader cut = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 10);
        List<StatusDoc> batch = cut.nextBatch(0, System.currentTimeMillis() + 1000);
        assertEquals(120, batch.size());
        assertTrue(batch.stream().allMatch(d -> d.priority() == 0.9));
        assertEquals(40, batch.stream().map(StatusDoc::host).distinct().count());
        own.delete(client);
    }

    @Test
    void urlsNearTheBestAreTakenBeyondTheCountAndPastTheScansFirstPage() throws Exception {
        // 40 hosts with 2 URLs each at priorities 0.95 down to 0.9 (none tied), and 40 URLs at 0.5 on one host. The
        // count alone (rank 10) stops at the 10th best; with 0.9 of the best (0.9 x 0.95 = 0.855) all 80 are within
        // it, far past the scan's first page (2 x 10 hits), and nothing at 0.5 is.
        CrawlIndices own = freshIndices("frontier-it-near", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = new ArrayList<>();
        for (int h = 0; h < 40; h++) {
            for (int i = 0; i < 2; i++) {
                double priority = 0.95 - (h * 2 + i) * 0.05 / 79; // 0.95 ... 0.9
                found.add(StatusUpdate.discovered("http://near" + h + ".test/p" + i, priority, 1, 0, null, null));
            }
        }
        for (int i = 0; i < 40; i++) {
            found.add(StatusUpdate.discovered("http://low.test/p" + i, 0.5, 1, 0, null, null));
        }
        writeAll(writer, found);
        client.indices().refresh(r -> r.index(own.status()));
        long now = System.currentTimeMillis() + 1000;
        FrontierReader count = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 10);
        assertEquals(10, count.nextBatch(0, now).size());
        FrontierReader near = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, new RankCut(10, 0.9), null, null);
        List<StatusDoc> batch = near.nextBatch(0, now);
        assertEquals(80, batch.size());
        assertTrue(batch.stream().noneMatch(d -> d.host().equals("low.test")));
        // once they are gone, low.test's URLs are the best: the count's cut again, at most CAP of its one host
        List<String> nearIds = found.stream().map(StatusUpdate::url).filter(u -> u.contains("near")).toList();
        assertEquals(Map.of("low.test", (long) CAP), perHost(near.nextBatch(0, now, nearIds)));
        own.delete(client);
    }

    @Test
    void aHostWhoseBestNewUrlIsFarBelowTheBestWaitsWhileARevisitIsNeitherHeldNorTheReference() throws Exception {
        // relevant.test has 4 links (0.0054 ... 0.0028), noise.test 6 (0.0012) and a page due again (relevance 0.4):
        // rank 10 reaches noise.test's links. With a host share of 0.5 the host floor is 0.5 x 0.0054 = 0.0027 (the
        // revisit is not the reference): no link of noise.test would come in, but its revisit is taken and brings its
        // host in, so its links come down to the floor as well, at most CAP. quiet.test's link (0.0012) waits.
        CrawlIndices own = freshIndices("frontier-it-host-share", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = relevantAndNoise(6);
        found.add(StatusUpdate.discovered("http://quiet.test/p0", 0.0012, 1, 0, null, null));
        writeAll(writer, found);
        client.indices().refresh(r -> r.index(own.status()));
        long now = System.currentTimeMillis() + 1000;
        FrontierReader shared = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, new RankCut(10, 0.9, 0.5), null, null);
        assertEquals(Map.of("relevant.test", 4L), perHost(shared.nextBatch(0, now)));
        FrontierReader open = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, new RankCut(10, 0.9), null, null);
        assertEquals(Map.of("relevant.test", 4L, "noise.test", (long) CAP, "quiet.test", 1L),
                perHost(open.nextBatch(0, now)));

        // noise.test/page was fetched (relevant, 0.4); relevant pages are fetched again after a minute here, so two
        // days on it is due again, and the links still wait
        StatusWriter revisiting = new StatusWriter(client, own.status(), null,
                new StatusMerge(new Schedule(Duration.ofMinutes(1), null, Duration.ofMinutes(120), 3)),
                Clock.systemUTC());
        writeAll(revisiting, List.of(new StatusUpdate("http://noise.test/page", Status.FETCHED, 0, 1, 0, null, null,
                0.4, true, null, Map.of(), now)));
        client.indices().refresh(r -> r.index(own.status()));
        List<StatusDoc> batch = shared.nextBatch(0, now + 2 * 86_400_000L);
        assertEquals("http://noise.test/page", batch.get(0).url(), "the revisit first, not held back");
        assertEquals(Map.of("relevant.test", 4L, "noise.test", (long) CAP), perHost(batch));
        own.delete(client);
    }

    @Test
    void aHeldHostsManyTiedLinksAreLeftOutOfTheScansNextPages() throws Exception {
        // relevant.test: 4 links (0.0054 ... 0.0028) and, found last, a fifth at 0.0012; noise.test: 1,200 links at
        // 0.0012. The floor is 0.0012 (the 10th best, ties included), the host floor 0.0027: noise.test is held on the
        // scan's first page (20 hits). A reader of one full page after that reaches relevant.test's fifth link only if
        // that page leaves out noise.test's 1,200 ties, which sort before it (found earlier).
        CrawlIndices own = freshIndices("frontier-it-host-share-pages", 1);
        StatusWriter writer = writer(own);
        writeAll(writer, relevantAndNoise(1200));
        Thread.sleep(5); // found later: sorts after the ties
        writeAll(writer, List.of(StatusUpdate.discovered("http://relevant.test/late", 0.0012, 1, 0, null, null)));
        client.indices().refresh(r -> r.index(own.status()));
        FrontierReader onePage = new FrontierReader(client, own.status(), 100, CAP, 1, null,
                new RankCut(10, 0.9, 0.5), null, null);
        List<String> batch = onePage.nextBatch(0, System.currentTimeMillis() + 1000).stream().map(StatusDoc::url)
                .sorted().toList();
        assertEquals(List.of("http://relevant.test/late", "http://relevant.test/p0", "http://relevant.test/p1",
                "http://relevant.test/p2", "http://relevant.test/p3"), batch);
        own.delete(client);
    }

    @Test
    void aHostThatHadItsPagesIsLeftOutUntilTheCapIsRaised() throws Exception {
        // limits.max-pages-per-host 3: capped.test has had 3 pages fetched (one an error: a request is a request),
        // open.test 2; both have better waiting URLs than other.test
        CrawlIndices own = freshIndices("frontier-it-caps", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = new ArrayList<>();
        for (String host : List.of("capped", "open", "other")) {
            for (int i = 0; i < 6; i++) {
                found.add(StatusUpdate.discovered("http://" + host + ".test/p" + i,
                        host.equals("other") ? 0.1 : 0.9, 1, 0, null, null));
            }
        }
        writeAll(writer, found);
        List<StatusUpdate> outcomes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            outcomes.add(new StatusUpdate("http://capped.test/p" + i, i == 2 ? Status.FETCH_ERROR : Status.FETCHED,
                    0, 0, 0, null, null, i == 2 ? null : 0.5, i == 2 ? null : true, null, Map.of()));
        }
        for (int i = 0; i < 2; i++) {
            outcomes.add(new StatusUpdate("http://open.test/p" + i, Status.FETCHED, 0, 0, 0, null, null, 0.5, true,
                    null, Map.of()));
        }
        writeAll(writer, outcomes);
        client.indices().refresh(r -> r.index(own.status()));
        assertEquals(Map.of("capped.test", 3L, "open.test", 2L), FrontierReader.fetchedPerHost(client, own.status(), 0));

        HostCaps caps = new HostCaps(3, 5_000, shard -> FrontierReader.fetchedPerHost(client, own.status(), shard));
        FrontierReader reader = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                caps);
        long later = System.currentTimeMillis() + 24 * 3600_000L; // every URL due, even the failed one
        Set<String> hosts = reader.nextBatch(0, later).stream().map(StatusDoc::host).collect(Collectors.toSet());
        assertEquals(Set.of("open.test", "other.test"), hosts);
        // open.test emits one more: with the 2 counted, it is at the cap too
        caps.emitted("open.test");
        hosts = reader.nextBatch(0, later).stream().map(StatusDoc::host).collect(Collectors.toSet());
        assertEquals(Set.of("other.test"), hosts);
        // the capped hosts' URLs are still waiting: a higher cap gives them back
        FrontierReader raised = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                new HostCaps(10, 5_000, shard -> FrontierReader.fetchedPerHost(client, own.status(), shard)));
        hosts = raised.nextBatch(0, later).stream().map(StatusDoc::host).collect(Collectors.toSet());
        assertEquals(Set.of("capped.test", "open.test", "other.test"), hosts);
        own.delete(client);
    }

    @Test
    void aHostThatAskedToWaitIsLeftOutUntilItsTime() throws Exception {
        // slow.test answered 429 (Retry-After: due again at +60 s) to p0 and 503 (+30 s) to p1; held.test's p0 was held
        // back by the fetcher until +45 s (its robots.txt got the 429); busy.test answered 503 long ago (its time is
        // past); a 404 is no throttle; other.test has worse URLs
        CrawlIndices own = freshIndices("frontier-it-throttles", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> found = new ArrayList<>();
        for (String host : List.of("slow", "held", "busy", "gone", "other")) {
            for (int i = 0; i < 4; i++) {
                found.add(StatusUpdate.discovered("http://" + host + ".test/p" + i,
                        host.equals("other") ? 0.1 : 0.9, 1, 0, null, null));
            }
        }
        writeAll(writer, found);
        long now = System.currentTimeMillis();
        writeAll(writer, List.of(
                throttled("http://slow.test/p0", "http 429", now + 60_000),
                throttled("http://slow.test/p1", "http 503", now + 30_000),
                throttled("http://busy.test/p0", "http 503", now - 1_000),
                new StatusUpdate("http://held.test/p0", Status.FETCH_ERROR, 0, 0, 0, null, null, null, null, null,
                        Map.of()).deferredUntil(now + 45_000, StatusUpdates.DEFERRED),
                new StatusUpdate("http://gone.test/p0", Status.FETCH_ERROR, 0, 0, 0, null, null, null, null,
                        "http 404", Map.of())));
        client.indices().refresh(r -> r.index(own.status()));
        // the latest time a host asked for, for the hosts still waiting
        assertEquals(Map.of("slow.test", now + 60_000, "held.test", now + 45_000),
                FrontierReader.throttledUntil(client, own.status(), 0, now));

        HostThrottles throttles = new HostThrottles(2_000,
                (shard, at) -> FrontierReader.throttledUntil(client, own.status(), shard, at));
        FrontierReader reader = new FrontierReader(client, own.status(), 100, CAP, FrontierReader.DEFAULT_MAX_PAGES,
                null, 0, throttles);
        Set<String> hosts = reader.nextBatch(0, now).stream().map(StatusDoc::host).collect(Collectors.toSet());
        assertEquals(Set.of("busy.test", "gone.test", "other.test"), hosts);
        // a minute later their time has come: their URLs are due again, the throttled ones included
        List<String> slow = reader.nextBatch(0, now + 60_000).stream().map(StatusDoc::url)
                .filter(u -> u.contains("slow")).sorted().toList();
        assertEquals(List.of("http://slow.test/p0", "http://slow.test/p1", "http://slow.test/p2",
                "http://slow.test/p3"), slow);
        assertEquals(4, reader.nextBatch(0, now + 60_000).stream().filter(d -> d.host().equals("held.test")).count());
        own.delete(client);
    }

    /** URLs per host of a batch. */
    private static Map<String, Long> perHost(List<StatusDoc> batch) {
        return batch.stream().collect(Collectors.groupingBy(StatusDoc::host, Collectors.counting()));
    }

    /**
     * A crawl's second round as the host share sees it: a relevant page's four links on relevant.test (0.0054 ...
     * 0.0028) and an irrelevant seed's {@code noise} tunnelled links on noise.test (0.0012 each).
     */
    private static List<StatusUpdate> relevantAndNoise(int noise) {
        List<StatusUpdate> found = new ArrayList<>();
        double[] relevant = {0.0054, 0.0049, 0.0041, 0.0028};
        for (int i = 0; i < relevant.length; i++) {
            found.add(StatusUpdate.discovered("http://relevant.test/p" + i, relevant[i], 1, 0, null, null));
        }
        for (int i = 0; i < noise; i++) {
            found.add(StatusUpdate.discovered("http://noise.test/p" + i, 0.0012, 1, 0, null, null));
        }
        return found;
    }

    private static StatusUpdate throttled(String url, String error, long retryAt) {
        return new StatusUpdate(url, Status.FETCH_ERROR, 0, 0, 0, null, null, null, null, error, Map.of())
                .withRetryAt(retryAt);
    }

    @Test
    void urlsAckedButStillDueInTheIndexAreLeftOutAndFreeTheirHostsPlaces() throws Exception {
        // One host, 10 URLs with priorities 0.10 .. 0.01 (u0 best). The spout acked u0 and u1, but their new
        // status is not visible yet (here: never written), so the index still shows them due.
        // Own indices: these URLs stay due and must not show up in the other tests' batches.
        CrawlIndices own = freshIndices("frontier-it-acked", 1);
        StatusWriter writer = writer(own);
        List<StatusUpdate> updates = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            updates.add(StatusUpdate.discovered("http://acked.test/u" + i, (10 - i) / 100.0, 1, 0, null, null));
        }
        writer.write(updates);
        client.indices().refresh(r -> r.index(own.status()));
        FrontierReader reader = new FrontierReader(client, own.status(), 100, CAP);
        long now = System.currentTimeMillis() + 1000;

        List<String> before = reader.nextBatch(0, now).stream().map(StatusDoc::url).toList();
        assertEquals(List.of("http://acked.test/u0", "http://acked.test/u1", "http://acked.test/u2",
                "http://acked.test/u3", "http://acked.test/u4"), before);
        // left out, u0 and u1 no longer take two of the host's CAP places: u5 and u6 come in
        List<String> after = reader.nextBatch(0, now, List.of("http://acked.test/u0", "http://acked.test/u1"))
                .stream().map(StatusDoc::url).toList();
        assertEquals(List.of("http://acked.test/u2", "http://acked.test/u3", "http://acked.test/u4",
                "http://acked.test/u5", "http://acked.test/u6"), after);
    }

    @Test
    void increaseKeyUnderConcurrentWritersKeepsTheBestPriorityAndEveryInlink() throws Exception {
        // Four writers (as four status updater tasks would) race to report the same 200 URLs from 4 parents
        // each, with different priorities. Whatever the interleaving and the version conflicts, each URL must
        // end with the best priority it was given and all 4 in-links.
        int urls = 200;
        int writers = 4;
        raceWriters(writers, indices.links(), 20, 1, writerId -> {
            List<StatusUpdate> batch = new ArrayList<>();
            for (int i = 0; i < urls; i++) {
                // writer w gives URL i priority ((i + w) % writers) / 10: the best is (writers-1)/10
                batch.add(StatusUpdate.discovered("http://race.test/u" + i, ((i + writerId) % writers) / 10.0,
                        1 + writerId, writerId, "http://parent" + writerId + ".test/", "a" + writerId));
            }
            return batch;
        });
        client.indices().refresh(r -> r.index(indices.status(), indices.links()));
        for (int i = 0; i < urls; i++) {
            String url = "http://race.test/u" + i;
            StatusDoc d = client.get(g -> g.index(indices.status()).id(UrlIds.id(url)).routing("race.test"),
                    StatusDoc.class).source();
            assertEquals((writers - 1) / 10.0, d.priority(), url);
            // the writer that gave the best priority for URL i is w = (writers - 1 - i % writers) % writers
            int best = ((writers - 1) - i % writers + writers) % writers;
            assertEquals("http://parent" + best + ".test/", d.parent(), url);
            assertEquals(writers, d.inlinks(), url);
            assertEquals(0, d.distance(), url);
            assertEquals(1, d.depth(), url);
        }
        // every link once: a parent's outlinks of one write call share a links document
        List<StatusWriter.LinkDoc> docs = client.search(s -> s.index(indices.links()).size(1000)
                .query(q -> q.term(t -> t.field("toHost").value("race.test"))), StatusWriter.LinkDoc.class)
                .hits().hits().stream().map(h -> h.source()).toList();
        assertEquals(writers * urls / 20, docs.size(), "one document per parent and write call");
        Set<String> pairs = new HashSet<>();
        for (StatusWriter.LinkDoc doc : docs) {
            assertEquals(doc.to().size(), doc.anchor().size());
            for (int i = 0; i < doc.to().size(); i++) {
                assertTrue(pairs.add(doc.from() + " -> " + doc.to().get(i)), "link recorded twice");
                assertEquals("a" + doc.from().charAt("http://parent".length()), doc.anchor().get(i));
            }
        }
        assertEquals(urls * writers, pairs.size());
        // the in-degree of a URL is a term query on the links index
        long linkingToU7 = client.count(c -> c.index(indices.links()).query(q -> q.term(t -> t.field("to")
                .value("http://race.test/u7")))).count();
        assertEquals(writers, linkingToU7);
    }

    /** Writes the updates in batches of 1,000, each confirmed. */
    /** A test's own crawl indices, empty. */
    private static CrawlIndices freshIndices(String crawl, int shards) throws IOException {
        CrawlIndices own = new CrawlIndices(crawl);
        own.delete(client);
        own.ensure(client, shards);
        return own;
    }

    /** A status writer without a links index. */
    private static StatusWriter writer(CrawlIndices target) {
        return new StatusWriter(client, target.status(), null, new StatusMerge(SCHEDULE), Clock.systemUTC());
    }

    @Test
    void summedPrioritiesCountEachParentOnceUnderConcurrentWritersAndReplays() throws Exception {
        // link-topology's frontier: four writers (status updater tasks) report the same 100 URLs, each from its own
        // parent w with contribution (w + 1) / 10, and each writes every batch twice (a replayed tuple). The sum
        // over distinct parents is 0.1 + 0.2 + 0.3 + 0.4 = 1.0 whatever the interleaving.
        int urls = 100;
        int writers = 4;
        raceWriters(writers, null, 25, 2, writerId -> {
            List<StatusUpdate> batch = new ArrayList<>();
            for (int i = 0; i < urls; i++) {
                batch.add(StatusUpdate.discovered("http://sum.test/u" + i, (writerId + 1) / 10.0, 1, 0,
                        "http://sumparent" + writerId + ".test/", "a" + writerId,
                        org.topicstorm.priority.Aggregation.SUM, List.of("w:" + writerId)));
            }
            return batch;
        });
        for (int i = 0; i < urls; i++) {
            String url = "http://sum.test/u" + i;
            StatusDoc d = client.get(g -> g.index(indices.status()).id(UrlIds.id(url)).routing("sum.test"),
                    StatusDoc.class).source();
            assertEquals(1.0, d.priority(), 1e-9, url);
            assertEquals(writers, d.inlinks(), url);
            assertEquals(1.0, d.inlinkScore().stream().mapToDouble(Double::doubleValue).sum(), 1e-9, url);
            // the best contributor (writer 3, 0.4) is the parent shown, with its link's features
            assertEquals("http://sumparent3.test/", d.parent(), url);
            assertEquals(List.of("w:3"), d.linkFeatures(), url);
        }
        // a newer classifier's lift lowers one (1.0 x 0.05), an older one's cannot raise it back
        StatusWriter writer = new StatusWriter(client, indices.status(), null, new StatusMerge(SCHEDULE),
                Clock.systemUTC());
        assertTrue(writer.write(List.of(StatusUpdate.rescored("http://sum.test/u0", new Lift(0.05, 2))))[0]);
        assertTrue(writer.write(List.of(StatusUpdate.rescored("http://sum.test/u0", new Lift(18, 1))))[0]);
        StatusDoc u0 = client.get(g -> g.index(indices.status()).id(UrlIds.id("http://sum.test/u0"))
                .routing("sum.test"), StatusDoc.class).source();
        assertEquals(0.05, u0.priority(), 1e-12);
        assertEquals(0.05, u0.lift(), 1e-12);
        assertEquals(2, u0.scorerVersion());
    }

    /**
     * Writers on their own threads, as status updater tasks would be, each writing its updates to the shared status
     * index in batches, {@code rounds} times (a second round is a replay); every write must be confirmed.
     *
     * @param linksIndex the links index to record links in, or null
     */
    private static void raceWriters(int writers, String linksIndex, int batchSize, int rounds,
                                    java.util.function.IntFunction<List<StatusUpdate>> updatesOf) throws Exception {
        List<Thread> threads = new ArrayList<>();
        List<Throwable> errors = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int w = 0; w < writers; w++) {
            List<StatusUpdate> updates = updatesOf.apply(w);
            threads.add(new Thread(() -> {
                StatusWriter writer = new StatusWriter(client, indices.status(), linksIndex,
                        new StatusMerge(SCHEDULE), Clock.systemUTC());
                for (int round = 0; round < rounds; round++) {
                    for (int from = 0; from < updates.size(); from += batchSize) {
                        for (boolean ok : writer.write(updates.subList(from,
                                Math.min(updates.size(), from + batchSize)))) {
                            if (!ok) {
                                errors.add(new AssertionError("write not confirmed"));
                            }
                        }
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        assertTrue(errors.isEmpty(), errors.toString());
    }

    private static void writeAll(StatusWriter writer, List<StatusUpdate> updates) {
        for (int from = 0; from < updates.size(); from += 1000) {
            for (boolean ok : writer.write(updates.subList(from, Math.min(updates.size(), from + 1000)))) {
                assertTrue(ok, "write confirmed");
            }
        }
    }

    /**
     * A continuous crawl's due URLs, new and revisited alike, best first: a hot thread (heat 17.3, 300 fresh replies)
     * goes before the seed and the new URLs, a cold one (heat near 0) after them, by its relevance alone.
     */
    @Test
    void aHotThreadComesBackBeforeNewUrlsAndAColdOneByItsRelevance() throws Exception {
        CrawlIndices own = freshIndices("frontier-it-heat", 1);
        RevisitPolicy revisits = new RevisitPolicy(org.topicstorm.topic.Revisit.DEFAULT);
        StatusWriter writer = new StatusWriter(client, own.status(), null, new StatusMerge(SCHEDULE, 3, revisits),
                Clock.systemUTC());
        long now = System.currentTimeMillis();
        String hot = "http://forum.test/thread/hot";
        String cold = "http://forum.test/thread/cold";
        writeAll(writer, List.of(StatusUpdate.discovered(hot, 0.5, 1, 0, "http://forum.test/", ""),
                StatusUpdate.discovered(cold, 0.5, 1, 0, "http://forum.test/", ""),
                StatusUpdate.discovered("http://forum.test/", 1.001, 0, 0, null, null),
                StatusUpdate.discovered("http://forum.test/new", 0.9, 1, 0, "http://forum.test/", "")));
        // sqrt(301) = 17.35 (fresh replies) and 2 x exp(-10 days / 24 h) = 0.00009
        double hotHeat = revisits.heat(300, now, now);
        double coldHeat = revisits.heat(3, now - 10 * 86_400_000L, now);
        assertEquals(Math.sqrt(301), hotHeat, 1e-9);
        writeAll(writer, List.of(
                new StatusUpdate(hot, Status.FETCHED, 0, 1, 0, null, null,
                        0.5, true, null, Map.of(), now).withSignals(new PageSignals(1L, false, 0, null, 300, hotHeat)),
                new StatusUpdate(cold, Status.FETCHED, 0, 1, 0, null, null,
                        0.6, true, null, Map.of(), now).withSignals(new PageSignals(2L, false, 0, null, 3, coldHeat))));
        client.indices().refresh(r -> r.index(own.status()));

        // two hours on, both threads are due again (relevant pages: after an hour)
        List<StatusDoc> batch = new FrontierReader(client, own.status(), 100, CAP).nextBatch(0, now + 7_200_000L);
        assertEquals(List.of(hot, "http://forum.test/", "http://forum.test/new", cold),
                batch.stream().map(StatusDoc::url).toList());
        assertEquals(RevisitPolicy.HOT_TIER + hotHeat + 0.5, batch.get(0).priority(), 1e-9);
        assertEquals(300, batch.get(0).revisit().replies());
        assertEquals(0.6, batch.get(3).priority(), 1e-9);
        // an hour ago they were not due: only the new URLs
        assertEquals(List.of("http://forum.test/", "http://forum.test/new"),
                new FrontierReader(client, own.status(), 100, CAP).nextBatch(0, now + 1000).stream()
                        .map(StatusDoc::url).toList());
        own.delete(client);
    }
}
