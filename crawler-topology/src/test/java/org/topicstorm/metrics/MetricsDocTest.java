package org.topicstorm.metrics;

import org.junit.jupiter.api.Test;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.frontier.CrawlState;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class MetricsDocTest {

    private static CrawlStats.Counts counts(long done, long discarded, long waiting, long exception, long due) {
        return new CrawlStats.Counts(Map.of(CrawlState.DONE, done, CrawlState.DISCARDED, discarded,
                CrawlState.WAITING, waiting, CrawlState.EXCEPTION, exception, CrawlState.REDIRECTED, 1L), due);
    }

    @Test
    void theFirstSampleHasCountsAndNoRates() {
        MetricsDoc m = MetricsDoc.of("c", 10_000, counts(3, 1, 20, 2, 15), null);
        assertEquals(4, m.fetched());
        assertEquals(3, m.relevant());
        assertEquals(0.75, m.harvestRate(), 1e-12); // 3 / 4
        assertEquals(20, m.waiting());
        assertEquals(15, m.due());
        assertEquals(2, m.exceptions());
        assertEquals(27, m.known()); // 3 + 1 + 20 + 2 + 1 redirected
        assertEquals(0.0, m.pagesPerSecond());
        assertEquals(0.0, m.relevantPerSecond());
    }

    @Test
    void ratesAreTheDifferencesOverTheTimeBetweenSamples() {
        MetricsDoc first = MetricsDoc.of("c", 10_000, counts(3, 1, 20, 2, 15), null);
        // 2.5 s later: fetched 4 -> 14 (10 pages), relevant 3 -> 8 (5 pages)
        MetricsDoc second = MetricsDoc.of("c", 12_500, counts(8, 6, 30, 2, 25), first);
        assertEquals(4.0, second.pagesPerSecond(), 1e-12);    // 10 / 2.5
        assertEquals(2.0, second.relevantPerSecond(), 1e-12); // 5 / 2.5
    }

    @Test
    void aCountThatWentDownGivesARateOfZeroNotANegativeOne() {
        MetricsDoc first = MetricsDoc.of("c", 1_000, counts(5, 5, 0, 0, 0), null);
        // a re-fetch judged a relevant page irrelevant: relevant 5 -> 4, fetched unchanged
        MetricsDoc second = MetricsDoc.of("c", 2_000, counts(4, 6, 0, 0, 0), first);
        assertEquals(0.0, second.relevantPerSecond());
        assertEquals(0.0, second.pagesPerSecond());
    }

    @Test
    void theDuplicateRateIsBothKindsOverTheRelevantPages() {
        MetricsDoc m = MetricsDoc.of("c", 1_000, counts(40, 10, 0, 0, 0), null)
                .withDuplicates(new CrawlStats.Duplicates(3, 2));
        assertEquals(3, m.nearDuplicates());
        assertEquals(2, m.canonicalCopies());
        assertEquals(0.125, m.duplicateRate(), 1e-12);   // (3 + 2) / 40
        assertEquals(0.0, new CrawlStats.Duplicates(0, 0).rate(0));
        assertEquals(0.0, MetricsDoc.of("c", 1_000, counts(0, 1, 0, 0, 0), null)
                .withDuplicates(new CrawlStats.Duplicates(0, 0)).duplicateRate());
    }

    @Test
    void freshnessAndRevisitsTravelWithTheSampleAndSurviveTheOtherParts() {
        MetricsDoc m = MetricsDoc.of("c", 1_000, counts(40, 10, 0, 0, 0), null)
                .withFreshness(new CrawlStats.FreshnessStats(12, 1_500.0, 9_000.0), new CrawlStats.Revisits(30, 7))
                .withJudging(0.3, 5).withDuplicates(new CrawlStats.Duplicates(1, 0));
        assertEquals(1_500.0, m.freshnessP50());
        assertEquals(9_000.0, m.freshnessP95());
        assertEquals(30, m.revisits());
        assertEquals(7, m.revisitsChanged());
        assertEquals(0.025, m.duplicateRate(), 1e-12);   // 1 / 40
        assertEquals(null, MetricsDoc.of("c", 1_000, counts(0, 1, 0, 0, 0), null)
                .withFreshness(CrawlStats.FreshnessStats.NONE, new CrawlStats.Revisits(0, 0)).freshnessP50());
    }
}
