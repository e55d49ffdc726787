package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The two-step order of {@link StatusWriter#writeChanges}: a URL's own outcome only after all it adds. */
class StatusWriterOrderTest {

    private static StatusUpdate found(String url) {
        return StatusUpdate.discovered(url, 0.5, 1, 0, "http://p.test/", "");
    }

    private static StatusUpdate fetched(String url) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null, Map.of());
    }

    /**
     * A writer that records what it was asked to write, in order, does not store the URLs it is told to (for now),
     * and rejects those it is told to for good.
     */
    private static final class RecordingWrite
            implements java.util.function.Function<List<StatusUpdate>, List<StatusWriter.Written>> {
        final List<List<String>> calls = new ArrayList<>();
        final Set<String> failing;
        final Set<String> rejected;

        RecordingWrite(Set<String> failing) {
            this(failing, Set.of());
        }

        RecordingWrite(Set<String> failing, Set<String> rejected) {
            this.failing = failing;
            this.rejected = rejected;
        }

        @Override
        public List<StatusWriter.Written> apply(List<StatusUpdate> updates) {
            calls.add(updates.stream().map(u -> u.url() + ":" + u.status()).toList());
            return updates.stream().map(u -> rejected.contains(u.url())
                    ? new StatusWriter.Written(u, false, null, "rejected: " + u.url())
                    : new StatusWriter.Written(u, !failing.contains(u.url()), null, null)).toList();
        }
    }

    private static boolean[] stored(List<StatusWriter.ChangeWritten> written) {
        boolean[] ok = new boolean[written.size()];
        for (int i = 0; i < ok.length; i++) {
            ok[i] = written.get(i).written().stored();
        }
        return ok;
    }

    @Test
    void outlinksAreWrittenBeforeThePageAndAFailedOutlinkKeepsThePageDue() {
        List<StatusChange> changes = List.of(
                new StatusChange(List.of(found("http://a.test/1"), found("http://a.test/2")), fetched("http://a.test/")),
                new StatusChange(List.of(found("http://b.test/1")), fetched("http://b.test/")),
                StatusChange.discovered(found("http://c.test/")),
                new StatusChange(List.of(), fetched("http://d.test/")));
        RecordingWrite write = new RecordingWrite(Set.of("http://a.test/2"));

        boolean[] ok = stored(StatusWriter.inOrder(changes, write));

        assertEquals(List.of(
                List.of("http://a.test/1:DISCOVERED", "http://a.test/2:DISCOVERED", "http://b.test/1:DISCOVERED",
                        "http://c.test/:DISCOVERED"),
                // a.test's outlink failed: its FETCHED is not written, so it stays due and is fetched again
                List.of("http://b.test/:FETCHED", "http://d.test/:FETCHED")), write.calls);
        assertArrayEquals(new boolean[]{false, true, true, true}, ok);
    }

    @Test
    void aFailedOutcomeFailsItsChangeOnly() {
        List<StatusChange> changes = List.of(
                new StatusChange(List.of(found("http://a.test/1")), fetched("http://a.test/")),
                new StatusChange(List.of(found("http://b.test/1")), fetched("http://b.test/")));
        boolean[] ok = stored(StatusWriter.inOrder(changes, new RecordingWrite(Set.of("http://b.test/"))));
        assertArrayEquals(new boolean[]{true, false}, ok);
    }

    @Test
    void anAdditionRejectedForGoodRejectsItsChangeOnlyWithItsCause() {
        List<StatusChange> changes = List.of(
                new StatusChange(List.of(found("http://a.test/1"), found("http://a.test/2")), fetched("http://a.test/")),
                new StatusChange(List.of(found("http://b.test/1")), fetched("http://b.test/")));
        // a.test/1 only not stored for now, a.test/2 rejected for good: the change is rejected (a failed attempt)
        RecordingWrite write = new RecordingWrite(Set.of("http://a.test/1"), Set.of("http://a.test/2"));

        List<StatusWriter.Written> results = StatusWriter.inOrder(changes, write).stream()
                .map(StatusWriter.ChangeWritten::written).toList();

        assertEquals("rejected: http://a.test/2", results.get(0).rejection());
        assertEquals("http://b.test/", results.get(1).update().url());
        assertTrue(results.get(1).stored());
        assertEquals(List.of("http://b.test/:FETCHED"), write.calls.get(1));
    }

    @Test
    void aRejectedOutcomeIsReportedWithItsCause() {
        List<StatusChange> changes = List.of(new StatusChange(List.of(), fetched("http://a.test/")),
                StatusChange.discovered(found("http://c.test/")));
        List<StatusWriter.Written> results = StatusWriter.inOrder(changes,
                new RecordingWrite(Set.of(), Set.of("http://a.test/"))).stream()
                .map(StatusWriter.ChangeWritten::written).toList();
        assertEquals("rejected: http://a.test/", results.get(0).rejection());
        assertTrue(results.get(1).stored());
    }

    /** Requests bounded in items and bytes: 7 items of 1, 1, 3, 1, 10, 1, 1 bytes, at most 3 items and 4 bytes. */
    @Test
    void slicesAreBoundedInItemsAndBytesAndAnOversizedItemGoesAlone() {
        List<Integer> sizes = List.of(1, 1, 3, 1, 10, 1, 1);
        List<List<Integer>> slices = StatusWriter.slices(sizes, 3, 4, Integer::longValue);
        // 1+1 = 2, +3 = 5 > 4: cut; 3+1 = 4; 10 alone (larger than 4); 1+1 = 2
        assertEquals(List.of(List.of(1, 1), List.of(3, 1), List.of(10), List.of(1, 1)), slices);
        // by count only: 3 + 3 + 1
        assertEquals(List.of(3, 3, 1), StatusWriter.slices(sizes, 3, Long.MAX_VALUE, Integer::longValue).stream()
                .map(List::size).toList());
        assertEquals(List.of(), StatusWriter.slices(List.<Integer>of(), 3, 4, Integer::longValue));
    }

    /** 250,000 outlinks of 500 pages, at 1,000 documents a request: 250 requests, not one. */
    @Test
    void aBatchOfManyOutlinksIsManyRequests() {
        List<Integer> docs = java.util.Collections.nCopies(250_000, 300);
        List<List<Integer>> slices = StatusWriter.slices(docs, 1000, 5L << 20, Integer::longValue);
        assertEquals(250, slices.size());
        // with documents of 10 KB, 5 MiB = 5,242,880 bytes hold 524 of them: 250,000 / 524 = 477.1 -> 478 requests
        assertEquals(478, StatusWriter.slices(java.util.Collections.nCopies(250_000, 10_000), 1000, 5L << 20,
                Integer::longValue).size());
    }

    @Test
    void aCauseIsCutTo500Characters() {
        assertEquals("short", StatusWriter.cause("short"));
        String cut = StatusWriter.cause("x".repeat(600));
        // 497 characters and "..."
        assertEquals(500, cut.length());
        assertTrue(cut.endsWith("x..."));
    }

    @Test
    void aContinuousCrawlsPageLearnsHowManyOfItsOutlinksAreNewAlsoWhenReplayed() {
        long fetched = 1_000_000L;
        StatusUpdate page = new StatusUpdate("http://a.test/", Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null,
                Map.of(), fetched).withSignals(new PageSignals(5L, true, 0));
        StatusUpdate other = fetched("http://b.test/");
        List<StatusChange> changes = List.of(
                new StatusChange(List.of("http://a.test/1", "http://a.test/2", "http://a.test/3").stream()
                        .map(u -> StatusUpdate.discovered(u, 0.5, 1, 0, "http://a.test/", "")).toList(), page),
                new StatusChange(List.of(found("http://b.test/1")), other));
        // first seen: a.test/1 and /3 at the fetch or after (new), a.test/2 long before
        Map<String, Long> seen = Map.of("http://a.test/1", fetched + 40, "http://a.test/2", fetched - 60_000,
                "http://a.test/3", fetched, "http://b.test/1", fetched + 40);
        for (int attempt = 0; attempt < 2; attempt++) {
            // the second time, a replay: the same documents are read back, nothing is created, the count is the same
            List<StatusUpdate> outcomes = new ArrayList<>();
            StatusWriter.inOrder(changes, updates -> {
                updates.stream().filter(u -> u.status() == Status.FETCHED).forEach(outcomes::add);
                return updates.stream().map(u -> new StatusWriter.Written(u, true, seen.containsKey(u.url())
                        ? new StatusDoc(u.url(), "a.test", "DISCOVERED", CrawlState.WAITING, null, null, 0.5, 0L, 1,
                        0, 1, List.of(), u.parent(), "", null, 0, 0, seen.get(u.url()), null, null, 0L, Map.of())
                        : null, null)).toList();
            });
            assertEquals(2, outcomes.size());
            assertEquals(new PageSignals(5L, true, 2), outcomes.get(0).signals(), "a.test/1 and a.test/3 are new");
            assertEquals(null, outcomes.get(1).signals(), "a one-off crawl's outcome carries none");
        }
    }
}
