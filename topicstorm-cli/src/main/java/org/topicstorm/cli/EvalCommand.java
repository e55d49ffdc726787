package org.topicstorm.cli;

import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusCatalog;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.es.EsSettings;
import org.topicstorm.eval.EvalReport;
import org.topicstorm.eval.EvalRunner;
import org.topicstorm.eval.EvalSuite;
import org.topicstorm.eval.EvalTopic;
import org.topicstorm.eval.HarvestChart;
import org.topicstorm.eval.SuiteSummary;
import org.topicstorm.eval.VerdictErrors;
import org.topicstorm.eval.WalkCache;
import org.topicstorm.eval.sim.SimulatedRunner;
import org.topicstorm.topic.Durations;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code topicstorm eval}: the harvest-rate benchmark. Serves the corpora of a labelled topic (seeds/eval/) on
 * loopback hosts, crawls them once per strategy with the real topology (local mode, real Elasticsearch), and
 * reports the measures against the labels: a table, CSV files and a PNG chart. With {@code --suite DIR}, every
 * topic of a directory ({@link EvalSuite}) and one summary table.
 */
@Command(name = "eval", mixinStandardHelpOptions = true,
        description = "Evaluate link strategies on a labelled topic (seeds/eval/*.yaml), or on every topic of a "
                + "directory (--suite): serve its corpora on 127.0.0.x, crawl them once per strategy, report harvest "
                + "rate, recall, lift over breadth-first and the crawler's precision/recall against the labels "
                + "(table, CSV, PNG chart; for a suite also one summary table over all topics).")
final class EvalCommand implements Callable<Integer> {

    /** The directory of the corpus cache where a suite keeps its reachability walks ({@link WalkCache}). */
    static final String WALKS_DIR = ".walks";

    static final List<String> TOPIC_STRATEGIES = List.of("best-first", "breadth-first");
    static final int TOPIC_PAGES = 500;
    static final List<Integer> TOPIC_POINTS = List.of(100, 500);

    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    /** One topic, or a directory of them. */
    static final class Target {
        @Option(names = "--topic", required = true, paramLabel = "FILE",
                description = "Labelled topic (seeds/eval/*.yaml).")
        Path topicFile;

        @Option(names = "--suite", required = true, paramLabel = "DIR",
                description = "Every labelled topic (*.yaml, in name order) of DIR, e.g. seeds/eval/: each topic's "
                        + "own files in OUT/TOPIC/, and one summary (table.txt, table.csv, means.csv, summary.md) in "
                        + "OUT.")
        Path suiteDir;
    }

    @Option(names = "--strategy", paramLabel = "NAME", split = ",",
            description = "Strategies to compare, repeatable or comma-separated: best-first, breadth-first (or bfs), "
                    + "or any other strategy a topic file accepts. Default: best-first,breadth-first; with --suite, "
                    + "every strategy a topic file accepts (best-first and breadth-first, the baselines of the "
                    + "lifts, are always run in a suite).")
    List<String> strategies;

    @Option(names = "--pages", paramLabel = "N",
            description = "Pages to fetch per strategy. Default: 500; with --suite, |R| of each topic (the number "
                    + "of pages with one of its labels), so that the measures at |R| are taken exactly there "
                    + "(K x |R| with --times-r).")
    Integer pages;

    @Option(names = "--times-r", paramLabel = "K",
            description = "With --suite: each crawl of a topic fetches K x |R| pages instead of |R| (1 to "
                    + EvalSuite.MAX_TIMES_R + "); the summary's recall@end reads the longer crawl, recall@|R| "
                    + "stays. Not with --pages.")
    Integer timesR;

    @Option(names = "--at", paramLabel = "N", split = ",",
            description = "Numbers of pages at which a topic's table shows HR@n, recall@n and lift@n. Default: "
                    + "100,500; with --suite |R|/2 and |R| of each topic, plus any given here.")
    List<Integer> points;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write table.txt, table.csv, curve.csv and harvest-rate.png (with --suite: the "
                    + "summary, and a subdirectory per topic). Default: ~/.topicstorm/eval/TOPIC-TIME "
                    + "(suite-TIME with --suite).")
    Path outDir;

    @Option(names = "--es-url", paramLabel = "URL",
            description = "Elasticsearch to use (default: the configured one, or the embedded local node).")
    String esUrl;

    @Option(names = "--conf", paramLabel = "FILE",
            description = "Configuration file overriding storm-conf/topicstorm-default.yaml.")
    Path confFile;

    @Option(names = "--max-time", paramLabel = "DURATION", description = "Time limit of each crawl. Default: 10m.")
    String maxTime = "10m";

    @Option(names = "--latency-ms", paramLabel = "N", description = "Delay of every corpus response. Default: 0.")
    long latencyMs;

