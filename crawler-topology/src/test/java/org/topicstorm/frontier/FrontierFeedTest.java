package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The spout's logic against a scripted reader (queries run on the caller's thread). */
class FrontierFeedTest {

    /** A reader that returns the due docs not left out, best first, and records each query. */
    private static final class ScriptedReader implements FrontierFeed.BatchReader {
        final List<StatusDoc> due = new ArrayList<>();
        final List<Long> queriedAt = new ArrayList<>();
        final List<Collection<String>> leftOut = new ArrayList<>();

        @Override
        public List<StatusDoc> nextBatch(int shard, long now, Collection<String> done) {
            queriedAt.add(now);
            leftOut.add(List.copyOf(done));
            return due.stream().filter(d -> !done.contains(d.url()))
                    .sorted(Comparator.comparingDouble(StatusDoc::priority).reversed()).toList();
        }
    }

    private static StatusDoc doc(String url, double priority) {
        return new StatusDoc(url, UrlIds.host(url), "DISCOVERED", CrawlState.WAITING, null, null, priority, 0L, 1, 0,
                0, List.of(), null, null, null, 0, 0, 0, null, null, 0, Map.of());
    }

    @Test
    void afterANothingNewBatchItWaitsTheIntervalUnlessAUrlWasAcked() {
        ScriptedReader reader = new ScriptedReader();
        reader.due.add(doc("http://a.test/1", 0.9));
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(5000, 0), 1000, 5000, Runnable::run);

        assertEquals("http://a.test/1", feed.next(0).url());
        // buffer empty: a query at 10 returns only the in-flight URL, so the next is due at 10 + 1000
        assertNull(feed.next(10));
        assertNull(feed.next(500));
        assertEquals(List.of(0L, 10L), reader.queriedAt, "no query before the interval");

