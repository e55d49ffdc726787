package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The suite summary's arithmetic on hand-made logs, every number worked out by hand below. */
class SuiteSummaryTest {

    private static final double EPS = 1e-12;

    /**
     * A log of the given URLs on host h.test, fetched in order, each judged relevant by the crawler; page y is left out
     * of the content index as a duplicate.
     */
    private static CrawlMetrics metrics(GroundTruth truth, String... paths) {
        List<FetchedPage> log = new ArrayList<>();
        for (int i = 0; i < paths.length; i++) {
            log.add(new FetchedPage("http://h.test/" + paths[i], "h.test", "FETCHED", true, i, Double.NaN, "",
                    List.of(), paths[i].equals("y")));
        }
        return CrawlMetrics.of(log, truth);
    }

    private static GroundTruth truth(String... paths) {
        Set<String> urls = new java.util.HashSet<>();
        for (String p : paths) {
            urls.add("http://h.test/" + p);
        }
        return GroundTruth.ofUrls(urls);
    }

    private static SuiteSummary.Crawl crawl(String strategy, CrawlMetrics m, long fetched, long seconds) {
        return new SuiteSummary.Crawl(strategy, m, fetched, Duration.ofSeconds(seconds));
    }

    /*
     * t1: R = {r1, r2, r3, r4}, |R| = 4, |R|/2 = 2; 3 of R reachable: share 3/4 = 0.75; 4 pages per crawl.
     *   breadth-first  x  r1 y  z   HR@2 = 1/2 = 0.5   HR@4 = recall@4 = 1/4 = 0.25   recall/share = 0.25/0.75 = 1/3
     *   best-first     r1 r2 x  y   HR@2 = 2/2 = 1.0   HR@4 = recall@4 = 2/4 = 0.5    recall/share = 0.5/0.75 = 2/3
     *   hub            r1 r2 r3 x   HR@2 = 1.0         HR@4 = recall@4 = 3/4 = 0.75   recall/share = 0.75/0.75 = 1
     *   lift over breadth-first: 0.25/0.25 = 1, 0.5/0.25 = 2, 0.75/0.25 = 3
     *   lift over best-first:    0.25/0.5 = 0.5, 1, 0.75/0.5 = 1.5
     *   duplicate rate (y is a duplicate, every page judged relevant): 1/4, 1/4, 0
     * t2: R = {s1, s2}, |R| = 2, |R|/2 = 1; both reachable: share 1; 2 pages per crawl; hub not run.
     *   breadth-first  s1 q    HR@1 = 1   HR@2 = recall@2 = 1/2
     *   best-first     q  s1   HR@1 = 0   HR@2 = recall@2 = 1/2   lifts 1
     * t3: R = {u1, u2, u3, u4}, |R| = 4, but only 2 pages per crawl: every measure at |R| is undefined (-), and t3
     *   counts in no mean of them. HR@|R|/2 = HR@2 is defined: breadth-first u1 v = 1/2, best-first u1 u2 = 1.
     *   recall@end, defined for every crawl, is recall@2: breadth-first 1/4, best-first 2/4.
     * recall@end of t1 and t2 is their recall@|R| (each crawl ended at |R|).
     *
     * Means of recall@|R| (t1, t2): breadth-first (0.25 + 0.5)/2 = 0.375; best-first (0.5 + 0.5)/2 = 0.5;
     * hub 0.75 (t1 only). Means of recall@end (t1, t2, t3): breadth-first (0.25 + 0.5 + 0.25)/3 = 1/3. Ratio to best-first's recall: breadth-first (0.25/0.5 + 0.5/0.5)/2 = (0.5 + 1)/2 = 0.75;
     * best-first 1; hub 0.75/0.5 = 1.5.
     */
    private static SuiteSummary summary() {
        GroundTruth r1 = truth("r1", "r2", "r3", "r4");
        SuiteSummary.TopicResult t1 = new SuiteSummary.TopicResult("t1", 4, 3, 2, 4, List.of(
                crawl("breadth-first", metrics(r1, "x", "r1", "y", "z"), 4, 2),
                crawl("best-first", metrics(r1, "r1", "r2", "x", "y"), 6, 3),
                crawl("hub", metrics(r1, "r1", "r2", "r3", "x"), 5, 4)), Duration.ofSeconds(65));
        GroundTruth r2 = truth("s1", "s2");
        SuiteSummary.TopicResult t2 = new SuiteSummary.TopicResult("t2", 2, 2, 2, 2, List.of(
                crawl("breadth-first", metrics(r2, "s1", "q"), 2, 1),
                crawl("best-first", metrics(r2, "q", "s1"), 2, 1)), Duration.ofSeconds(6));
        GroundTruth r3 = truth("u1", "u2", "u3", "u4");
        SuiteSummary.TopicResult t3 = new SuiteSummary.TopicResult("t3", 4, 4, 3, 2, List.of(
                crawl("breadth-first", metrics(r3, "u1", "v"), 2, 1),
                crawl("best-first", metrics(r3, "u1", "u2"), 2, 1)), Duration.ofSeconds(3723));
        return new SuiteSummary(List.of(t1, t2, t3), Duration.ofSeconds(3794));
    }

