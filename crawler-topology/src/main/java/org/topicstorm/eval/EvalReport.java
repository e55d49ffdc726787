package org.topicstorm.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What an evaluation reports: a table of the measures at chosen numbers of pages, the harvest-rate and recall curves
 * as CSV, and (with {@link HarvestChart}) the curves as a PNG chart.
 */
public final class EvalReport {

    /** One strategy's line of the table. */
    public record Row(String strategy, int fetched, List<Double> harvestRates, List<Double> recalls,
                      double recallAtTruthSize, List<Double> lifts, double crawlerPrecision, double crawlerRecall,
                      int relevantHosts) {
    }

    private final List<String> strategies;
    private final List<CrawlMetrics> metrics;
    private final CrawlMetrics baseline;
    private final List<Integer> points;
    private final int truthSize;

    /**
     * @param strategies names, in report order
     * @param metrics    their measures, in the same order
     * @param baseline   the baseline's measures (lift = 1 for itself), or null when there is none
     * @param points     the numbers of pages n at which the table shows HR@n, recall@n and lift@n
     */
    public EvalReport(List<String> strategies, List<CrawlMetrics> metrics, CrawlMetrics baseline,
                      List<Integer> points, int truthSize) {
        if (strategies.size() != metrics.size()) {
            throw new IllegalArgumentException("one name per strategy's measures");
        }
        this.strategies = List.copyOf(strategies);
        this.metrics = List.copyOf(metrics);
        this.baseline = baseline;
        this.points = List.copyOf(new TreeSet<>(points));
        this.truthSize = truthSize;
    }

    public static EvalReport of(EvalRunner.Result result, List<Integer> points) {
        List<String> names = result.runs().stream().map(EvalRunner.Run::strategy).toList();
        List<CrawlMetrics> metrics = result.runs().stream().map(EvalRunner.Run::metrics).toList();
        CrawlMetrics base = result.baseline().map(EvalRunner.Run::metrics).orElse(null);
        return new EvalReport(names, metrics, base, points, result.truthSize());
    }

    public List<Integer> points() {
        return points;
    }

    /** The measures of each strategy, in report order. */
    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < strategies.size(); i++) {
            CrawlMetrics m = metrics.get(i);
            List<Double> hr = new ArrayList<>();
            List<Double> recall = new ArrayList<>();
            List<Double> lift = new ArrayList<>();
            for (int n : points) {
                hr.add(m.harvestRate(n));
                recall.add(m.recall(n));
                lift.add(baseline == null ? Double.NaN : m.lift(baseline, n));
            }
            CrawlMetrics.Verdicts v = m.verdicts(m.fetched());
            rows.add(new Row(strategies.get(i), m.fetched(), hr, recall, m.recallAtTruthSize(), lift, v.precision(),
                    v.recall(), m.relevantHosts(m.fetched())));
        }
        return rows;
    }

    /** The table as text, one line per strategy; "-" where a measure is undefined (e.g. HR@n beyond the crawl). */
    public String table() {
        List<String> header = new ArrayList<>(List.of("strategy", "fetched"));
        points.forEach(n -> header.add("HR@" + n));
        points.forEach(n -> header.add("recall@" + n));
        header.add("recall@|R|=" + truthSize);
        if (baseline != null) {
            points.forEach(n -> header.add("lift@" + n));
        }
        header.addAll(List.of("crawler P", "crawler R", "rel. hosts"));
        List<List<String>> cells = new ArrayList<>();
        cells.add(header);
        for (Row r : rows()) {
            List<String> line = new ArrayList<>(List.of(r.strategy(), Integer.toString(r.fetched())));
            r.harvestRates().forEach(x -> line.add(percent(x)));
            r.recalls().forEach(x -> line.add(percent(x)));
            line.add(percent(r.recallAtTruthSize()));
            if (baseline != null) {
                r.lifts().forEach(x -> line.add(Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.2f", x)));
            }
            line.add(percent(r.crawlerPrecision()));
            line.add(percent(r.crawlerRecall()));
            line.add(Integer.toString(r.relevantHosts()));
            cells.add(line);
        }
        int[] width = new int[header.size()];
        for (List<String> line : cells) {
            for (int c = 0; c < line.size(); c++) {
                width[c] = Math.max(width[c], line.get(c).length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (List<String> line : cells) {
            for (int c = 0; c < line.size(); c++) {
                String cell = line.get(c);
                sb.append(c == 0 ? String.format("%-" + width[c] + "s", cell)
                        : String.format("  %" + width[c] + "s", cell));
            }
            sb.append(System.lineSeparator());
        }
        return sb.toString();
    }

    /**
     * The curves: a row per n = 1..(longest log), columns n, then HR@n and recall@n of each strategy (empty where
     * a crawl fetched fewer than n pages).
     */
    public String curveCsv() {
        StringBuilder sb = new StringBuilder("n");
        strategies.forEach(s -> sb.append(",hr_").append(s));
        strategies.forEach(s -> sb.append(",recall_").append(s));
        sb.append('\n');
        int longest = metrics.stream().mapToInt(CrawlMetrics::fetched).max().orElse(0);
        for (int n = 1; n <= longest; n++) {
            sb.append(n);
            for (CrawlMetrics m : metrics) {
                sb.append(',').append(n <= m.fetched() ? number(m.harvestRate(n)) : "");
            }
            for (CrawlMetrics m : metrics) {
                sb.append(',').append(n <= m.fetched() ? number(m.recall(n)) : "");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    /** The table as CSV (fractions, not percentages; empty where undefined). */
    public String tableCsv() {
        StringBuilder sb = new StringBuilder("strategy,fetched");
        points.forEach(n -> sb.append(",hr@").append(n));
        points.forEach(n -> sb.append(",recall@").append(n));
        sb.append(",recall@|R|");
        points.forEach(n -> sb.append(",lift@").append(n));
        sb.append(",crawler_precision,crawler_recall,relevant_hosts,truth_size\n");
        for (Row r : rows()) {
            sb.append(r.strategy()).append(',').append(r.fetched());
            r.harvestRates().forEach(x -> sb.append(',').append(number(x)));
            r.recalls().forEach(x -> sb.append(',').append(number(x)));
            sb.append(',').append(number(r.recallAtTruthSize()));
            r.lifts().forEach(x -> sb.append(',').append(number(x)));
            sb.append(',').append(number(r.crawlerPrecision())).append(',').append(number(r.crawlerRecall()))
                    .append(',').append(r.relevantHosts()).append(',').append(truthSize).append('\n');
        }
        return sb.toString();
    }

    /** Writes table.txt, table.csv and curve.csv into {@code dir}; returns their paths. */
    public List<Path> writeFiles(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path table = Files.writeString(dir.resolve("table.txt"), table(), StandardCharsets.UTF_8);
        Path tableCsv = Files.writeString(dir.resolve("table.csv"), tableCsv(), StandardCharsets.UTF_8);
        Path curve = Files.writeString(dir.resolve("curve.csv"), curveCsv(), StandardCharsets.UTF_8);
        return List.of(table, tableCsv, curve);
    }

    static String percent(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * x);
    }

    static String number(double x) {
        return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.4f", x);
    }
}
