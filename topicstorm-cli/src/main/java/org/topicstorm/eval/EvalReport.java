package org.topicstorm.eval;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * What an evaluation reports: a table of the measures at chosen numbers of pages, the harvest-rate and recall curves
 * as CSV, (with {@link HarvestChart}) the curves as a PNG chart, and for each run where its verdicts disagree with
 * the labels: the top false positives and false negatives ({@link VerdictErrors}), as text and one Markdown file per
 * run.
 */
public final class EvalReport {

    /** One strategy's line of the table. */
    public record Row(String strategy, int fetched, List<Double> harvestRates, List<Double> recalls,
                      double recallAtTruthSize, List<Double> lifts, double crawlerPrecision, double crawlerRecall,
                      int relevantHosts, double duplicateRate) {
    }

    /** Title characters and terms shown per page on the console (the errors files show all). */
    static final int CONSOLE_TITLE = 70;
    static final int CONSOLE_TERMS = 5;

    private final List<String> strategies;
    private final List<CrawlMetrics> metrics;
    private final CrawlMetrics baseline;
    private final List<Integer> points;
    private final int truthSize;
    private final int errorsShown;

    /**
     * @param strategies names, in report order
     * @param metrics    their measures, in the same order
     * @param baseline   the baseline's measures (lift = 1 for itself), or null when there is none
     * @param points     the numbers of pages n at which the table shows HR@n, recall@n and lift@n
     */
    public EvalReport(List<String> strategies, List<CrawlMetrics> metrics, CrawlMetrics baseline,
                      List<Integer> points, int truthSize) {
        this(strategies, metrics, baseline, points, truthSize, VerdictErrors.DEFAULT_SHOWN);
    }

    /**
     * @param errorsShown false positives and false negatives listed for each run (each kind); 0 = no such section
     *                    and no errors file
     */
    public EvalReport(List<String> strategies, List<CrawlMetrics> metrics, CrawlMetrics baseline,
                      List<Integer> points, int truthSize, int errorsShown) {
        if (strategies.size() != metrics.size()) {
            throw new IllegalArgumentException("one name per strategy's measures");
        }
        this.strategies = List.copyOf(strategies);
        this.metrics = List.copyOf(metrics);
        this.baseline = baseline;
        this.points = List.copyOf(new TreeSet<>(points));
        this.truthSize = truthSize;
        if (errorsShown < 0) {
            throw new IllegalArgumentException("errors shown must be at least 0, got " + errorsShown);
        }
        this.errorsShown = errorsShown;
    }

    public static EvalReport of(EvalRunner.Result result, List<Integer> points) {
        return of(result, points, VerdictErrors.DEFAULT_SHOWN);
    }

