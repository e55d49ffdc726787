package org.topicstorm.eval.sim;

import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.eval.CrawlMetrics;
import org.topicstorm.eval.EvalRunner;
import org.topicstorm.eval.EvalTopic;
import org.topicstorm.eval.FetchedPage;
import org.topicstorm.eval.GroundTruth;
import org.topicstorm.eval.InformedCrawl;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.RelevanceModels;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@link EvalRunner}'s measurement with simulated crawls ({@link SimulatedCrawl}) instead of real ones: every
 * strategy from the same seeds on the same served corpora, the same crawl log and measures, in seconds and the same
 * every time. What it is for: comparing link strategies and their settings over every labelled topic without the
 * spread of real crawls; a change it favours is then measured with real crawls. Judgements are not simulated.
 */
public final class SimulatedRunner {

    /**
     * How the suite's crawls are simulated.
     *
     * @param lag           rounds between a page's fetch and its outlinks' arrival in the frontier
     *                      ({@link SimulatedCrawl.Options#lag})
     * @param labelVerdicts the crawls take the labels' verdicts instead of the model's
     *                      ({@link SimulatedCrawl.Verdicts#labels}): the order a strategy finds when every verdict is
     *                      right, as judgements could make them at best
     */
    public record Settings(int lag, boolean labelVerdicts) {
        public Settings {
            if (lag < 0) {
                throw new IllegalArgumentException("the simulation's lag must be >= 0 rounds, got " + lag);
            }
        }
    }

    private final Consumer<String> progress;
    private final Settings settings;

    /** Each topic's runs also get the {@link #VERDICT_INFORMED} diagnosis. */
    public SimulatedRunner(Consumer<String> progress, Settings settings) {
        this.progress = progress;
        this.settings = settings;
    }

