package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.Test;
import org.topicstorm.fetch.FetchSignals;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.topology.CrawlConf;
import org.topicstorm.topology.CrawlMetadata;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Status tuples as StormCrawler's FetcherBolt and our link-priority bolt emit them, turned into changes. */
class StatusUpdatesTest {

    private final StatusUpdates updates;

    StatusUpdatesTest() throws IOException {
        updates = new StatusUpdates(UrlFilterChain.fromConf(CrawlConf.defaults()));
    }

    private static Metadata md(String... kv) {
        Metadata md = new Metadata();
        for (int i = 0; i < kv.length; i += 2) {
            md.setValue(kv[i], kv[i + 1]);
        }
        return md;
    }

    @Test
    void aFetchedPageCarriesItsOutlinksWhichComeFirst() {
        Metadata md = md(CrawlMetadata.PRIORITY, "0.7", CrawlMetadata.DEPTH, "2", CrawlMetadata.DISTANCE, "1",
                CrawlMetadata.RELEVANCE, "0.81", CrawlMetadata.RELEVANT, "true");
        List<ScoredLink> links = List.of(new ScoredLink("http://a.test/x", "solar", 0.81, 3, 0, List.of("u:x"),
                        org.topicstorm.priority.Aggregation.SUM, new org.topicstorm.priority.Lift(2.5, 7)),
                new ScoredLink("http://b.test/y", "", 0.81, 3, 0));
        StatusChange c = updates.fromTuple("http://a.test/", md, Status.FETCHED, links, new Metadata());
        assertEquals(2, c.before().size());
        StatusUpdate x = c.before().get(0);
        assertEquals("http://a.test/x", x.url());
        assertEquals(Status.DISCOVERED, x.status());
        assertEquals(0.81, x.priority());
        assertEquals(3, x.depth());
        assertEquals(0, x.distance());
        assertEquals("http://a.test/", x.parent());
        assertEquals("solar", x.anchor());
        // the learned strategy's link: its features, aggregation and lift travel to the frontier
        assertEquals(List.of("u:x"), x.features());
        assertEquals(org.topicstorm.priority.Aggregation.SUM, x.aggregation());
        assertEquals(new org.topicstorm.priority.Lift(2.5, 7), x.lift());
        assertNull(c.before().get(1).lift());
        StatusUpdate own = c.outcome();
        assertEquals(Status.FETCHED, own.status());
        assertEquals(0.81, own.relevance());
        assertTrue(own.relevant());
        assertEquals(2, own.depth());
    }

    @Test
    void aContinuousCrawlsFetchCarriesItsSignatureAndHubnessAnyCrawlsItsPublicationTime() {
        Metadata md = md(CrawlMetadata.RELEVANCE, "0.81", CrawlMetadata.RELEVANT, "true",
                CrawlMetadata.SIGNATURE, "-1234567890123", CrawlMetadata.HUB, "true");
        StatusUpdate own = updates.fromTuple("http://a.test/", md, Status.FETCHED, List.of(), new Metadata()).outcome();
        assertEquals(new PageSignals(-1234567890123L, true, 0), own.signals());
        Metadata unsigned = md(CrawlMetadata.RELEVANCE, "0.1", CrawlMetadata.RELEVANT, "false",
                CrawlMetadata.HUB, "false");
        assertEquals(new PageSignals(null, false, 0),
                updates.fromTuple("http://a.test/", unsigned, Status.FETCHED, List.of(), new Metadata()).outcome()
                        .signals());
        Metadata once = md(CrawlMetadata.RELEVANCE, "0.1", CrawlMetadata.RELEVANT, "false");
        assertNull(updates.fromTuple("http://a.test/", once, Status.FETCHED, List.of(), new Metadata()).outcome()
                .signals());
        // a one-off crawl's page that says when it was published
        Metadata dated = md(CrawlMetadata.RELEVANCE, "0.1", CrawlMetadata.RELEVANT, "false",
                CrawlMetadata.PUBLISHED, "1764059400000");
        assertEquals(new PageSignals(null, false, 0, 1_764_059_400_000L),
                updates.fromTuple("http://a.test/", dated, Status.FETCHED, List.of(), new Metadata()).outcome()
                        .signals());
    }

