package org.topicstorm.bench;

import org.junit.jupiter.api.Test;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.site.SiteServer;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class ThroughputBenchTest {

    @Test
    void pagesAreCountedPerSecondFromTheStart() {
        long start = 10_000;
        List<CorpusServer.Served> served = List.of(new CorpusServer.Served(start + 100, "a"),
                new CorpusServer.Served(start + 900, "b"), new CorpusServer.Served(start + 1500, "c"),
                new CorpusServer.Served(start + 3200, "d"));
        // seconds 0: a, b; 1: c; 2: none; 3: d
        assertArrayEquals(new long[] {2, 1, 0, 1}, ThroughputBench.perSecond(served, start));
        assertArrayEquals(new long[0], ThroughputBench.perSecond(List.of(), start));
    }

    @Test
    void theBareLoopFetchesAndParsesEveryUrl() throws Exception {
        try (SiteServer site = new SiteServer()) {
            site.html("/a", "<html><body><a href=\"/b\">b</a> <a href=\"/c\">c</a></body></html>");
            site.html("/b", "<html><body><a href=\"/a\">a</a></body></html>");
            site.text("/t", "plain text is not HTML");
            FetchParseLoop.Result r = FetchParseLoop.run(List.of(site.url("/a"), site.url("/b"), site.url("/missing"),
                    site.url("/t")), 2);
            assertEquals(2, r.pages());
            assertEquals(2, r.failures(), "a 404 and a page that is not HTML");
            assertEquals(3, r.outlinks());
            assertEquals(4, site.requests().size());
        }
    }
}
