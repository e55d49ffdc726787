package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;
import org.topicstorm.topic.Revisit;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RevisitPolicyTest {

    private static final long MIN = 60_000;
    private static final long HOUR = 3_600_000;
    /** relevant 1 h, hubs 10 min, other irrelevant pages never; 1 min to 1 day; x0.5 changed, x1.5 unchanged. */
    private final RevisitPolicy policy = new RevisitPolicy(new Revisit(Duration.ofHours(1), Duration.ofMinutes(10),
            null, Duration.ofMinutes(1), Duration.ofDays(1), 0.5, 1.5));

    private static PageSignals page(Long signature, boolean hub, int newLinks) {
        return new PageSignals(signature, hub, newLinks);
    }

    @Test
    void theFirstIntervalDependsOnWhatThePageIsToTheTopic() {
        assertEquals(HOUR, policy.afterFetch(null, page(7L, false, 3), true).interval());
        assertEquals(10 * MIN, policy.afterFetch(null, page(7L, true, 3), true).interval(),
                "a relevant hub: the shorter of 1 h and 10 min");
        assertEquals(10 * MIN, policy.afterFetch(null, page(7L, true, 3), false).interval());
        assertNull(policy.afterFetch(null, page(7L, false, 3), false).interval(), "never again");
        RevisitState first = policy.afterFetch(null, page(7L, true, 3), false);
        assertEquals(7L, first.signature());
        assertTrue(first.hub());
        assertEquals(0, first.revisits(), "a first fetch is no revisit, whatever its new links");
    }

    @Test
    void aChangedPageComesBackSoonerAnUnchangedOneLater() {
        RevisitState first = policy.afterFetch(null, page(0L, false, 0), true);
        // same text, no new link: 1 h x 1.5 = 90 min
        RevisitState same = policy.afterFetch(first, page(0L, false, 0), true);
        assertEquals(90 * MIN, same.interval());
        assertEquals(1, same.unchanged());
        // then 90 min x 1.5 = 135 min
        assertEquals(135 * MIN, policy.afterFetch(same, page(0L, false, 0), true).interval());
        // 4 bits moved (more than SimHash's 3): changed, 90 min x 0.5 = 45 min
        RevisitState changed = policy.afterFetch(same, page(0b1111L, false, 0), true);
        assertEquals(45 * MIN, changed.interval());
        assertEquals(1, changed.changes());
        assertEquals(1, changed.unchanged());
        assertEquals(0b1111L, changed.signature());
        // 3 bits: a clock or a counter, not a change
        assertEquals(90 * MIN, policy.afterFetch(first, page(0b111L, false, 0), true).interval());
        // one new outlink is a change although the text barely moved (a hub's new article)
        assertEquals(30 * MIN, policy.afterFetch(first, page(0L, false, 1), true).interval());
    }

    @Test
    void intervalsStayWithinTheBounds() {
        RevisitState s = policy.afterFetch(null, page(0L, true, 0), false);
        // 10 min, 5, 2.5, 1.25, then 0.625 min clamped to the minimum of 1 min
        for (long expected : new long[] {5 * MIN, 150_000, 75_000, MIN, MIN}) {
            s = policy.afterFetch(s, page(0L, true, 1), false);
            assertEquals(expected, s.interval());
        }
        RevisitState r = policy.afterFetch(null, page(0L, false, 0), true);
        // 1 h x 1.5^k: 1.5, 2.25, 3.375, 5.0625, 7.59375, 11.390625, 17.0859375, then 25.6... clamped to 24 h
        for (int k = 0; k < 7; k++) {
            r = policy.afterFetch(r, page(0L, false, 0), true);
        }
        assertEquals(Math.round(17.0859375 * HOUR), r.interval());
        assertEquals(24 * HOUR, policy.afterFetch(r, page(0L, false, 0), true).interval());
    }

    @Test
    void aPageThatStopsBeingRelevantOrAHubIsNotRevisitedAgain() {
        RevisitState relevant = policy.afterFetch(null, page(0L, false, 0), true);
        assertNull(policy.afterFetch(relevant, page(0L, false, 0), false).interval());
        // and one that becomes relevant starts from the relevant interval
        RevisitState never = policy.afterFetch(null, page(0L, false, 0), false);
        assertEquals(HOUR, policy.afterFetch(never, page(0L, false, 0), true).interval());
    }

    @Test
    void signaturesThatAppearOrDisappearAreAChangeTwoMissingOnesAreNot() {
        assertTrue(RevisitPolicy.textOrLinksChanged(null, page(5L, false, 0)));
        assertTrue(RevisitPolicy.textOrLinksChanged(5L, page(null, false, 0)));
        assertFalse(RevisitPolicy.textOrLinksChanged(null, page(null, false, 0)));
        assertTrue(RevisitPolicy.textOrLinksChanged(null, page(null, false, 2)));
    }

    @Test
    void aNewVerdictKeepsTheIntervalOrEndsTheRevisits() {
        RevisitState fetched = new RevisitState(9L, 45 * MIN, false, 2, 1);
        assertEquals(45 * MIN, policy.afterVerdict(fetched, true).interval());
        assertNull(policy.afterVerdict(fetched, false).interval(), "no longer relevant, not a hub");
        RevisitState hub = new RevisitState(9L, 45 * MIN, true, 2, 1);
        assertEquals(45 * MIN, policy.afterVerdict(hub, false).interval(), "a hub stays");
        RevisitState never = new RevisitState(9L, null, false, 0, 0);
        assertEquals(HOUR, policy.afterVerdict(never, true).interval(), "judged relevant: from the first interval");
        assertEquals(HOUR, policy.afterVerdict(null, true).interval());
        assertEquals(1000 + 45 * MIN, RevisitPolicy.nextFetch(fetched, 1000));
        assertNull(RevisitPolicy.nextFetch(never, 1000));
        assertNull(RevisitPolicy.nextFetch(null, 1000));
    }

    @Test
    void newRepliesAreAChangeAndAHotPageGoesFirst() {
        RevisitState thread = policy.afterFetch(null, new PageSignals(0L, false, 0, null, 10, 3.3), true);
        assertEquals(10, thread.replies());
        assertEquals(3.3, thread.heat());
        // same text (within 3 bits), no new link, but 12 replies now: changed, 1 h x 0.5
        RevisitState more = policy.afterFetch(thread, new PageSignals(1L, false, 0, null, 12, 3.6), true);
        assertEquals(30 * MIN, more.interval());
        assertEquals(1, more.changes());
        // a reply removed is no change
        assertEquals(90 * MIN, policy.afterFetch(thread, new PageSignals(0L, false, 0, null, 9, 3.0), true)
                .interval());
        // hot from 15 (the default): the hot tier + heat + relevance; below, relevance alone
        assertEquals(1_000_000 + 17.5 + 0.4, policy.priority(0.4, new RevisitState(0L, HOUR, false, 0, 0, 305, 17.5)),
                1e-9);
        assertEquals(1_000_000 + 15.0 + 0.4, policy.priority(0.4, new RevisitState(0L, HOUR, false, 0, 0, 224, 15.0)),
                1e-9);
        assertEquals(0.4, policy.priority(0.4, new RevisitState(0L, HOUR, false, 0, 0, 200, 14.2)), 1e-12);
        assertEquals(0.4, policy.priority(0.4, null), 1e-12);
    }
}
