package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PatternBudgetTest {

    private static final String CAL = "h/cal?month=N&year={date}";
    private static final String DOCS = "h/en-US/text/shared/N/N.html";

    @Test
    void theLimitIsTheFloorOrTheShareOfTheCrawlWhicheverIsMore() {
        PatternBudget b = new PatternBudget(1000, 0.25, 100);
        assertEquals(1000, b.limit(DOCS, 0));
        assertEquals(1000, b.limit(DOCS, 4000), "0.25 x 4000 = 1000");
        assertEquals(1000, b.limit(DOCS, 4003), "floor(0.25 x 4003) = floor(1000.75) = 1000");
        assertEquals(1001, b.limit(DOCS, 4004), "0.25 x 4004 = 1001");
        assertEquals(25_000, b.limit(DOCS, 100_000), "0.25 x 100,000");
        // a calendar has its own fixed limit, whatever the crawl's size
        assertEquals(100, b.limit(CAL, 0));
        assertEquals(100, b.limit(CAL, 1_000_000));
    }

    @Test
    void zeroTurnsALimitOff() {
        assertEquals(Long.MAX_VALUE, new PatternBudget(0, 0.25, 100).limit(DOCS, 1_000_000));
        // without a calendar limit a calendar pattern counts as any other
        assertEquals(1000, new PatternBudget(1000, 0.25, 0).limit(CAL, 10));
        assertFalse(PatternBudget.NONE.enabled());
        assertTrue(new PatternBudget(0, 0, 5).enabled());
    }

    @Test
    void aPatternIsCappedByItsCountPlusWhatWasEmittedSince() {
        PatternBudget b = new PatternBudget(10, 0.5, 3);
        Map<String, Long> counted = Map.of(CAL, 2L, DOCS, 9L, "h/other", 4L);
        Map<String, Long> emitted = new HashMap<>();
        // total 20: limit of others max(10, 0.5 x 20 = 10) = 10; calendar 3
        assertEquals(Set.of(), b.capped(counted, emitted, 20));
        emitted.put(CAL, 1L);
        emitted.put(DOCS, 1L);
        assertEquals(Set.of(CAL), b.capped(counted, emitted, 22),
                "calendar: 2 + 1 = 3 >= 3; docs: 9 + 1 = 10 < max(10, floor(0.5 x 22) = 11)");
    }

    @Test
    void theShareLetsAPatternGrowWithTheCrawl() {
        PatternBudget b = new PatternBudget(10, 0.5, 3);
        Map<String, Long> counted = Map.of(DOCS, 11L);
        // 11 >= max(10, floor(0.5 x 22) = 11): capped; at 24 fetched the limit is 12: not capped
        assertEquals(Set.of(DOCS), b.capped(counted, Map.of(), 22));
        assertEquals(Set.of(), b.capped(counted, Map.of(), 24));
        // emitted alone count too (a pattern the index has not counted yet)
        assertEquals(Set.of("h/new/N"), b.capped(Map.of(), Map.of("h/new/N", 10L), 12));
    }

    @Test
    void configurationIsCheckedNamingTheKey() {
        assertEquals(new PatternBudget(1000, 0.25, 100), PatternBudget.fromConf(Map.of()));
        assertEquals(new PatternBudget(50, 0.1, 7), PatternBudget.fromConf(Map.of(PatternBudget.PATTERN_PAGES, 50,
                PatternBudget.PATTERN_SHARE, "0.1", PatternBudget.CALENDAR_PAGES, "7")));
        for (Map<String, Object> bad : java.util.List.<Map<String, Object>>of(
                Map.of(PatternBudget.PATTERN_PAGES, "lots"),
                Map.of(PatternBudget.PATTERN_PAGES, -1),
                Map.of(PatternBudget.CALENDAR_PAGES, 1.5),
                Map.of(PatternBudget.PATTERN_SHARE, 1.5),
                Map.of(PatternBudget.PATTERN_SHARE, "half"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PatternBudget.fromConf(bad));
            String key = bad.keySet().iterator().next();
            assertTrue(e.getMessage().contains("'" + key + "'"), e.getMessage());
        }
    }
}
