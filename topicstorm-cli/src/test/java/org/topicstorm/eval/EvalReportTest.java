package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvalReportTest {

    /** R = {r1, r2, r3}. */
    private static final GroundTruth TRUTH = GroundTruth.ofUrls(Set.of("http://a.test/r1", "http://a.test/r2",
            "http://b.test/r3"));

    private static CrawlMetrics crawl(String... urls) {
        List<FetchedPage> log = new ArrayList<>();
        for (int i = 0; i < urls.length; i++) {
            log.add(new FetchedPage(urls[i], urls[i].substring(7, 13), "FETCHED", urls[i].contains("/r"), i));
        }
        return CrawlMetrics.of(log, TRUTH);
    }

    // best: r1 r2 x r3  -> HR@2 = 2/2, HR@4 = 3/4, recall@2 = 2/3, recall@4 = 3/3, recall@|R|=3 = 2/3
    // bfs:  x y r1      -> HR@2 = 0/2, HR@4 undefined (3 pages), recall@2 = 0, recall@4 = 1/3, recall@3 = 1/3
    private final CrawlMetrics best = crawl("http://a.test/r1", "http://a.test/r2", "http://a.test/x",
            "http://b.test/r3");
    private final CrawlMetrics bfs = crawl("http://a.test/x", "http://a.test/y", "http://a.test/r1");
    private final EvalReport report = new EvalReport(List.of("best-first", "breadth-first"), List.of(best, bfs), bfs,
            List.of(4, 2), 3);

    @Test
    void theTableShowsEachMeasureAtEachPoint() {
        String[] lines = report.table().split("\\R");
        assertEquals(3, lines.length);
        assertEquals(List.of("strategy", "fetched", "HR@2", "HR@4", "recall@2", "recall@4", "recall@|R|=3",
                "lift@2", "lift@4", "crawler", "P", "crawler", "R", "rel.", "hosts", "dup.", "rate"),
                List.of(lines[0].split(" +")));
        // lift@2: baseline HR@2 = 0 -> "-"; lift@4: baseline did not reach 4 pages -> "-"
        // crawler verdicts: says relevant exactly for the /r pages -> P = R = 100%; relevant hosts a, b; no duplicates
        assertEquals(List.of("best-first", "4", "100.0%", "75.0%", "66.7%", "100.0%", "66.7%", "-", "-", "100.0%",
                "100.0%", "2", "0.0%"), List.of(lines[1].split(" +")));
        assertEquals(List.of("breadth-first", "3", "0.0%", "-", "0.0%", "33.3%", "33.3%", "-", "-", "100.0%",
                "100.0%", "1", "0.0%"), List.of(lines[2].split(" +")));
    }

    @Test
    void csvFilesHoldTheCurvesAndTheTable(@TempDir Path dir) throws Exception {
        report.writeFiles(dir);
        assertEquals(List.of(
                "n,hr_best-first,hr_breadth-first,recall_best-first,recall_breadth-first",
                "1,1.0000,0.0000,0.3333,0.0000",
                "2,1.0000,0.0000,0.6667,0.0000",
                "3,0.6667,0.3333,0.6667,0.3333",
                "4,0.7500,,1.0000,"), Files.readAllLines(dir.resolve("curve.csv")));
        assertEquals(List.of(
                "strategy,fetched,hr@2,hr@4,recall@2,recall@4,recall@|R|,lift@2,lift@4,crawler_precision,"
                        + "crawler_recall,relevant_hosts,truth_size,duplicate_rate",
                "best-first,4,1.0000,0.7500,0.6667,1.0000,0.6667,,,1.0000,1.0000,2,3,0.0000",
                "breadth-first,3,0.0000,,0.0000,0.3333,0.3333,,,1.0000,1.0000,1,3,0.0000"),
                Files.readAllLines(dir.resolve("table.csv")));
    }

    @Test
    void theChartIsAPng(@TempDir Path dir) throws Exception {
        Path png = dir.resolve("hr.png");
        HarvestChart.write(png, "test", List.of("best-first", "breadth-first"), List.of(best, bfs), 3);
        byte[] b = Files.readAllBytes(png);
        assertTrue(b.length > 1000);
        assertEquals(List.of((byte) 0x89, (byte) 'P', (byte) 'N', (byte) 'G'), List.of(b[0], b[1], b[2], b[3]));
    }

    // The false positives and negatives of one run, on a corpus served at 127.0.0.2:8080.
    // R = {scalc/c1, scalc/c two (percent-encoded in the URL), scalc/c3}.
    private static final String BASE = "http://127.0.0.2:8080/en-US/text/";
    private static final String LONG_TITLE =
            "Calc functions: DATE, DATEVALUE, DAY, DAYS, DAYS360, EASTERSUNDAY, EDATE, EOMONTH and more";

    private static FetchedPage judged(String path, boolean says, double score, String title, String... terms) {
        return new FetchedPage(BASE + path, "127.0.0.2", "FETCHED", says, 0, score, title, List.of(terms));
    }

    /**
     * n  page               crawler  score  in R  verdict
     * 1  swriter/w1.html    yes      0.7    no    FP
     * 2  scalc/c1.html      yes      0.8    yes   TP
     * 3  scalc/c%20two.html no       0.1    yes   FN  (no title, no terms)
     * 4  scalc/c3.html      no       0.3    yes   FN  (a 90-character title: 67 + "..." on the console)
     * 5  swriter/w2.html    yes      0.5    no    FP
     * 6  swriter/w3.html    yes      0.4    no    FP  (third FP: not listed with 2 shown)
     */
    private static EvalReport errorsReport(int shown) {
        GroundTruth truth = GroundTruth.ofUrls(Set.of(BASE + "scalc/c1.html", BASE + "scalc/c%20two.html",
                BASE + "scalc/c3.html"));
        List<FetchedPage> log = List.of(
                judged("swriter/w1.html", true, 0.7, "Writer | tables", "table", "cell", "row", "column", "sum",
                        "format"),
                judged("scalc/c1.html", true, 0.8, "Calc", "calc"),
                judged("scalc/c%20two.html", false, 0.1, ""),
                judged("scalc/c3.html", false, 0.3, LONG_TITLE, "date"),
                judged("swriter/w2.html", true, 0.5, " Mail\n merge ", "merge"),
                judged("swriter/w3.html", true, 0.4, "Index"));
        return new EvalReport(List.of("best-first"), List.of(CrawlMetrics.of(log, truth)), null, List.of(6), 3,
                shown);
    }

    @Test
    void theConsoleListsTheTopErrorsOfEachRun() {
        assertEquals(List.of(
                "",
                "best-first: 3 false positives and 2 false negatives of the 6 fetched pages the crawler judged "
                        + "(6 fetched; a relevant page never fetched has no verdict)",
                "  False positives (judged relevant, labelled not relevant), highest score first (2 of 3):",
                "    0.700  en-US/text/swriter/w1.html  Writer | tables  [table, cell, row, column, sum]",
                "    0.500  en-US/text/swriter/w2.html  Mail merge  [merge]",
                "  False negatives (labelled relevant, judged not relevant), lowest score first:",
                "    0.100  en-US/text/scalc/c two.html  (no title)  []",
                "    0.300  en-US/text/scalc/c3.html     "
                        + "Calc functions: DATE, DATEVALUE, DAY, DAYS, DAYS360, EASTERSUNDAY, ...  [date]"),
                List.of(errorsReport(2).errors().split("\\R", -1)).subList(0, 8));
        assertEquals("", errorsReport(0).errors(), "0 = no section");
    }

    @Test
    void eachRunHasAnErrorsFile(@TempDir Path dir) throws Exception {
        EvalReport report = errorsReport(2);
        assertEquals("errors-best-first.md", report.errorsFileName(0));
        List<Path> files = report.writeFiles(dir);
        assertEquals(dir.resolve("fetches-best-first.tsv"), files.get(3));
        assertEquals(dir.resolve("errors-best-first.md"), files.get(4));
        assertEquals(List.of(
                "# best-first: where the crawler's verdicts disagree with the labels",
                "",
                "3 false positives and 2 false negatives of the 6 fetched pages the crawler judged (6 fetched; a "
                        + "relevant page never fetched has no verdict).",
                "",
                "Score: the relevance score the verdict came from (relevant iff score >= the threshold). Top terms: "
                        + "the terms that made the score, best first.",
                "",
                "## False positives: judged relevant, labelled not relevant (2 of 3, highest score first)",
                "",
                "| # | score | page | title | top terms |",
                "|---:|---:|---|---|---|",
                "| 1 | 0.700 | `en-US/text/swriter/w1.html` | Writer \\| tables | table, cell, row, column, sum, format |",
                "| 2 | 0.500 | `en-US/text/swriter/w2.html` | Mail merge | merge |",
                "",
                "## False negatives: labelled relevant, judged not relevant (2 of 2, lowest score first)",
                "",
                "| # | score | page | title | top terms |",
                "|---:|---:|---|---|---|",
                "| 1 | 0.100 | `en-US/text/scalc/c two.html` | (no title) | - |",
                "| 2 | 0.300 | `en-US/text/scalc/c3.html` | " + LONG_TITLE + " | date |"),
                Files.readAllLines(dir.resolve("errors-best-first.md")));
    }

    @Test
    void eachRunListsItsFetchesInOrder(@TempDir Path dir) throws Exception {
        GroundTruth truth = GroundTruth.ofUrls(Set.of(BASE + "scalc/c1.html"));
        List<FetchedPage> log = List.of(
                new FetchedPage(BASE + "scalc/c1.html", "127.0.0.2", "FETCHED", true, 10_000, 0.8, "Calc", List.of()),
                new FetchedPage(BASE + "swriter/w1.html", "127.0.0.2", "FETCHED", false, 11_250, 0.05, "", List.of()),
                new FetchedPage(BASE + "gone.html", "127.0.0.2", "ERROR", null, 12_500));
        EvalReport report = new EvalReport(List.of("learned/v2"), List.of(CrawlMetrics.of(log, truth)), null,
                List.of(3), 1, 0);
        report.writeFiles(dir);
        assertEquals(List.of(
                "n\tseconds\tlabel\tverdict\tscore\turl",
                "1\t0.000\t1\trelevant\t0.800\t" + BASE + "scalc/c1.html",
                "2\t1.250\t0\tirrelevant\t0.050\t" + BASE + "swriter/w1.html",
                "3\t2.500\t0\tERROR\t\t" + BASE + "gone.html"),
                Files.readAllLines(dir.resolve("fetches-learned-v2.tsv")));
    }

    @Test
    void noErrorsFileWhenNoneAreShown(@TempDir Path dir) throws Exception {
        assertEquals(4, errorsReport(0).writeFiles(dir).size());
        assertFalse(Files.exists(dir.resolve("errors-best-first.md")));
    }

    @Test
    void aRunWithoutErrorsSaysNone() {
        CrawlMetrics right = crawl("http://a.test/r1", "http://a.test/x");
        EvalReport r = new EvalReport(List.of("learned/v2"), List.of(right), null, List.of(2), 3, 10);
        assertEquals("errors-learned-v2.md", r.errorsFileName(0));
        String md = r.errorsMarkdown(0);
        assertTrue(md.contains("## False positives: judged relevant, labelled not relevant (0 of 0, highest score "
                + "first)\n\nNone.\n"), md);
        assertTrue(md.contains("## False negatives: labelled relevant, judged not relevant (0 of 0, lowest score "
                + "first)\n\nNone.\n"), md);
        assertEquals(List.of("", "learned/v2: 0 false positives and 0 false negatives of the 2 fetched pages the "
                + "crawler judged (2 fetched; a relevant page never fetched has no verdict)", ""),
                List.of(r.errors().split("\\R", -1)));
    }

    @Test
    void pagesReadAsCorpusPaths() {
        assertEquals("en-US/text/scalc/01/04060101.html",
                EvalReport.readablePath("http://127.0.0.4:41234/en-US/text/scalc/01/04060101.html"));
        assertEquals("library/socket.html?x=1", EvalReport.readablePath("http://127.0.0.2:80/library/socket.html?x=1"));
        assertEquals("zh-CN/text/scalc/文件.html",
                EvalReport.readablePath("http://127.0.0.3:8/zh-CN/text/scalc/%E6%96%87%E4%BB%B6.html"));
        assertEquals("/", EvalReport.readablePath("http://127.0.0.2:80/"));
        assertEquals("http://127.0.0.2:80", EvalReport.readablePath("http://127.0.0.2:80"));
        assertEquals("not a url", EvalReport.readablePath("not a url"));
    }
}
