package org.topicstorm.priority;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RegionHarvestTest {

    private static RegionHarvest.Count count(long judged, long relevant) {
        return new RegionHarvest.Count(judged, relevant);
    }

    /** 10 judged pages, 4 relevant: 3 of 4 in h/calc (2 of 2 in h/calc/func*), 1 of 6 elsewhere on h. */
    private static final RegionHarvest.State STATE = new RegionHarvest.State(3, count(10, 4),
            Map.of("h", count(10, 4), "h/calc", count(4, 3), "h/calc/func*", count(2, 2),
                    "h/writer", count(5, 0)));

    @Test
    void eachRegionShrinksTowardsTheOneAroundIt() {
        RegionHarvest r = new RegionHarvest(STATE, 2);
        // crawl: (4 + 1) / (10 + 2) = 5/12
        assertEquals(5.0 / 12, r.crawlHarvest(), 1e-12);
        double host = (4 + 2 * 5.0 / 12) / (10 + 2);        // 0.402777...
        double calc = (3 + 2 * host) / (4 + 2);             // 0.634259...
        double func = (2 + 2 * calc) / (2 + 2);             // 0.817129...
        assertEquals(host, r.estimate(List.of("h")), 1e-12);
        assertEquals(func, r.estimate(List.of("h", "h/calc", "h/calc/func*")), 1e-12);
        // a region without judged pages (h/calc/guide) stops the descent: the estimate is h/calc's
        assertEquals(calc, r.estimate(List.of("h", "h/calc", "h/calc/guide", "h/calc/guide/x*")), 1e-12);
        // nothing known about another host: the crawl's harvest
        assertEquals(5.0 / 12, r.estimate(List.of("other")), 1e-12);
    }

    @Test
    void theFactorIsTheOddsOfTheEstimateOverTheOddsOfTheCrawl() {
        RegionHarvest r = new RegionHarvest(STATE, 2);
        double host = (4 + 2 * 5.0 / 12) / 12;
        double calc = (3 + 2 * host) / 6;
        double func = (2 + 2 * calc) / 4;
        double crawlOdds = (5.0 / 12) / (7.0 / 12);       // 5/7
        assertEquals(func / (1 - func) / crawlOdds, r.factor("http://h/calc/func_hour.html"), 1e-12);
        assertEquals(func / (1 - func) / crawlOdds, r.regionFactor("h/calc/func*"), 1e-12);
        // h/writer: (0 + 2 x host) / 7
        double writer = 2 * host / 7;
        assertEquals(writer / (1 - writer) / crawlOdds, r.factor("http://h/writer/tables.html"), 1e-12);
        assertEquals(1.0, r.factor("http://other/page.html"), 1e-12);
        assertEquals(1.0, RegionHarvest.NONE.factor("http://h/calc/func_hour.html"), 0);
    }

    @Test
    void aLargerPseudoCountTrustsFewPagesLess() {
        RegionHarvest weak = new RegionHarvest(STATE, 50);
        RegionHarvest strong = new RegionHarvest(STATE, 0.5);
        double f = new RegionHarvest(STATE, 2).factor("http://h/calc/func_x.html");
        assertEquals(true, weak.factor("http://h/calc/func_x.html") < f);
        assertEquals(true, strong.factor("http://h/calc/func_x.html") > f);
    }

    @Test
    void estimatesAreClippedLikeLifts() {
        // 1000 of 1000 relevant in h/a, none elsewhere: the estimate is clipped at 0.99
        RegionHarvest r = new RegionHarvest(new RegionHarvest.State(1, count(2000, 1000),
                Map.of("h", count(2000, 1000), "h/a", count(1000, 1000))), 2);
        double crawl = 1001.0 / 2002;
        assertEquals(99 / (crawl / (1 - crawl)), r.factor("http://h/a/x.html"), 1e-9);
    }

    @Test
    void chainsAndBadCounts() {
        assertEquals(List.of("h", "h/a", "h/a/b*"), RegionHarvest.chain("h/a/b*"));
        assertEquals(List.of("127.0.0.1:80"), RegionHarvest.chain("127.0.0.1:80"));
        assertThrows(IllegalArgumentException.class, () -> count(1, 2));
        assertThrows(IllegalArgumentException.class, () -> count(-1, 0));
        assertThrows(IllegalArgumentException.class, () -> new RegionHarvest(STATE, 0));
        assertEquals(true, RegionHarvest.NONE.state().regions().isEmpty());
    }
}
