package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FreshnessTest {

    @Test
    void aPageAppearsWhenItSaysItWasPublishedElseWhenItsUrlWasFirstSeen() {
        // published at 1,000, seen at 5,000, fetched at 9,500: 8,500 ms after it appeared
        assertEquals(new Freshness(1_000, 8_500, true), Freshness.of(5_000, 1_000L, 9_500));
        // no publication time: from first seen, 4,500 ms
        assertEquals(new Freshness(5_000, 4_500, false), Freshness.of(5_000, null, 9_500));
        // a publication time after the fetch (a wrong clock, a scheduled post) is not believed
        assertEquals(new Freshness(5_000, 4_500, false), Freshness.of(5_000, 10_000L, 9_500));
        // published after the URL was first seen (an announced page): its own time, 500 ms
        assertEquals(new Freshness(9_000, 500, true), Freshness.of(5_000, 9_000L, 9_500));
        // never below 0
        assertEquals(new Freshness(9_500, 0, false), Freshness.of(12_000, null, 9_500));
    }
}