    /**
     * @param conf     the crawl configuration (frontier and parse settings); no Elasticsearch is used
     * @param traceDir where each crawl's trace goes ({@code trace-STRATEGY.tsv}: every request with its label, verdict
     *                 and what the frontier knew of it), or null for none
     */
    public EvalRunner.Result run(EvalTopic topic, CorpusServer server, Map<String, Object> conf,
                                 EvalRunner.Options options, Path traceDir) throws IOException {
        if (options.judging().budget() > 0) {
            throw new IllegalArgumentException("judgements are not simulated: run real crawls for --judgements");
        }
        GroundTruth truth = GroundTruth.of(server.labelledPages(), server::label, topic.labels());
        Map<String, Object> runConf = EvalRunner.crawlConf(conf, server);
        // one page cache for every strategy: each page is requested and parsed once per topic
        ServedPages web = new ServedPages(runConf);
        List<EvalRunner.Run> runs = new ArrayList<>();
        for (String strategy : options.strategies()) {
            String yaml = topic.topicYaml(seed -> server.resolve(seed).toString(), strategy,
                    options.judging().model(), options.judging().selfTuning(), options.judging().settings());
            Topic t = TopicLoader.fromString(yaml, topic.source());
            long start = System.nanoTime();
            List<SimulatedCrawl.Step> steps = new SimulatedCrawl(t, runConf, web,
                    SimulatedCrawl.Options.of(runConf, options.pages()).withLag(settings.lag()), settings.labelVerdicts()
                    ? SimulatedCrawl.Verdicts.labels(truth::isRelevant, t.threshold())
                    : SimulatedCrawl.Verdicts.MODEL).steps();
            List<FetchedPage> log = steps.stream().map(SimulatedCrawl.Step::page).toList();
            if (traceDir != null) {
                writeTrace(traceDir.resolve("trace-" + strategy + ".tsv"), steps, truth);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            progress.accept(String.format(java.util.Locale.ROOT, "Simulated %s: %d requests in %.1f s", strategy,
                    log.size(), elapsed.toNanos() / 1e9));
            CrawlRunner.Summary summary = new CrawlRunner.Summary(log.size() < options.pages()
                    ? CrawlRunner.StopReason.FRONTIER_EXHAUSTED : CrawlRunner.StopReason.MAX_PAGES, null, log.size(),
                    elapsed);
            runs.add(new EvalRunner.Run(strategy, "simulated-" + topic.name() + "-" + strategy, summary, log,
                    CrawlMetrics.of(log, truth)));
        }
        runs.add(verdictInformed(topic, server, web, truth, options));
        return new EvalRunner.Result(topic, truth.size(), options.pages(), runs);
    }

    /** The columns of a trace. */
    static final String TRACE_HEADER = "n\tlabel\tverdict\tscore\tpriority\tlift\tparents\tdepth\tdistance\turl\t"
            + "parent\tanchor";

    /** Each request of a crawl, a line each: what it was (label, verdict) and why it came then (its frontier document). */
    static void writeTrace(Path file, List<SimulatedCrawl.Step> steps, GroundTruth truth) throws IOException {
        Files.createDirectories(file.getParent());
        StringBuilder sb = new StringBuilder(TRACE_HEADER).append('\n');
        int n = 0;
        for (SimulatedCrawl.Step s : steps) {
            FetchedPage p = s.page();
            StatusDoc d = s.doc();
            sb.append(++n).append('\t').append(truth.isRelevant(p.url()) ? 1 : 0).append('\t')
                    .append(p.crawlerRelevant() == null ? p.status() : p.crawlerRelevant() ? "relevant" : "irrelevant")
                    .append('\t').append(String.format(Locale.ROOT, "%.3f", p.score()))
                    .append('\t').append(String.format(Locale.ROOT, "%.5f", d.priority()))
                    .append('\t').append(d.lift() == null ? "" : String.format(Locale.ROOT, "%.2f", d.lift()))
                    .append('\t').append(d.inlinks()).append('\t').append(d.depth()).append('\t')
                    .append(d.distance()).append('\t').append(p.url()).append('\t')
                    .append(d.parent() == null ? "" : d.parent()).append('\t')
                    .append(d.anchor() == null ? "" : d.anchor().replaceAll("\\s+", " ")).append('\n');
        }
        Files.writeString(file, sb);
    }

    /** The pseudo-strategy of {@link #verdictInformed}. */
    public static final String VERDICT_INFORMED = "verdict-informed";

    /**
     * A diagnosis: the informed crawl ({@link InformedCrawl}) chasing the pages the topic's own relevance model calls
     * relevant instead of the labelled ones, measured against the labels. It is the best order for a crawler that
     * believes its own verdicts: where a strategy comes close to it, the order is not what loses relevant pages,
     * the verdicts are.
     */
    private EvalRunner.Run verdictInformed(EvalTopic topic, CorpusServer server, ServedPages web, GroundTruth truth,
                                           EvalRunner.Options options) {
        Topic t = TopicLoader.fromString(topic.topicYaml(seed -> server.resolve(seed).toString(), null,
                options.judging().model(), options.judging().selfTuning(), options.judging().settings()),
                topic.source());
        List<ParsedPage> seedPages = new ArrayList<>();
        List<String> starts = new ArrayList<>();
        for (String seed : t.seeds()) {
            String url = web.filters().forPage(seed, null).filter(seed);
            if (url != null) {
                starts.add(url);
                if (web.fetch(url) instanceof ServedPages.Page p) {
                    seedPages.add(p.page());
                }
            }
        }
        // a model that does not learn: scoring pages in the search's order must not teach it
        RelevanceModels.Built model = RelevanceModels.withSeedPages(t, seedPages, false);
        List<String> order = InformedCrawl.fetchOrder(web.graph(), starts, url ->
                        web.fetch(url) instanceof ServedPages.Page p && model.score(p.page()).relevant()
                                ? GroundTruth.pageKey(url) : null, options.pages(), t.limits().maxDepth());
        List<FetchedPage> log = new ArrayList<>();
        for (String url : order) {
            ServedPages.Fetch f = web.fetch(url);
            Boolean relevant = f instanceof ServedPages.Page p ? model.score(p.page()).relevant() : null;
            log.add(new FetchedPage(url, org.topicstorm.frontier.UrlIds.host(url), f instanceof ServedPages.Page
                    ? "FETCHED" : "ERROR", relevant, log.size()));
        }
        return new EvalRunner.Run(VERDICT_INFORMED, "simulated-" + topic.name() + "-" + VERDICT_INFORMED,
                new CrawlRunner.Summary(CrawlRunner.StopReason.MAX_PAGES, null, log.size(), Duration.ZERO), log,
                CrawlMetrics.of(log, truth));
    }
}
