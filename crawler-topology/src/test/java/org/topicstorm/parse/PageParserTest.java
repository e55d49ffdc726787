package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageParserTest {

    static final String ARTICLE_URL = "https://news.example.com/sport/2024/match-report.html";

    private final PageParser parser = new PageParser(ParseConfig.defaults());

    static byte[] resource(String name) throws IOException {
        try (InputStream in = PageParserTest.class.getResourceAsStream("/parse/" + name)) {
            if (in == null) {
                throw new IOException("test resource /parse/" + name + " missing");
            }
            return in.readAllBytes();
        }
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> urls(ParsedPage page) {
        return page.outlinks().stream().map(Outlink::url).toList();
    }

    @Test
    void articleTitleHeadingsAndText() throws Exception {
        ParsedPage page = parser.parse(ARTICLE_URL, resource("article.html"), "text/html; charset=UTF-8", null);

        assertEquals(ARTICLE_URL, page.url());
        assertEquals("Rovers beat United 3-1 | City Sport", page.title());
        assertEquals(List.of("Rovers beat United 3-1", "A late surge", "What the managers said"), page.headings());
        assertEquals("Rovers beat United 3-1 By Ann Writer, 12 May 2024 A late surge The home side scored twice in"
                + " the last ten minutes. Striker Lee Park, who joined from United last summer, headed the second goal"
                + " and set up the third for his strike partner. Read the full match statistics or the United team"
                + " page. What the managers said \"We never gave up,\" said the Rovers manager. Comment on this or"
                + " write to us or share. Match photos \u00a9 City Sport Archive", page.text());
        assertEquals("Rovers beat United 3-1 By Ann Writer, 12 May 2024 A late surge The home side scored twice in"
                + " the last ten minutes. Striker Lee Park, who joined from last summer, headed the second goal"
                + " and set up the third for his strike partner. Read the or the . What the managers said"
                + " \"We never gave up,\" said the Rovers manager. or or . \u00a9 City Sport",
                page.textWithoutAnchors());
        assertEquals("UTF-8", page.charset());
        assertEquals("en", page.language()); // from <html lang="en-GB">
    }

    @Test
    void scriptStyleFramesTemplatesSvgAndNavigationAreRemoved() throws Exception {
        ParsedPage page = parser.parse(ARTICLE_URL, resource("article.html"), "text/html", null);
        for (String hidden : List.of("tracking", "font-family", "Home", "Weather", "Football", "League",
                "video", "Enable JavaScript", "Template text", "svg text", "icon")) {
            assertFalse(page.text().contains(hidden), hidden);
        }
        for (String hiddenLink : List.of("/from-script", "/noscript-link", "/template-link", "/svg-link",
                "/weather/", "/sport/football/league/", "video.example.com")) {
            assertTrue(urls(page).stream().noneMatch(u -> u.contains(hiddenLink)), hiddenLink);
        }
    }

    @Test
    void articleOutlinksWithAnchorAndNearbyText() throws Exception {
        ParsedPage page = parser.parse(ARTICLE_URL, resource("article.html"), "text/html", null);

        // Fragments dropped (so the two links to united.html are one), duplicates removed, nofollow, mailto:,
        // javascript: and ftp: links skipped; relative links resolved against the page URL.
        assertEquals(List.of(
                new Outlink("https://news.example.com/sport/football/teams/united.html", "United",
                        // 10 words before and 10 after the anchor in the enclosing <p>
                        "the last ten minutes. Striker Lee Park, who joined from"
                                + " last summer, headed the second goal and set up the"),
                new Outlink("https://stats.example.org/match/4711?lang=en", "full match statistics",
                        "Read the or the United team page."),
                // first linked by an image (no anchor text), then by "Match photos": the text link's anchor is kept
                new Outlink("https://news.example.com/sport/2024/photos/4711/", "Match photos", "")),
                page.outlinks());
    }

    @Test
    void nofollowLinksAreKeptWhenConfigured() throws Exception {
        ParseConfig keepNofollow = new ParseConfig(ParseConfig.DEFAULT_MAX_BYTES, 500, 0.6, 10, false, "protocol.");
        ParsedPage page = new PageParser(keepNofollow).parse(ARTICLE_URL, resource("article.html"), "text/html",
                null);
        assertTrue(urls(page).contains("https://news.example.com/sport/comments/4711"));
    }

    @Test
    void robotsMetaTagsAreReadAndLinksStayInThePageForTheBoltsToDecide() throws Exception {
        String html = "<html><head><meta name=\"robots\" content=\"noindex\"><meta name=\"TopicStorm\" "
                + "content=\"nofollow\"></head><body><p>text <a href=\"/a\">a</a></p>"
                + "<noscript><meta name=\"robots\" content=\"none\"></noscript></body></html>";
        ParseConfig agent = ParseConfig.fromConf(Map.of(ParseConfig.AGENT_NAME, "TopicStorm"));
        ParsedPage page = new PageParser(agent).parse("https://a.example/", utf8(html), "text/html", null);
        assertEquals(new RobotsDirectives(true, true), page.robots());
        // the page is still judged on all it says: its links are the link-priority bolt's to drop
        assertEquals(List.of("https://a.example/a"), urls(page));
        // for another agent only name=robots counts; the meta tag inside noscript never does
        ParseConfig other = ParseConfig.fromConf(Map.of(ParseConfig.AGENT_NAME, "OtherBot"));
        assertEquals(new RobotsDirectives(true, false), new PageParser(other).parse("https://a.example/", utf8(html),
                "text/html", null).robots());
        // http.robots.meta.skip: true
        ParseConfig skip = ParseConfig.fromConf(Map.of(ParseConfig.ROBOTS_META_SKIP, true));
        assertEquals(RobotsDirectives.NONE, new PageParser(skip).parse("https://a.example/", utf8(html), "text/html",
                null).robots());
        assertEquals(RobotsDirectives.NONE, parser.parse("https://a.example/", utf8("<p>plain</p>"), "text/html",
                null).robots());
    }

    @Test
    void linksResolveAgainstBaseHref() throws Exception {
        ParsedPage page = parser.parse("https://help.example.org/7.4/en-US/text/swriter/guide/tables.html",
                resource("base-href.html"), "text/html", null);
        assertEquals(List.of(
                "https://help.example.org/7.4/en-US/text/swriter/guide/table_insert.html",
                "https://help.example.org/7.4/zh-CN/text/swriter/guide/table_insert.html",
                "https://help.example.org/index.html",
                "https://other.example.com/tables",
                "https://help.example.org/7.4/en-US/", // "#top" is the base URL without its (empty) fragment
                "https://help.example.org/7.4/en-US/?page=2"),
                urls(page));
    }

    @Test
    void hubPageByAnchorShare() throws Exception {
        ParsedPage page = parser.parse("https://news.example.com/football/", resource("hub.html"), "text/html", null);
        // text "Links: Alpha news Beta news Gamma news" = 6 + 1 + 10 + 1 + 9 + 1 + 10 = 38 characters
        // anchors "Alpha news" + "Beta news" + "Gamma news" = 10 + 9 + 10 = 29 characters
        assertEquals("Links: Alpha news Beta news Gamma news", page.text());
        assertEquals(29.0 / 38.0, page.anchorTextShare(), 1e-12);
        assertEquals(PageType.HUB, page.type()); // 0.763 > 0.6
        assertEquals("Alpha news Beta news Gamma news", page.scoringText());
        assertEquals("Links:", page.textWithoutAnchors());
    }

    @Test
    void topicPageByAnchorShare() throws Exception {
        ParsedPage page = parser.parse("https://news.example.com/laws/", resource("topic.html"), "text/html", null);
        // "The offside rule is explained in " = 33, "law eleven" = 10, " of the game." = 13: 56 characters
        assertEquals("The offside rule is explained in law eleven of the game.", page.text());
        assertEquals(10.0 / 56.0, page.anchorTextShare(), 1e-12);
        assertEquals(PageType.TOPIC, page.type());
        assertEquals("The offside rule is explained in of the game.", page.scoringText());
    }

    @Test
    void hubThresholdIsConfigurable() throws Exception {
        // 29/38 = 0.763 is not above 0.8
        ParseConfig strict = new ParseConfig(ParseConfig.DEFAULT_MAX_BYTES, 500, 0.8, 10, true, "protocol.");
        ParsedPage page = new PageParser(strict).parse("https://news.example.com/football/", resource("hub.html"),
                "text/html", null);
        assertEquals(PageType.TOPIC, page.type());
    }

    @Test
    void shareEqualToTheThresholdIsATopicPage() throws Exception {
        // text "abcde" = 5 characters, anchor "cde" = 3: 3/5 = 0.6, not above 0.6
        ParsedPage page = parser.parse("https://a.example/", utf8("<p>ab<a href=/x>cde</a></p>"), "text/html", null);
        assertEquals("abcde", page.text());
        assertEquals(0.6, page.anchorTextShare());
        assertEquals(PageType.TOPIC, page.type());
    }

    @Test
    void pageWithoutTextHasZeroAnchorShare() throws Exception {
        ParsedPage page = parser.parse("https://a.example/", utf8("<html><body><img src=x.png></body></html>"),
                "text/html", null);
        assertEquals("", page.text());
        assertEquals(0.0, page.anchorTextShare());
        assertEquals(PageType.TOPIC, page.type());
    }

    @Test
    void nearbyWordsAreConfigurableAndCountCjkCharactersAsWords() throws Exception {
        ParseConfig two = new ParseConfig(ParseConfig.DEFAULT_MAX_BYTES, 500, 0.6, 2, true, "protocol.");
        String html = "<p>one two three <a href=/x>link</a> four five six</p>"
                + "<div>甲乙丙<a href=/y>链接</a>丁戊己</div>";
        ParsedPage page = new PageParser(two).parse("https://a.example/", utf8(html), "text/html", null);
        assertEquals(List.of(new Outlink("https://a.example/x", "link", "two three four five"),
                new Outlink("https://a.example/y", "链接", "乙丙 丁戊")), page.outlinks());
    }

    @Test
    void outlinksAreCappedInDocumentOrderAfterDeduplication() throws Exception {
        StringBuilder html = new StringBuilder("<body>");
        for (int i = 1; i <= 7; i++) {
            html.append("<a href=/p").append(i).append(">p").append(i).append("</a> <a href=/p1>again</a> ");
        }
        ParseConfig five = new ParseConfig(ParseConfig.DEFAULT_MAX_BYTES, 5, 0.6, 10, true, "protocol.");
        ParsedPage page = new PageParser(five).parse("https://a.example/", utf8(html.toString()), "text/html", null);
        assertEquals(List.of("https://a.example/p1", "https://a.example/p2", "https://a.example/p3",
                "https://a.example/p4", "https://a.example/p5"), urls(page));
    }

    @Test
    void headSequenceLinksAreOutlinksWithTheirTitleAsAnchor() throws Exception {
        // as Sphinx and DocBook declare a manual's neighbouring pages; the body's own links come first, a neighbour
        // the body links already is not added twice, other rel values (stylesheet, index, canonical) are not links
        String html = "<html><head><link rel=stylesheet href=/s.css><link rel=index title=Index href=/genindex.html>"
                + "<link rel=\"prev\" title=\"string — Common string operations\" href=\"string.html\">"
                + "<link rel=\"next\" title=\"difflib — Helpers\" href=\"difflib.html#top\">"
                + "<link rel=\"Previous\" title=\"again\" href=\"/lib/body.html\">"
                + "<link rel=\"next\" title=\"filtered\" href=\"other.jpg\"></head>"
                + "<body><nav><a href=string.html>Previous topic</a></nav><p><a href=body.html>body</a></p></body>";
        LinkFilter filter = url -> url.endsWith(".jpg") ? null : url;
        ParsedPage page = parser.parse("https://docs.example/lib/re.html", utf8(html), "text/html", null, filter);
        assertEquals(List.of(new Outlink("https://docs.example/lib/body.html", "body", ""),
                new Outlink("https://docs.example/lib/string.html", "string — Common string operations", ""),
                new Outlink("https://docs.example/lib/difflib.html", "difflib — Helpers", "")), page.outlinks());
    }

    @Test
    void sequenceLinksStayWithinTheOutlinkCap() throws Exception {
        ParseConfig one = new ParseConfig(ParseConfig.DEFAULT_MAX_BYTES, 1, 0.6, 10, true, "protocol.");
        String html = "<head><link rel=next href=/n.html></head><body><a href=/b.html>b</a></body>";
        assertEquals(List.of("https://a.example/b.html"),
                urls(new PageParser(one).parse("https://a.example/", utf8(html), "text/html", null)));
    }

    @Test
    void linkFilterDropsAndNormalisesAndDuplicatesMerge() throws Exception {
        String html = "<a href=/A.html>a</a> <a href=/photo.jpg>photo</a> <a href=/a.html>again</a>";
        LinkFilter filter = url -> url.endsWith(".jpg") ? null : url.toLowerCase();
        ParsedPage page = parser.parse("https://a.example/", utf8(html), "text/html", null, filter);
        assertEquals(List.of(new Outlink("https://a.example/a.html", "a", "photo again")), page.outlinks());
    }

    @Test
    void languageFromHtmlLangElseContentLanguage() throws Exception {
        byte[] withLang = utf8("<html lang=\"zh-Hans-CN\"><body>x</body></html>");
        byte[] withoutLang = utf8("<html><body>x</body></html>");
        assertEquals("zh", parser.parse("https://a.example/", withLang, "text/html", "en").language());
        assertEquals("de", parser.parse("https://a.example/", withoutLang, "text/html", "DE-at, en").language());
        assertEquals("", parser.parse("https://a.example/", withoutLang, "text/html", null).language());
        assertEquals("", parser.parse("https://a.example/", withoutLang, "text/html", "*").language());
    }

    @Test
    void contentBeyondTheLimitIsTruncated() throws Exception {
        ParseConfig tenBytes = new ParseConfig(10, 500, 0.6, 10, true, "protocol.");
        // the first 10 bytes are "<p>abcdefg"
        ParsedPage page = new PageParser(tenBytes).parse("https://a.example/", utf8("<p>abcdefghij</p>"),
                "text/html", null);
        assertEquals("abcdefg", page.text());
    }

    @Test
    void pageLargerThanTwoMebibytesIsParsedUpToTheLimit() throws Exception {
        StringBuilder html = new StringBuilder("<html><head><title>Big</title></head><body>"
                + "<p><a href=\"/first\">first link</a></p>");
        String paragraph = "<p>Filler text about football leagues and match reports, repeated many times.</p>\n";
        while (html.length() < 2 * 1024 * 1024 + 100_000) {
            html.append(paragraph);
        }
        html.append("<p><a href=\"/last\">last link</a> TAILMARKER</p></body></html>");
        byte[] content = utf8(html.toString());
        assertTrue(content.length > ParseConfig.DEFAULT_MAX_BYTES);

        ParsedPage page = parser.parse("https://big.example/", content, "text/html", null);

        assertEquals("Big", page.title());
        assertEquals(List.of("https://big.example/first"), urls(page));
        assertFalse(page.text().contains("TAILMARKER"));
        assertTrue(page.text().startsWith("first link Filler text about football"));
        // Exactly the paragraphs whose text lies within the first 2 MiB (ASCII: one byte per character) are parsed.
        String parsedPart = html.substring(0, ParseConfig.DEFAULT_MAX_BYTES);
        int expected = occurrences(parsedPart, "repeated many times.");
        assertTrue(expected > 20_000);
        assertEquals(expected, occurrences(page.text(), "repeated many times."));
    }

    private static int occurrences(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }

    @Test
    void utf16WithByteOrderMarkIsHtml() throws Exception {
        byte[] body = "<title>Wide</title><p>text</p>".getBytes(StandardCharsets.UTF_16LE);
        byte[] content = new byte[body.length + 2];
        content[0] = (byte) 0xFF;
        content[1] = (byte) 0xFE;
        System.arraycopy(body, 0, content, 2, body.length);
        ParsedPage page = parser.parse("https://a.example/", content, "text/html", null);
        assertEquals("Wide", page.title());
        assertEquals("text", page.text());
        assertEquals("UTF-16LE", page.charset());
    }

    @Test
    void pngServedAsHtmlIsRejected() {
        byte[] png = new byte[2048];
        new java.util.Random(7).nextBytes(png);
        byte[] magic = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
        System.arraycopy(magic, 0, png, 0, magic.length);
        NotHtmlException e = assertThrows(NotHtmlException.class,
                () -> parser.parse("https://a.example/logo", png, "text/html; charset=utf-8", null));
        assertEquals("binary content (image/png)", e.reason());
    }

    @Test
    void randomBytesServedAsHtmlAreRejected() {
        byte[] random = new byte[64 * 1024];
        new java.util.Random(42).nextBytes(random);
        random[0] = 'x'; // no magic number: only the control-character share can tell
        NotHtmlException e = assertThrows(NotHtmlException.class,
                () -> parser.parse("https://a.example/blob", random, "text/html", null));
        assertTrue(e.reason().startsWith("binary content ("), e.reason());
        assertTrue(e.reason().endsWith("of the first 1024 bytes are control characters)"), e.reason());
    }

    @Test
    void archivesAndDocumentsServedAsHtmlAreRejected() {
        Map<String, byte[]> samples = Map.of(
                "binary content (application/zip)", utf8("PK\u0003\u0004rest of a zip file"),
                "binary content (application/pdf)", utf8("%PDF-1.7\n%âãÏÓ\n1 0 obj"),
                "binary content (application/gzip)", new byte[] {0x1F, (byte) 0x8B, 8, 0, 0, 0, 0, 0},
                "binary content (application/x-msdownload)", new byte[] {'M', 'Z', (byte) 0x90, 0, 3, 0, 0, 0});
        samples.forEach((reason, bytes) -> {
            NotHtmlException e = assertThrows(NotHtmlException.class,
                    () -> parser.parse("https://a.example/f", bytes, "text/html", null));
            assertEquals(reason, e.reason());
        });
    }

    @Test
    void markupFirstSkipsTheMagicNumbersButNotTheControlCharacterCheck() {
        assertTrue(ContentSniffer.opensWithMarkup(utf8("<!DOCTYPE html><html>"), 21, 0));
        assertTrue(ContentSniffer.opensWithMarkup(utf8(" \r\n\t<html>"), 10, 0));
        assertTrue(ContentSniffer.opensWithMarkup(utf8("\uFEFF<html>"), 9, 3)); // UTF-8 mark, then a tag
        assertFalse(ContentSniffer.opensWithMarkup(utf8("text <b>bold</b>"), 16, 0));
        assertFalse(ContentSniffer.opensWithMarkup(utf8("   "), 3, 0));
        assertFalse(ContentSniffer.opensWithMarkup(new byte[] {(byte) 0xFF, (byte) 0xFE, '<', 0}, 4, 2)); // UTF-16
        // a tag and then random bytes: no magic number is tried, the share of control characters still rejects it
        byte[] garbage = new byte[4096];
        new java.util.Random(3).nextBytes(garbage);
        System.arraycopy(utf8("<html>"), 0, garbage, 0, 6);
        NotHtmlException e = assertThrows(NotHtmlException.class,
                () -> parser.parse("https://a.example/blob", garbage, "text/html", null));
        assertTrue(e.reason().endsWith("of the first 1024 bytes are control characters)"), e.reason());
    }

    @Test
    void textThatTikaTypesIsNotTakenForBinary() throws Exception {
        // XHTML with an XML declaration, a page opening with a comment, one with a byte order mark
        for (String page : List.of("<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body>"
                + "<p>solar</p></body></html>", "<!-- generated --><html><body><p>solar</p></body></html>",
                "\uFEFF<html><body><p>solar</p></body></html>")) {
            assertEquals("solar", parser.parse("https://a.example/", utf8(page), "text/html", null).text(), page);
        }
    }

    @Test
    void declaredNonHtmlTypesAndEmptyContentAreRejected() {
        byte[] html = utf8("<html><body>text</body></html>");
        NotHtmlException pdf = assertThrows(NotHtmlException.class,
                () -> parser.parse("https://a.example/", html, "application/pdf", null));
        assertEquals("content type application/pdf is not HTML", pdf.reason());
        NotHtmlException empty = assertThrows(NotHtmlException.class,
                () -> parser.parse("https://a.example/", new byte[0], "text/html", null));
        assertEquals("empty content", empty.reason());
        assertThrows(NotHtmlException.class, () -> parser.parse("https://a.example/", null, "text/html", null));
    }

    @Test
    void htmlWithoutContentTypeAndXhtmlAreAccepted() throws Exception {
        byte[] html = utf8("<html><body>text</body></html>");
        assertEquals("text", parser.parse("https://a.example/", html, null, null).text());
        assertEquals("text", parser.parse("https://a.example/", html, "Application/XHTML+XML", null).text());
    }

    @Test
    void videosAreFoundBeforeIframesAndScriptsAreRemovedAsNonContent() throws Exception {
        String html = "<html><head><title>Clip</title><script type='application/ld+json'>{\"@type\":\"VideoObject\","
                + "\"contentUrl\":\"/clip.mp4\"}</script></head><body><p>A report</p>"
                + "<iframe src='https://www.youtube.com/embed/xyz'></iframe></body></html>";
        ParsedPage page = new PageParser(ParseConfig.defaults()).parse("http://site.test/news/1", 
                html.getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/html", null);
        assertEquals(List.of("https://www.youtube.com/embed/xyz", "http://site.test/clip.mp4"), page.videos());
        assertEquals("A report", page.text());
        assertEquals(List.of(), new PageParser(ParseConfig.defaults()).parse("http://site.test/2",
                "<p>no video</p>".getBytes(java.nio.charset.StandardCharsets.UTF_8), "text/html", null).videos());
    }
}