    /** @param errorsShown false positives and false negatives listed per run (each kind); 0 = none */
    public static EvalReport of(EvalRunner.Result result, List<Integer> points, int errorsShown) {
        List<String> names = result.runs().stream().map(EvalRunner.Run::strategy).toList();
        List<CrawlMetrics> metrics = result.runs().stream().map(EvalRunner.Run::metrics).toList();
        CrawlMetrics base = result.baseline().map(EvalRunner.Run::metrics).orElse(null);
        return new EvalReport(names, metrics, base, points, result.truthSize(), errorsShown);
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
                    v.recall(), m.relevantHosts(m.fetched()), m.duplicateRate(m.fetched())));
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
        header.addAll(List.of("crawler P", "crawler R", "rel. hosts", "dup. rate"));
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
            line.add(percent(r.duplicateRate()));
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
        sb.append(",crawler_precision,crawler_recall,relevant_hosts,truth_size,duplicate_rate\n");
        for (Row r : rows()) {
            sb.append(r.strategy()).append(',').append(r.fetched());
            r.harvestRates().forEach(x -> sb.append(',').append(number(x)));
            r.recalls().forEach(x -> sb.append(',').append(number(x)));
            sb.append(',').append(number(r.recallAtTruthSize()));
            r.lifts().forEach(x -> sb.append(',').append(number(x)));
            sb.append(',').append(number(r.crawlerPrecision())).append(',').append(number(r.crawlerRecall()))
                    .append(',').append(r.relevantHosts()).append(',').append(truthSize).append(',')
                    .append(number(r.duplicateRate())).append('\n');
        }
        return sb.toString();
    }

    /**
     * For each run, after the table: its false positives and false negatives in a line, then the top ones of each
     * (score, page, title, top terms); "" when the report lists none ({@code errorsShown} 0).
     */
    public String errors() {
        if (errorsShown == 0) {
            return "";
        }
        String nl = System.lineSeparator();
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < strategies.size(); i++) {
            VerdictErrors e = metrics.get(i).errors(errorsShown);
            sb.append(nl).append(strategies.get(i)).append(": ").append(e.summary()).append(nl);
            errorLines(sb, "False positives (judged relevant, labelled not relevant), highest score first",
                    e.falsePositives(), e.fpTotal());
            errorLines(sb, "False negatives (labelled relevant, judged not relevant), lowest score first",
                    e.falseNegatives(), e.fnTotal());
        }
        return sb.toString();
    }

    private static void errorLines(StringBuilder sb, String heading, List<FetchedPage> pages, int total) {
        String nl = System.lineSeparator();
        if (total == 0) {
            return;
        }
        sb.append("  ").append(heading).append(pages.size() < total ? " (" + pages.size() + " of " + total + ")" : "")
                .append(':').append(nl);
        int width = pages.stream().mapToInt(p -> readablePath(p.url()).length()).max().orElse(0);
        for (FetchedPage p : pages) {
            String title = title(p);
            sb.append("    ").append(String.format(Locale.ROOT, "%5s  %-" + width + "s  ", score(p.score()),
                            readablePath(p.url())))
                    .append(title.length() > CONSOLE_TITLE ? title.substring(0, CONSOLE_TITLE - 3) + "..." : title)
                    .append("  [").append(String.join(", ", p.terms().subList(0, Math.min(CONSOLE_TERMS,
                            p.terms().size())))).append(']').append(nl);
        }
    }

    /** The false positives and false negatives of run {@code i} as a Markdown page (errors-STRATEGY.md). */
    public String errorsMarkdown(int i) {
        VerdictErrors e = metrics.get(i).errors(errorsShown);
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(strategies.get(i)).append(": where the crawler's verdicts disagree with the labels\n\n")
                .append(e.summary()).append(".\n\n")
                .append("Score: the relevance score the verdict came from (relevant iff score >= the threshold). ")
                .append("Top terms: the terms that made the score, best first.\n");
        errorTable(sb, "False positives: judged relevant, labelled not relevant", "highest score first",
                e.falsePositives(), e.fpTotal());
        errorTable(sb, "False negatives: labelled relevant, judged not relevant", "lowest score first",
                e.falseNegatives(), e.fnTotal());
        return sb.toString();
    }

    private static void errorTable(StringBuilder sb, String heading, String order, List<FetchedPage> pages,
                                   int total) {
        sb.append("\n## ").append(heading).append(" (").append(pages.size()).append(" of ").append(total)
                .append(", ").append(order).append(")\n\n");
        if (pages.isEmpty()) {
            sb.append(total == 0 ? "None.\n" : "Not listed.\n");
            return;
        }
        sb.append("| # | score | page | title | top terms |\n|---:|---:|---|---|---|\n");
        for (int k = 0; k < pages.size(); k++) {
            FetchedPage p = pages.get(k);
            sb.append("| ").append(k + 1).append(" | ").append(score(p.score())).append(" | `")
                    .append(readablePath(p.url()).replace("`", "%60")).append("` | ")
                    .append(cell(title(p))).append(" | ")
                    .append(p.terms().isEmpty() ? "-" : cell(String.join(", ", p.terms())))
                    .append(" |\n");
        }
    }

    /** The columns of a fetches file. */
    static final String FETCHES_HEADER = "n\tseconds\tlabel\tverdict\tscore\turl";

    /**
     * Run {@code i}'s fetches in order, a line each: seconds since the crawl's first fetch, the label (1 = in R), the
     * crawler's verdict (or the fetch status of a page it did not judge), its score and the URL. A real crawl's order
     * depends on timing; this is what to read against another run of it, or against the simulated trace.
     */
    public String fetchesTsv(int i) {
        CrawlMetrics m = metrics.get(i);
        List<FetchedPage> log = m.log();
        StringBuilder sb = new StringBuilder(FETCHES_HEADER).append('\n');
        long first = log.isEmpty() ? 0 : log.get(0).fetchedAt();
        for (int k = 0; k < log.size(); k++) {
            FetchedPage p = log.get(k);
            sb.append(k + 1).append('\t').append(String.format(Locale.ROOT, "%.3f", (p.fetchedAt() - first) / 1000.0))
                    .append('\t').append(m.isRelevant(k) ? 1 : 0).append('\t')
                    .append(!p.judged() ? p.status() : p.crawlerRelevant() ? "relevant" : "irrelevant")
                    .append('\t').append(Double.isNaN(p.score()) ? "" : String.format(Locale.ROOT, "%.3f", p.score()))
                    .append('\t').append(p.url()).append('\n');
        }
        return sb.toString();
    }

    /** The name of run {@code i}'s fetches file. */
    public String fetchesFileName(int i) {
        return "fetches-" + fileStem(i) + ".tsv";
    }

    /** The name of run {@code i}'s errors file. */
    public String errorsFileName(int i) {
        return "errors-" + fileStem(i) + ".md";
    }

    /** Run {@code i}'s strategy as part of a file name ("learned/v2" -> "learned-v2"). */
    private String fileStem(int i) {
        return strategies.get(i).replaceAll("[^A-Za-z0-9_.-]", "-");
    }

    /**
     * Writes table.txt, table.csv, curve.csv, fetches-STRATEGY.tsv for each run and, unless the report lists no
     * errors, errors-STRATEGY.md for each run into {@code dir}; returns their paths.
     */
    public List<Path> writeFiles(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        files.add(Files.writeString(dir.resolve("table.txt"), table(), StandardCharsets.UTF_8));
        files.add(Files.writeString(dir.resolve("table.csv"), tableCsv(), StandardCharsets.UTF_8));
        files.add(Files.writeString(dir.resolve("curve.csv"), curveCsv(), StandardCharsets.UTF_8));
        for (int i = 0; i < strategies.size(); i++) {
            files.add(Files.writeString(dir.resolve(fetchesFileName(i)), fetchesTsv(i), StandardCharsets.UTF_8));
        }
        if (errorsShown > 0) {
            for (int i = 0; i < strategies.size(); i++) {
                files.add(Files.writeString(dir.resolve(errorsFileName(i)), errorsMarkdown(i),
                        StandardCharsets.UTF_8));
            }
        }
        return files;
    }

    /**
     * A URL as a person reads it in a corpus: its path (and query), percent-decoded, without the scheme and the
     * host, whose loopback address and port change from one run to the next; "/" for the root; the whole URL when
     * it has no path.
     */
    static String readablePath(String url) {
        try {
            URI uri = new URI(url);
            String path = uri.getPath();
            if (path == null || path.isEmpty() || uri.getHost() == null) {
                return url;
            }
            String query = uri.getQuery();
            // a corpus path is relative to the root, as in corpus:// seeds; the root itself is "/"
            return (path.equals("/") ? path : path.substring(1)) + (query == null ? "" : "?" + query);
        } catch (URISyntaxException e) {
            return url;
        }
    }

    /** The title on one line, or "(no title)". */
    private static String title(FetchedPage p) {
        String t = p.title().strip().replaceAll("\\s+", " ");
        return t.isEmpty() ? "(no title)" : t;
    }

    /** Text safe in a Markdown table cell. */
    private static String cell(String s) {
        return s.replace("\\", "\\\\").replace("|", "\\|");
    }

    private static String score(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.3f", x);
    }

    static String percent(double x) {
        return Double.isNaN(x) ? "-" : String.format(Locale.ROOT, "%.1f%%", 100 * x);
    }

    static String number(double x) {
        return Double.isNaN(x) ? "" : String.format(Locale.ROOT, "%.4f", x);
    }
}
