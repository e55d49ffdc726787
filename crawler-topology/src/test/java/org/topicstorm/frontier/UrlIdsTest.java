package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class UrlIdsTest {

    @Test
    void hostsAreLowerCaseWithoutPortLikeStormCrawlersPartitioner() {
        assertEquals("example.org", UrlIds.host("http://Example.ORG:8080/a"));
        // java.net.URI rejects '_' in host names; java.net.URL (StormCrawler's) accepts them
        assertEquals("my_host.example.org", UrlIds.host("http://my_host.example.org/x"));
        assertEquals("invalid", UrlIds.host("not a url"));
    }

    @Test
    void idsAreStableFixedLengthHex() {
        String id = UrlIds.id("http://a.test/");
        assertEquals(32, id.length());
        assertEquals(id, UrlIds.id("http://a.test/"));
        assertNotEquals(id, UrlIds.id("http://a.test/x"));
        assertNotEquals(UrlIds.linkId("http://a.test/", "http://b.test/"), UrlIds.linkId("http://b.test/", "http://a.test/"));
    }
}