    @Test
    void eachRowIsMeasuredAtTheTopicsTruthSize() {
        List<SuiteSummary.Row> rows = summary().rows();
        assertEquals(7, rows.size());

        SuiteSummary.Row bfs = rows.get(0);
        assertEquals("t1", bfs.topic());
        assertEquals("breadth-first", bfs.strategy());
        assertEquals(4, bfs.truthSize());
        assertEquals(3, bfs.reachableRelevant());
        assertEquals(0.75, bfs.reachableShare(), EPS);
        assertEquals(0.25, bfs.recall(), EPS);
        assertEquals(1.0 / 3, bfs.recallOfReachable(), EPS);
        assertEquals(0.5, bfs.informedRecall(), EPS);         // the informed crawler found 2 of 4
        assertEquals(0.5, bfs.recallOfInformed(), EPS);       // 0.25 / 0.5
        assertEquals(2, bfs.halfR());
        assertEquals(0.5, bfs.harvestRateHalf(), EPS);
        assertEquals(0.25, bfs.harvestRate(), EPS);
        assertEquals(1.0, bfs.liftOverBreadthFirst(), EPS);
        assertEquals(0.5, bfs.liftOverBestFirst(), EPS);
        assertEquals(2.0, bfs.pagesPerSecond(), EPS);        // 4 pages in 2 s
        assertEquals(2.0, bfs.crawlSeconds(), EPS);
        assertEquals(0.25, bfs.duplicateRate(), EPS);          // y of x r1 y z

        SuiteSummary.Row best = rows.get(1);
        assertEquals(0.5, best.recall(), EPS);
        assertEquals(2.0 / 3, best.recallOfReachable(), EPS);
        assertEquals(1.0, best.harvestRateHalf(), EPS);
        assertEquals(2.0, best.liftOverBreadthFirst(), EPS);
        assertEquals(1.0, best.liftOverBestFirst(), EPS);
        assertEquals(2.0, best.pagesPerSecond(), EPS);       // 6 pages in 3 s
        // every page judged relevant by the crawler: P = 2 of 4 in R, R = 2 of 2 relevant judged
        assertEquals(0.5, best.crawlerPrecision(), EPS);
        assertEquals(1.0, best.crawlerRecall(), EPS);
        assertEquals(1, best.relevantHosts());

        SuiteSummary.Row hub = rows.get(2);
        assertEquals(0.75, hub.recall(), EPS);
        assertEquals(1.0, hub.recallOfReachable(), EPS);
        assertEquals(1.5, hub.recallOfInformed(), EPS);       // 0.75 / 0.5: the greedy informed crawl is beatable
        assertEquals(3.0, hub.liftOverBreadthFirst(), EPS);
        assertEquals(1.5, hub.liftOverBestFirst(), EPS);
        assertEquals(1.25, hub.pagesPerSecond(), EPS);       // 5 pages in 4 s

        SuiteSummary.Row t2best = rows.get(4);
        assertEquals("t2", t2best.topic());
        assertEquals(1, t2best.halfR());
        assertEquals(0.0, t2best.harvestRateHalf(), EPS);
        assertEquals(0.5, t2best.harvestRate(), EPS);
        assertEquals(1.0, t2best.reachableShare(), EPS);
        assertEquals(0.5, t2best.recallOfReachable(), EPS);
        assertEquals(1.0, t2best.liftOverBreadthFirst(), EPS);
    }

