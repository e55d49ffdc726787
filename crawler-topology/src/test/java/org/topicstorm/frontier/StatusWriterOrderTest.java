package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The two-step order of {@link StatusWriter#writeChanges}: a URL's own outcome only after all it adds. */
class StatusWriterOrderTest {

    private static StatusUpdate found(String url) {
        return StatusUpdate.discovered(url, 0.5, 1, 0, "http://p.test/", "");
    }

    private static StatusUpdate fetched(String url) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null, Map.of());
    }

    /** A writer that records what it was asked to write, in order, and fails the URLs it is told to. */
    private static final class RecordingWrite implements java.util.function.Function<List<StatusUpdate>, boolean[]> {
        final List<List<String>> calls = new ArrayList<>();
        final Set<String> failing;

        RecordingWrite(Set<String> failing) {
            this.failing = failing;
        }

        @Override
        public boolean[] apply(List<StatusUpdate> updates) {
            calls.add(updates.stream().map(u -> u.url() + ":" + u.status()).toList());
            boolean[] ok = new boolean[updates.size()];
            for (int i = 0; i < ok.length; i++) {
                ok[i] = !failing.contains(updates.get(i).url());
            }
            return ok;
        }
    }

    @Test
    void outlinksAreWrittenBeforeThePageAndAFailedOutlinkKeepsThePageDue() {
        List<StatusChange> changes = List.of(
                new StatusChange(List.of(found("http://a.test/1"), found("http://a.test/2")), fetched("http://a.test/")),
                new StatusChange(List.of(found("http://b.test/1")), fetched("http://b.test/")),
                StatusChange.discovered(found("http://c.test/")),
                new StatusChange(List.of(), fetched("http://d.test/")));
        RecordingWrite write = new RecordingWrite(Set.of("http://a.test/2"));

        boolean[] ok = StatusWriter.inOrder(changes, write);

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
        boolean[] ok = StatusWriter.inOrder(changes, new RecordingWrite(Set.of("http://b.test/")));
        assertArrayEquals(new boolean[]{true, false}, ok);
    }
}
