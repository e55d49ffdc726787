package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InFlightTest {

    @Test
    void anEmittedUrlIsBlockedUntilAckedPlusPurgatory() {
        InFlight f = new InFlight(5000);
        assertFalse(f.isBlocked("u", 0));
        f.emitted("u", 0);
        assertTrue(f.isBlocked("u", 100_000), "in flight: blocked however long it takes");
        f.acked("u", 1000);
        assertTrue(f.isBlocked("u", 5999));
        assertFalse(f.isBlocked("u", 6000));
        assertEquals(0, f.size());
    }

    @Test
    void aFailedUrlIsReleasedAtOnceForReplay() {
        InFlight f = new InFlight(5000);
        f.emitted("u", 0);
        f.failed("u");
        assertFalse(f.isBlocked("u", 1));
    }

    @Test
    void recentlyAckedAreTheUrlsInPurgatory() {
        InFlight f = new InFlight(5000);
        f.emitted("a", 0);
        f.emitted("b", 0);
        f.emitted("c", 0);
        f.acked("a", 1000); // in purgatory until 6000
        f.acked("b", 2000); // until 7000
        f.failed("c");      // released, not done
        assertEquals(java.util.Set.of("a", "b"), java.util.Set.copyOf(f.recentlyAcked(5999)));
        assertEquals(java.util.List.of("b"), f.recentlyAcked(6000));
        assertEquals(java.util.List.of(), f.recentlyAcked(7000));
    }

    @Test
    void anAckForAnUnknownUrlDoesNotBlockIt() {
        InFlight f = new InFlight(5000);
        f.acked("never-emitted", 0);
        assertFalse(f.isBlocked("never-emitted", 1));
    }
}
