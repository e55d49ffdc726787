package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InFlightTest {

    @Test
    void anEmittedUrlIsBlockedUntilAckedPlusPurgatory() {
        InFlight f = new InFlight(5000, 2000);
        assertFalse(f.isBlocked("u", 0));
        f.emitted("u", 0);
        assertTrue(f.isBlocked("u", 100_000), "in flight: blocked however long it takes");
        f.acked("u", 1000);
        assertTrue(f.isBlocked("u", 5999));
        assertFalse(f.isBlocked("u", 6000));
        assertEquals(0, f.size());
    }

    @Test
    void aFailedUrlComesBackAfterABackOffThatDoublesWithEachFailure() {
        InFlight f = new InFlight(5000, 2000);
        f.emitted("u", 0);
        f.failed("u", 0);
        assertTrue(f.isBlocked("u", 1999));
        assertFalse(f.isBlocked("u", 2000), "first failure: 2 s");
        f.emitted("u", 2000);
        f.failed("u", 2000);
        assertTrue(f.isBlocked("u", 5999));
        assertFalse(f.isBlocked("u", 6000), "second failure: 4 s");
        f.emitted("u", 6000);
        f.failed("u", 6000);
        assertFalse(f.isBlocked("u", 14_000), "third failure: 8 s");
        // an ack resets the count
        f.emitted("u", 14_000);
        f.acked("u", 14_000);
        f.emitted("u", 20_000);
        f.failed("u", 20_000);
        assertFalse(f.isBlocked("u", 22_000), "after a success the back-off starts again at 2 s");
    }

    @Test
    void theBackOffStopsGrowingAtFiveMinutes() {
        InFlight f = new InFlight(5000, 2000);
        long now = 0;
        for (int i = 0; i < 40; i++) {
            f.emitted("u", now);
            f.failed("u", now);
            now += InFlight.MAX_BACKOFF_MS;
            assertFalse(f.isBlocked("u", now), "failure " + (i + 1));
        }
    }

    @Test
    void blockedAreTheAckedUrlsInPurgatoryAndTheFailedOnesBackingOff() {
        InFlight f = new InFlight(5000, 2000);
        f.emitted("a", 0);
        f.emitted("b", 0);
        f.emitted("c", 0);
        f.emitted("d", 0);
        f.acked("a", 1000); // in purgatory until 6000
        f.acked("b", 2000); // until 7000
        f.failed("c", 0);   // backing off until 2000
        // d is in flight: blocked too, but the query needs no telling (it is never emitted twice anyway)
        assertEquals(java.util.Set.of("a", "b", "c"), java.util.Set.copyOf(f.blocked(1999)));
        assertEquals(java.util.Set.of("a", "b"), java.util.Set.copyOf(f.blocked(2000)));
        assertEquals(java.util.List.of("b"), f.blocked(6000));
        assertEquals(java.util.List.of(), f.blocked(7000));
    }

    @Test
    void anAckOrAFailureForAnUnknownUrlDoesNotBlockIt() {
        InFlight f = new InFlight(5000, 2000);
        f.acked("never-emitted", 0);
        f.failed("never-emitted-either", 0);
        assertFalse(f.isBlocked("never-emitted", 1));
        assertFalse(f.isBlocked("never-emitted-either", 1));
    }
}
