package org.topicstorm.eval;

import org.topicstorm.eval.sim.SimulatedRunner;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicException;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * An evaluation suite ({@code topicstorm eval --suite DIR}): every labelled topic of a directory, each crawled once
 * per strategy by {@link EvalRunner} on its own served corpora, each crawl {@code |R|} pages long by default (so the
 * measures at |R| are taken exactly there), and one {@link SuiteSummary} over all of them. Per topic it also walks
 * the served link graph from the seeds ({@link Reachability}) to say how much of R a crawl could find at all.
 *
 * <p>Output: {@code OUT/TOPIC/} holds each topic's own table, curves and chart (as {@code eval --topic} writes them);
 * {@code OUT/} the summary (rewritten after every topic, so an interrupted suite leaves the topics it finished).
 */
public final class EvalSuite {

    /** The two baselines of the summary's lifts: always run. */
    public static final List<String> BASELINES = List.of(SuiteSummary.BEST_FIRST, EvalRunner.BASELINE);

    /** Where the corpora of a topic come from (the corpus catalog, fetching known corpora on first use). */
    @FunctionalInterface
    public interface Corpora {
        Corpus get(String name) throws IOException;
    }

    /**
     * @param strategies  strategy names as topic files spell them, in report order (see {@link #strategies})
     * @param pages       pages per crawl, or null for {@code timesR} x |R| of each topic
     * @param maxTime     time limit of each crawl
     * @param points      more numbers of pages for each topic's own table, besides |R|/2 and |R|
     * @param keepIndices keep each crawl's indices (else deleted once measured)
     * @param latencyMs   delay of every corpus response
     * @param judging     the oracle's judgements and the relevance settings that use them
     * @param simulation  null: real crawls; else simulated ones ({@link SimulatedRunner}) with these settings
     * @param timesR      without {@code pages}, each crawl of a topic is this many times its |R| long (1 to
     *                    {@value #MAX_TIMES_R}): the summary's recall@end then reads a longer crawl than recall@|R|
     */
    public record Options(List<String> strategies, Integer pages, Duration maxTime, List<Integer> points,
                          boolean keepIndices, long latencyMs, EvalRunner.Judging judging,
                          SimulatedRunner.Settings simulation, int timesR) {

        public Options(List<String> strategies, Integer pages, Duration maxTime, List<Integer> points,
                       boolean keepIndices, long latencyMs) {
            this(strategies, pages, maxTime, points, keepIndices, latencyMs, EvalRunner.Judging.NONE, null);
        }

        public Options(List<String> strategies, Integer pages, Duration maxTime, List<Integer> points,
                       boolean keepIndices, long latencyMs, EvalRunner.Judging judging,
                       SimulatedRunner.Settings simulation) {
            this(strategies, pages, maxTime, points, keepIndices, latencyMs, judging, simulation, 1);
        }

        public Options {
            judging = judging == null ? EvalRunner.Judging.NONE : judging;
            strategies = List.copyOf(strategies);
            points = List.copyOf(points);
            if (pages != null && pages < 1) {
                throw new IllegalArgumentException("pages must be at least 1, got " + pages);
            }
            if (timesR < 1 || timesR > MAX_TIMES_R) {
                throw new IllegalArgumentException("times-r must be between 1 and " + MAX_TIMES_R + ", got "
                        + timesR);
            }
            if (pages != null && timesR != 1) {
                throw new IllegalArgumentException("pages and times-r both set the length of a crawl: give one");
            }
        }
    }

    /** The longest crawl {@link Options#timesR} asks for, in multiples of |R|; longer ones take a page count. */
    public static final int MAX_TIMES_R = 20;

    /** Pages per crawl of a topic: the pages asked for, else {@code timesR} x |R|. */
    static int crawlPages(Integer pages, int timesR, int truthSize) {
        return pages != null ? pages : Math.multiplyExact(timesR, truthSize);
    }

    private final Corpora corpora;
    private final Consumer<String> progress;
    /** the reachability walks of earlier runs, next to the corpora they walked */
    private final WalkCache walks;
    private volatile EvalRunner current;
    private volatile boolean stopped;

    /** @param progress receives what happens, a line at a time */
    public EvalSuite(Corpora corpora, Consumer<String> progress) {
        this(corpora, progress, WalkCache.disabled());
    }

    /** @param walks earlier reachability walks' results to use and keep: the command line's is in the corpus cache */
    public EvalSuite(Corpora corpora, Consumer<String> progress, WalkCache walks) {
        this.corpora = corpora;
        this.progress = progress;
        this.walks = walks;
    }

