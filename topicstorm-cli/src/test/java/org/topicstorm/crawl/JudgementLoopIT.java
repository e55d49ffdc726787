package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.eval.JudgementOracle;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.judge.JudgeSampler;
import org.topicstorm.judge.JudgementStore;
import org.topicstorm.relevance.CurrentThreshold;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.JudgementRounds;
import org.topicstorm.relevance.PageClassifier;
import org.topicstorm.relevance.ThresholdTuner;
import org.topicstorm.site.SiteServer;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.TopicStormConfig;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The judgement loop end to end: real Storm LocalCluster, real ES node, a loopback site whose bee pages are relevant
 * and whose car pages, which mention a hive once, are not. The topic's threshold starts far too low (every car page
 * passes it); an oracle judges pages from the labels while the crawl runs, as a person with {@code topicstorm judge}
 * would; the crawl's writer task measures the precision of each round of judgements and moves the threshold (004),
 * and pages scored after a move get their verdict from the new threshold. A resumed crawl continues from the stored
 * threshold and does not read the judgements again.
 */
class JudgementLoopIT {

    private static final String BEES = "Honey bees live in a hive. The beekeeper opens the hive and the bees make "
            + "honey from nectar. ";
    private static final String CARS = "The mechanic repairs the engine of the car in his garage. Brakes, tyres and "
            + "the gearbox of a vehicle need regular service. The garage is a hive of activity on Mondays. ";
    private static final int PAGES = 30;
    private static final double START = 0.02;

    /** Judgements reach the models within a second; one page at a time, a little apart, so that the crawl lasts
     * long enough for several rounds of judgements. */
    private static final Map<String, Object> EXTRA = Map.of(TopicStormConfig.MODEL_SYNC_SECS, 1,
            "fetcher.server.delay", 0.4);

    private static SiteServer site;
    private static ElasticsearchClient client;

    @BeforeAll
    static void buildSite() throws Exception {
        site = new SiteServer();
        // two interleaved chains: every page links to the next bee page and the next car page
        for (int k = 0; k < PAGES; k++) {
            String next = String.valueOf(k + 1);
            site.html("/bees/" + k, CrawlIT.page("Bees " + k, BEES.repeat(1 + k % 3) + CARS,
                    "/bees/" + next, "bees", "/cars/" + next, "cars"));
            site.html("/cars/" + k, CrawlIT.page("Cars " + k, CARS.repeat(1 + k % 3),
                    "/cars/" + next, "cars", "/bees/" + next, "bees"));
        }
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

    /** The bee topic, its threshold far too low, with this relevance section (indented by two spaces). */
    private static Path topicFile(Path dir, String relevance) throws java.io.IOException {
        Path file = dir.resolve("bees.yaml");
        Files.writeString(file, """
                name: bees
                languages: [en]
                keywords: {honey bees: 1, beekeeper: 1, hive: 0.5}
                seeds: [%s, %s]
                threshold: %s
                strategy: breadth-first
                relevance:
                """.formatted(site.url("/bees/0"), site.url("/cars/0"), START) + relevance);
        return file;
    }

    /** A crawl of 40 pages while the oracle judges every second, as a person would with {@code topicstorm judge}. */
    private static void crawlJudgedBy(JudgementOracle oracle, Path topicFile, CrawlIndices indices) throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        timer.scheduleWithFixedDelay(oracle::roundQuietly, 1, 1, TimeUnit.SECONDS);
        try {
            CrawlTestSupport.crawl(topicFile, indices, EXTRA, 40);
        } finally {
            // not shutdownNow: an interrupted round can have sent its judgements without counting them
            timer.shutdown();
            assertTrue(timer.awaitTermination(60, TimeUnit.SECONDS));
        }
    }

