package org.topicstorm.parse;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ReplyFinderTest {

    private static Replies of(String html) {
        return ReplyFinder.of(Jsoup.parse("<html><head></head><body>" + html + "</body></html>", "http://forum.test/t/1"));
    }

    @Test
    void jsonLdCommentsAreCountedAndTheirTimesAveraged() {
        // 10:00, 11:00 and 12:30 UTC: the mean is 11:10
        Replies r = of("<script type=\"application/ld+json\">{\"@type\": \"DiscussionForumPosting\", "
                + "\"datePublished\": \"2026-11-25T09:00:00Z\", \"comment\": ["
                + "{\"@type\": \"Comment\", \"dateCreated\": \"2026-11-25T10:00:00Z\"},"
                + "{\"@type\": \"Comment\", \"datePublished\": \"2026-11-25T11:00:00Z\"},"
                + "{\"@type\": [\"Comment\"], \"dateCreated\": \"2026-11-25T12:30:00Z\"},"
                + "{\"@type\": \"Comment\", \"dateCreated\": \"soon\"}]}</script>");
        assertEquals(4, r.count(), "a reply without a readable time still counts");
        assertEquals(PublishedTime.parse("2026-11-25T11:10:00Z"), r.meanTime());
    }

    @Test
    void aDeclaredCommentCountLargerThanTheListedCommentsCounts() {
        Replies r = of("<script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", \"commentCount\": 250, "
                + "\"comment\": [{\"@type\": \"Comment\", \"dateCreated\": \"2026-11-25T10:00:00Z\"}]}</script>");
        assertEquals(250, r.count());
        assertEquals(PublishedTime.parse("2026-11-25T10:00:00Z"), r.meanTime());
        Replies noTimes = of("<script type=\"application/ld+json\">{\"@type\": \"NewsArticle\", \"commentCount\": 7}"
                + "</script>");
        assertEquals(new Replies(7, null), noTimes);
    }

    @Test
    void microdataComments() {
        Replies r = of("<div itemscope itemtype=\"https://schema.org/Comment\"><p>First</p>"
                + "<time itemprop=\"dateCreated\" datetime=\"2026-11-24T00:00:00Z\">yesterday</time></div>"
                + "<div itemscope itemtype=\"http://schema.org/Comment\"><p>Second</p>"
                + "<meta itemprop=\"datePublished\" content=\"2026-11-25T00:00:00Z\"></div>");
        assertEquals(2, r.count());
        assertEquals(PublishedTime.parse("2026-11-24T12:00:00Z"), r.meanTime());
    }

    @Test
    void commentMarkupWithTimes() {
        // WordPress: li.comment with a time in its metadata; a nested reply is a reply of its own
        Replies r = of("<article><h1>Post</h1><time datetime=\"2026-11-20T00:00:00Z\">posted</time></article>"
                + "<ol class=\"comment-list\">"
                + "<li class=\"comment even depth-1\" id=\"comment-1\"><div class=\"comment-metadata\">"
                + "<time datetime=\"2026-11-25T06:00:00Z\">6:00</time></div><p>Nice</p>"
                + "<ol class=\"children\"><li class=\"comment odd depth-2\" id=\"comment-2\">"
                + "<time datetime=\"2026-11-25T08:00:00Z\">8:00</time><p>Thanks</p></li></ol></li>"
                + "<li id=\"comment-3\"><time datetime=\"2026-11-25T10:00:00Z\">10:00</time><p>Also</p></li></ol>");
        assertEquals(3, r.count(), "the article's own time is not a reply");
        assertEquals(PublishedTime.parse("2026-11-25T08:00:00Z"), r.meanTime());
    }

    @Test
    void aPageWithoutRepliesHasNone() {
        assertEquals(Replies.NONE, of("<article><p>Text</p><time datetime=\"2026-11-25T10:00:00Z\">now</time>"
                + "</article><div class=\"comments\"><p>No comments yet.</p></div>"));
        assertEquals(Replies.NONE, of("<script type=\"application/ld+json\">{broken</script>"));
    }
}