    /** The topic files of a suite: every {@code *.yaml} directly in {@code dir}, sorted by name. */
    public static List<Path> topicFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": not a directory (a suite is a directory of labelled topics, "
                    + "*.yaml, such as seeds/eval/)");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".yaml") && Files.isRegularFile(p))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
                    .toList();
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(dir + ": no labelled topic (*.yaml) in the directory");
        }
        return files;
    }

    /**
     * Reads every topic of the suite before anything runs, so that a bad file is reported at once with every other
     * file's problems; two topics may not share a name (each gets its own output directory).
     */
    public static List<EvalTopic> loadTopics(List<Path> files) {
        List<EvalTopic> topics = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        Map<String, Path> byName = new HashMap<>();
        for (Path f : files) {
            try {
                EvalTopic t = EvalTopic.load(f);
                t.topicYaml(EvalSuite::placeholderUrl, null); // the topic part, checked as the crawl will read it
                Path other = byName.putIfAbsent(t.name(), f);
                if (other != null) {
                    errors.add(f + ": field 'name': '" + t.name() + "' is also the name of " + other
                            + "; the topics of a suite need distinct names");
                }
                topics.add(t);
            } catch (TopicException e) {
                errors.addAll(e.errors());
            }
        }
        if (!errors.isEmpty()) {
            throw new TopicException(files.size() == 1 ? files.get(0).toString() : "suite", errors);
        }
        return topics;
    }

    /**
     * What decides a reachability walk's result, one line each, for {@link WalkCache}'s key: the corpora (each file's
     * path, size and time) and how they are served, every served page's label, the seeds, the depth limit, the crawl
     * configuration (parse settings, URL filters) and the Java runtime. The served port changes from run to run and is
     * written as PORT.
     */
    static List<String> walkParts(EvalTopic topic, List<Corpus> served, CorpusServer.Options serving,
                                  CorpusServer server, Topic t, Map<String, Object> crawlConf) throws IOException {
        int port = server.port();
        List<String> parts = new ArrayList<>();
        parts.add("java " + System.getProperty("java.version"));
        for (Corpus c : served) {
            parts.add("corpus " + c.name() + " " + c.root().toAbsolutePath() + " " + WalkCache.filesDigest(c.root()));
        }
        parts.add("split " + new java.util.TreeMap<>(topic.split()));
        parts.add("strip navigation " + serving.stripNavigation());
        new java.util.TreeMap<>(server.labelledPages()).forEach((url, label) ->
                parts.add("page " + WalkCache.portless(url, port) + " " + label));
        parts.add("labels " + topic.labels());
        parts.add("seeds " + WalkCache.portless(String.valueOf(t.seeds()), port));
        parts.add("max depth " + t.limits().maxDepth());
        new java.util.TreeMap<>(crawlConf).forEach((k, v) ->
                parts.add("conf " + k + " = " + WalkCache.portless(String.valueOf(v), port)));
        return parts;
    }

    /** A corpus:// seed as some http URL, to check a topic before its corpora are served. */
    private static String placeholderUrl(String seed) {
        return "http://127.0.0.1/" + seed.substring(EvalTopic.CORPUS_PREFIX.length());
    }

    /**
     * The strategies a suite runs: those asked (without repeats), or when none is asked every strategy the topic
     * loader knows ({@link TopicLoader#STRATEGY_NAMES}); the two baselines of the lifts (best-first and
     * breadth-first) are added when missing.
     *
     * @param known the names topic files accept
     * @throws IllegalArgumentException for a name the topic loader does not know, listing the known ones
     */
    public static List<String> strategies(List<String> asked, List<String> known) {
        LinkedHashSet<String> names = new LinkedHashSet<>(asked == null || asked.isEmpty() ? known : asked);
        List<String> unknown = names.stream().filter(n -> !known.contains(n)).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown strateg" + (unknown.size() == 1 ? "y " : "ies ")
                    + String.join(", ", unknown) + "; known are " + String.join(", ", known));
        }
        names.addAll(BASELINES);
        return List.copyOf(names);
    }

    /**
     * The numbers of pages of a topic's own table: |R|/2 (at least 1) and |R|, and those asked, as far as the
     * crawls go; the page limit too when the crawls go beyond |R| (--times-r), and alone when nothing else is left.
     */
    public static List<Integer> points(int truthSize, int pages, List<Integer> asked) {
        TreeSet<Integer> at = new TreeSet<>(asked);
        at.add(Math.max(1, truthSize / 2));
        at.add(truthSize);
        if (pages > truthSize) {
            at.add(pages);
        }
        List<Integer> within = at.stream().filter(n -> n >= 1 && n <= pages).toList();
        return within.isEmpty() ? List.of(pages) : within;
    }

    /** Stops the crawl under way and skips what is left; the topics finished stay in the summary. */
    public void stop() {
        stopped = true;
        EvalRunner r = current;
        if (r != null) {
            r.stop();
        }
    }

    /**
     * Runs the suite and writes its files into {@code outDir}.
     *
     * @param conf the crawl configuration with the Elasticsearch addresses to use
     */
    public SuiteSummary run(List<EvalTopic> topics, Map<String, Object> conf, Options options, Path outDir)
            throws Exception {
        long suiteStart = System.nanoTime();
        List<SuiteSummary.TopicResult> done = new ArrayList<>();
        for (int i = 0; i < topics.size() && !stopped; i++) {
            EvalTopic topic = topics.get(i);
            progress.accept("");
            progress.accept("== Topic " + (i + 1) + " of " + topics.size() + ": " + topic.name() + " ("
                    + topic.source() + ")");
            if (runTopic(topic, conf, options, outDir.resolve(topic.name()), done)) {
                new SuiteSummary(done, null).writeFiles(outDir);
            }
        }
        SuiteSummary summary = new SuiteSummary(done, Duration.ofNanos(System.nanoTime() - suiteStart));
        summary.writeFiles(outDir);
        return summary;
    }

    /**
     * One topic: serve, walk, crawl, report; adds its result to {@code done} and returns true, unless the suite was
     * stopped meanwhile.
     */
    private boolean runTopic(EvalTopic topic, Map<String, Object> conf, Options options, Path dir,
                              List<SuiteSummary.TopicResult> done) throws Exception {
        long start = System.nanoTime();
        List<Corpus> served = new ArrayList<>();
        for (String name : topic.corpora()) {
            served.add(corpora.get(name));
        }
        CorpusServer.Options serving = CorpusServer.Options.DEFAULTS.withLatency(options.latencyMs())
                .withSplit(topic.split());
        try (CorpusServer server = CorpusServer.start(served, serving)) {
            GroundTruth truth = GroundTruth.of(server.labelledPages(), server::label, topic.labels());
            if (truth.size() == 0) {
                throw new IllegalArgumentException(topic.source() + ": no served page has one of the labels "
                        + topic.labels() + " (corpora " + topic.corpora() + ")");
            }
            Topic t = topic.topic(seed -> server.resolve(seed).toString(), null);
            long walkStart = System.nanoTime();
            Map<String, Object> crawlConf = EvalRunner.crawlConf(conf, server);
            String walkKey = walks.enabled() ? walks.key(walkParts(topic, served, serving, server, t, crawlConf))
                    : null;
            Optional<Reachability> kept = walks.get(walkKey);
            Reachability reach;
            if (kept.isPresent()) {
                reach = kept.get();
            } else {
                reach = Reachability.walk(server, t.seeds(), crawlConf, t.limits().maxDepth(), truth);
                walks.put(walkKey, reach);
            }
            progress.accept(String.format(java.util.Locale.ROOT,
                    "Reachable from the seeds: %d of the %d pages of R (%s), %d served pages in all (%s)",
                    reach.reachedRelevant(), truth.size(), SuiteSummary.percent(reach.share()), reach.reachedPages(),
                    kept.isPresent() ? "an earlier walk's result, kept in the corpus cache"
                            : String.format(java.util.Locale.ROOT, "walked in %.1f s",
                            (System.nanoTime() - walkStart) / 1e9)));
            int pages = crawlPages(options.pages(), options.timesR(), truth.size());
            if (pages < truth.size()) {
                progress.accept("Warning: " + pages + " pages per crawl, fewer than |R| = " + truth.size()
                        + ": the measures at |R| are undefined for this topic");
            }
            EvalRunner.Options runOptions = new EvalRunner.Options(options.strategies(), pages, options.maxTime(),
                    null, options.keepIndices(), null, options.judging());
            EvalRunner.Result result;
            if (options.simulation() != null) {
                result = new SimulatedRunner(progress, options.simulation()).run(topic, server, conf, runOptions,
                        dir);
            } else {
                EvalRunner runner = new EvalRunner(progress);
                current = runner;
                try {
                    result = runner.run(topic, server, conf, runOptions);
                } finally {
                    current = null;
                }
            }
            if (stopped || result.runs().size() < options.strategies().size()) {
                progress.accept("Stopped: topic " + topic.name() + " is left out of the summary");
                return false;
            }
            EvalReport report = EvalReport.of(result, points(truth.size(), pages, options.points()));
            report.writeFiles(dir);
            HarvestChart.write(dir.resolve("harvest-rate.png"), result);
            progress.accept("Topic '" + topic.name() + "': |R| = " + truth.size() + ", " + pages
                    + " pages per crawl");
            report.table().lines().forEach(progress);
            progress.accept("Files and chart: " + dir);
            done.add(SuiteSummary.TopicResult.of(result, reach, Duration.ofNanos(System.nanoTime() - start)));
            return true;
        }
    }
}
