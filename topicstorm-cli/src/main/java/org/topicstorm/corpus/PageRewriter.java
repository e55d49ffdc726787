package org.topicstorm.corpus;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Rewrites a corpus page for serving, so that every crawler sees the same, web-like link structure:
 * <ol>
 * <li>Links are made root-relative ({@code /en-US/text/scalc/main0000.html}) after resolving them the way a browser
 * does, against the page's {@code <base href>} if it has one, and the {@code <base>} element is removed. LibreOffice
 * help pages all carry {@code <base href="../../../">} and write every link relative to that; a client that ignored
 * the base would otherwise resolve them against the page's own directory and find nothing.</li>
 * <li>Optionally, navigation is stripped ({@link #NAVIGATION}): Sphinx sidebars, breadcrumbs and footers, and
 * LibreOffice's JavaScript navigation frame (header, index and contents asides, scripts, the noscript redirect).
 * Navigation repeats the same site-wide links on every page; with it, breadth-first reaches nearly every page in
 * two hops and the link structure says nothing about topics.</li>
 * <li>The page is re-encoded as UTF-8 (the charset of the HTTP header the server sends).</li>
 * </ol>
 * When the corpus is split over several hosts ({@link HostSplit}), a link to a page that another host serves
 * becomes an absolute URL of that host ({@link Hosts}); links within the page's own host stay root-relative.
 * Holds no state: one instance serves any number of threads.
 */
public final class PageRewriter {

    /** CSS selectors of site navigation removed by {@link #rewrite} when asked to strip navigation. */
    public static final String NAVIGATION = String.join(", ", List.of(
            // Sphinx (classic and the Python docs theme): mobile menu, breadcrumb bars, sidebar, footer
            "div.mobile-nav", "div.related", "div.sphinxsidebar", "div.footer", "#sidebarbutton",
            // LibreOffice help: the header with the module menu, index and contents asides filled by JavaScript,
            // the search and donation frames, the debug footer, and the noscript refresh to noscript.html
            "header#TopLeftHeader", "aside.leftside", "aside.rightside", "#SearchFrame", "#DonationFrame",
            "footer:has(#DEBUG)", "noscript",
            // scripts build navigation in a browser; a crawler gains nothing from them
            "script"));

    /** Attributes that hold a URL, by the elements that carry them. */
    private static final List<String[]> URL_ATTRIBUTES = List.of(
            new String[] {"a[href], area[href], link[href]", "href"},
            new String[] {"img[src], script[src], iframe[src], frame[src], source[src], embed[src]", "src"},
            new String[] {"form[action]", "action"});

    /** Host of the placeholder base URL: links that resolve to it stay on the corpus's own host. */
    private static final String SELF = "corpus.invalid";

    /**
     * Which host serves each path of a corpus, for links between the hosts of a split corpus.
     */
    @FunctionalInterface
    public interface Hosts {
        /** The whole corpus on one host. */
        Hosts ONE = path -> "";

        /**
         * The origin ({@code http://127.0.0.N:PORT}, no trailing '/') of the host serving {@code relativePath}
         * (decoded, '/' separated, no leading '/'); any value that is the same for every path of one host.
         */
        String originOf(String relativePath);
    }

    /** {@link #rewrite(byte[], String, boolean, Hosts)} for a corpus on one host. */
    public byte[] rewrite(byte[] html, String relativePath, boolean stripNavigation) {
        return rewrite(html, relativePath, stripNavigation, Hosts.ONE);
    }

    /**
     * @param html            the page's bytes as stored (charset from its meta tag or BOM; UTF-8 otherwise)
     * @param relativePath    the page's path relative to the corpus root, e.g. {@code library/socket.html}
     * @param stripNavigation whether to remove {@link #NAVIGATION}
     * @param hosts           which host serves which path: links to another host than the page's become absolute
     * @return the rewritten page, UTF-8 encoded
     */
    public byte[] rewrite(byte[] html, String relativePath, boolean stripNavigation, Hosts hosts) {
        Document doc;
        try {
            // a <base href> in the page replaces this base URI while parsing, as in a browser
            doc = Jsoup.parse(new ByteArrayInputStream(html), null, selfUrl(relativePath));
        } catch (IOException e) {
            throw new UncheckedIOException(e); // reading a byte array does not fail
        }
        String ownOrigin = hosts.originOf(relativePath);
        for (String[] selectorAndAttribute : URL_ATTRIBUTES) {
            String attribute = selectorAndAttribute[1];
            for (Element e : doc.select(selectorAndAttribute[0])) {
                String rewritten = rootRelative(e.absUrl(attribute), hosts, ownOrigin);
                if (rewritten != null) {
                    e.attr(attribute, rewritten);
                }
            }
        }
        doc.select("base").remove();
        if (stripNavigation) {
            doc.select(NAVIGATION).remove();
        }
        doc.select("meta[http-equiv~=(?i)content-type]").remove();
        doc.charset(StandardCharsets.UTF_8); // sets <meta charset="UTF-8"> and the output charset
        doc.outputSettings().prettyPrint(false);
        return doc.outerHtml().getBytes(StandardCharsets.UTF_8);
    }

    private static String selfUrl(String relativePath) {
        try {
            return new URI("http", SELF, "/" + relativePath, null).toASCIIString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid page path: " + relativePath, e);
        }
    }

    /**
     * The path, query and fragment of a URL on this corpus, prefixed by the origin of its host when that is not the
     * page's own host ({@code ownOrigin}); null for a link elsewhere (or none).
     */
    private static String rootRelative(String absolute, Hosts hosts, String ownOrigin) {
        if (absolute.isEmpty()) {
            return null;
        }
        try {
            URI uri = new URI(absolute);
            if (!SELF.equals(uri.getHost())) {
                return null;
            }
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            String decoded = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
            String origin = hosts.originOf(decoded.substring(1));
            return (origin.equals(ownOrigin) ? "" : origin) + path
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery())
                    + (uri.getRawFragment() == null ? "" : "#" + uri.getRawFragment());
        } catch (URISyntaxException e) {
            return null;
        }
    }
}
