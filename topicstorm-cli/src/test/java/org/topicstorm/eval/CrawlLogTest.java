package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.topicstorm.relevance.PageSummary;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A status document's fields as a crawl-log entry. */
class CrawlLogTest {

    @Test
    void aJudgedPageBringsItsScoreTitleAndTerms() {
        FetchedPage p = CrawlLog.toPage(new CrawlLog.Entry("http://h/a.html", "h", "FETCHED", false, 7L, 0.25,
                new PageSummary("A title", null, List.of("calc", "cell"), Map.of()), null));
        assertEquals(new FetchedPage("http://h/a.html", "h", "FETCHED", false, 7, 0.25, "A title",
                List.of("calc", "cell")), p);
    }

    @Test
    void aPageWithoutSummaryOrScoreIsStillJudged() {
        // a crawl from before page summaries: the verdict without title or terms
        FetchedPage p = CrawlLog.toPage(new CrawlLog.Entry("http://h/a.html", "h", "FETCHED", null, 7L, null, null, null));
        assertEquals(Boolean.FALSE, p.crawlerRelevant());
        assertTrue(Double.isNaN(p.score()));
        assertEquals("", p.title());
        assertEquals(List.of(), p.terms());
    }

    @Test
    void anErrorHasNoVerdictAndNoScore() {
        FetchedPage p = CrawlLog.toPage(new CrawlLog.Entry("http://h/x", "h", "FETCH_ERROR", true, 7L, 0.9,
                new PageSummary("old", null, List.of("t"), Map.of()), null));
        assertNull(p.crawlerRelevant());
        assertTrue(Double.isNaN(p.score()));
        assertEquals("", p.title());
    }

    @Test
    void aPageNotIndexedAsADuplicateIsMarkedOneNotIndexedForAnotherReasonIsNot() {
        String near = "not indexed: near-duplicate of http://h/b.html";
        String canonical = "not indexed: copy of its canonical URL http://h/c.html";
        String rejected = "not indexed: mapper_parsing_exception";
        assertTrue(CrawlLog.toPage(new CrawlLog.Entry("http://h/a", "h", "FETCHED", true, 7L, 0.9, null, near))
                .duplicate());
        assertTrue(CrawlLog.toPage(new CrawlLog.Entry("http://h/a", "h", "FETCHED", true, 7L, 0.9, null, canonical))
                .duplicate());
        assertTrue(!CrawlLog.toPage(new CrawlLog.Entry("http://h/a", "h", "FETCHED", true, 7L, 0.9, null, rejected))
                .duplicate());
        assertTrue(!CrawlLog.toPage(new CrawlLog.Entry("http://h/a", "h", "FETCHED", true, 7L, 0.9, null, null))
                .duplicate());
    }
}
