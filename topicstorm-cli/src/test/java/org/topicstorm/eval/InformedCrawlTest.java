package org.topicstorm.eval;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InformedCrawlTest {

    /**
     * S -> A, B; A -> a1, a2; B -> X; X -> x1, x2, x3. Relevant: a1, a2, x1, x2, x3 (and a1's other spelling a1#).
     * The informed crawl fetches S (the only URL it knows), then A (one hop from a1, where B is three from x1), a1,
     * a2; then B, X, x1, x2, x3.
     */
    private static final Map<String, List<String>> GRAPH = Map.of(
            "S", List.of("A", "B"),
            "A", List.of("a1", "a2", "a1#"),
            "B", List.of("X"),
            "X", List.of("x1", "x2", "x3"));
    private static final Set<String> RELEVANT = Set.of("a1", "a2", "x1", "x2", "x3");
    private static final Function<String, String> KEY = url -> {
        String page = url.replace("#", "");
        return RELEVANT.contains(page) ? page : null;
    };

    @Test
    void theNearestRelevantRegionIsOpenedFirst() {
        assertEquals(0, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 2, 0));  // S, A
        assertEquals(2, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 4, 0));  // S, A, a1, a2
        assertEquals(2, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 6, 0));  // + B, X
        assertEquals(4, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 8, 0));  // + x1, x2
    }

    @Test
    void aPageFoundUnderTwoSpellingsCountsOnceAndTheCrawlStopsWhenNothingIsLeft() {
        // a1# is never fetched: a1 was found first; after x3 nothing relevant is within reach
        assertEquals(5, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 9, 0));
        assertEquals(5, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 100, 0));
    }

    @Test
    void seedsAreFetchedLikeAnyURLAndARelevantSeedCounts() {
        // from the seeds X and S: x1, x2, x3 are known after one fetch (X), then S, A, a1, a2
        assertEquals(3, InformedCrawl.relevantFound(GRAPH, List.of("S", "X"), KEY, 4, 0));
        assertEquals(5, InformedCrawl.relevantFound(GRAPH, List.of("S", "X"), KEY, 8, 0));
        assertEquals(1, InformedCrawl.relevantFound(GRAPH, List.of("x1"), KEY, 5, 0));
        assertEquals(0, InformedCrawl.relevantFound(GRAPH, List.of(), KEY, 5, 0));
    }

    @Test
    void theDepthLimitIsTheCrawlsOwn() {
        // max-depth 2: a1, a2 and X (depth 2) are fetched, X's links are not followed; nothing else is in reach
        assertEquals(2, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 100, 2));
        // max-depth 3: x1, x2, x3 (depth 3) too
        assertEquals(5, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 100, 3));
        assertEquals(0, InformedCrawl.relevantFound(GRAPH, List.of("S"), KEY, 100, 1));
    }
}