    @Test
    void theFetchTimeStampedUpstreamGoesWithTheOutcomeNotWithTheOutlinks() {
        Metadata md = md(CrawlMetadata.RELEVANCE, "0.2", CrawlMetadata.RELEVANT, "false",
                CrawlMetadata.FETCHED_AT, "1700000000123");
        List<ScoredLink> links = List.of(new ScoredLink("http://a.test/x", "", 0.2, 1, 1));
        StatusChange c = updates.fromTuple("http://a.test/", md, Status.FETCHED, links, new Metadata());
        assertEquals(1700000000123L, c.outcome().fetchedAt());
        assertNull(c.before().get(0).fetchedAt());
        assertNull(updates.fromTuple("http://a.test/", md("x", "y"), Status.FETCH_ERROR, null, new Metadata())
                .outcome().fetchedAt(), "no stamp: the write time stands in");
    }

    @Test
    void aRedirectWritesItsNormalisedTargetFirstWithTheSourceAsParent() {
        Metadata md = md(CrawlMetadata.PRIORITY, "0.6", CrawlMetadata.DEPTH, "2", CrawlMetadata.DISTANCE, "1",
                CrawlMetadata.ANCHOR, "moved", StatusUpdates.REDIRECT_TO, "http://a.test/new#section");
        StatusChange c = updates.fromTuple("http://a.test/old", md, Status.REDIRECTION, null, new Metadata());
        assertEquals(Status.REDIRECTION, c.outcome().status());
        assertEquals(1, c.before().size());
        StatusUpdate target = c.before().get(0);
        assertEquals("http://a.test/new", target.url(), "normalised by the URL filters (fragment dropped)");
        assertEquals(0.6, target.priority(), "the same page under another URL keeps the priority");
        assertEquals(2, target.depth());
        assertEquals(1, target.distance());
        assertEquals("http://a.test/old", target.parent());
        assertEquals("moved", target.anchor());
    }

    @Test
    void aRelativeLocationIsResolvedAgainstTheRedirectingUrl() {
        Metadata md = md(StatusUpdates.REDIRECT_TO, "../b/next");
        StatusChange c = updates.fromTuple("http://a.test/x/y/old", md, Status.REDIRECTION, null, new Metadata());
        assertEquals("http://a.test/x/b/next", c.before().get(0).url());
        Metadata rooted = md(StatusUpdates.REDIRECT_TO, "/solar/final");
        assertEquals("http://a.test/solar/final", updates.fromTuple("http://a.test/redirect/b", rooted,
                Status.REDIRECTION, null, new Metadata()).before().get(0).url());
    }

    @Test
    void aRedirectToItselfAfterNormalisationIsAFetchErrorNotALoop() {
        Metadata md = md(StatusUpdates.REDIRECT_TO, "http://a.test/page;jsessionid=0123456789ABCDEF");
        StatusChange c = updates.fromTuple("http://a.test/page", md, Status.REDIRECTION, null, new Metadata());
        assertTrue(c.before().isEmpty());
        assertEquals(Status.FETCH_ERROR, c.outcome().status());
        assertEquals("redirects to itself", c.outcome().error());
    }

    @Test
    void aRedirectToAFilteredTargetRecordsOnlyTheRedirect() {
        Metadata md = md(StatusUpdates.REDIRECT_TO, "http://a.test/file.zip");
        StatusChange c = updates.fromTuple("http://a.test/dl", md, Status.REDIRECTION, null, new Metadata());
        assertTrue(c.before().isEmpty());
        assertEquals(Status.REDIRECTION, c.outcome().status());
    }