    @Test
    void measuresAtTruthSizeAreUndefinedWhenThePageLimitCutTheCrawlBefore() {
        SuiteSummary.Row t3 = summary().rows().get(5);
        assertEquals("t3", t3.topic());
        assertTrue(Double.isNaN(t3.recall()));
        assertTrue(Double.isNaN(t3.recallOfReachable()));
        assertTrue(Double.isNaN(t3.recallOfInformed()));
        assertEquals(0.75, t3.informedRecall(), EPS);
        assertTrue(Double.isNaN(t3.harvestRate()));
        assertTrue(Double.isNaN(t3.liftOverBreadthFirst()));
        assertEquals(0.5, t3.harvestRateHalf(), EPS);
        assertEquals(1.0, summary().rows().get(6).harvestRateHalf(), EPS);
    }

    @Test
    void meansPerStrategyLeaveUndefinedTopicsOut() {
        List<SuiteSummary.Mean> means = summary().means();
        assertEquals(List.of("breadth-first", "best-first", "hub"),
                means.stream().map(SuiteSummary.Mean::strategy).toList());
        assertEquals(0.375, means.get(0).recall(), EPS);
        assertEquals(2, means.get(0).recallTopics());
        assertEquals(0.75, means.get(0).ratioToBestFirst(), EPS);
        assertEquals(2, means.get(0).ratioTopics());
        assertEquals(0.5, means.get(1).recall(), EPS);
        assertEquals(1.0, means.get(1).ratioToBestFirst(), EPS);
        assertEquals(0.75, means.get(2).recall(), EPS);
        assertEquals(1, means.get(2).recallTopics());
        assertEquals(1.5, means.get(2).ratioToBestFirst(), EPS);
    }

    /*
     * A crawl of 2 x |R| pages (eval --suite --times-r 2): R = {s1, s2}, 4 pages.
     *   best-first     q s1 x s2   recall@|R| = recall@2 = 1/2   recall@end = recall@4 = 2/2 = 1
     *   breadth-first  q x y s1    recall@2 = 0                  recall@4 = 1/2
     *   hub            s1 q s2     its frontier ran dry after 3 pages: recall@end = recall@3 = 1, shown "@3"
     */
    @Test
    void recallAtEndReadsTheWholeOfALongerCrawl() {
        GroundTruth r = truth("s1", "s2");
        SuiteSummary s = new SuiteSummary(List.of(new SuiteSummary.TopicResult("t", 2, 2, 2, 4, List.of(
                crawl("breadth-first", metrics(r, "q", "x", "y", "s1"), 4, 1),
                crawl("best-first", metrics(r, "q", "s1", "x", "s2"), 4, 1),
                crawl("hub", metrics(r, "s1", "q", "s2"), 3, 1)), Duration.ofSeconds(2))), null);
        SuiteSummary.Row best = s.rows().get(1);
        assertEquals(0.5, best.recall(), EPS);
        assertEquals(4, best.endPages());
        assertEquals(1.0, best.recallAtEnd(), EPS);
        assertEquals(0.0, s.rows().get(0).recall(), EPS);
        assertEquals(0.5, s.rows().get(0).recallAtEnd(), EPS);
        assertEquals(1.0, s.means().get(1).recallAtEnd(), EPS);
        assertEquals(1, s.means().get(1).endTopics());
        assertTrue(s.table().contains("100.0% @4"), s.table());
        SuiteSummary.Row hub = s.rows().get(2);
        assertEquals(3, hub.endPages());
        assertEquals(1.0, hub.recallAtEnd(), EPS);
        assertTrue(s.table().contains("100.0% @3"), s.table());
    }

    @Test
    void ratiosAndMeansOfNothingAreUndefined() {
        assertEquals(0.6, SuiteSummary.ratio(0.3, 0.5), EPS);
        assertTrue(Double.isNaN(SuiteSummary.ratio(0.3, 0.0)), "best-first found nothing");
        assertTrue(Double.isNaN(SuiteSummary.ratio(Double.NaN, 0.5)));
        assertTrue(Double.isNaN(SuiteSummary.mean(List.of())));
        assertEquals(2.0, SuiteSummary.mean(List.of(1.0, 2.0, 3.0)), EPS);
        // a topic without best-first: no lift over it, no ratio to it
        GroundTruth r = truth("a");
        SuiteSummary s = new SuiteSummary(List.of(new SuiteSummary.TopicResult("t", 1, 1, 1, 1,
                List.of(crawl("breadth-first", metrics(r, "a"), 1, 1)), Duration.ofSeconds(1))), null);
        assertTrue(Double.isNaN(s.rows().get(0).liftOverBestFirst()));
        assertEquals(1.0, s.rows().get(0).liftOverBreadthFirst(), EPS);
        assertEquals(0, s.means().get(0).ratioTopics());
        assertTrue(s.table().contains("Suite under way: 1 topic(s) done."), s.table());
    }

