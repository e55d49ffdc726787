package org.topicstorm.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The summary of an evaluation suite ({@code topicstorm eval --suite}): one line per topic and strategy, with every
 * measure taken at n = |R| of the topic (so that recall@|R| and HR@|R| could both be 1), then per strategy the mean
 * over topics. Written as text, CSV and a Markdown table (docs/evaluation.md).
 *
 * <ul>
 *   <li>reachable = pages of R reachable from the seeds ({@link Reachability}), shown as a share of |R|;</li>
 *   <li>recall@|R| / reachable share = the share of the reachable part of R that was found;</li>
 *   <li>informed = recall@|R| of a crawler that knew the labels and the link graph ({@link InformedCrawl}): what
 *       |R| fetches can find; recall@|R| / informed reads a strategy against it;</li>
 *   <li>lift over breadth-first (over best-first) = HR@|R| / that strategy's HR@|R| on the same topic;</li>
 *   <li>crawler P/R, relevant hosts and duplicate rate over the whole log, as in the topic's own table
 *       ({@link EvalReport}): with {@code --times-r k} they cover k x |R| pages;</li>
 *   <li>pages/s = pages fetched by the crawl / its wall time (topology start and stop included);</li>
 *   <li>recall@end = recall where the crawl ended: at its page limit, |R| by default (recall@|R| again) and
 *       k x |R| with {@code --times-r k}, so that the table also reads a longer crawl, where a strategy's late
 *       mistakes show; earlier if the frontier ran dry or the time limit came first. The cell names the pages
 *       fetched when they are not |R|.</li>
 * </ul>
 * A measure that is undefined (a crawl cut before |R| pages, a baseline that was not run or found nothing) is NaN,
 * shown as "-" and left out of the means; recall@end is defined for every crawl.
 */
public final class SuiteSummary {

    public static final String BEST_FIRST = "best-first";

    /** One strategy's crawl of a topic. */
    public record Crawl(String strategy, CrawlMetrics metrics, long fetchedThisRun, Duration elapsed) {

        static Crawl of(EvalRunner.Run run) {
            return new Crawl(run.strategy(), run.metrics(), run.summary().fetchedThisRun(), run.summary().elapsed());
        }
    }

    /**
     * One topic of the suite.
     *
     * @param pages    the page limit of each crawl (the log is cut there)
     * @param wallTime serving, the reachability walk and every crawl of the topic
     */
    public record TopicResult(String topic, int truthSize, int reachableRelevant, int informedRelevant, int pages,
                              List<Crawl> crawls, Duration wallTime) {
        public TopicResult {
            crawls = List.copyOf(crawls);
        }

        public static TopicResult of(EvalRunner.Result result, Reachability reach, Duration wallTime) {
            return new TopicResult(result.topic().name(), result.truthSize(), reach.reachedRelevant(),
                    reach.informedRelevant(), result.pages(), result.runs().stream().map(Crawl::of).toList(), wallTime);
        }

        Optional<Crawl> crawl(String strategy) {
            return crawls.stream().filter(c -> c.strategy().equals(strategy)).findFirst();
        }
    }

    /** One line of the summary: a topic and a strategy. */
    public record Row(String topic, String strategy, int truthSize, int reachableRelevant, double reachableShare,
                      double recall, double recallOfReachable, double informedRecall, double recallOfInformed,
                      int halfR, double harvestRateHalf, double harvestRate,
                      double liftOverBreadthFirst, double liftOverBestFirst, double crawlerPrecision,
                      double crawlerRecall, int relevantHosts, double duplicateRate, double pagesPerSecond,
                      double crawlSeconds, int endPages, double recallAtEnd) {
    }

    /** A strategy's means over the topics where the measure is defined (topics: how many). */
    public record Mean(String strategy, double recall, int recallTopics, double ratioToBestFirst,
                       int ratioTopics, double recallAtEnd, int endTopics) {
    }

    private final List<TopicResult> topics;
    private final Duration wallTime;

