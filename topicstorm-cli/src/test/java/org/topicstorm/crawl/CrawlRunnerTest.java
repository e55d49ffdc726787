package org.topicstorm.crawl;

import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CrawlRunnerTest {

    /**
     * A configuration built in code (an evaluation, a benchmark, a test) is checked too, before anything starts: the
     * Elasticsearch address here is a closed port and there is no topology, so getting further would fail otherwise.
     */
    @Test
    void aWrongTypedValueStopsTheRunBeforeAnythingStarts() throws Exception {
        Topic topic = TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {solar: 1.0}
                seeds: [https://example.org/]
                """, "t.yaml");
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put("es.addresses", List.of("http://127.0.0.1:9"));
        conf.put("fetcher.threads.number", "lots");
        CrawlRunner.Request request = new CrawlRunner.Request(topic, new CrawlIndices("t"), conf, null, 10, null);
        CrawlConf.ConfException e = assertThrows(CrawlConf.ConfException.class,
                () -> new CrawlRunner(line -> { }).run(request));
        assertEquals("the crawl's configuration: key 'fetcher.threads.number' must be a whole number from 1 to 10000, "
                + "got the string 'lots'", e.getMessage());
    }

    /** The status index's counts change at 0.3 s (a page written), then stay: the topology stops 1 s after that. */
    @Test
    void aDrainEndsOnceTheCountsHaveBeenQuietForTheQuietPeriod() {
        CrawlRunner.Drain d = new CrawlRunner.Drain(10_000, 1000, 3000);
        assertFalse(d.done(10_000, 5L));
        assertFalse(d.done(10_300, 6L));
        assertFalse(d.done(11_200, 6L));    // 0.9 s since the change
        assertTrue(d.done(11_300, 6L));     // 1.0 s
    }

    /** No change at all: the quiet period counts from the first reading, right after the spout's stop. */
    @Test
    void aDrainWithNothingInFlightEndsAfterTheQuietPeriod() {
        CrawlRunner.Drain d = new CrawlRunner.Drain(0, 1000, 3000);
        assertFalse(d.done(0, 7L));
        assertFalse(d.done(999, 7L));
        assertTrue(d.done(1000, 7L));
    }

    /** Pages keep landing every 0.5 s: the drain ends at its bound, 3 s after the spout stopped. */
    @Test
    void aDrainThatNeverGoesQuietEndsAtItsBound() {
        CrawlRunner.Drain d = new CrawlRunner.Drain(0, 1000, 3000);
        long n = 0;
        for (long t = 0; t < 3000; t += 500) {
            assertFalse(d.done(t, n++), "at " + t);
        }
        assertTrue(d.done(3000, n));
    }

    /** The quiet period counts from the first reading: one 0.5 s after the stop ends the drain 1 s later. */
    @Test
    void aLateFirstReadingStartsTheQuietPeriodThere() {
        CrawlRunner.Drain d = new CrawlRunner.Drain(0, 1000, 3000);
        assertFalse(d.done(500, 9L));
        assertFalse(d.done(1400, 9L));
        assertTrue(d.done(1500, 9L));
    }
}