    @Option(names = "--politeness", paramLabel = "SECS", description = "Seconds the crawler waits between two "
            + "requests to a host (fetcher.server.delay), as on real hosts, whose default is 1. Default: 0 (the "
            + "corpora are served here).")
    double politenessSecs;

    @Option(names = "--errors", paramLabel = "N",
            description = "False positives and false negatives listed for each run (each kind; the most confidently "
                    + "wrong first), after the table and in OUT/errors-STRATEGY.md; 0 = none. Default: 10. Not with "
                    + "--suite, which writes 10 of each to OUT/TOPIC/.")
    Integer errors;

    @Option(names = "--keep-indices", description = "Keep each crawl's indices (default: deleted once measured).")
    boolean keepIndices;

    @Option(names = "--judgements", paramLabel = "N",
            description = "Judgements an oracle makes from the corpus labels during each crawl, as a person would "
                    + "with 'topicstorm judge' (half nearest the threshold, half at random, spread over hosts). "
                    + "Default: 0.")
    int judgements;

    @Option(names = "--model", paramLabel = "NAME",
            description = "Relevance model to use instead of the topic's (keywords, centroid, seed-set, word2vec, "
                    + "classifier).")
    String model;

    @Option(names = "--self-tuning", description = "Turn the threshold's self-tuning on (its defaults) in every topic.")
    boolean selfTuning;

    @Option(names = "--simulate", description = "Simulated crawls instead of real ones (suite only): the same "
            + "parser, relevance model, link strategy, link learner and frontier rules, in one thread on a simulated "
            + "clock, without Storm and Elasticsearch; seconds per topic, and the same result every run. For comparing "
            + "link strategies; confirm a change it favours with real crawls.")
    boolean simulate;

    @Option(names = "--simulate-lag", paramLabel = "ROUNDS", description = "With --simulate: rounds of frontier "
            + "batches between a page's fetch and its outlinks' arrival in the frontier. Default: 1.")
    int simulateLag = 1;

    /** Whose verdicts a simulated crawl takes. */
    enum SimulatedVerdicts { model, labels }

    @Option(names = "--simulate-verdicts", paramLabel = "model|labels", description = "With --simulate: the crawls "
            + "take the relevance model's verdicts (model, the default) or the labels' (labels: every verdict right, "
            + "what judgements could give at best), to tell what the link order loses from what the verdicts lose.")
    SimulatedVerdicts simulateVerdicts = SimulatedVerdicts.model;

