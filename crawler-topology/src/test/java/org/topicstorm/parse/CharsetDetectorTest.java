package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.topicstorm.parse.CharsetDetector.Detection;
import org.topicstorm.parse.CharsetDetector.Source;

class CharsetDetectorTest {

    private static final String URL = "https://sport.example.cn/league/round10.html";
    private final PageParser parser = new PageParser(ParseConfig.defaults());

    /** Encodes strictly: a character the charset lacks fails the test instead of becoming '?'. */
    static byte[] encode(String s, String charset) throws CharacterCodingException {
        ByteBuffer b = Charset.forName(charset).newEncoder()
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .onMalformedInput(CodingErrorAction.REPORT)
                .encode(CharBuffer.wrap(s));
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    private static String resourceText(String name) throws Exception {
        return new String(PageParserTest.resource(name), StandardCharsets.UTF_8);
    }

    private ParsedPage parseUtf8Original(String html) throws Exception {
        return parser.parse(URL, html.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8", null);
    }

    private static void assertSameContent(ParsedPage expected, ParsedPage actual) {
        assertEquals(expected.title(), actual.title());
        assertEquals(expected.headings(), actual.headings());
        assertEquals(expected.text(), actual.text());
        assertEquals(expected.outlinks(), actual.outlinks());
    }

    @Test
    void gbkPageWithMetaOnly() throws Exception {
        String html = resourceText("zh-gbk-meta.html");
        ParsedPage page = parser.parse(URL, encode(html, "GBK"), "text/html", null);

        assertSameContent(parseUtf8Original(html), page);
        assertEquals("全国足球联赛第十轮：主队三比一获胜", page.title());
        assertEquals("主队三比一获胜 本轮比赛中，主队在最后十分钟连进两球。前锋李明头球破门，并为队友送出助攻。客队球队主页提供了更多资料。"
                + " 主教练表示：“我们从未放弃。”球迷们在赛后久久不愿离去。", page.text());
        assertEquals(List.of(new Outlink("https://sport.example.cn/sport/teams/united.html", "客队球队主页",
                // 10 "words" each side; a Han character or a run of punctuation is one word
                "，并为队友送出助攻。 提供了更多资料。")), page.outlinks());
        assertEquals("GB18030", page.charset()); // "gbk" is read with its superset
        assertEquals("zh", page.language());
        assertEquals(Source.META, detect(encode(html, "GBK"), "text/html").source());
    }

    @Test
    void gbkPageWithoutAnyDeclaration() throws Exception {
        String html = resourceText("zh-undeclared.html");
        byte[] gbk = encode(html, "GBK");
        ParsedPage page = parser.parse(URL, gbk, null, null);

        assertSameContent(parseUtf8Original(html), page);
        assertEquals("GB18030", page.charset());
        assertEquals(Source.SNIFFED, detect(gbk, null).source());
    }

    @Test
    void undeclaredBig5ShiftJisAndEucKrPagesAreSniffed() throws Exception {
        // what the GB-only heuristic before ICU read as windows-1252 mojibake
        Map<String, String> pages = Map.of(
                "Big5", "<html><head><title>足球聯賽</title></head><body><p>全國足球聯賽第十輪比賽昨日舉行，主隊在主場以三比一"
                        + "擊敗來訪的客隊，繼續領跑積分榜。教練表示球員們的表現非常出色，下週將繼續努力。</p></body></html>",
                "Shift_JIS", "<html><head><title>天気予報</title></head><body><p>明日の東京は晴れのち曇りで、午後から"
                        + "雨が降る所があるでしょう。最高気温は二十度の予想です。傘を持ってお出かけください。</p></body></html>",
                "EUC-KR", "<html><head><title>날씨 예보</title></head><body><p>내일 서울은 맑다가 오후부터 흐려지고 곳에 따라"
                        + " 비가 내리겠습니다. 낮 최고 기온은 이십 도로 예상됩니다. 우산을 챙기시기 바랍니다.</p></body></html>");
        for (Map.Entry<String, String> e : pages.entrySet()) {
            byte[] bytes = encode(e.getValue(), e.getKey());
            Detection d = detect(bytes, "text/html");
            assertEquals(Source.SNIFFED, d.source(), e.getKey());
            assertEquals(Charset.forName(e.getKey()), d.charset(), e.getKey());
            assertEquals(Jsoup.parse(e.getValue()).body().text(), parser.parse(URL, bytes, "text/html", null).text());
        }
    }

    @Test
    void big5PageWithMeta() throws Exception {
        String html = resourceText("zh-big5-meta.html");
        ParsedPage page = parser.parse(URL, encode(html, "Big5"), "text/html", null);

        assertSameContent(parseUtf8Original(html), page);
        assertEquals("全國足球聯賽第十輪：主隊三比一獲勝", page.title());
        assertEquals("Big5", page.charset());
    }

    @Test
    void headerCharsetComesFirstAndMayBeQuoted() throws Exception {
        byte[] gbk = encode("<meta charset=\"big5\"><p>中文</p>", "GBK");
        Detection d = detect(gbk, "text/html; charset=\"GBK\"");
        assertEquals(Source.HEADER, d.source());
        assertEquals("GB18030", d.charset().name());
    }

    @Test
    void gb2312LabelDecodesGbkOnlyCharacters() throws Exception {
        // 镕 is in GBK but not in GB2312; servers labelling GBK pages "gb2312" are common
        byte[] gbk = encode("<p>朱镕基</p>", "GBK");
        ParsedPage page = parser.parse(URL, gbk, "text/html; charset=gb2312", null);
        assertEquals("朱镕基", page.text());
    }

    @Test
    void latin1LabelIsReadAsWindows1252() throws Exception {
        byte[] bytes = {'<', 'p', '>', (byte) 0x80, ' ', '5', (byte) 0xE9, '<', '/', 'p', '>'};
        ParsedPage page = parser.parse(URL, bytes, "text/html; charset=ISO-8859-1", null);
        assertEquals("\u20ac 5\u00e9", page.text()); // 0x80 is the euro sign in windows-1252
        assertEquals("windows-1252", page.charset());
    }

    @Test
    void unknownOrIllegalCharsetNamesFallBack() throws Exception {
        byte[] utf8Meta = "<meta charset=\"utf-8\"><p>café</p>".getBytes(StandardCharsets.UTF_8);
        // unknown header name: the meta tag decides
        assertEquals(new Detection(StandardCharsets.UTF_8, 0, Source.META),
                detect(utf8Meta, "text/html; charset=x-no-such-charset"));
        // illegal header name: the meta tag decides
        assertEquals(new Detection(StandardCharsets.UTF_8, 0, Source.META),
                detect(utf8Meta, "text/html; charset=bad!name"));
        // illegal name in the meta tag too: the bytes decide
        byte[] badMeta = "<meta charset=\"@@\"><p>café</p>".getBytes(StandardCharsets.UTF_8);
        assertEquals(new Detection(StandardCharsets.UTF_8, 0, Source.SNIFFED),
                detect(badMeta, "text/html; charset=x-no-such-charset"));
        assertEquals("café", parser.parse(URL, badMeta, "text/html; charset=x-no-such-charset", null).text());
        assertNull(CharsetDetector.forLabel("bad!name"));
    }

    @Test
    void byteOrderMarkOverridesAWrongHeader() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] text = "<p>naïve</p>".getBytes(StandardCharsets.UTF_8);
        byte[] content = new byte[bom.length + text.length];
        System.arraycopy(bom, 0, content, 0, 3);
        System.arraycopy(text, 0, content, 3, text.length);
        assertEquals(new Detection(StandardCharsets.UTF_8, 3, Source.BOM), detect(content, "text/html; charset=iso-8859-1"));
        assertEquals("naïve", parser.parse(URL, content, "text/html; charset=iso-8859-1", null).text());
    }

