package org.topicstorm.parse;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VideoFinderTest {

    private static final VideoFinder DEFAULTS = new VideoFinder(List.of());

    private static List<String> find(VideoFinder finder, String html) {
        return finder.find(Jsoup.parse(html, "http://news.test/a/page.html"));
    }

    @Test
    void videoElementsWithTheirOwnSourceOrSourceChildren() {
        assertEquals(List.of("http://news.test/a/clip.mp4", "http://cdn.test/clip.webm", "http://news.test/b.mp4"),
                find(DEFAULTS, "<video src='clip.mp4'></video>"
                        + "<video><source src='http://cdn.test/clip.webm' type='video/webm'>"
                        + "<source src='/b.mp4'></video>"
                        + "<video></video>"));   // no source: nothing
    }

    @Test
    void iframesOfKnownPlayersOnlyWithSubdomainsAndPathPrefix() {
        assertEquals(List.of("https://www.youtube.com/embed/abc123", "https://player.vimeo.com/video/42",
                        "https://player.bilibili.com/player.html?bvid=BV1"),
                find(DEFAULTS, "<iframe src='https://www.youtube.com/embed/abc123'></iframe>"
                        + "<iframe src='https://www.youtube.com/watch?v=abc123'></iframe>"   // not the embed path
                        + "<iframe src='https://player.vimeo.com/video/42#t=3'></iframe>"
                        + "<iframe src='https://ads.test/banner'></iframe>"
                        + "<iframe src='https://notyoutube.com/embed/x'></iframe>"           // not a subdomain
                        + "<iframe src='https://player.bilibili.com/player.html?bvid=BV1'></iframe>"));
    }

    @Test
    void aCrawlAddsItsOwnPlayers() {
        VideoFinder mine = new VideoFinder(List.of("media.news.test/player/"));
        String html = "<iframe src='https://media.news.test/player/7'></iframe>"
                + "<iframe src='https://media.news.test/other/7'></iframe>";
        assertEquals(List.of("https://media.news.test/player/7"), find(mine, html));
        assertEquals(List.of(), find(DEFAULTS, html));
        assertThrows(IllegalArgumentException.class, () -> new VideoFinder(List.of("https://media.news.test/p")));
        assertThrows(IllegalArgumentException.class, () -> new VideoFinder(List.of("")));
    }

    @Test
    void openGraphVideoTags() {
        assertEquals(List.of("https://cdn.test/v.mp4", "http://news.test/player?id=9"),
                find(DEFAULTS, "<head><meta property='og:video' content='https://cdn.test/v.mp4'>"
                        + "<meta property='og:video:secure_url' content='https://cdn.test/v.mp4'>"
                        + "<meta property='og:video:url' content='/player?id=9'>"
                        + "<meta property='og:video:type' content='video/mp4'>"
                        + "<meta property='og:image' content='https://cdn.test/i.png'></head>"));
    }

    @Test
    void jsonLdVideoObjectsAnywhereInTheTreeContentUrlFirst() {
        String html = "<script type='application/ld+json'>{\"@context\":\"https://schema.org\",\"@graph\":["
                + "{\"@type\":\"NewsArticle\",\"video\":{\"@type\":\"VideoObject\",\"contentUrl\":\"/v/1.mp4\","
                + "\"embedUrl\":\"https://player.test/1\"}},"
                + "{\"@type\":[\"VideoObject\",\"CreativeWork\"],\"embedUrl\":{\"@id\":\"https://player.test/2\"}},"
                + "{\"@type\":\"https://schema.org/VideoObject\",\"contentUrl\":\"https://cdn.test/3.mp4\"},"
                + "{\"@type\":\"ImageObject\",\"contentUrl\":\"/i.png\"}]}</script>"
                + "<script type='application/ld+json'>{ not json</script>";
        assertEquals(List.of("http://news.test/v/1.mp4", "https://player.test/2", "https://cdn.test/3.mp4"),
                find(DEFAULTS, html));
    }

    @Test
    void onlyHttpUrlsOnceEachAtMostTwenty() {
        StringBuilder html = new StringBuilder("<video src='javascript:alert(1)'></video><video src='data:video/mp4;base64,AA'></video>"
                + "<video src='/same.mp4'></video><video src='/same.mp4#t=10'></video>");
        for (int i = 0; i < 30; i++) {
            html.append("<video src='/v").append(i).append(".mp4'></video>");
        }
        List<String> videos = find(DEFAULTS, html.toString());
        assertEquals(VideoFinder.MAX_VIDEOS, videos.size());
        assertEquals("http://news.test/same.mp4", videos.get(0));
        assertTrue(videos.stream().allMatch(v -> v.startsWith("http://news.test/")), videos.toString());
    }
}