    @Option(names = "--set", paramLabel = "FIELD=VALUE",
            description = "Set a topic field in every topic (a dotted path and a YAML value), e.g. "
                    + "relevance.classifier.url-words=false. Repeatable.")
    Map<String, String> settings = new java.util.LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Duration time;
        try {
            time = Durations.parse(maxTime);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--max-time " + e.getMessage());
        }
        if (pages != null && pages < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--pages must be at least 1");
        }
        if (timesR != null && (timesR < 1 || timesR > EvalSuite.MAX_TIMES_R)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--times-r must be between 1 and "
                    + EvalSuite.MAX_TIMES_R);
        }
        if (timesR != null && (pages != null || target.suiteDir == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), target.suiteDir == null
                    ? "--times-r is for --suite (a single topic takes --pages)"
                    : "--times-r and --pages both set a crawl's length: give one");
        }
        if (judgements < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--judgements must be at least 0");
        }
        if (errors != null && errors < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--errors must be at least 0");
        }
        if (errors != null && target.suiteDir != null) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--errors is for --topic; a suite writes " + VerdictErrors.DEFAULT_SHOWN
                            + " of each kind per run to OUT/TOPIC/errors-STRATEGY.md");
        }
        if (simulate && target.suiteDir == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--simulate is for --suite");
        }
        if (simulate && judgements > 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--simulate does not simulate judgements: leave out --judgements, or run real crawls");
        }
        if (politenessSecs < 0 || politenessSecs > 60) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--politeness must be between 0 and 60 s");
        }
        if (simulate && politenessSecs > 0) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--simulate has no politeness delay: leave out --politeness, or run real crawls");
        }
        if (simulateLag < 0) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--simulate-lag must be at least 0");
        }
        if (target.suiteDir != null) {
            return suite(out, time);
        }
        EvalTopic topic = EvalTopic.load(target.topicFile);
        Map<String, Object> conf = conf(out);
        EvalRunner.Options options = new EvalRunner.Options(
                strategyNames(strategies != null ? strategies : TOPIC_STRATEGIES),
                pages != null ? pages : TOPIC_PAGES, time, null, keepIndices, null, judging());
        Path dir = outDir != null ? outDir : defaultOutDir(topic.name());
        evaluate(out, topic, conf, options, points != null ? points : TOPIC_POINTS, latencyMs, dir,
                errors != null ? errors : VerdictErrors.DEFAULT_SHOWN);
        return 0;
    }

    private EvalRunner.Judging judging() {
        return new EvalRunner.Judging(judgements, model, selfTuning, settings);
    }

    private Map<String, Object> conf(PrintWriter out) throws java.io.IOException {
        Map<String, Object> conf = CrawlConf.load(confFile);
        if (confFile != null) {
            overriddenByEval(CrawlConf.defaults(), conf, confFile)
                    .forEach(warning -> println(out, "warning: " + warning));
        }
        if (politenessSecs > 0) {
            conf.put(EvalRunner.POLITENESS_SECS, politenessSecs);
        }
        if (esUrl != null) {
            conf.put(EsSettings.ADDRESSES, List.of(esUrl));
        }
        return conf;
    }

    /**
     * The keys a --conf file changes that every evaluation crawl sets anyway ({@link EvalRunner#EVAL_CONF}), said
     * so: a session once measured a setting for an hour that such a key had cut short without a word.
     *
     * @param defaults the configuration without the file, {@code loaded} with it
     */
    static List<String> overriddenByEval(Map<String, Object> defaults, Map<String, Object> loaded, Path file) {
        return EvalRunner.EVAL_CONF.entrySet().stream()
                .filter(e -> loaded.containsKey(e.getKey())
                        && !java.util.Objects.equals(loaded.get(e.getKey()), defaults.get(e.getKey())))
                .map(e -> file + " sets " + e.getKey() + " to " + loaded.get(e.getKey())
                        + ", but evaluation crawls use " + e.getValue() + " (corpora served on loopback)")
                .sorted()
                .toList();
    }

    /** {@code --suite DIR}: every topic read and every strategy checked before the first crawl. */
    private int suite(PrintWriter out, Duration time) throws Exception {
        List<Path> files = EvalSuite.topicFiles(target.suiteDir);
        List<EvalTopic> topics = EvalSuite.loadTopics(files);
        List<String> names;
        try {
            names = EvalSuite.strategies(strategies == null ? null : strategyNames(strategies),
                    TopicLoader.STRATEGY_NAMES);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--strategy: " + e.getMessage());
        }
        Map<String, Object> conf = conf(out);
        Path dir = outDir != null ? outDir : defaultOutDir("suite");
        println(out, "Suite " + target.suiteDir + ": " + topics.size() + " topics ("
                + String.join(", ", topics.stream().map(EvalTopic::name).toList()) + "), strategies "
                + String.join(", ", names) + "; " + (pages != null ? pages + " pages"
                : timesR != null && timesR > 1 ? timesR + " x |R| pages" : "|R| pages")
                + " per crawl; output in " + dir);
        CorpusCatalog catalog = CorpusCatalog.openDefault();
        for (EvalTopic t : topics) {
            for (String name : t.corpora()) {
                catalog.get(name, line -> println(out, "  " + line)); // fetch what is missing before the clock runs
            }
        }
        if (!simulate) {
            CrawlCommand.connect(out, conf); // a simulated suite needs no Elasticsearch
        }
        // a topic's reachable share is walked once for its corpora, seeds and this build, then read back
        EvalSuite suite = new EvalSuite(name -> catalog.get(name, line -> println(out, "  " + line)),
                progressPrinter(out), WalkCache.forThisCode(catalog.home().resolve(WALKS_DIR)));
        SuiteSummary summary = stoppableByCtrlC(suite::stop, () -> suite.run(topics, conf,
                new EvalSuite.Options(names, pages, time, points != null ? points : List.of(), keepIndices,
                        latencyMs, judging(), simulate
                        ? new SimulatedRunner.Settings(simulateLag, simulateVerdicts == SimulatedVerdicts.labels)
                        : null, timesR == null ? 1 : timesR), dir));
        out.println();
        out.println("Suite summary (measures at n = |R| of each topic; reachable = pages of R reachable from the "
                + "seeds by links the crawler follows; lifts = HR@|R| over that strategy's; recall@end = recall "
                + "where the crawl ended; crawler P/R, hosts and duplicates over the whole crawl):");
        out.print(summary.table());
        out.println("Summary: " + dir.resolve("table.txt") + ", " + dir.resolve("table.csv") + ", "
                + dir.resolve("means.csv") + ", " + dir.resolve("summary.md") + "; each topic's files in "
                + dir + "/TOPIC/");
        out.flush();
        return 0;
    }

    /**
     * Serves the topic's corpora (fetching them first if needed), runs the evaluation, prints the table and writes
     * the files; shared with {@code topicstorm demo}.
     */
    static EvalRunner.Result evaluate(PrintWriter out, EvalTopic topic, Map<String, Object> conf,
                                      EvalRunner.Options options, List<Integer> points, long latencyMs, Path dir)
            throws Exception {
        return evaluate(out, topic, conf, options, points, latencyMs, dir, VerdictErrors.DEFAULT_SHOWN);
    }

    /** @param errors false positives and false negatives listed per run (each kind); 0 = none */
    static EvalRunner.Result evaluate(PrintWriter out, EvalTopic topic, Map<String, Object> conf,
                                      EvalRunner.Options options, List<Integer> points, long latencyMs, Path dir,
                                      int errors)
            throws Exception {
        CorpusCatalog catalog = CorpusCatalog.openDefault();
        List<Corpus> corpora = new ArrayList<>();
        for (String name : topic.corpora()) {
            corpora.add(catalog.get(name, line -> println(out, "  " + line)));
        }
        topic.checkSplit(name -> corpora.get(topic.corpora().indexOf(name)));
        CrawlCommand.connect(out, conf);
        try (CorpusServer server = CorpusServer.start(corpora,
                CorpusServer.Options.DEFAULTS.withLatency(latencyMs).withSplit(topic.split()))) {
            for (String name : topic.corpora()) {
                println(out, "Serving " + name + " at " + server.baseUrl(name));
                server.splitUrls(name).forEach((directory, url) -> println(out, "  " + directory + "/ at " + url));
            }
            EvalRunner runner = new EvalRunner(progressPrinter(out));
            EvalRunner.Result result = stoppableByCtrlC(runner::stop, () -> runner.run(topic, server, conf, options));
            List<Integer> at = points.stream().filter(n -> n >= 1 && n <= options.pages()).toList();
            EvalReport report = EvalReport.of(result, at.isEmpty() ? List.of(options.pages()) : at, errors);
            out.println();
            out.println("Topic '" + topic.name() + "' on " + String.join(", ", topic.corpora()) + ": |R| = "
                    + result.truthSize() + " pages labelled " + String.join(" or ", topic.labels()));
            out.print(report.table());
            report.writeFiles(dir);
            Path png = dir.resolve("harvest-rate.png");
            HarvestChart.write(png, result);
            out.println("HR@n = relevant (by label) among the first n URLs fetched, errors and redirects included; "
                    + "recall@n = share of the |R| labelled pages found; lift = HR / breadth-first's HR.");
            String wrong = report.errors();
            if (!wrong.isEmpty()) {
                out.print(wrong);
                out.println();
            }
            out.println("Chart: " + png);
            out.println("Curves and table: " + dir.resolve("curve.csv") + ", " + dir.resolve("table.csv"));
            if (errors > 0) {
                List<String> files = new ArrayList<>();
                for (int i = 0; i < result.runs().size(); i++) {
                    files.add(dir.resolve(report.errorsFileName(i)).toString());
                }
                out.println("False positives and negatives: " + String.join(", ", files));
            }
            out.flush();
            return result;
        }
    }

    /**
     * Runs {@code work}; Ctrl-C meanwhile calls {@code stop} and lets the work finish cleanly (crawls stopped,
     * indices deleted) before the JVM exits.
     */
    static <T> T stoppableByCtrlC(Runnable stop, Callable<T> work) throws Exception {
        CountDownLatch finished = new CountDownLatch(1);
        Thread onCtrlC = new Thread(() -> {
            stop.run();
            try {
                finished.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "eval-shutdown");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        T result;
        try {
            result = work.call();
        } finally {
            finished.countDown();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(onCtrlC);
        } catch (IllegalStateException e) {
            // already shutting down (Ctrl-C): the hook is running
        }
        return result;
    }

    /** Strategy names as topic files spell them, without repeats; "bfs" is breadth-first. */
    static List<String> strategyNames(List<String> given) {
        LinkedHashSet<String> names = new LinkedHashSet<>();
        for (String s : given) {
            String name = s.strip().toLowerCase(Locale.ROOT);
            names.add(switch (name) {
                case "bfs", "breadth" -> "breadth-first";
                case "bf", "best" -> "best-first";
                default -> name;
            });
        }
        return List.copyOf(names);
    }

    static Path defaultOutDir(String topic) {
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
        return Path.of(System.getProperty("user.home"), ".topicstorm", "eval", topic + "-" + stamp);
    }

    /** Progress lines: overwritten in place on a terminal, one per line otherwise. */
    static java.util.function.Consumer<String> progressPrinter(PrintWriter out) {
        boolean console = System.console() != null;
        boolean[] open = {false};
        return line -> {
            if (console && line.startsWith("fetched ")) {
                out.print("\r" + line + "   ");
                open[0] = true;
            } else {
                if (open[0]) {
                    out.println();
                    open[0] = false;
                }
                out.println(line);
            }
            out.flush();
        };
    }

    private static void println(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