    /** @param wallTime the whole suite's, or null while it is under way */
    public SuiteSummary(List<TopicResult> topics, Duration wallTime) {
        this.topics = List.copyOf(topics);
        this.wallTime = wallTime;
    }

    public List<TopicResult> topics() {
        return topics;
    }

    /** Every topic's lines, in suite order, strategies in the order they ran. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (TopicResult t : topics) {
            int r = t.truthSize();
            int half = Math.max(1, r / 2);
            double share = r == 0 ? Double.NaN : (double) t.reachableRelevant() / r;
            double informed = r == 0 ? Double.NaN : (double) t.informedRelevant() / r;
            CrawlMetrics bfs = t.crawl(EvalRunner.BASELINE).map(Crawl::metrics).orElse(null);
            CrawlMetrics best = t.crawl(BEST_FIRST).map(Crawl::metrics).orElse(null);
            for (Crawl c : t.crawls()) {
                CrawlMetrics m = c.metrics();
                double recall = recallAtTruthSize(t, m);
                CrawlMetrics.Verdicts v = m.verdicts(m.fetched());
                double seconds = c.elapsed().toMillis() / 1000.0;
                rows.add(new Row(t.topic(), c.strategy(), r, t.reachableRelevant(), share, recall,
                        ratio(recall, share), informed, ratio(recall, informed), half, m.harvestRate(half),
                        m.harvestRate(r),
                        bfs == null ? Double.NaN : m.lift(bfs, r), best == null ? Double.NaN : m.lift(best, r),
                        v.precision(), v.recall(), m.relevantHosts(m.fetched()), m.duplicateRate(m.fetched()),
                        seconds > 0 ? c.fetchedThisRun() / seconds : Double.NaN, seconds,
                        Math.min(t.pages(), m.fetched()), m.recall(t.pages())));
            }
        }
        return rows;
    }

    /**
     * recall@|R|; NaN when the page limit cut the crawl before |R| pages (it would be recall at the limit). A crawl
     * that ended by itself before |R| found nothing more: its recall stands.
     */
    static double recallAtTruthSize(TopicResult t, CrawlMetrics m) {
        return t.pages() < t.truthSize() ? Double.NaN : m.recall(t.truthSize());
    }

    /**
     * Per strategy (in order of first appearance): mean recall@|R|, mean ratio of it to best-first's, and mean
     * recall@end (over every topic: it is always defined).
     */
    public List<Mean> means() {
        Map<String, List<Double>> recalls = new LinkedHashMap<>();
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, List<Double>> atEnd = new LinkedHashMap<>();
        for (TopicResult t : topics) {
            double bestRecall = t.crawl(BEST_FIRST).map(c -> recallAtTruthSize(t, c.metrics())).orElse(Double.NaN);
            for (Crawl c : t.crawls()) {
                double recall = recallAtTruthSize(t, c.metrics());
                recalls.computeIfAbsent(c.strategy(), k -> new ArrayList<>()).add(recall);
                ratios.computeIfAbsent(c.strategy(), k -> new ArrayList<>()).add(ratio(recall, bestRecall));
                atEnd.computeIfAbsent(c.strategy(), k -> new ArrayList<>()).add(c.metrics().recall(t.pages()));
            }
        }
        List<Mean> means = new ArrayList<>();
        recalls.forEach((s, values) -> {
            List<Double> r = defined(values);
            List<Double> q = defined(ratios.get(s));
            List<Double> e = defined(atEnd.get(s));
            means.add(new Mean(s, mean(r), r.size(), mean(q), q.size(), mean(e), e.size()));
        });
        return means;
    }

    /** a / b; NaN when either is undefined or b is 0. */
    static double ratio(double a, double b) {
        return Double.isNaN(a) || Double.isNaN(b) || b == 0 ? Double.NaN : a / b;
    }

    /** The arithmetic mean; NaN for no values. */
    static double mean(List<Double> values) {
        return values.isEmpty() ? Double.NaN : values.stream().mapToDouble(Double::doubleValue).sum() / values.size();
    }