    @Test
    void theOraclesJudgementsMoveTheThresholdAndLaterVerdictsFollowIt(@TempDir Path tmp) throws Exception {
        Path topicFile = topicFile(tmp, """
                  self-tuning: {target: 0.9, tolerance: 0.05, step: 0.1, min-step: 0.02, min-pages: 3}
                """);
        Topic topic = TopicLoader.load(topicFile);
        CrawlIndices indices = new CrawlIndices("crawl-it-judging");
        indices.delete(client);
        EsModelStateStore models = new EsModelStateStore(client, indices.model());
        JudgementStore judgements = new JudgementStore(client, indices);
        JudgementOracle oracle = new JudgementOracle(judgements, new JudgeSampler(client, indices),
                url -> url.contains("/bees/"), () -> {
            try {
                return CurrentThreshold.of(topic, models);
            } catch (Exception e) {
                return START;
            }
        }, 40, 4);
        crawlJudgedBy(oracle, topicFile, indices);

        // the threshold moved up from 0.02: the car pages it kept were judged irrelevant
        ThresholdTuner.State tuned = models.load(ThresholdTuner.KIND, ThresholdTuner.State.class).orElseThrow();
        assertFalse(tuned.history().isEmpty(), "no round of judgements");
        assertTrue(tuned.r() > START, "the threshold did not move up: " + tuned);
        ThresholdTuner.Round first = tuned.history().get(0);
        assertTrue(first.precision() < 0.85 && first.after() > first.before(), "first round: " + first);
        // every threshold r has had
        Set<Double> thresholds = new HashSet<>();
        thresholds.add(START);
        tuned.history().forEach(r -> {
            thresholds.add(r.before());
            thresholds.add(r.after());
        });
        // each verdict is the score against one of them, and some verdicts are only explained by a moved one:
        // pages scored above the starting threshold and judged irrelevant by the crawler
        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        int byMovedThreshold = 0;
        for (StatusDoc d : status.values()) {
            if (d.relevance() == null) {
                continue;
            }
            boolean explained = thresholds.stream().anyMatch(r -> d.relevant() == (d.relevance() >= r));
            assertTrue(explained, d.url() + " scored " + d.relevance() + ", verdict " + d.relevant()
                    + ", thresholds " + thresholds);
            if (!d.relevant() && d.relevance() >= START) {
                byMovedThreshold++;
            }
        }
        assertTrue(byMovedThreshold > 0, "no page was judged under the moved threshold");

        // judgements live in ES: a new client reads them all; the rounds read each once
        long judged;
        try (ElasticsearchClient fresh = EsClients.create(EsTestNode.settings())) {
            judged = new JudgementStore(fresh, indices).count();
        }
        assertEquals(oracle.spent(), judged);
        JudgementRounds.Progress progress = models.load(JudgementRounds.KIND, JudgementRounds.Progress.class)
                .orElseThrow();
        assertTrue(progress.read() > 0 && progress.read() <= judged, "progress " + progress + " of " + judged);

        // a resumed crawl continues from the stored threshold and its place in the judgements
        CrawlTestSupport.crawl(topicFile, indices, EXTRA, 5);
        ThresholdTuner.State resumed = models.load(ThresholdTuner.KIND, ThresholdTuner.State.class).orElseThrow();
        assertEquals(tuned.history(), resumed.history().subList(0, tuned.history().size()));
        JudgementRounds.Progress after = models.load(JudgementRounds.KIND, JudgementRounds.Progress.class)
                .orElseThrow();
        assertTrue(after.read() <= judged, "judgements read twice: " + after.read() + " of " + judged);
    }

    @Test
    void aClassifierLearntFromTheJudgementsJudgesTheCrawlAgain(@TempDir Path tmp) throws Exception {
        // the prior (keywords at 0.02) keeps every car page; the URL's words tell them apart
        Path topicFile = topicFile(tmp, """
                  model: classifier
                  classifier: {features: [keywords], min-judgements: 6}
                """);
        CrawlIndices indices = new CrawlIndices("crawl-it-judging-classifier");
        indices.delete(client);
        JudgementStore judgements = new JudgementStore(client, indices);
        JudgementOracle oracle = new JudgementOracle(judgements, new JudgeSampler(client, indices),
                url -> url.contains("/bees/"), () -> 0.5, 24, 4);
        crawlJudgedBy(oracle, topicFile, indices);
        EsModelStateStore models = new EsModelStateStore(client, indices.model());
        PageClassifier.State learnt = models.load(PageClassifier.KIND, PageClassifier.State.class).orElseThrow();
        assertTrue(learnt.version() >= 1, "the classifier never replaced the prior: " + learnt);
        assertTrue(learnt.weights().getOrDefault("u:cars", 0.0) < 0, "weights " + learnt.weights());

        Map<String, StatusDoc> status = CrawlTestSupport.statusDocs(client, indices);
        Map<String, Boolean> byPerson = new java.util.HashMap<>();
        judgements.all().forEach(j -> byPerson.put(j.url(), j.relevant()));
        int cars = 0;
        int carsKept = 0;
        for (StatusDoc d : status.values()) {
            if (d.relevance() == null) {
                continue;
            }
            Boolean person = byPerson.get(d.url());
            if (person != null) {
                assertEquals(person, d.relevant(), "a judged page keeps the person's verdict: " + d.url());
            }
            if (d.url().contains("/cars/")) {
                cars++;
                carsKept += d.relevant() ? 1 : 0;
            }
        }
        // the prior alone kept every car page; judged again, at most a few scored between two loads of the model
        assertTrue(cars >= 10, "car pages fetched: " + cars);
        assertTrue(carsKept <= cars / 5, carsKept + " of " + cars + " car pages still kept");
        // stats shows the judgements, how often the crawler agreed, and what the classifier learnt
        java.io.StringWriter out = new java.io.StringWriter();
        assertEquals(0, org.topicstorm.cli.Main.execute(new java.io.PrintWriter(out, true),
                new java.io.PrintWriter(new java.io.StringWriter(), true), "stats", "--crawl", indices.crawl(),
                "--es-url", EsTestNode.url().toString()));
        String stats = out.toString();
        assertTrue(stats.contains("Judgements: " + judgements.count() + " "), stats);
        assertTrue(stats.contains("Page classifier " + learnt.version() + ": trained on"), stats);
        assertTrue(stats.contains("u:cars ("), stats);
        // and a page no longer relevant left the content index
        Map<String, Map<String, Object>> content = CrawlTestSupport.contentDocs(client, indices);
        for (StatusDoc d : status.values()) {
            if (Boolean.FALSE.equals(d.relevant())) {
                assertFalse(content.containsKey(d.url()), d.url() + " is irrelevant but in the content index");
            }
        }
    }
}
