package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.Test;
import org.topicstorm.priority.Lift;
import org.topicstorm.relevance.PageSummary;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatusMergeTest {

    private static final long T0 = 1_700_000_000_000L;
    private final Schedule schedule = new Schedule(Duration.ofHours(24), null, Duration.ofMinutes(120), 3);
    private final StatusMerge merge = new StatusMerge(schedule);

    private static StatusUpdate found(String url, double priority, int depth, int distance, String parent) {
        return StatusUpdate.discovered(url, priority, depth, distance, parent, "anchor from " + parent);
    }

    private static StatusUpdate fetched(String url, double relevance, boolean relevant) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, relevance, relevant, null, Map.of());
    }

    private static StatusUpdate outcome(String url, Status status, String cause) {
        return new StatusUpdate(url, status, 0, 0, 0, null, null, null, null, cause, Map.of());
    }

    @Test
    void insertMakesAWaitingUrlDueNow() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.4, 2, 1, "http://a.test/"), T0);
        assertEquals("DISCOVERED", d.status());
        assertEquals(CrawlState.WAITING, d.state());
        assertEquals(0.4, d.priority());
        assertEquals(T0, d.nextFetchDate());
        assertEquals(2, d.depth());
        assertEquals(1, d.distance());
        assertEquals("a.test", d.host());
        assertEquals(1, d.inlinks());
        assertEquals(List.of(UrlIds.id("http://a.test/")), d.inlinkFrom());
        assertEquals(T0, d.discovered());
    }

    @Test
    void aSeedHasNoInlink() {
        StatusDoc d = merge.merge(null, found("http://a.test/", 1.001, 0, 0, null), T0);
        assertEquals(0, d.inlinks());
        assertTrue(d.inlinkFrom().isEmpty());
    }

    @Test
    void increaseKeyTakesTheBetterParentAndNeverAWorseOne() {
        StatusDoc weak = merge.merge(null, found("http://a.test/x", 0.2, 3, 2, "http://weak.test/"), T0);
        StatusDoc strong = merge.merge(weak, found("http://a.test/x", 0.9, 1, 0, "http://strong.test/"), T0 + 1);
        assertEquals(0.9, strong.priority());
        assertEquals("http://strong.test/", strong.parent());
        assertEquals(1, strong.depth());
        assertEquals(0, strong.distance());
        assertEquals(2, strong.inlinks());

        // a third, weaker parent adds an in-link but does not lower the key
        StatusDoc third = merge.merge(strong, found("http://a.test/x", 0.1, 5, 4, "http://other.test/"), T0 + 2);
        assertEquals(0.9, third.priority());
        assertEquals("http://strong.test/", third.parent());
        assertEquals(1, third.depth());
        assertEquals(3, third.inlinks());
    }

    @Test
    void aReplayedDiscoveryChangesNothing() {
        StatusUpdate u = found("http://a.test/x", 0.5, 1, 0, "http://p.test/");
        StatusDoc once = merge.merge(null, u, T0);
        assertNull(merge.merge(once, u, T0 + 10), "the same update again needs no write");
    }

    @Test
    void aFetchedUrlKeepsItsStateWhenFoundAgainButCountsTheInlink() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        StatusDoc f = merge.merge(d, fetched("http://a.test/x", 0.7, true), T0 + 5);
        StatusDoc again = merge.merge(f, found("http://a.test/x", 0.99, 1, 0, "http://q.test/"), T0 + 6);
        assertEquals("FETCHED", again.status());
        assertEquals(0.7, again.priority(), "a fetched page's priority is its own relevance, not a parent's");
        assertEquals(2, again.inlinks());
    }

    @Test
    void theJudgedPagesSummaryIsKeptThroughLaterDiscoveriesAndErrors() {
        PageSummary page = new PageSummary("Title", "Some text", List.of("cell"), Map.of("m:keywords", 0.4));
        StatusDoc waiting = merge.merge(null, found("http://a.test/x", 0.4, 1, 0, "http://a.test/"), T0);
        assertNull(waiting.page());
        StatusDoc judged = merge.merge(waiting, fetched("http://a.test/x", 0.4, true).withPage(page), T0 + 1);
        assertEquals(page, judged.page());
        StatusDoc foundAgain = merge.merge(judged, found("http://a.test/x", 0.9, 1, 0, "http://b.test/"), T0 + 2);
        assertEquals(page, foundAgain.page());
        StatusDoc refetchFailed = merge.merge(foundAgain, outcome("http://a.test/x", Status.FETCH_ERROR, "http 500"),
                T0 + 3);
        assertEquals(page, refetchFailed.page());
    }

    @Test
    void aNewVerdictChangesAFetchedPagesRelevanceStateAndScheduleOnly() {
        StatusDoc waiting = merge.merge(null, found("http://a.test/x", 0.4, 1, 0, "http://a.test/"), T0);
        // no page to judge again while it waits
        assertNull(merge.merge(waiting, StatusUpdate.verdict("http://a.test/x", 0.1, false), T0 + 1));
        assertNull(merge.merge(null, StatusUpdate.verdict("http://a.test/x", 0.1, false), T0 + 1));
        StatusDoc kept = merge.merge(waiting, fetched("http://a.test/x", 0.4, true), T0 + 5);
        // a person says no: discarded, never due again (the schedule of a discarded page), fetched when it was
        StatusDoc dropped = merge.merge(kept, StatusUpdate.verdict("http://a.test/x", 0.4, false), T0 + 100);
        assertEquals(CrawlState.DISCARDED, dropped.state());
        assertEquals(false, dropped.relevant());
        assertEquals(0.4, dropped.relevance());
        assertNull(dropped.nextFetchDate());
        assertEquals(kept.lastFetched(), dropped.lastFetched());
        assertEquals(kept.fetchCount(), dropped.fetchCount());
        assertEquals(kept.firstFetched(), dropped.firstFetched());
        // a retrained classifier says yes with P = 0.8: done, due a refetch interval after the last fetch
        StatusDoc back = merge.merge(dropped, StatusUpdate.verdict("http://a.test/x", 0.8, true), T0 + 200);
        assertEquals(CrawlState.DONE, back.state());
        assertEquals(0.8, back.relevance());
        assertEquals(0.8, back.priority());
        assertEquals(kept.lastFetched() + Duration.ofHours(24).toMillis(), back.nextFetchDate());
        // the same verdict again writes nothing
        assertNull(merge.merge(back, StatusUpdate.verdict("http://a.test/x", 0.8, true), T0 + 300));
    }

    @Test
    void fetchedRelevantIsDoneAndDueAgainAfterTheRefetchInterval() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        StatusDoc f = merge.merge(d, fetched("http://a.test/x", 0.62, true), T0 + 5);
        assertEquals(CrawlState.DONE, f.state());
        assertTrue(f.relevant());
        assertEquals(0.62, f.relevance());
        assertEquals(T0 + 5 + 24 * 3600_000L, f.nextFetchDate());
        assertEquals(1, f.fetchCount());
        assertEquals(T0 + 5, f.lastFetched());
    }

    @Test
    void theFirstOutcomeTimeIsKeptAndComesFromTheFetcherNotTheWrite() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        // a 404: left the fetcher at T0 + 3, written with its batch at T0 + 900
        StatusUpdate error = new StatusUpdate("http://a.test/x", Status.FETCH_ERROR, 0, 0, 0, null, null, null, null,
                "http 404", Map.of(), T0 + 3);
        StatusDoc e = merge.merge(d, error, T0 + 900);
        assertEquals(T0 + 3, e.firstFetched());
        assertEquals(T0 + 3, e.lastFetched());
        assertEquals(T0 + 900, e.updated());
        // retried later: the last fetch moves, the first stays
        StatusUpdate retry = new StatusUpdate("http://a.test/x", Status.FETCHED, 0, 0, 0, null, null, 0.4, true,
                null, Map.of(), T0 + 5000);
        StatusDoc f = merge.merge(e, retry, T0 + 5200);
        assertEquals(T0 + 3, f.firstFetched());
        assertEquals(T0 + 5000, f.lastFetched());
        // without a fetch time the write time stands in
        StatusDoc g = merge.merge(d, fetched("http://a.test/x", 0.62, true), T0 + 7);
        assertEquals(T0 + 7, g.firstFetched());
        // a rediscovery of a fetched URL keeps both times
        StatusDoc h = merge.merge(f, found("http://a.test/x", 0.9, 0, 0, "http://q.test/"), T0 + 9000);
        assertEquals(T0 + 3, h.firstFetched());
        assertEquals(T0 + 5000, h.lastFetched());
    }

    @Test
    void fetchedIrrelevantIsDiscardedAndNeverDueAgain() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        StatusDoc f = merge.merge(d, fetched("http://a.test/x", 0.05, false), T0 + 5);
        assertEquals(CrawlState.DISCARDED, f.state());
        assertFalse(f.relevant());
        assertNull(f.nextFetchDate());
    }

    @Test
    void fetchErrorsAreRetriedThenGivenUp() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, null), T0);
        StatusDoc e1 = merge.merge(d, outcome("http://a.test/x", Status.FETCH_ERROR, "timeout"), T0 + 1);
        assertEquals("FETCH_ERROR", e1.status());
        assertEquals(CrawlState.EXCEPTION, e1.state());
        assertEquals(T0 + 1 + 120 * 60_000L, e1.nextFetchDate());
        StatusDoc e2 = merge.merge(e1, outcome("http://a.test/x", Status.FETCH_ERROR, "timeout"), T0 + 2);
        StatusDoc e3 = merge.merge(e2, outcome("http://a.test/x", Status.FETCH_ERROR, "timeout"), T0 + 3);
        assertEquals("ERROR", e3.status(), "the third failure (max.fetch.errors = 3) gives up");
        assertNull(e3.nextFetchDate());
        assertEquals(3, e3.errorCount());
        assertEquals("timeout", e3.error());
    }

    @Test
    void aThrottledFetchIsDueAgainWhenTheServerSaidNotAfterTheErrorInterval() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, null), T0);
        // 503 with Retry-After 120: due again 120 s after the answer, not after the 2 h error interval
        StatusDoc e1 = merge.merge(d, outcome("http://a.test/x", Status.FETCH_ERROR, "http 503")
                .withRetryAt(T0 + 120_000), T0 + 900);
        assertEquals("FETCH_ERROR", e1.status());
        assertEquals(CrawlState.EXCEPTION, e1.state());
        assertEquals(T0 + 120_000, e1.nextFetchDate());
        assertEquals(1, e1.errorCount(), "a throttled fetch counts as a failed one");
        assertEquals("http 503", e1.error());
        // the next failure without a Retry-After takes the usual interval again
        StatusDoc e2 = merge.merge(e1, outcome("http://a.test/x", Status.FETCH_ERROR, "timeout"), T0 + 200_000);
        assertEquals(T0 + 200_000 + 120 * 60_000L, e2.nextFetchDate());
        // and the last one allowed gives up whatever the server said
        StatusDoc e3 = merge.merge(e2, outcome("http://a.test/x", Status.FETCH_ERROR, "http 429")
                .withRetryAt(T0 + 400_000), T0 + 300_000);
        assertEquals("ERROR", e3.status());
        assertNull(e3.nextFetchDate());
    }

    @Test
    void aDeferredFetchIsNoFetchOnlyTheNextFetchTimeAndTheReasonChange() {
        StatusDoc waiting = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://a.test/"), T0);
        StatusUpdate held = outcome("http://a.test/x", Status.FETCH_ERROR, null)
                .deferredUntil(T0 + 60_000, StatusUpdates.DEFERRED);
        StatusDoc d = merge.merge(waiting, held, T0 + 10);
        assertEquals("DISCOVERED", d.status());
        assertEquals(CrawlState.WAITING, d.state());
        assertEquals(T0 + 60_000, d.nextFetchDate());
        assertEquals(StatusUpdates.DEFERRED, d.error());
        assertEquals(0, d.errorCount());
        assertEquals(0, d.fetchCount());
        assertNull(d.firstFetched(), "never fetched: not in the crawl log");
        assertNull(d.lastFetched());
        assertEquals(0.5, d.priority());
        assertEquals(T0 + 10, d.updated());
        // a page due for a re-fetch keeps its verdict and its counts
        StatusDoc page = merge.merge(waiting, fetched("http://a.test/x", 0.7, true), T0 + 20);
        StatusDoc later = merge.merge(page, held, T0 + 30);
        assertEquals("FETCHED", later.status());
        assertEquals(CrawlState.DONE, later.state());
        assertEquals(1, later.fetchCount());
        assertEquals(page.firstFetched(), later.firstFetched());
        assertEquals(T0 + 60_000, later.nextFetchDate());
    }

    @Test
    void errorAndRedirectionAreFinal() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, null), T0);
        StatusDoc err = merge.merge(d, outcome("http://a.test/x", Status.ERROR, "robots.txt"), T0 + 1);
        assertEquals(CrawlState.EXCEPTION, err.state());
        assertNull(err.nextFetchDate());
        assertEquals("robots.txt", err.error());
        StatusDoc redir = merge.merge(d, outcome("http://a.test/x", Status.REDIRECTION, null), T0 + 1);
        assertEquals(CrawlState.REDIRECTED, redir.state());
        assertNull(redir.nextFetchDate());
    }

    @Test
    void inlinksAreCountedUpToTheCap() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p0.test/"), T0);
        for (int i = 1; i < StatusMerge.MAX_INLINK_IDS + 10; i++) {
            StatusDoc next = merge.merge(d, found("http://a.test/x", 0.5, 1, 0, "http://p" + i + ".test/"), T0);
            if (next != null) {
                d = next;
            }
        }
        assertEquals(StatusMerge.MAX_INLINK_IDS, d.inlinks());
    }
    private static StatusUpdate summed(String url, double contribution, String parent) {
        return StatusUpdate.discovered(url, contribution, 2, 0, parent, "from " + parent,
                org.topicstorm.priority.Aggregation.SUM, List.of("u:" + parent.length()));
    }

    @Test
    void sumAccumulatesOncePerParent() {
        // 003: w(i) = sum over parents; 0.2 + 0.3 + 0.05 = 0.55, whatever the order and however often each comes
        StatusDoc d = merge.merge(null, summed("http://a.test/x", 0.2, "http://p1.test/"), T0);
        d = merge.merge(d, summed("http://a.test/x", 0.3, "http://p2.test/"), T0 + 1);
        assertNull(merge.merge(d, summed("http://a.test/x", 0.3, "http://p2.test/"), T0 + 2), "a replay adds nothing");
        assertNull(merge.merge(d, summed("http://a.test/x", 0.2, "http://p1.test/"), T0 + 2));
        d = merge.merge(d, summed("http://a.test/x", 0.05, "http://p3.test/"), T0 + 3);
        assertEquals(0.55, d.priority(), 1e-12);
        assertEquals(List.of(0.2, 0.3, 0.05), d.inlinkScore());
        assertEquals(3, d.inlinks());
        // the best contributor is the parent shown, and its link's features are kept
        assertEquals("http://p2.test/", d.parent());
        assertEquals(List.of("u:" + "http://p2.test/".length()), d.linkFeatures());
        // a known parent coming back with a larger contribution changes nothing (each parent counts once)
        assertNull(merge.merge(d, summed("http://a.test/x", 0.9, "http://p1.test/"), T0 + 4));
    }

    @Test
    void sumStopsAtTheFetchAndKeepsTheSeedsOwnPriority() {
        StatusDoc seed = merge.merge(null, found("http://a.test/", 1.001, 0, 0, null), T0);
        StatusDoc more = merge.merge(seed, summed("http://a.test/", 0.2, "http://p1.test/"), T0 + 1);
        assertEquals(1.201, more.priority(), 1e-12);
        StatusDoc f = merge.merge(more, fetched("http://a.test/", 0.7, true), T0 + 2);
        StatusDoc after = merge.merge(f, summed("http://a.test/", 0.4, "http://p2.test/"), T0 + 3);
        assertEquals(0.7, after.priority(), "a fetched page is ordered by its own relevance");
        assertEquals(2, after.inlinks());
    }

    private static StatusUpdate rescored(String url, double lift, int version) {
        return StatusUpdate.rescored(url, new Lift(lift, version));
    }

    @Test
    void aNewerClassifierRescoresAWaitingUrlAndAnOlderOneCannot() {
        StatusDoc d = merge.merge(null, found("http://a.test/x", 0.8, 1, 0, "http://p.test/"), T0);
        // priority = prior 0.8 x lift 0.125 = 0.1
        StatusDoc v2 = merge.merge(d, rescored("http://a.test/x", 0.125, 2), T0 + 1);
        assertEquals(0.1, v2.priority(), 1e-12, "a rescore may lower a priority");
        assertEquals(2, v2.scorerVersion());
        assertEquals(0.125, v2.lift());
        assertNull(merge.merge(v2, rescored("http://a.test/x", 0.125, 2), T0 + 2), "replayed rescore");
        assertNull(merge.merge(v2, rescored("http://a.test/x", 4, 1), T0 + 2), "older classifier");
        // a newer lift replaces the lift, not the prior: 0.8 x 0.75 = 0.6
        assertEquals(0.6, merge.merge(v2, rescored("http://a.test/x", 0.75, 3), T0 + 3).priority(), 1e-12);
        // a new parent still raises the prior (IncreaseKey), a replay of the old parent does not; its link has no
        // lift, so the stored one stays: max(0.8, 0.9) x 0.125 = 0.1125
        assertNull(merge.merge(v2, found("http://a.test/x", 0.8, 1, 0, "http://p.test/"), T0 + 4));
        StatusDoc lower = merge.merge(v2, found("http://a.test/x", 0.3, 1, 0, "http://q.test/"), T0 + 4);
        assertEquals(0.1, lower.priority(), 1e-12, "a lower contribution leaves the priority");
        assertEquals(2, lower.inlinks());
        assertEquals(0.1125, merge.merge(v2, found("http://a.test/x", 0.9, 1, 0, "http://r.test/"), T0 + 4)
                .priority(), 1e-12);
        // nothing to rescore: an unknown URL, a fetched page, a seed
        assertNull(merge.merge(null, rescored("http://a.test/y", 0.5, 1), T0));
        StatusDoc f = merge.merge(d, fetched("http://a.test/x", 0.7, true), T0 + 5);
        assertNull(merge.merge(f, rescored("http://a.test/x", 0.1, 9), T0 + 6));
        StatusDoc seed = merge.merge(null, found("http://a.test/", 1.001, 0, 0, null), T0);
        assertNull(merge.merge(seed, rescored("http://a.test/", 0.1, 9), T0 + 6));
    }

    private static StatusUpdate lifted(String url, double contribution, String parent, double lift, int version) {
        return StatusUpdate.discovered(url, contribution, 2, 0, parent, "from " + parent,
                org.topicstorm.priority.Aggregation.SUM, List.of("f:" + parent), new Lift(lift, version));
    }

    @Test
    void aLiftMultipliesTheSummedPriorAndFollowsTheBestLink() {
        // p1: contribution 0.2, lift 2 (classifier 1): 0.2 x 2 = 0.4
        StatusDoc d = merge.merge(null, lifted("http://a.test/x", 0.2, "http://p1.test/", 2, 1), T0);
        assertEquals(0.4, d.priority(), 1e-12);
        assertEquals(2.0, d.lift());
        assertEquals(1, d.scorerVersion());
        assertEquals(List.of(0.2), d.inlinkScore(), "contributions are kept without the lift");
        // p2 gives less (0.1) with lift 8: the best link stays p1's, and so does its lift: (0.2 + 0.1) x 2 = 0.6
        d = merge.merge(d, lifted("http://a.test/x", 0.1, "http://p2.test/", 8, 1), T0 + 1);
        assertEquals(0.6, d.priority(), 1e-12);
        assertEquals(List.of("f:http://p1.test/"), d.linkFeatures());
        // p3 gives the best contribution (0.5) with lift 0.5 of classifier 2: (0.3 + 0.5) x 0.5 = 0.4
        d = merge.merge(d, lifted("http://a.test/x", 0.5, "http://p3.test/", 0.5, 2), T0 + 2);
        assertEquals(0.4, d.priority(), 1e-12);
        assertEquals(List.of("f:http://p3.test/"), d.linkFeatures());
        assertEquals(2, d.scorerVersion());
        // p4, best (0.6), but scored by the older classifier 1: its lift does not replace classifier 2's:
        // (0.8 + 0.6) x 0.5 = 0.7
        d = merge.merge(d, lifted("http://a.test/x", 0.6, "http://p4.test/", 4, 1), T0 + 3);
        assertEquals(0.7, d.priority(), 1e-12);
        assertEquals(0.5, d.lift());
        assertEquals(2, d.scorerVersion());
        // a replay of any of them changes nothing
        assertNull(merge.merge(d, lifted("http://a.test/x", 0.6, "http://p4.test/", 4, 1), T0 + 4));
        assertNull(merge.merge(d, lifted("http://a.test/x", 0.2, "http://p1.test/", 2, 1), T0 + 4));
        // p1's contribution halved by 003's sibling rule: prior 1.4 - 0.1 = 1.3, x 0.5 = 0.65
        StatusDoc demoted = merge.merge(d, StatusUpdate.demoted("http://a.test/x", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 5);
        assertEquals(0.65, demoted.priority(), 1e-12);
        assertEquals(0.5, demoted.lift());
        // a rescore by classifier 3: 1.3 x 3 = 3.9
        assertEquals(3.9, merge.merge(demoted, rescored("http://a.test/x", 3, 3), T0 + 6).priority(), 1e-12);
    }

    @Test
    void aDocumentWithoutPerParentScoresKeepsItsPriority() {
        // written before parents' contributions were kept: two parents, no scores
        StatusDoc old = new StatusDoc("http://a.test/x", "a.test", "DISCOVERED", CrawlState.WAITING, null, null, 0.5,
                T0, 1, 0, 2, List.of(UrlIds.id("http://p1.test/"), UrlIds.id("http://p2.test/")), "http://p1.test/",
                "", null, 0, 0, T0, null, null, T0, Map.of());
        StatusDoc d = merge.merge(old, summed("http://a.test/x", 0.25, "http://p3.test/"), T0 + 1);
        assertEquals(0.75, d.priority(), 1e-12);
        assertEquals(List.of(0.0, 0.0, 0.25), d.inlinkScore());
    }
    @Test
    void aDemotedParentsContributionIsLoweredOnce() {
        // link-topology (SUM): p1 gave 0.4, p2 0.2: priority 0.6; p1 demoted by 0.5: 0.6 - 0.2 = 0.4
        StatusDoc d = merge.merge(null, summed("http://a.test/x", 0.4, "http://p1.test/"), T0);
        d = merge.merge(d, summed("http://a.test/x", 0.2, "http://p2.test/"), T0 + 1);
        StatusDoc lower = merge.merge(d, StatusUpdate.demoted("http://a.test/x", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 2);
        assertEquals(0.4, lower.priority(), 1e-12);
        assertEquals(List.of(0.2, 0.2), lower.inlinkScore());
        assertEquals(List.of(UrlIds.id("http://p1.test/")), lower.demotedBy());
        // a replay, a parent that never linked it, an unknown or fetched URL: nothing to write
        assertNull(merge.merge(lower, StatusUpdate.demoted("http://a.test/x", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 3));
        assertNull(merge.merge(lower, StatusUpdate.demoted("http://a.test/x", "http://p9.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 3));
        assertNull(merge.merge(null, StatusUpdate.demoted("http://a.test/y", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 3));
        StatusDoc f = merge.merge(d, fetched("http://a.test/x", 0.7, true), T0 + 4);
        assertNull(merge.merge(f, StatusUpdate.demoted("http://a.test/x", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.SUM), T0 + 5));
        // best-parent priorities (MAX): the best of the contributions as they now are: max(0.8 * 0.5, 0.3) = 0.4
        StatusDoc m = merge.merge(null, found("http://a.test/z", 0.8, 1, 0, "http://p1.test/"), T0);
        m = merge.merge(m, found("http://a.test/z", 0.3, 1, 0, "http://p2.test/"), T0 + 1);
        assertEquals(0.4, merge.merge(m, StatusUpdate.demoted("http://a.test/z", "http://p1.test/", 0.5,
                org.topicstorm.priority.Aggregation.MAX), T0 + 2).priority(), 1e-12);
    }

    // --- idempotent outcomes, ordered by fetch time; failed attempts capped (issue 12, item 8) ---

    private static StatusUpdate fetchedAt(String url, double relevance, boolean relevant, long at) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, relevance, relevant, null, Map.of(), at);
    }

    private static StatusUpdate errorAt(String url, String cause, long at) {
        return new StatusUpdate(url, Status.FETCH_ERROR, 0, 0, 0, null, null, null, null, cause, Map.of(), at);
    }

    @Test
    void aReplayedFetchOutcomeCountsOnce() {
        StatusDoc waiting = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        StatusUpdate fetched = fetchedAt("http://a.test/x", 0.7, true, T0 + 10);
        StatusDoc once = merge.merge(waiting, fetched, T0 + 20);
        assertEquals(1, once.fetchCount());
        // the same outcome (same fetch time) written again, e.g. a batch replayed after its write went through
        assertNull(merge.merge(once, fetched, T0 + 30), "a replay changes nothing");
        // a fetch error replayed does not count a second error either: 0 + 1 = 1, not 2
        StatusUpdate error = errorAt("http://a.test/y", "http 500", T0 + 10);
        StatusDoc failed = merge.merge(merge.merge(null, found("http://a.test/y", 0.5, 1, 0, "http://p.test/"), T0),
                error, T0 + 20);
        assertEquals(1, failed.errorCount());
        assertNull(merge.merge(failed, error, T0 + 30));
        // a genuinely new fetch (a later fetch time) counts: 1 + 1 = 2 fetches
        StatusDoc twice = merge.merge(once, fetchedAt("http://a.test/x", 0.7, true, T0 + 11), T0 + 40);
        assertEquals(2, twice.fetchCount());
        assertEquals(T0 + 11, twice.lastFetched());
    }

    @Test
    void aStaleFetchErrorNeverOverwritesANewerFetched() {
        StatusDoc waiting = merge.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        // fetched at T0 + 200, written first; an error of an earlier fetch (T0 + 100) arrives later
        StatusDoc fetched = merge.merge(waiting, fetchedAt("http://a.test/x", 0.7, true, T0 + 200), T0 + 300);
        assertNull(merge.merge(fetched, errorAt("http://a.test/x", "timeout", T0 + 100), T0 + 400));
        // at the same fetch time as the stored one: not newer either
        assertNull(merge.merge(fetched, errorAt("http://a.test/x", "timeout", T0 + 200), T0 + 400));
        // in the other order the error is stored and then replaced by the newer page
        StatusDoc error = merge.merge(waiting, errorAt("http://a.test/x", "timeout", T0 + 100), T0 + 150);
        StatusDoc page = merge.merge(error, fetchedAt("http://a.test/x", 0.7, true, T0 + 200), T0 + 300);
        assertEquals("FETCHED", page.status());
        assertEquals(0, page.errorCount());
        assertEquals(T0 + 200, page.lastFetched());
        assertEquals(T0 + 100, page.firstFetched());
    }

    @Test
    void failedAttemptsAreCountedAndTheUrlGivenUpAtTheMaximum() {
        StatusMerge capped = new StatusMerge(schedule, 3);
        StatusDoc waiting = capped.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        String cause = "links document of http://a.test/x rejected: document_parsing_exception";

        StatusDoc one = capped.merge(waiting, StatusUpdate.failedAttempt("http://a.test/x", cause), T0 + 1);
        assertEquals(1, one.attempts());
        assertEquals(cause, one.attemptError());
        assertEquals("DISCOVERED", one.status(), "still waiting: tried again");
        assertEquals(T0, one.nextFetchDate());
        StatusDoc two = capped.merge(one, StatusUpdate.failedAttempt("http://a.test/x", cause), T0 + 2);
        assertEquals(2, two.attempts());
        assertEquals("DISCOVERED", two.status());

        // the third of 3: given up, with the cause, never due again
        StatusDoc three = capped.merge(two, StatusUpdate.failedAttempt("http://a.test/x", cause), T0 + 3);
        assertEquals(3, three.attempts());
        assertEquals("ERROR", three.status());
        assertEquals(CrawlState.EXCEPTION, three.state());
        assertNull(three.nextFetchDate());
        assertEquals("given up after 3 failed attempts: " + cause, three.error());
        assertEquals(0.5, three.priority(), "the rest of the document stays");
        // a given-up URL and an unknown one change no more
        assertNull(capped.merge(three, StatusUpdate.failedAttempt("http://a.test/x", cause), T0 + 4));
        assertNull(capped.merge(null, StatusUpdate.failedAttempt("http://a.test/x", cause), T0 + 4));
    }

    @Test
    void aStoredOutcomeClearsTheFailedAttemptsAndRediscoveryKeepsThem() {
        StatusMerge capped = new StatusMerge(schedule, 3);
        StatusDoc waiting = capped.merge(null, found("http://a.test/x", 0.5, 1, 0, "http://p.test/"), T0);
        StatusDoc one = capped.merge(waiting, StatusUpdate.failedAttempt("http://a.test/x", "x"), T0 + 1);
        StatusDoc found = capped.merge(one, found("http://a.test/x", 0.9, 1, 0, "http://q.test/"), T0 + 2);
        assertEquals(1, found.attempts(), "a discovery is not an attempt of this URL");
        StatusDoc fetched = capped.merge(found, fetchedAt("http://a.test/x", 0.7, true, T0 + 3), T0 + 4);
        assertEquals(0, fetched.attempts());
        assertNull(fetched.failedAttempts());
        assertNull(fetched.attemptError());
        // with a maximum of 1 the first failed attempt gives the URL up
        StatusDoc once = new StatusMerge(schedule, 1).merge(waiting,
                StatusUpdate.failedAttempt("http://a.test/x", "unreadable status tuple"), T0 + 1);
        assertEquals("given up after 1 failed attempts: unreadable status tuple", once.error());
    }

    /** A continuous crawl: relevant 1 h, hubs 10 min, other irrelevant pages never; x0.5 changed, x1.5 unchanged. */
    private final StatusMerge continuous = new StatusMerge(schedule, 3, new RevisitPolicy(
            new org.topicstorm.topic.Revisit(Duration.ofHours(1), Duration.ofMinutes(10), null, Duration.ofMinutes(1),
                    Duration.ofDays(1), 0.5, 1.5)));

    private static StatusUpdate fetchedAt(String url, double relevance, boolean relevant, long at, PageSignals s) {
        return new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, relevance, relevant, null, Map.of(), at)
                .withSignals(s);
    }

    @Test
    void aContinuousCrawlRevisitsByItsOwnAdaptedIntervalNotTheRefetchSchedule() {
        String url = "http://a.test/news";
        StatusDoc d = continuous.merge(null, found(url, 0.5, 1, 0, "http://a.test/"), T0);
        StatusDoc first = continuous.merge(d, fetchedAt(url, 0.7, true, T0 + 1, new PageSignals(0L, true, 5)), T0 + 2);
        // a relevant hub: 10 min (the shorter of 1 h and 10 min) from the write (the one-off schedule: 24 h)
        assertEquals(T0 + 2 + 600_000L, first.nextFetchDate());
        assertEquals(new RevisitState(0L, 600_000L, true, 0, 0), first.revisit());

        // revisited 10 min later with two new outlinks: changed, 5 min
        long t1 = T0 + 600_010L;
        StatusDoc second = continuous.merge(first, fetchedAt(url, 0.7, true, t1, new PageSignals(0L, true, 2)), t1 + 5);
        assertEquals(t1 + 5 + 300_000L, second.nextFetchDate());
        assertEquals(1, second.revisit().changes());
        assertEquals(2, second.fetchCount());
        // the same outcome replayed counts once
        assertNull(continuous.merge(second, fetchedAt(url, 0.7, true, t1, new PageSignals(0L, true, 0)), t1 + 50));

        // unchanged: 5 min x 1.5 = 7.5 min; now irrelevant, but a hub: still revisited
        long t2 = t1 + 300_010L;
        StatusDoc third = continuous.merge(second, fetchedAt(url, 0.1, false, t2, new PageSignals(0L, true, 0)), t2);
        assertEquals(t2 + 450_000L, third.nextFetchDate());
        assertEquals(CrawlState.DISCARDED, third.state());

        // an irrelevant page that is no hub is not fetched again; discoveries and errors keep the revisit state
        StatusDoc plain = continuous.merge(continuous.merge(null, found("http://a.test/x", 0.5, 1, 0, url), T0),
                fetchedAt("http://a.test/x", 0.1, false, T0 + 1, new PageSignals(3L, false, 0)), T0 + 2);
        assertNull(plain.nextFetchDate());
        assertEquals(third.revisit(), continuous.merge(third, found(url, 0.9, 0, 0, "http://b.test/"), t2 + 1)
                .revisit());
    }

    @Test
    void aNewVerdictInAContinuousCrawlEndsOrStartsTheRevisits() {
        String url = "http://a.test/story";
        StatusDoc d = continuous.merge(null, found(url, 0.5, 1, 0, "http://a.test/"), T0);
        StatusDoc kept = continuous.merge(d, fetchedAt(url, 0.7, true, T0 + 1, new PageSignals(0L, false, 0)), T0 + 1);
        StatusDoc dropped = continuous.merge(kept, StatusUpdate.verdict(url, 0.2, false), T0 + 100);
        assertNull(dropped.nextFetchDate(), "judged irrelevant, not a hub: not fetched again");
        StatusDoc back = continuous.merge(dropped, StatusUpdate.verdict(url, 0.8, true), T0 + 200);
        assertEquals(T0 + 1 + 3_600_000L, back.nextFetchDate(), "an hour from its last fetch");
    }

    @Test
    void theFirstPageFetchedRecordsHowLongAfterItsAppearance() {
        String url = "http://a.test/story";
        StatusDoc d = merge.merge(null, found(url, 0.5, 1, 0, "http://a.test/"), T0);
        // an error first: no page, no freshness
        StatusDoc e = merge.merge(d, new StatusUpdate(url, Status.FETCH_ERROR, 0, 0, 0, null, null, null, null,
                "http 503", Map.of(), T0 + 10), T0 + 20);
        assertNull(e.freshness());
        // the page says it was published 1 s before it was seen; fetched at T0 + 5,000
        StatusUpdate page = new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null, Map.of(),
                T0 + 5_000).withSignals(new PageSignals(null, false, 0, T0 - 1_000));
        StatusDoc f = merge.merge(e, page, T0 + 5_100);
        assertEquals(new Freshness(T0 - 1_000, 6_000, true), f.freshness());
        // a later fetch keeps it; a one-off crawl's page without a publication time counts from first seen
        StatusUpdate again = new StatusUpdate(url, Status.FETCHED, 0, 0, 0, null, null, 0.9, true, null, Map.of(),
                T0 + 9_000);
        assertEquals(f.freshness(), merge.merge(f, again, T0 + 9_100).freshness());
        assertEquals(new Freshness(T0, 9_000, false), merge.merge(d, again, T0 + 9_100).freshness());
    }
}