    @Test
    void reachableShareOfAnEmptyTruthIsUndefined() {
        assertEquals(0.75, new Reachability(10, 3, 4, 2).share(), EPS);
        assertEquals(0.5, new Reachability(10, 3, 4, 2).informedShare(), EPS);
        assertTrue(Double.isNaN(new Reachability(0, 0, 0, 0).share()));
        assertTrue(Double.isNaN(new Reachability(0, 0, 0, 0).informedShare()));
    }

    @Test
    void textCsvAndMarkdownShowTheSameNumbers(@TempDir Path dir) throws Exception {
        SuiteSummary s = summary();
        String text = s.table();
        assertTrue(text.contains("3 (75.0%)"), text);               // t1's reachable part of R
        assertTrue(text.contains("33.3%"), text);                   // breadth-first's recall / reachable share
        assertTrue(text.contains("Suite: 1h03m14s."), text);
        assertTrue(text.contains("t1 1m05s, t2 6s, t3 1h02m03s"), text);

        String[] csv = s.csv().split("\n");
        assertEquals("topic,strategy,truth_size,reachable,reachable_share,recall_at_r,recall_of_reachable,"
                + "informed_recall_at_r,recall_of_informed,half_r,hr_at_half_r,hr_at_r,lift_over_breadth_first,"
                + "lift_over_best_first,crawler_precision,crawler_recall,relevant_hosts,duplicate_rate,pages_per_second,"
                + "crawl_seconds,end_pages,recall_at_end",
                csv[0]);
        assertEquals("t1,hub,4,3,0.7500,0.7500,1.0000,0.5000,1.5000,2,1.0000,0.7500,3.0000,1.5000,0.7500,1.0000,1,"
                + "0.0000,1.2500,4.0000,4,0.7500", csv[3]);
        assertEquals("t1,best-first,4,3,0.7500,0.5000,0.6667,0.5000,1.0000,2,1.0000,0.5000,2.0000,1.0000,0.5000,"
                + "1.0000,1,0.2500,2.0000,3.0000,4,0.5000", csv[2]);
        // t3's crawl stopped at 2 pages: recall@|R| undefined, recall@end = recall@2 = 1/4 (u1 of u1 v)
        assertEquals("t3,breadth-first,4,4,1.0000,,,0.7500,,2,0.5000,,,,0.5000,1.0000,1,0.0000,2.0000,1.0000,2,"
                + "0.2500", csv[6]);
        String[] means = s.meansCsv().split("\n");
        // recall@end of breadth-first: t1 1/4, t2 1/2, t3 1/4: (0.25 + 0.5 + 0.25) / 3 = 1/3, over 3 topics
        assertEquals("breadth-first,2,0.3750,2,0.7500,3,0.3333", means[1]);
        assertEquals("hub,1,0.7500,1,1.5000,1,0.7500", means[3]);

        String md = s.markdown();
        assertTrue(md.startsWith("| topic | strategy | \\|R\\| | reachable | recall@\\|R\\| |"), md);
        assertTrue(md.contains("| t1 | hub | 4 | 3 (75.0%) | 75.0% | 100.0% | 50.0% | 150.0% | 75.0% | 100.0% | 75.0% "
                + "| 3.00 | 1.50 |"), md);
        assertTrue(md.contains("| breadth-first | 2 | 37.5% | 0.75 | 33.3% (3 topics) |"), md);
        assertTrue(md.contains("| t3 | breadth-first | 4 | 4 (100.0%) | - | - | 75.0% | - | 25.0% @2 |"), md);

        s.writeFiles(dir);
        for (String f : List.of("table.txt", "table.csv", "means.csv", "summary.md")) {
            assertTrue(Files.size(dir.resolve(f)) > 0, f);
        }
        assertEquals(md, Files.readString(dir.resolve("summary.md")));
    }

    @Test
    void durationsRead() {
        assertEquals("6s", SuiteSummary.duration(Duration.ofMillis(6400)));
        assertEquals("4m05s", SuiteSummary.duration(Duration.ofSeconds(245)));
        assertEquals("1h02m03s", SuiteSummary.duration(Duration.ofSeconds(3723)));
    }
}
