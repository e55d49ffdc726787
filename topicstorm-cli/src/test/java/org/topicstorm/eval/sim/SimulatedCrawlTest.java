package org.topicstorm.eval.sim;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.corpus.LabelRule;
import org.topicstorm.eval.CrawlMetrics;
import org.topicstorm.eval.EvalRunner;
import org.topicstorm.eval.EvalTopic;
import org.topicstorm.eval.FetchedPage;
import org.topicstorm.eval.GroundTruth;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Simulated crawls of a small site served on loopback (real HTTP, the real parser and models; no Storm, no
 * Elasticsearch), split over three hosts:
 * <pre>
 * main:  index.html     -> news/today, news/sport, old/list        (nothing about the topic)
 *        old/list.html  -> solar/storage
 * solar: intro.html     -> panels, news/today                      (labelled solar, about solar power)
 *        panels.html    -> storage
 *        storage.html
 * news:  today.html     -> sport, weather                          (nothing about the topic)
 *        sport.html, weather.html
 * </pre>
 * The seeds are main's index and main's URL of solar/intro.html, which main answers with a redirect to the solar host.
 */
class SimulatedCrawlTest {

    @TempDir
    static Path dir;

    private static CorpusServer server;
    private static GroundTruth truth;
    private static Map<String, Object> conf;
    private static String main;