    private static List<Double> defined(List<Double> values) {
        return values.stream().filter(x -> !Double.isNaN(x)).toList();
    }

    // ---- rendering ----

    private static final List<String> HEADER = List.of("topic", "strategy", "|R|", "reachable", "recall@|R|",
            "recall/reach.", "informed", "recall/inf.", "recall@end", "HR@|R|/2", "HR@|R|", "lift/BFS", "lift/best",
            "crawler P", "crawler R", "rel. hosts", "dup. rate", "pages/s", "crawl time");
    private static final List<String> MEAN_HEADER = List.of("strategy", "topics", "mean recall@|R|",
            "mean recall@|R| / best-first's", "mean recall@end");

    private List<List<String>> cells() {
        List<List<String>> cells = new ArrayList<>();
        for (Row r : rows()) {
            cells.add(List.of(r.topic(), r.strategy(), Integer.toString(r.truthSize()),
                    r.reachableRelevant() + " (" + percent(r.reachableShare()) + ")", percent(r.recall()),
                    percent(r.recallOfReachable()), percent(r.informedRecall()), percent(r.recallOfInformed()),
                    percent(r.recallAtEnd()) + (r.endPages() == r.truthSize() ? "" : " @" + r.endPages()),
                    percent(r.harvestRateHalf()), percent(r.harvestRate()),
                    fixed(r.liftOverBreadthFirst()),
                    fixed(r.liftOverBestFirst()), percent(r.crawlerPrecision()), percent(r.crawlerRecall()),
                    Integer.toString(r.relevantHosts()), percent(r.duplicateRate()), oneDecimal(r.pagesPerSecond()),
                    duration(Duration.ofMillis(Math.round(r.crawlSeconds() * 1000)))));
        }
        return cells;
    }

    private List<List<String>> meanCells() {
        List<List<String>> cells = new ArrayList<>();
        for (Mean m : means()) {
            cells.add(List.of(m.strategy(), Integer.toString(m.recallTopics()), percent(m.recall()),
                    fixed(m.ratioToBestFirst()) + (m.ratioTopics() == m.recallTopics() ? ""
                            : " (" + m.ratioTopics() + " topics)"),
                    percent(m.recallAtEnd()) + (m.endTopics() == m.recallTopics() ? ""
                            : " (" + m.endTopics() + " topics)")));
        }
        return cells;
    }

    /** The summary as aligned text: the table, the means, the times. */
    public String table() {
        StringBuilder sb = new StringBuilder();
        sb.append(aligned(HEADER, cells()));
        sb.append('\n');
        sb.append(aligned(MEAN_HEADER, meanCells()));
        sb.append('\n');
        sb.append(times()).append('\n');
        return sb.toString();
    }