    @Test
    void httpEquivMetaAndXmlDeclarationAreRead() {
        byte[] httpEquiv = "<META HTTP-EQUIV='Content-Type' CONTENT='text/html;charset=Shift_JIS'>"
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals("Shift_JIS", detect(httpEquiv, null).charset().name());
        byte[] xml = "<?xml version=\"1.0\" encoding=\"EUC-KR\"?><html/>".getBytes(StandardCharsets.US_ASCII);
        assertEquals("EUC-KR", detect(xml, null).charset().name());
        // a page whose declaration was readable as ASCII is not UTF-16, whatever it says
        byte[] utf16Meta = "<meta charset=utf-16>".getBytes(StandardCharsets.US_ASCII);
        assertEquals(StandardCharsets.UTF_8, detect(utf16Meta, null).charset());
    }

    @Test
    void undeclaredLatin1TextFallsBackToWindows1252() throws Exception {
        String original = "<p>Café crème brûlée à la carte, façade, naïve señor</p>";
        byte[] latin1 = original.getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(new Detection(CharsetDetector.WINDOWS_1252, 0, Source.SNIFFED), detect(latin1, "text/html"));
        assertEquals("Café crème brûlée à la carte, façade, naïve señor",
                parser.parse(URL, latin1, "text/html", null).text());
    }

    @Test
    void utf8CutInsideTheLastCharacterIsStillUtf8() {
        byte[] full = "<p>中文中文</p>中".getBytes(StandardCharsets.UTF_8);
        int cut = full.length - 1; // the last 3-byte character loses its last byte
        assertEquals(StandardCharsets.UTF_8, CharsetDetector.detect(full, cut, null).charset());
    }

    private static Detection detect(byte[] content, String contentType) {
        return CharsetDetector.detect(content, content.length, contentType);
    }
}