    @Test
    void theCauseOfAFailedFetchComesFromTheFetchersKeys() {
        assertEquals("java.net.SocketTimeoutException: Read timed out", updates.fromTuple("http://a.test/",
                md(StatusUpdates.FETCH_EXCEPTION, "java.net.SocketTimeoutException: Read timed out"),
                Status.FETCH_ERROR, null, new Metadata()).outcome().error());
        assertEquals("http 503", updates.fromTuple("http://a.test/", md(StatusUpdates.FETCH_STATUS_CODE, "503"),
                Status.FETCH_ERROR, null, new Metadata()).outcome().error());
        assertEquals("robots.txt", updates.fromTuple("http://a.test/", md("error.cause", "robots.txt"),
                Status.ERROR, null, new Metadata()).outcome().error());
        assertNull(updates.fromTuple("http://a.test/", md(), Status.FETCH_ERROR, null, new Metadata())
                .outcome().error());
    }

    @Test
    void aCutOffFetchKeepsTheFetchersCause() {
        Metadata md = md(StatusUpdates.FETCH_STATUS_CODE, "-1",
                "protocol." + FetchSignals.CUT_OFF, "cut off: whole-fetch time limit of 30.0 s reached");
        StatusUpdate u = updates.fromTuple("http://a.test/", md, Status.FETCH_ERROR, null, new Metadata()).outcome();
        assertEquals(Status.FETCH_ERROR, u.status());
        assertEquals("cut off: whole-fetch time limit of 30.0 s reached", u.error());
        assertNull(u.retryAt(), "retried after the usual error interval");
        assertFalse(u.deferred());
    }

    @Test
    void aFetchTheAddressGuardRefusedIsAnErrorWithItsReason() {
        Metadata md = md(StatusUpdates.FETCH_STATUS_CODE, "-3",
                "protocol." + FetchSignals.REFUSED, "address guard: 127.0.0.1 is loopback");
        StatusUpdate u = updates.fromTuple("http://127.0.0.1:9200/_cat/indices", md, Status.FETCH_ERROR, null,
                new Metadata()).outcome();
        assertEquals(Status.ERROR, u.status(), "not retried: the address stays what it is");
        assertEquals("address guard: 127.0.0.1 is loopback", u.error());
        assertNull(u.retryAt());
    }

    @Test
    void aThrottledFetchIsDueWhenTheServerSaidAndNamedByItsStatus() {
        // a stale error.cause persisted from an earlier outcome must not hide the 429: the spout looks for "http 429"
        Metadata md = md(StatusUpdates.FETCH_STATUS_CODE, "429", "error.cause", "an old cause",
                "protocol." + FetchSignals.RETRY_AT, "1700000120000", "protocol.retry-after", "120");
        StatusUpdate u = updates.fromTuple("http://a.test/", md, Status.FETCH_ERROR, null, new Metadata()).outcome();
        assertEquals("http 429", u.error());
        assertEquals(1_700_000_120_000L, u.retryAt());
        // with another protocol.md.prefix the keys are read under it
        StatusUpdates other = new StatusUpdates(UrlFilterChain.fromConf(Map.of()), "p.");
        Metadata prefixed = md(StatusUpdates.FETCH_STATUS_CODE, "503", "p." + FetchSignals.RETRY_AT, "42");
        assertEquals(42L, other.fromTuple("http://a.test/", prefixed, Status.FETCH_ERROR, null, new Metadata())
                .outcome().retryAt());
        assertNull(updates.fromTuple("http://a.test/", prefixed, Status.FETCH_ERROR, null, new Metadata())
                .outcome().retryAt());
    }

    @Test
    void aDeferredFetchOnlyMovesTheNextFetchTime() {
        Metadata md = md(StatusUpdates.FETCH_STATUS_CODE, "-2", "protocol." + FetchSignals.DEFERRED, "1700000120000");
        StatusUpdate u = updates.fromTuple("http://a.test/", md, Status.FETCH_ERROR, null, new Metadata()).outcome();
        assertTrue(u.deferred());
        assertEquals(1_700_000_120_000L, u.retryAt());
        assertEquals(StatusUpdates.DEFERRED, u.error());
        StatusUpdate throttled = updates.fromTuple("http://a.test/", md(StatusUpdates.FETCH_STATUS_CODE, "429",
                "protocol." + FetchSignals.RETRY_AT, "1"), Status.FETCH_ERROR, null, new Metadata()).outcome();
        assertFalse(throttled.deferred(), "a 429 is a fetch");
    }