        // the ack frees the host's place: the next call queries at once (500 < 1010)
        reader.due.add(doc("http://a.test/2", 0.5));
        feed.acked("http://a.test/1", 500);
        assertEquals("http://a.test/2", feed.next(501).url());
        assertEquals(List.of(0L, 10L, 501L), reader.queriedAt);
        // and that query left out the URL acked at 500 (purgatory until 5500)
        assertEquals(List.of("http://a.test/1"), reader.leftOut.get(2));
    }

    @Test
    void aFailedUrlAlsoTriggersAQueryAndComesBack() {
        ScriptedReader reader = new ScriptedReader();
        reader.due.add(doc("http://a.test/1", 0.9));
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(5000, 0), 1000, 5000, Runnable::run);
        assertEquals("http://a.test/1", feed.next(0).url());
        assertNull(feed.next(10));
        feed.failed("http://a.test/1", 15);
        // with no back-off: replayed from the frontier at once, not after the interval, and not left out
        assertEquals("http://a.test/1", feed.next(20).url());
        assertEquals(List.of(), reader.leftOut.get(2));
    }

    @Test
    void aFailedUrlBacksOffAndIsLeftOutMeanwhile() {
        ScriptedReader reader = new ScriptedReader();
        reader.due.add(doc("http://a.test/1", 0.9));
        reader.due.add(doc("http://a.test/2", 0.5));
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(5000, 2000), 1000, 5000, Runnable::run);
        assertEquals("http://a.test/1", feed.next(0).url());
        feed.failed("http://a.test/1", 10);
        assertEquals("http://a.test/2", feed.next(20).url(), "the host's next URL, from the same batch");
        assertNull(feed.next(30), "a2 in flight, a1 backing off until 2010");
        assertEquals(List.of("http://a.test/1"), reader.leftOut.get(reader.leftOut.size() - 1),
                "the query at 30 left out the URL that is backing off");
        assertNull(feed.next(2009));
        // the query at 2009 found nothing new, so the next one is at 2009 + 1000
        assertEquals("http://a.test/1", feed.next(3009).url(), "back once its back-off is over");
    }

    @Test
    void aStaleBatchIsDroppedAndTheFrontierAskedAgain() {
        ScriptedReader reader = new ScriptedReader();
        reader.due.add(doc("http://a.test/1", 0.9));
        reader.due.add(doc("http://b.test/1", 0.5));
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(5000, 0), 1000, 5000, Runnable::run);
        assertEquals("http://a.test/1", feed.next(0).url());
        // b.test/1 was in that batch but is handed out only 6 s later: the batch is too old, ask again
        reader.due.remove(1);
        assertNull(feed.next(6000), "the stale entry is not emitted; the new query has nothing new");
        assertEquals(List.of(0L, 6000L), reader.queriedAt);
    }

    /**
     * A feed whose start lasts {@code settlePages} completions and waits at most 1000 ms (its minimum query interval is
     * 300 ms, as in evaluation crawls), after it emitted two seeds a1 and b1 at 0 and 1.
     */
    private static FrontierFeed withTwoSeedsInFlight(ScriptedReader reader, long settlePages) {
        reader.due.add(doc("http://a.test/1", 0.9));
        reader.due.add(doc("http://b.test/1", 0.5));
        return emittingAllDue(reader, new FrontierFeed(reader, 0, new InFlight(5000, 0), 300, 5000, settlePages, 1000,
                0, 0, Runnable::run));
    }

    /** Emits the reader's due URLs (its first batch), best first, one a millisecond from 0; then returns the feed. */
    private static FrontierFeed emittingAllDue(ScriptedReader reader, FrontierFeed feed) {
        List<String> due = reader.due.stream().sorted(Comparator.comparingDouble(StatusDoc::priority).reversed())
                .map(StatusDoc::url).toList();
        for (int i = 0; i < due.size(); i++) {
            assertEquals(due.get(i), feed.next(i).url());
        }
        return feed;
    }

    @Test
    void atTheStartAQueryWaitsUntilNoUrlIsInFlight() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withTwoSeedsInFlight(reader, 10);
        // the buffer is empty and both seeds are in flight: no query (without the wait: one at 2, finding nothing)
        assertNull(feed.next(2));
        feed.acked("http://a.test/1", 100);
        reader.due.add(doc("http://a.test/2", 0.8)); // a1's outlink
        assertNull(feed.next(101), "b1 is still in flight: its outlinks are not in the frontier yet");
        assertEquals(List.of(0L), reader.queriedAt);
        feed.acked("http://b.test/1", 200);
        reader.due.add(doc("http://b.test/2", 0.95)); // b1's outlink, better than a1's
        assertEquals("http://b.test/2", feed.next(201).url(), "chosen knowing both seeds' outlinks");
        assertEquals(List.of(0L, 201L), reader.queriedAt);
    }

    @Test
    void aSlowUrlHoldsTheStartsQueriesForAtMostTheSettleBoundNotTheMinimumInterval() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withTwoSeedsInFlight(reader, 10);
        feed.acked("http://a.test/1", 50);
        reader.due.add(doc("http://a.test/2", 0.8));
        assertNull(feed.next(301), "b1 in flight: the minimum interval (300 ms) does not end the wait");
        assertNull(feed.next(999), "b1 in flight, 999 ms after the last query");
        assertEquals("http://a.test/2", feed.next(1000).url(), "1000 ms after the last query: asked anyway");
        assertEquals(List.of(0L, 1000L), reader.queriedAt);
    }

    @Test
    void pastTheStartAnAckTriggersAQueryAtOnceAgain() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withTwoSeedsInFlight(reader, 1); // one completion is the start
        assertNull(feed.next(2));
        feed.acked("http://a.test/1", 100);
        reader.due.add(doc("http://a.test/2", 0.8));
        assertEquals("http://a.test/2", feed.next(101).url(), "b1 in flight, but the start is over");
        assertEquals(List.of(0L, 101L), reader.queriedAt);
    }

    /**
     * A feed whose start waits at most 1000 ms after a query, longer while pages come back less than 500 ms apart,
     * after it emitted {@code seeds} seeds s1, s2, ... at 0, 1, ... (all in the first batch).
     */
    private static FrontierFeed withSeedsInFlight(ScriptedReader reader, int seeds) {
        for (int i = 1; i <= seeds; i++) {
            reader.due.add(doc("http://s" + i + ".test/", 1.0 - i / 100.0));
        }
        FrontierFeed feed = emittingAllDue(reader, new FrontierFeed(reader, 0, new InFlight(5000, 0), 300, 5000, 100,
                1000, 500, 0, Runnable::run));
        reader.due.add(doc("http://b.test/1", 0.5)); // an outlink of the seeds back so far
        return feed;
    }

    @Test
    void pastTheBoundTheStartWaitsWhilePagesAreStillComingBack() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withSeedsInFlight(reader, 3);
        feed.acked("http://s1.test/", 900);
        assertNull(feed.next(1000), "the bound (1000 ms) is reached, but s1 came back 100 ms ago");
        feed.acked("http://s2.test/", 1300);
        assertNull(feed.next(1799), "s2 came back at 1300: waiting until 1800");
        assertEquals("http://b.test/1", feed.next(1800).url(), "500 ms without a page back: s3 is not waited for");
        assertEquals(List.of(0L, 1800L), reader.queriedAt);
    }

    @Test
    void aServerThatSendsNothingBackEndsTheWaitAtTheBound() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withSeedsInFlight(reader, 2);
        feed.acked("http://s1.test/", 100);
        assertNull(feed.next(999));
        // s1 came back long before the bound, s2 never does: the wait ends at the bound, as without the quiet rule
        assertEquals("http://b.test/1", feed.next(1000).url());
        assertEquals(List.of(0L, 1000L), reader.queriedAt);
    }

    @Test
    void aBusyStartIsWaitedForAtMostFiveTimesTheBound() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withSeedsInFlight(reader, 14);
        // a page back every 400 ms (s1 at 400 ... s12 at 4800), s13 and s14 still in flight
        for (int i = 1; i <= 12; i++) {
            feed.acked("http://s" + i + ".test/", 400L * i);
            assertNull(feed.next(400L * i + 1), "pages still coming back at " + (400L * i + 1));
        }
        assertNull(feed.next(4999));
        assertEquals("http://b.test/1", feed.next(5000).url(), "5 x the 1000 ms bound after the query");
        assertEquals(List.of(0L, 5000L), reader.queriedAt);
    }

    /**
     * A feed past its start (no settle) that queries one batch ahead while fewer than {@code aheadBelow} URLs are in
     * flight, with a1 and a2 emitted from its first batch.
     */
    private static FrontierFeed withABatchInFlight(ScriptedReader reader, long aheadBelow) {
        reader.due.add(doc("http://a.test/1", 0.9));
        reader.due.add(doc("http://a.test/2", 0.8));
        return emittingAllDue(reader, new FrontierFeed(reader, 0, new InFlight(5000, 0), 1000, 5000, 0, 0, 0,
                aheadBelow, Runnable::run));
    }

    @Test
    void belowTheBoundTheNextQueryLeavesTheUrlsInFlightOut() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withABatchInFlight(reader, 3);
        reader.due.add(doc("http://a.test/3", 0.7));
        // 2 in flight < 3: the query at 2 leaves a1 and a2 out, so a3 comes while they are still being fetched
        assertEquals("http://a.test/3", feed.next(2).url());
        assertEquals(List.of(0L, 2L), reader.queriedAt);
        assertEquals(List.of("http://a.test/1", "http://a.test/2"),
                reader.leftOut.get(1).stream().sorted().toList());
        // 3 in flight, not below 3: the next query leaves nothing out (the URLs in flight hold their places)
        reader.due.add(doc("http://a.test/4", 0.6));
        assertEquals("http://a.test/4", feed.next(3).url(), "the scripted reader has no host places; a4 is new");
        assertEquals(List.of(), reader.leftOut.get(2));
    }

    @Test
    void withoutTheAheadTheUrlsInFlightAreNotLeftOut() {
        ScriptedReader reader = new ScriptedReader();
        FrontierFeed feed = withABatchInFlight(reader, 0);
        assertNull(feed.next(2), "only a1 and a2 are due, both in flight");
        assertEquals(List.of(), reader.leftOut.get(1));
    }

    @Test
    void duringTheStartNoQueryRunsAhead() {
        ScriptedReader reader = new ScriptedReader();
        reader.due.add(doc("http://a.test/1", 0.9));
        FrontierFeed feed = new FrontierFeed(reader, 0, new InFlight(5000, 0), 300, 5000, 2, 1000, 0, 10,
                Runnable::run);
        assertEquals("http://a.test/1", feed.next(0).url());
        reader.due.add(doc("http://a.test/2", 0.8));
        assertNull(feed.next(1), "the start waits for a1");
        // the start's wait ends 1000 ms after the last query with a1 still in flight: that query leaves a1 in
        assertEquals("http://a.test/2", feed.next(1000).url());
        assertEquals(List.of(), reader.leftOut.get(1));
        feed.acked("http://a.test/1", 1100);
        feed.acked("http://a.test/2", 1200); // two completions: the start is over
        reader.due.add(doc("http://a.test/3", 0.7));
        assertEquals("http://a.test/3", feed.next(1201).url());
        reader.due.add(doc("http://a.test/4", 0.6));
        assertEquals("http://a.test/4", feed.next(1202).url());
        assertEquals(List.of(0L, 1000L, 1201L, 1202L), reader.queriedAt);
        assertTrue(reader.leftOut.get(3).contains("http://a.test/3"), "past the start, a3 in flight is left out");
    }

    @Test
    void aNegativeStartIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new FrontierFeed(
                new ScriptedReader(), 0, new InFlight(5000, 0), 1000, 5000, -1, 1000, 0, 0, Runnable::run));
        assertThrows(IllegalArgumentException.class, () -> new FrontierFeed(
                new ScriptedReader(), 0, new InFlight(5000, 0), 1000, 5000, 10, -1, 0, 0, Runnable::run));
        assertThrows(IllegalArgumentException.class, () -> new FrontierFeed(
                new ScriptedReader(), 0, new InFlight(5000, 0), 1000, 5000, 10, 1000, 0, -1, Runnable::run));
        assertThrows(IllegalArgumentException.class, () -> new FrontierFeed(
                new ScriptedReader(), 0, new InFlight(5000, 0), 1000, 5000, 10, 1000, -1, 0, Runnable::run));
    }
}
