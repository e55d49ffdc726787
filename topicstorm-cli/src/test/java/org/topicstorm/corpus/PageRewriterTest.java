package org.topicstorm.corpus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PageRewriterTest {

    /** The shape of a LibreOffice help page: base href three levels up, links relative to the help root. */
    private static final String LIBREOFFICE = """
            <!DOCTYPE html>
            <html lang="en-US" dir="ltr">
            <head>
            <base href="../../../">
            <noscript><meta http-equiv="refresh" content="0; URL=../../../en-US/noscript.html"></noscript>
            <meta http-equiv="Content-Type" content="text/html; charset=utf-8">
            <title>Tools</title>
            <link type="text/css" href="default.css" rel="Stylesheet">
            <script type="text/javascript" src="help.js" defer></script>
            </head>
            <body>
            <header id="TopLeftHeader"><a class="logo" href="en-US/text/shared/05/new_help.html"><p>Help</p></a>
            <nav id="modules-nav"></nav></header>
            <aside class="rightside"><div id="Contents" class="contents-treeview"></div></aside>
            <aside class="leftside"><div id="Index"><input id="search-bar" type="search"></div></aside>
            <div id="DisplayArea">
            <h1>Tools</h1>
            <h2><a target="_top" href="en-US/text/shared/01/06990000.html">Spelling</a></h2>
            <p>See <a href="en-US/text/scalc/01/func_sum.html#bm_1">SUM</a> and <a href="https://example.org/x">a site</a>.</p>
            <img src="media/helpimg/calc.png" alt="">
            </div>
            <div id="SearchFrame"></div>
            <footer><div id="DEBUG" class="debug"><p>This page is: <a href="https://example.org/src">source</a></p></div></footer>
            </body>
            </html>
            """;

    /** The shape of a Sphinx (Python docs) page: breadcrumbs, sidebar and footer around the body. */
    private static final String SPHINX = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>socket</title>
            <script src="../_static/sidebar.js"></script></head>
            <body>
            <div class="mobile-nav"><nav class="nav-content"><a href="../contents.html">Contents</a></nav></div>
            <div class="related" role="navigation"><ul>
              <li><a href="../genindex.html">index</a></li><li><a href="ssl.html">next</a></li>
              <li class="nav-item nav-item-1"><a href="index.html">The Python Standard Library</a></li>
            </ul></div>
            <div class="document"><div class="body" role="main">
            <h1>socket</h1>
            <p>See <a class="reference internal" href="ssl.html#module-ssl">ssl</a>, the <a href="../tutorial/index.html">tutorial</a>,
            this <a href="#socket-families">section</a>, and <a href="https://www.python.org/">python.org</a>.</p>
            </div></div>
            <div class="sphinxsidebar" role="navigation"><h3><a href="../contents.html">Table of Contents</a></h3>
              <p class="topless"><a href="asyncio-dev.html">Previous topic</a></p></div>
            <div class="footer">&copy; <a href="../copyright.html">Copyright</a>. See <a href="/license.html">License</a>.</div>
            </body></html>
            """;

    private final PageRewriter rewriter = new PageRewriter();

    private Document rewrite(String html, String path, boolean strip) {
        byte[] out = rewriter.rewrite(html.getBytes(StandardCharsets.UTF_8), path, strip);
        return Jsoup.parse(new String(out, StandardCharsets.UTF_8));
    }

    private static List<String> hrefs(Document doc) {
        return doc.select("a[href]").eachAttr("href");
    }

    @Test
    void linksResolveAgainstTheBaseHrefAndTheBaseIsRemoved() {
        // the page is en-US/text/scalc/main0106.html; its base ../../../ is the help root
        Document doc = rewrite(LIBREOFFICE, "en-US/text/scalc/main0106.html", true);
        assertTrue(doc.select("base").isEmpty());
        assertEquals(List.of("/en-US/text/shared/01/06990000.html", "/en-US/text/scalc/01/func_sum.html#bm_1",
                "https://example.org/x"), hrefs(doc));
        assertEquals("/media/helpimg/calc.png", doc.selectFirst("img").attr("src"));
        assertEquals("/default.css", doc.selectFirst("link").attr("href"));
    }

    /** The LibreOffice help split by module: text/scalc and text/shared on hosts of their own. */
    private static final PageRewriter.Hosts BY_MODULE = path -> path.startsWith("en-US/text/scalc/")
            ? "http://127.0.0.3:8000" : path.startsWith("en-US/text/shared/") ? "http://127.0.0.4:8000"
            : "http://127.0.0.2:8000";

    @Test
    void linksToAnotherHostOfASplitCorpusBecomeAbsoluteUrlsOfThatHost() {
        byte[] out = rewriter.rewrite(LIBREOFFICE.getBytes(StandardCharsets.UTF_8), "en-US/text/scalc/main0106.html",
                true, BY_MODULE);
        Document doc = Jsoup.parse(new String(out, StandardCharsets.UTF_8));
        // the shared page is on the shared host; the SUM page on the page's own (scalc) host stays root-relative
        assertEquals(List.of("http://127.0.0.4:8000/en-US/text/shared/01/06990000.html",
                "/en-US/text/scalc/01/func_sum.html#bm_1", "https://example.org/x"), hrefs(doc));
        // files outside every split directory are on the main host
        assertEquals("http://127.0.0.2:8000/media/helpimg/calc.png", doc.selectFirst("img").attr("src"));

        // the same page seen from the main host: both modules are elsewhere
        Document fromMain = Jsoup.parse(new String(rewriter.rewrite(LIBREOFFICE.getBytes(StandardCharsets.UTF_8),
                "en-US/noscript.html", true, BY_MODULE), StandardCharsets.UTF_8));
        assertEquals(List.of("http://127.0.0.4:8000/en-US/text/shared/01/06990000.html",
                "http://127.0.0.3:8000/en-US/text/scalc/01/func_sum.html#bm_1", "https://example.org/x"),
                hrefs(fromMain));
        assertEquals("/media/helpimg/calc.png", fromMain.selectFirst("img").attr("src"));
    }

    @Test
    void theHostOfALinkIsFoundFromItsDecodedPath() {
        String html = "<html><body><a href=\"a%20b/x.html?q=1#f\">x</a><a href=\"#top\">top</a></body></html>";
        PageRewriter.Hosts hosts = path -> path.startsWith("a b/") ? "http://127.0.0.3:1" : "http://127.0.0.2:1";
        Document doc = Jsoup.parse(new String(rewriter.rewrite(html.getBytes(StandardCharsets.UTF_8), "index.html",
                true, hosts), StandardCharsets.UTF_8));
        assertEquals(List.of("http://127.0.0.3:1/a%20b/x.html?q=1#f", "/index.html#top"), hrefs(doc));
    }

    @Test
    void libreOfficeNavigationIsStripped() {
        Document doc = rewrite(LIBREOFFICE, "en-US/text/scalc/main0106.html", true);
        for (String gone : List.of("header", "aside", "noscript", "script", "#SearchFrame", "footer", "#DEBUG")) {
            assertTrue(doc.select(gone).isEmpty(), gone + " should be stripped");
        }
        assertEquals("Tools", doc.selectFirst("#DisplayArea h1").text());
    }

    @Test
    void navigationIsKeptWhenAskedButLinksAreStillRewritten() {
        Document doc = rewrite(LIBREOFFICE, "en-US/text/scalc/main0106.html", false);
        Element logo = doc.selectFirst("header a.logo");
        assertEquals("/en-US/text/shared/05/new_help.html", logo.attr("href"));
        assertEquals("/help.js", doc.selectFirst("script").attr("src"));
        assertTrue(doc.select("base").isEmpty());
    }

    @Test
    void sphinxSidebarBreadcrumbsAndFooterAreStripped() {
        Document doc = rewrite(SPHINX, "library/socket.html", true);
        for (String gone : List.of("div.mobile-nav", "div.related", "div.sphinxsidebar", "div.footer", "script")) {
            assertTrue(doc.select(gone).isEmpty(), gone + " should be stripped");
        }
        // without a base href, relative links resolve against the page's own directory (library/)
        assertEquals(List.of("/library/ssl.html#module-ssl", "/tutorial/index.html",
                "/library/socket.html#socket-families", "https://www.python.org/"), hrefs(doc));
    }

    @Test
    void sphinxNavigationKept() {
        Document doc = rewrite(SPHINX, "library/socket.html", false);
        assertTrue(hrefs(doc).containsAll(List.of("/genindex.html", "/contents.html", "/library/asyncio-dev.html",
                "/copyright.html", "/license.html")), hrefs(doc).toString());
    }

    @Test
    void pagesAreReencodedAsUtf8() {
        Charset gbk = Charset.forName("GBK");
        String html = "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=gbk\">"
                + "<title>电子表格</title></head><body><p>单元格</p></body></html>";
        byte[] out = rewriter.rewrite(html.getBytes(gbk), "zh/a.html", true);
        String text = new String(out, StandardCharsets.UTF_8);
        assertTrue(text.contains("<title>电子表格</title>") && text.contains("单元格"), text);
        assertFalse(text.toLowerCase().contains("charset=gbk"), "the GBK declaration would contradict the bytes");
        assertTrue(text.contains("<meta charset=\"UTF-8\">"), text);
    }
}