    /** The summary as a Markdown table (| in headers escaped), the means and the times. */
    public String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append(markdownTable(HEADER, cells()));
        sb.append('\n');
        sb.append(markdownTable(MEAN_HEADER, meanCells()));
        sb.append('\n');
        sb.append(times()).append('\n');
        return sb.toString();
    }

    /** One line per topic and strategy; fractions, not percentages; empty where undefined. */
    public String csv() {
        StringBuilder sb = new StringBuilder("topic,strategy,truth_size,reachable,reachable_share,recall_at_r,"
                + "recall_of_reachable,informed_recall_at_r,recall_of_informed,half_r,hr_at_half_r,hr_at_r,"
                + "lift_over_breadth_first,lift_over_best_first,crawler_precision,crawler_recall,relevant_hosts,duplicate_rate,pages_per_second,"
                + "crawl_seconds,end_pages,recall_at_end\n");
        for (Row r : rows()) {
            sb.append(String.join(",", r.topic(), r.strategy(), Integer.toString(r.truthSize()),
                    Integer.toString(r.reachableRelevant()), number(r.reachableShare()), number(r.recall()),
                    number(r.recallOfReachable()), number(r.informedRecall()), number(r.recallOfInformed()),
                    Integer.toString(r.halfR()), number(r.harvestRateHalf()),
                    number(r.harvestRate()), number(r.liftOverBreadthFirst()), number(r.liftOverBestFirst()),
                    number(r.crawlerPrecision()), number(r.crawlerRecall()), Integer.toString(r.relevantHosts()),
                    number(r.duplicateRate()), number(r.pagesPerSecond()), number(r.crawlSeconds()),
                    Integer.toString(r.endPages()), number(r.recallAtEnd()))).append('\n');
        }
        return sb.toString();
    }

    /** Per strategy: topics counted, mean recall@|R|, mean ratio to best-first (and its topics), mean recall@end. */
    public String meansCsv() {
        StringBuilder sb = new StringBuilder("strategy,topics,mean_recall_at_r,ratio_topics,"
                + "mean_recall_ratio_to_best_first,end_topics,mean_recall_at_end\n");
        for (Mean m : means()) {
            sb.append(String.join(",", m.strategy(), Integer.toString(m.recallTopics()), number(m.recall()),
                    Integer.toString(m.ratioTopics()), number(m.ratioToBestFirst()), Integer.toString(m.endTopics()),
                    number(m.recallAtEnd()))).append('\n');
        }
        return sb.toString();
    }

    /** Writes table.txt, table.csv, means.csv and summary.md into {@code dir}. */
    public List<Path> writeFiles(Path dir) throws IOException {
        Files.createDirectories(dir);
        return List.of(Files.writeString(dir.resolve("table.txt"), table(), StandardCharsets.UTF_8),
                Files.writeString(dir.resolve("table.csv"), csv(), StandardCharsets.UTF_8),
                Files.writeString(dir.resolve("means.csv"), meansCsv(), StandardCharsets.UTF_8),
                Files.writeString(dir.resolve("summary.md"), markdown(), StandardCharsets.UTF_8));
    }

    /** Wall time of each topic and of the suite. */
    String times() {
        StringBuilder sb = new StringBuilder("Wall time per topic (serving, reachability walk, every crawl): ");
        List<String> parts = new ArrayList<>();
        topics.forEach(t -> parts.add(t.topic() + " " + duration(t.wallTime())));
        sb.append(String.join(", ", parts)).append(".");
        if (wallTime != null) {
            sb.append(" Suite: ").append(duration(wallTime)).append('.');
        } else {
            sb.append(" Suite under way: ").append(topics.size()).append(" topic(s) done.");
        }
        return sb.toString();
    }

    private static String aligned(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        int[] width = new int[header.size()];
        for (List<String> line : all) {
            for (int c = 0; c < line.size(); c++) {
                width[c] = Math.max(width[c], line.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> line : all) {
            for (int c = 0; c < line.size(); c++) {
                // text columns (topic, strategy) left, numbers right
                boolean left = c == 0 || (c == 1 && header.get(1).equals("strategy"));
                sb.append(c == 0 ? "" : "  ").append(String.format(Locale.ROOT,
                        "%" + (left ? "-" : "") + width[c] + "s", line.get(c)));
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String markdownTable(List<String> header, List<List<String>> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append(markdownLine(header)).append('\n');
        sb.append("|---".repeat(header.size())).append("|\n");
        rows.forEach(r -> sb.append(markdownLine(r)).append('\n'));
        return sb.toString();
    }

    private static String markdownLine(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(c -> c.replace("|", "\\|")).toList()) + " |";
    }

    static String percent(double x) {
        return EvalReport.percent(x);
    }

    static String fixed(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2f", x);
    }

    static String oneDecimal(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.1f", x);
    }

    static String number(double x) {
        return EvalReport.number(x);
    }

    /** 1h02m03s, 4m05s, 6s. */
    static String duration(Duration d) {
        long s = Math.round(d.toMillis() / 1000.0);
        if (s >= 3600) {
            return String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, (s / 60) % 60, s % 60);
        }
        if (s >= 60) {
            return String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return s + "s";
    }
}