    @BeforeAll
    static void serve() throws IOException {
        Path site = dir.resolve("site");
        write(site.resolve("index.html"), "Welcome to the city site. <a href='sec/news/today.html'>today</a> "
                + "<a href='sec/news/sport.html'>sport</a> <a href='old/list.html'>archive</a>");
        write(site.resolve("old/list.html"), "The archive. <a href='../sec/solar/storage.html'>a page</a>");
        write(site.resolve("sec/solar/intro.html"), "Solar panels turn sunlight into power. Solar panel basics for "
                + "a solar roof. <a href='panels.html'>how panels work</a> <a href='../news/today.html'>news</a>");
        write(site.resolve("sec/solar/panels.html"), "A solar panel holds solar cells. Solar panels on roofs. "
                + "<a href='storage.html'>storage</a>");
        write(site.resolve("sec/solar/storage.html"), "Storing solar power: solar batteries for solar panels.");
        write(site.resolve("sec/news/today.html"), "Today in the city. <a href='sport.html'>sport</a> "
                + "<a href='weather.html'>weather</a>");
        write(site.resolve("sec/news/sport.html"), "Football results of the weekend.");
        write(site.resolve("sec/news/weather.html"), "Rain tomorrow, sun on Sunday.");
        server = CorpusServer.start(List.of(new Corpus("site", site, LabelRule.parse(List.of("sec/solar/**=solar")),
                "index.html")), CorpusServer.Options.DEFAULTS.withSplit(Map.of("site", "sec/*")));
        truth = GroundTruth.of(server.labelledPages(), server::label, List.of("solar"));
        conf = EvalRunner.crawlConf(CrawlConf.defaults(), server);
        main = server.baseUrl("site").toString();
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static void write(Path file, String body) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<html><head><title>" + file.getFileName() + "</title></head><body>" + body
                + "</body></html>");
    }

    private static Topic topic(String strategy) {
        return TopicLoader.fromString("""
                name: sim
                languages: [en]
                keywords: {solar: 1.0, panel: 0.6}
                seeds: [%sindex.html, %ssec/solar/intro.html]
                threshold: 0.2
                strategy: %s
                """.formatted(main, main, strategy), "sim.yaml");
    }

    private static List<FetchedPage> crawl(String strategy, int pages, int lag) {
        return new SimulatedCrawl(topic(strategy), conf, new ServedPages(conf),
                SimulatedCrawl.Options.of(conf, pages).withLag(lag)).run();
    }

    private static List<String> urls(List<FetchedPage> log) {
        return log.stream().map(FetchedPage::url).toList();
    }

    /** A page's URL on the host that serves its directory (a page keeps its path on its host). */
    private static String page(String directory, String page) {
        return server.splitUrls("site").get(directory) + directory + "/" + page;
    }

    private static String solar(String page) {
        return page("sec/solar", page);
    }

    private static String news(String page) {
        return page("sec/news", page);
    }

    @Test
    void theSameInputsGiveTheSameCrawl() {
        List<FetchedPage> first = crawl("learned", 20, 1);
        List<FetchedPage> second = crawl("learned", 20, 1);
        assertEquals(urls(first), urls(second));
        assertEquals(first.stream().map(FetchedPage::crawlerRelevant).toList(),
                second.stream().map(FetchedPage::crawlerRelevant).toList());
    }

    @Test
    void everyReachablePageIsRequestedOnceAndTheRedirectingSeedLeadsToItsTarget() {
        List<FetchedPage> log = crawl("best-first", 50, 1);
        // 2 seeds (one redirects) + old/list + 3 solar + 3 news pages: 9 requests, then nothing is left
        assertEquals(9, log.size(), urls(log).toString());
        assertEquals(log.size(), new HashSet<>(urls(log)).size(), "no URL twice");
        FetchedPage redirect = log.stream().filter(p -> p.url().equals(main + "sec/solar/intro.html")).findFirst()
                .orElseThrow();
        assertEquals("REDIRECTION", redirect.status());
        int target = urls(log).indexOf(solar("intro.html"));
        assertTrue(target > urls(log).indexOf(redirect.url()), urls(log).toString());
        assertEquals("FETCHED", log.get(target).status());
        assertEquals(Boolean.TRUE, log.get(target).crawlerRelevant());
    }

    @Test
    void bestFirstFetchesTheLinksOfTheRelevantPageFirst() {
        // panels (linked from the relevant intro) and weather (from the irrelevant today page) become known in the
        // same round; panels goes first
        List<String> order = urls(crawl("best-first", 50, 1));
        assertTrue(order.indexOf(solar("panels.html")) < order.indexOf(news("weather.html")), order.toString());
    }

    @Test
    void breadthFirstFetchesByDepth() {
        List<String> order = urls(crawl("breadth-first", 50, 0));
        // depth 1: the index's and the solar intro's links; depth 2: weather (from today)
        for (String shallow : List.of(news("today.html"), news("sport.html"), main + "old/list.html",
                solar("panels.html"))) {
            assertTrue(order.indexOf(shallow) < order.indexOf(news("weather.html")),
                    shallow + " before weather: " + order);
        }
    }

    @Test
    void theStartIsCrawledWithoutLagAsTheSpoutWaitsThen() {
        assertEquals(100, SimulatedCrawl.Options.of(conf, 20).settlePages(), "the default");
        // one URL of a host a batch, two at most, so that a batch chosen before the last pages' outlinks arrived is
        // another batch (with the learned strategy: on this site only the learner's lifts make the lag tell)
        Map<String, Object> settled = new java.util.HashMap<>(conf);
        settled.put(FrontierConfig.MAX_URLS_PER_HOST, 1);
        settled.put(FrontierConfig.MAX_RANK, 2);
        settled.put(org.topicstorm.topology.TopicStormConfig.LINK_LEARN_MS, 1000);
        Map<String, Object> never = new java.util.HashMap<>(settled);
        settled.put(FrontierConfig.SETTLE_PAGES, 50);
        never.put(FrontierConfig.SETTLE_PAGES, 0);
        assertEquals(50, SimulatedCrawl.Options.of(settled, 20).settlePages());
        List<String> noLag = urls(crawl(never, 0));
        assertNotEquals(noLag, urls(crawl(never, 2)), "on this site a lag of 2 rounds changes the order");
        // while fewer pages than settle.pages have arrived, a lag of 2 rounds is no lag
        assertEquals(noLag, urls(crawl(settled, 2)));
    }

    private static List<FetchedPage> crawl(Map<String, Object> c, int lag) {
        return new SimulatedCrawl(topic("learned"), c, new ServedPages(c), SimulatedCrawl.Options.of(c, 20)
                .withLag(lag)).run();
    }

    @Test
    void urlsInThePipelineKeepTheirHostsPlacesUnlessTheCrawlRunsAhead() {
        // one URL per host in a batch, no start, one round of lag: a batch is chosen while the last one is in flight
        Map<String, Object> c = new java.util.HashMap<>(conf);
        c.put(FrontierConfig.MAX_URLS_PER_HOST, 1);
        c.put(FrontierConfig.SETTLE_PAGES, 0);
        List<FetchedPage> held = crawl(c, 1);
        assertTrue(hostsInConsecutiveRounds(held).isEmpty(),
                "a host with a URL in flight has no place in the next batch: " + held);
        c.put(FrontierConfig.QUERY_AHEAD_BELOW, 10);
        List<FetchedPage> ahead = crawl(c, 1);
        assertTrue(!hostsInConsecutiveRounds(ahead).isEmpty(), "one batch ahead, a host's next URL comes at once");
        assertEquals(new HashSet<>(urls(held)), new HashSet<>(urls(ahead)), "the same pages, in another order");
    }

    /** Hosts fetched in two consecutive rounds (a round's requests share fetchedAt / the simulated round's length). */
    private static Set<String> hostsInConsecutiveRounds(List<FetchedPage> log) {
        long roundMs = SimulatedCrawl.Options.of(conf, 1).roundMillis();
        Map<Long, Set<String>> hostsByRound = new java.util.TreeMap<>();
        for (FetchedPage p : log) {
            hostsByRound.computeIfAbsent(p.fetchedAt() / roundMs, r -> new HashSet<>()).add(p.host());
        }
        Set<String> repeated = new HashSet<>();
        hostsByRound.forEach((round, hosts) -> {
            Set<String> next = hostsByRound.getOrDefault(round + 1, Set.of());
            hosts.stream().filter(next::contains).forEach(repeated::add);
        });
        return repeated;
    }

    @Test
    void thePageLimitHolds() {
        assertEquals(4, crawl("learned", 4, 1).size());
    }

    @Test
    void theLabelsVerdictsMakeEveryVerdictRight() {
        Topic t = topic("learned");
        List<FetchedPage> log = new SimulatedCrawl(t, conf, new ServedPages(conf),
                SimulatedCrawl.Options.of(conf, 50).withLag(1),
                SimulatedCrawl.Verdicts.labels(truth::isRelevant, t.threshold())).run();
        CrawlMetrics m = CrawlMetrics.of(log, truth);
        assertEquals(1.0, m.verdicts(log.size()).precision(), 1e-12);
        assertEquals(1.0, m.verdicts(log.size()).recall(), 1e-12);
        // and the model's own verdicts: the three solar pages relevant, the others not
        Set<String> judgedRelevant = new HashSet<>();
        crawl("learned", 50, 1).stream().filter(p -> Boolean.TRUE.equals(p.crawlerRelevant()))
                .forEach(p -> judgedRelevant.add(p.url()));
        assertEquals(Set.of(solar("intro.html"), solar("panels.html"), solar("storage.html")), judgedRelevant);
    }

    @Test
    void theRunnerMeasuresEveryStrategyAddsTheVerdictInformedCrawlAndWritesTraces() throws Exception {
        EvalTopic topic = EvalTopic.fromString("""
                name: sim
                languages: [en]
                keywords: {solar: 1.0, panel: 0.6}
                seeds: [corpus://site/, corpus://site/sec/solar/intro.html]
                threshold: 0.2
                evaluation:
                  corpora: [site]
                  labels: [solar]
                """, "sim.yaml");
        Path traces = dir.resolve("traces");
        EvalRunner.Result r = new SimulatedRunner(line -> { }, new SimulatedRunner.Settings(1, false)).run(topic,
                server, CrawlConf.defaults(), new EvalRunner.Options(List.of("learned", "breadth-first"), 3,
                        java.time.Duration.ofMinutes(1), null, false, null), traces);
        assertEquals(List.of("learned", "breadth-first", SimulatedRunner.VERDICT_INFORMED),
                r.runs().stream().map(EvalRunner.Run::strategy).toList());
        assertEquals(3, r.truthSize());
        // the verdict-informed crawl chases what the model calls relevant: from the intro, the two other solar pages
        assertEquals(List.of(solar("intro.html"), solar("panels.html"), solar("storage.html")),
                urls(r.runs().get(2).log()));
        List<String> trace = Files.readAllLines(traces.resolve("trace-learned.tsv"));
        assertEquals(SimulatedRunner.TRACE_HEADER, trace.get(0));
        assertEquals(4, trace.size(), "the header and one line per request: " + trace);
        assertTrue(trace.get(1).startsWith("1\t"), trace.get(1));
    }
}
