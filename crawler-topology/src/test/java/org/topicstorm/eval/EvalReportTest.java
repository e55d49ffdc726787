package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
                "lift@2", "lift@4", "crawler", "P", "crawler", "R", "rel.", "hosts"), List.of(lines[0].split(" +")));
        // lift@2: baseline HR@2 = 0 -> "-"; lift@4: baseline did not reach 4 pages -> "-"
        // crawler verdicts: says relevant exactly for the /r pages -> P = R = 100%; relevant hosts a, b
        assertEquals(List.of("best-first", "4", "100.0%", "75.0%", "66.7%", "100.0%", "66.7%", "-", "-", "100.0%",
                "100.0%", "2"), List.of(lines[1].split(" +")));
        assertEquals(List.of("breadth-first", "3", "0.0%", "-", "0.0%", "33.3%", "33.3%", "-", "-", "100.0%",
                "100.0%", "1"), List.of(lines[2].split(" +")));
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
                        + "crawler_recall,relevant_hosts,truth_size",
                "best-first,4,1.0000,0.7500,0.6667,1.0000,0.6667,,,1.0000,1.0000,2,3",
                "breadth-first,3,0.0000,,0.0000,0.3333,0.3333,,,1.0000,1.0000,1,3"),
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
}
