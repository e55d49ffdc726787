package org.topicstorm.parse;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RobotsDirectivesTest {

    private static final RobotsDirectives NOINDEX = new RobotsDirectives(true, false);
    private static final RobotsDirectives NOFOLLOW = new RobotsDirectives(false, true);
    private static final RobotsDirectives BOTH = new RobotsDirectives(true, true);
    private static final RobotsDirectives NONE = RobotsDirectives.NONE;

    @Test
    void directivesInAnyCaseAndSpacing() {
        assertEquals(NOINDEX, RobotsDirectives.parse("noindex"));
        assertEquals(NOFOLLOW, RobotsDirectives.parse("NoFollow"));
        assertEquals(BOTH, RobotsDirectives.parse("noindex,nofollow"));
        assertEquals(BOTH, RobotsDirectives.parse(" NOINDEX ,  NOFOLLOW "));
        assertEquals(BOTH, RobotsDirectives.parse("none"), "none = noindex, nofollow");
        assertEquals(NOINDEX, RobotsDirectives.parse("noindex, follow"));
        assertEquals(NOFOLLOW, RobotsDirectives.parse("index, nofollow, noarchive"));
    }

    @Test
    void whatAsksNothingOfACrawler() {
        assertEquals(NONE, RobotsDirectives.parse(null));
        assertEquals(NONE, RobotsDirectives.parse(""));
        assertEquals(NONE, RobotsDirectives.parse("index, follow"));
        assertEquals(NONE, RobotsDirectives.parse("all"));
        assertEquals(NONE, RobotsDirectives.parse("noarchive, nosnippet, max-snippet:50, max-image-preview:large"));
        // a word that only contains a directive is not it
        assertEquals(NONE, RobotsDirectives.parse("noindexing, nofollowers"));
    }

    @Test
    void metaTagsForAllRobotsAndForOurAgentAddUp() {
        String html = """
                <html><head>
                <meta name="ROBOTS" content="nofollow">
                <meta name="description" content="noindex is not a robots directive here">
                <meta name="otherbot" content="noindex">
                </head><body><meta name="TopicStorm" content="noindex"></body></html>""";
        assertEquals(BOTH, RobotsDirectives.fromMeta(Jsoup.parse(html), "topicstorm"));
        assertEquals(NOFOLLOW, RobotsDirectives.fromMeta(Jsoup.parse(html), ""), "no agent: only name=robots");
        assertEquals(NOFOLLOW, RobotsDirectives.fromMeta(Jsoup.parse(html), "anotherbot"));
        assertEquals(NONE, RobotsDirectives.fromMeta(Jsoup.parse("<meta name=robots>"), "topicstorm"),
                "no content: nothing asked");
    }

    @Test
    void headerValuesMayBeScopedToAnAgent() {
        assertEquals(NOINDEX, RobotsDirectives.fromHeaders(List.of("noindex"), "TopicStorm"));
        assertEquals(BOTH, RobotsDirectives.fromHeaders(List.of("noindex", "nofollow"), "TopicStorm"),
                "two headers add up");
        assertEquals(BOTH, RobotsDirectives.fromHeaders(List.of("noindex, nofollow"), "TopicStorm"));
        assertEquals(NONE, RobotsDirectives.fromHeaders(List.of("googlebot: noindex, nofollow"), "TopicStorm"));
        assertEquals(NOFOLLOW, RobotsDirectives.fromHeaders(List.of("googlebot: noindex", "topicstorm: nofollow"),
                "TopicStorm"));
        // "name: value" directives are not agents
        assertEquals(NOINDEX, RobotsDirectives.fromHeaders(
                List.of("unavailable_after: Sunday, 01-Sep-2030 00:00:00 GMT", "max-snippet: 20, noindex"), "x"));
        assertEquals(NONE, RobotsDirectives.fromHeaders(List.of(), "TopicStorm"));
    }

    @Test
    void andIsTheMostRestrictive() {
        assertEquals(BOTH, NOINDEX.and(NOFOLLOW));
        assertEquals(NOINDEX, NOINDEX.and(NONE));
        assertEquals(NONE, NONE.and(NONE));
    }
}
