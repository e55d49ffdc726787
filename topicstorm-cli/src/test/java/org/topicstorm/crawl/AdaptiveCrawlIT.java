package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.CentroidModel;
import org.topicstorm.relevance.CentroidState;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.RelevanceModels;
import org.topicstorm.site.SiteServer;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.WeightedTerms;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.TopicStormConfig;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crawl judged by the adaptive centroid model (001 paper, {@code relevance.model: centroid}), end to end: real
 * Storm LocalCluster, real ES node, a loopback site with a beekeeping region (the topic) and a car-repair region
 * (off topic). The centroid is learnt from the topic's seed URLs, fetched once when the crawl starts; every page
 * close to a seed page moves it during the crawl, M' = ((n + U) M + v) / (n + U + 1). The crawl is stopped after a
 * few pages and resumed: the model continues from the state it saved, it is not learnt again from the seeds.
 */
class AdaptiveCrawlIT {

    private static SiteServer site;
    private static ElasticsearchClient client;

    private static final String HIVE = "Honey bees live together in a wooden hive. The beekeeper opens the hive "
            + "and inspects every frame of wax comb. ";
    private static final String COLONY = "Worker bees gather nectar and pollen from flowers. The queen bee lays her "
            + "eggs inside the comb, and the colony stores honey for winter. ";
    private static final String GARAGE = "The mechanic repairs the engine of the car in his garage. Brakes, tyres "
            + "and the gearbox of a vehicle need regular service. ";

    /** The topic's region: path to HTML. Both seeds, then a chain /bees/3 -> /bees/4 -> ... -> /bees/8. */
    private static final Map<String, String> BEES = new LinkedHashMap<>();
    /** The off-topic region: path to HTML. */
    private static final Map<String, String> CARS = new LinkedHashMap<>();
    private static final List<String> SEEDS = List.of("/bees/1", "/bees/2");
    private static final double THRESHOLD = 0.25;
    private static final double UPDATE_SIMILARITY = 0.5;

