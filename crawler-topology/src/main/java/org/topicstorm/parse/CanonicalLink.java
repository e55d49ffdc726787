package org.topicstorm.parse;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.net.URI;
import java.net.URISyntaxException;

/**
 * The page's declared original: {@code <link rel="canonical" href="...">} in its head, when it names another page of
 * the same host. The canonical URL is queued (it may be linked nowhere else), and the indexer leaves the page out as
 * a copy once that URL is stored (002's duplicates, with the site's own word taken before any content comparison;
 * {@code org.topicstorm.index.CanonicalOriginals}).
 *
 * <p>A canonical is a hint, and sites get it wrong; it is left unused (the page is kept) when
 * <ul>
 *   <li>it is in the body, or the head declares two different ones (search engines ignore such declarations too);</li>
 *   <li>it is not an http(s) URL, or the crawl's URL filters drop it;</li>
 *   <li>it names another host: this crawl may never fetch that host, and the page would be lost for a copy it cannot
 *       see;</li>
 *   <li>it names the host's root while the page is deeper: "every page canonical to the home page" is a common CMS
 *       misconfiguration that would leave a site's whole content unindexed.</li>
 * </ul>
 */
final class CanonicalLink {

    private CanonicalLink() {
    }

    /**
     * @param doc     the parsed page, its head intact
     * @param pageUrl the page's own URL
     * @param filter  the crawl's URL filters and normaliser, applied to both URLs before they are compared
     * @return the canonical URL to treat the page as a copy of, or null to keep the page as itself
     */
    static String of(Document doc, String pageUrl, LinkFilter filter) {
        Element head = doc.head();
        String declared = null;
        for (Element link : head.select("link[href]")) {
            if (!PageParser.hasRelToken(link, "canonical") || !link.parents().select("noscript, template").isEmpty()) {
                continue;   // inside noscript or template: not the page's own declaration (as for robots meta tags)
            }
            String target = PageParser.httpWithoutFragment(link.absUrl("href"));
            if (target == null || declared != null && !declared.equals(target)) {
                return null;
            }
            declared = target;
        }
        if (declared == null) {
            return null;
        }
        String canonical = filter.filter(declared);
        if (canonical == null) {
            return null;
        }
        String self = filter.filter(pageUrl);
        if (self == null) {
            self = pageUrl;
        }
        if (canonical.equals(self)) {
            return null;
        }
        URI c;
        URI p;
        try {
            c = new URI(canonical);
            p = new URI(self);
        } catch (URISyntaxException e) {
            return null;
        }
        if (c.getHost() == null || p.getHost() == null || !c.getHost().equalsIgnoreCase(p.getHost())) {
            return null;
        }
        if (rootPath(c) && c.getRawQuery() == null && !rootPath(p)) {
            return null;
        }
        return canonical;
    }

    private static boolean rootPath(URI uri) {
        String path = uri.getRawPath();
        return path == null || path.isEmpty() || path.equals("/");
    }
}