    @Test
    void everyFetchOutcomeCountsAsAFetchButNotADiscoveryADeferralOrAnUnreadableTuple() {
        // what the status updater's topicstorm.pages.fetched counts
        for (Status status : List.of(Status.FETCHED, Status.FETCH_ERROR, Status.ERROR, Status.REDIRECTION)) {
            Metadata md = md(StatusUpdates.REDIRECT_TO, "http://a.test/next", StatusUpdates.FETCH_STATUS_CODE, "404");
            assertTrue(updates.fromTuple("http://a.test/", md, status, List.of(), new Metadata()).isFetchOutcome(),
                    status.name());
        }
        Metadata refused = md(StatusUpdates.FETCH_STATUS_CODE, "-3", "protocol." + FetchSignals.REFUSED, "10.0.0.1");
        assertTrue(updates.fromTuple("http://a.test/", refused, Status.FETCH_ERROR, null, new Metadata())
                .isFetchOutcome(), "a refused address is an outcome (ERROR)");
        assertFalse(updates.fromTuple("http://a.test/x", md(CrawlMetadata.PARENT, "http://a.test/"),
                Status.DISCOVERED, null, new Metadata()).isFetchOutcome(), "a discovery");
        Metadata deferred = md(StatusUpdates.FETCH_STATUS_CODE, "-2", "protocol." + FetchSignals.DEFERRED,
                "1700000120000");
        assertFalse(updates.fromTuple("http://a.test/", deferred, Status.FETCH_ERROR, null, new Metadata())
                .isFetchOutcome(), "nothing was sent");
        assertFalse(StatusChange.failedAttempt("http://a.test/", "unreadable status tuple").isFetchOutcome());
    }

    @Test
    void unreadableNumbersBecomeHarmlessDefaults() {
        Metadata md = md(CrawlMetadata.PRIORITY, "NaN", CrawlMetadata.DEPTH, "-3", CrawlMetadata.DISTANCE, "x",
                CrawlMetadata.RELEVANCE, "Infinity", CrawlMetadata.RELEVANT, "false");
        StatusUpdate u = updates.fromTuple("http://a.test/", md, Status.FETCHED, List.of(), new Metadata()).outcome();
        assertEquals(0.0, u.priority());
        assertEquals(0, u.depth());
        assertEquals(0, u.distance());
        assertEquals(0.0, u.relevance());
        List<ScoredLink> nan = List.of(new ScoredLink("http://a.test/x", "", Double.NaN, 1, 0));
        assertEquals(0.0, updates.fromTuple("http://a.test/", md, Status.FETCHED, nan, new Metadata())
                .before().get(0).priority());
    }

    @Test
    void ownKeysAreFieldsNotPersistedMetadata() {
        Metadata persisted = md(CrawlMetadata.PRIORITY, "0.5", CrawlMetadata.DEPTH, "1", "error.source", "fetcher");
        StatusUpdate u = updates.fromTuple("http://a.test/", md(), Status.ERROR, null, persisted).outcome();
        assertEquals(java.util.Map.of("error.source", List.of("fetcher")), u.metadata());
    }

    @Test
    void aPageTheContentIndexRejectedIsFetchedWithWhyAsItsError() {
        Metadata md = md(CrawlMetadata.RELEVANCE, "0.9", CrawlMetadata.RELEVANT, "true",
                CrawlMetadata.NOT_INDEXED, "content document rejected: document_parsing_exception: too long");
        StatusUpdate u = updates.fromTuple("http://a.test/", md, Status.FETCHED, List.of(), new Metadata()).outcome();
        assertEquals(Status.FETCHED, u.status());
        assertEquals("not indexed: content document rejected: document_parsing_exception: too long", u.error());
        // without it, a fetched page has no error
        assertEquals(null, updates.fromTuple("http://a.test/", md(CrawlMetadata.RELEVANCE, "0.9"), Status.FETCHED,
                List.of(), new Metadata()).outcome().error());
    }
}