    @BeforeAll
    static void buildSite() {
        BEES.put("/bees/1", CrawlIT.page("Keeping honey bees", HIVE + COLONY,
                "/bees/3", "the smoker", "/cars/1", "engine trouble"));
        BEES.put("/bees/2", CrawlIT.page("The bee colony", COLONY + HIVE, "/bees/1", "keeping bees"));
        String[] extra = {
                "A smoker calms the bees before the beekeeper lifts the frames.",
                "Swarming happens in spring when the colony raises another queen.",
                "The honey extractor spins the frames to empty the comb.",
                "Varroa mites weaken the colony, so the beekeeper checks the brood.",
                "Bees dance to tell the hive where flowers with nectar grow."};
        for (int k = 3; k <= 7; k++) {
            BEES.put("/bees/" + k, CrawlIT.page("Honey bees in the hive, part " + (char) ('A' + k - 3),
                    HIVE + extra[k - 3] + " " + COLONY,
                    "/bees/" + (k + 1), "the next hive", "/cars/2", "vehicle service"));
        }
        // On the topic, but far from both seed pages: it never moves the centroid, and only the centroid learnt from
        // /bees/1 to /bees/7 (the only way to it) finds it relevant.
        BEES.put("/bees/8", CrawlIT.page("Drones in the hive", "Drones leave the hive to mate with a young queen. "
                + "Drones have no sting. The honey bees push the drones out of the hive in autumn.",
                "/bees/1", "keeping bees"));
        CARS.put("/cars/1", CrawlIT.page("Car repair", GARAGE + "Diesel fuel costs more at the petrol station.",
                "/cars/2", "brakes"));
        CARS.put("/cars/2", CrawlIT.page("Vehicle service", GARAGE + "Winter tyres grip icy roads.",
                "/cars/3", "gearbox"));
        CARS.put("/cars/3", CrawlIT.page("Gearbox trouble", GARAGE + "A worn clutch makes gear changes rough.",
                "/bees/1", "bees"));
        try {
            site = new SiteServer();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        BEES.forEach(site::html);
        CARS.forEach(site::html);
        // each hop of the chain takes at least half a second, so that the first run (stopped once 3 pages are fetched,
        // seen by a watcher that looks once a second) stops well before /bees/8: a round of fetches takes only a few
        // hundred milliseconds since the batching bolts flush after 20 ms of quiet
        site.latency(500);
        client = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void stopSite() throws Exception {
        if (site != null) {
            site.close();
        }
        if (client != null) {
            client.close();
        }
    }

    @Test
    void theCentroidLearnsDuringTheCrawlAndAResumedCrawlContinuesIt(@TempDir Path tmp) throws Exception {
        Path topicFile = tmp.resolve("bees.yaml");
        Files.writeString(topicFile, """
                name: beekeeping
                languages: [en]
                keywords: {honey bees: 1, beekeeper: 1, hive: 0.8}
                seeds:
                  - %s
                  - %s
                threshold: %s
                strategy: best-first
                focus: soft
                relevance:
                  model: centroid
                  centroid: {features: 100, update-similarity: %s}
                """.formatted(site.url(SEEDS.get(0)), site.url(SEEDS.get(1)), THRESHOLD, UPDATE_SIMILARITY));
        Topic topic = TopicLoader.load(topicFile);
        CrawlIndices indices = new CrawlIndices("crawl-it-centroid");
        indices.delete(client);
        Map<String, Object> extra = Map.of(TopicStormConfig.MODEL_SYNC_SECS, 1);
        EsModelStateStore store = new EsModelStateStore(client, indices.model());
        ParseConfig parseConfig = ParseConfig.fromConf(CrawlTestSupport.testConf(EsTestNode.url().toString(),
                indices, topicFile));

        // The site is built so that which page moves the centroid is clear-cut: cos(v, s_i) > 0.5 for some seed
        // page s_i for /bees/1 to /bees/7, far from it for /bees/8 and the car pages.
        CentroidState fromSeeds = CentroidModel.initialState(
                SEEDS.stream().map(p -> analysed(topic, parseConfig, p, BEES.get(p))).toList(),
                topic.relevance().tagWeights(), topic.relevance().centroid().features());
        Set<String> close = new HashSet<>();
        Map<String, String> all = new LinkedHashMap<>(BEES);
        all.putAll(CARS);
        all.forEach((p, html) -> {
            double cos = closestSeed(topic, parseConfig, fromSeeds, p, html);
            if (cos > UPDATE_SIMILARITY + 0.1) {
                close.add(p);
            } else {
                assertTrue(cos < UPDATE_SIMILARITY - 0.2, p + " is too near the update similarity: " + cos);
            }
        });
        assertEquals(Set.of("/bees/1", "/bees/2", "/bees/3", "/bees/4", "/bees/5", "/bees/6", "/bees/7"), close);
        // /bees/8 is irrelevant to the centroid of the seed pages alone
        double drones = RelevanceModels.withSeedPages(topic, SEEDS.stream().map(p -> parsed(parseConfig, p,
                BEES.get(p))).toList(), false).model().score(parsed(parseConfig, "/bees/8", BEES.get("/bees/8")))
                .score();
        assertTrue(drones < THRESHOLD, "/bees/8 scores " + drones + " with the initial centroid");

        // --- a first run, stopped after a few pages ---
        site.clearRequests();
        CrawlRunner.Summary first = CrawlTestSupport.crawl(topicFile, indices, extra, 3);
        assertEquals(CrawlRunner.StopReason.MAX_PAGES, first.reason());
        List<String> firstRequests = site.requests();
        // The launcher fetched each seed once for the model, the topology once more to crawl it.
        for (String seed : SEEDS) {
            assertEquals(2, firstRequests.stream().filter(seed::equals).count(), seed + " in " + firstRequests);
        }
        // The stored state is what the 001 paper makes of the seed pages ...
        CentroidState afterFirst = store.load(CentroidModel.KIND, CentroidState.class).orElseThrow();
        assertEquals(new HashSet<>(fromSeeds.features()), new HashSet<>(afterFirst.features()));
        assertEquals(fromSeeds.seeds().size(), afterFirst.seeds().size());
        for (int i = 0; i < fromSeeds.seeds().size(); i++) {
            assertClose(fromSeeds.seeds().get(i), afterFirst.seeds().get(i), "seed vector " + i);
        }
        // ... moved during the crawl (U = 0 at the start) by each page close to a seed page that the crawl fetched.
        List<String> fetchedFirst = crawled(firstRequests);
        List<String> learntFirst = fetchedFirst.stream().filter(close::contains).toList();
        assertTrue(afterFirst.updates() > 0, "no update during the first run");
        assertEquals(learntFirst.size(), afterFirst.updates(),
                "one update per page close to a seed page, none for the others: " + firstRequests);
        assertCentroid(topic, parseConfig, fromSeeds, learntFirst, afterFirst);
        // Every page fetched before the stop was recorded (the kill's grace period), so none is fetched again.
        Map<String, StatusDoc> firstStatus = CrawlTestSupport.statusDocs(client, indices);
        for (String p : fetchedFirst) {
            StatusDoc d = firstStatus.get(site.url(p));
            assertTrue(d != null && (d.state() == CrawlState.DONE || d.state() == CrawlState.DISCARDED),
                    p + " was fetched in the first run but its status is " + d);
        }
        assertFalse(fetchedFirst.contains("/bees/8"), "the first run was meant to stop before the end of the chain");

        // --- the resumed crawl ---
        site.clearRequests();
        CrawlRunner.Summary second = CrawlTestSupport.crawl(topicFile, indices, extra, 0);
        assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, second.reason());
        List<String> secondRequests = site.requests();
        for (String seed : SEEDS) {
            assertFalse(secondRequests.contains(seed), "the resumed crawl read a seed page again: " + secondRequests);
        }
        List<String> fetchedSecond = crawled(secondRequests);
        assertTrue(fetchedSecond.stream().noneMatch(fetchedFirst::contains),
                "fetched in both runs: first " + fetchedFirst + ", second " + fetchedSecond);
        List<String> learnt = new ArrayList<>(learntFirst);
        learnt.addAll(fetchedSecond.stream().filter(close::contains).toList());
        assertEquals(close, new HashSet<>(learnt));
        CentroidState end = store.load(CentroidModel.KIND, CentroidState.class).orElseThrow();
        // U went on from the first run's count: not reset, not learnt again from the seed pages
        assertTrue(end.updates() > afterFirst.updates(), "no update in the second run");
        assertEquals(close.size(), end.updates(), "updates after the first run " + afterFirst.updates()
                + ", fetched in the second " + fetchedSecond);
        assertEquals(afterFirst.features(), end.features());
        assertEquals(afterFirst.seeds(), end.seeds());
        assertCentroid(topic, parseConfig, fromSeeds, learnt, end);

        // What ES holds: the topic region relevant and stored, the car pages judged and discarded.
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        for (String p : BEES.keySet()) {
            StatusDoc d = status.get(site.url(p));
            assertNotNull(d, p + " is in the status index");
            assertEquals(CrawlState.DONE, d.state(), p);
            assertEquals(Boolean.TRUE, d.relevant(), p);
            assertTrue(d.relevance() >= THRESHOLD, p + " scored " + d.relevance());
        }
        // relevant only thanks to what the model learnt, in the first run as well as in the second
        assertTrue(status.get(site.url("/bees/8")).relevance() > drones + 0.05,
                "/bees/8: " + status.get(site.url("/bees/8")).relevance());
        for (String p : CARS.keySet()) {
            StatusDoc d = status.get(site.url(p));
            assertNotNull(d, p + " is in the status index");
            assertEquals(CrawlState.DISCARDED, d.state(), p);
            assertEquals(Boolean.FALSE, d.relevant(), p);
            assertTrue(d.relevance() < THRESHOLD, p + " scored " + d.relevance());
        }
        assertTrue(status.values().stream().noneMatch(d -> d.state() == CrawlState.WAITING));
        Map<String, Map<String, Object>> content = CrawlTestSupport.contentDocs(client, indices);
        assertEquals(BEES.keySet().stream().map(site::url).collect(Collectors.toSet()), content.keySet(),
                "the content index holds exactly the beekeeping pages");
        @SuppressWarnings("unchecked")
        List<String> topTerms = (List<String>) content.get(site.url("/bees/5")).get("topTerms");
        assertTrue(topTerms.contains("hive") && topTerms.contains("bee"), "top terms " + topTerms);
        indices.delete(client);
    }

    /** The pages the topology fetched: the requests less the launcher's one read of each seed. */
    private static List<String> crawled(List<String> requests) {
        List<String> pages = new ArrayList<>(requests.stream()
                .filter(p -> BEES.containsKey(p) || CARS.containsKey(p)).toList());
        for (String seed : SEEDS) {
            if (requests.contains(seed)) {
                pages.remove(seed);
            }
        }
        return pages;
    }

    /** The largest cosine between the page and a seed page of the state: above the update similarity, it learns. */
    private static double closestSeed(Topic topic, ParseConfig parseConfig, CentroidState state, String path,
                                      String html) {
        WeightedTerms v = analysed(topic, parseConfig, path, html).weightedTerms(topic.relevance().tagWeights());
        return state.seeds().stream().mapToDouble(s -> v.cosine(new WeightedTerms(s))).max().orElseThrow();
    }

    /**
     * The centroid after the online updates: M' = ((n + U) M + v') / (n + U + 1), applied once per learnt page, is the
     * running mean M_U = (n M_0 + sum of the pages' v') / (n + U), v' = the page's vector on the features / |v|.
     */
    private static void assertCentroid(Topic topic, ParseConfig parseConfig, CentroidState initial,
                                       List<String> learnt, CentroidState actual) {
        int n = initial.seeds().size();
        Set<String> features = new HashSet<>(actual.features());
        Map<String, Double> expected = new HashMap<>();
        initial.centroid().forEach((t, m) -> expected.put(t, n * m));
        for (String p : learnt) {
            WeightedTerms v = analysed(topic, parseConfig, p, BEES.get(p)).weightedTerms(topic.relevance().tagWeights());
            v.restrictedTo(features).weights().forEach((t, x) -> expected.merge(t, x / v.norm(), Double::sum));
        }
        expected.replaceAll((t, m) -> m / (n + learnt.size()));
        assertClose(expected, actual.centroid(), "centroid after " + learnt.size() + " updates");
    }

    private static ParsedPage parsed(ParseConfig parseConfig, String path, String html) {
        try {
            return new PageParser(parseConfig).parse(site.url(path), html.getBytes(StandardCharsets.UTF_8),
                    "text/html; charset=UTF-8", null);
        } catch (Exception e) {
            throw new AssertionError(path + " does not parse", e);
        }
    }

    private static AnalyzedPage analysed(Topic topic, ParseConfig parseConfig, String path, String html) {
        return RelevanceModels.analyzer(topic).analyze(parsed(parseConfig, path, html));
    }

    private static void assertClose(Map<String, Double> expected, Map<String, Double> actual, String what) {
        Set<String> terms = new HashSet<>(expected.keySet());
        terms.addAll(actual.keySet());
        for (String t : terms) {
            double e = expected.getOrDefault(t, 0.0);
            double a = actual.getOrDefault(t, 0.0);
            assertEquals(e, a, 1e-9, what + ", term '" + t + "': expected " + expected + ", was " + actual);
        }
    }
}
