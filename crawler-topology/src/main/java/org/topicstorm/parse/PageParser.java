package org.topicstorm.parse;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

/**
 * Turns fetched bytes into a {@link ParsedPage}: checks that they are HTML, decodes them, removes what is not content
 * (scripts, styles, frames, templates, SVG and navigation), and extracts title, headings, text, outlinks, the videos
 * it embeds ({@link VideoFinder}), the original it declares ({@link CanonicalLink}) and what the page's robots meta tags
 * ask ({@link RobotsDirectives}).
 * Links inside removed navigation are not outlinks: navigation repeats the same site-wide links on every page.
 * <p>
 * An outlink's nearby text is up to {@link ParseConfig#nearbyWords()} words before and after the link within its
 * enclosing block element (p, li, td, div, ...), joined by one space; the anchor text itself is left out, since it is
 * in {@link Outlink#anchorText()}. A link alone in its block has no nearby text.
 * <p>
 * Holds no mutable state: one instance can serve any number of threads.
 */
public final class PageParser {

    /** Elements whose content is never visible page text. */
    static final String NON_CONTENT = "script, style, iframe, noscript, template, svg";
    /** Site navigation: the same links on every page, not the page's content. */
    static final String NAVIGATION = "nav, [role=navigation]";

    private final ParseConfig config;
    private final VideoFinder videos;

    public PageParser(ParseConfig config) {
        this.config = config;
        this.videos = new VideoFinder(config.videoPlayers());
    }

    /** Parses with every link kept (no URL filters). */
    public ParsedPage parse(String url, byte[] content, String contentType, String contentLanguage)
            throws NotHtmlException {
        return parse(url, content, contentType, contentLanguage, LinkFilter.ACCEPT_ALL);
    }

    /**
     * @param url             the page's URL (after redirects): base for relative links unless the page has a base href
     * @param content         the fetched bytes; only the first {@link ParseConfig#maxBytes()} are read
     * @param contentType     the HTTP Content-Type header, or null
     * @param contentLanguage the HTTP Content-Language header, or null
     * @param linkFilter      decides which outlinks are kept (and may normalise them)
     * @throws NotHtmlException when the content is empty, binary or declared as a non-HTML type
     */
    public ParsedPage parse(String url, byte[] content, String contentType, String contentLanguage,
                            LinkFilter linkFilter) throws NotHtmlException {
        int length = content == null ? 0 : Math.min(content.length, config.maxBytes());
        ContentSniffer.requireHtml(content, length, contentType);
        CharsetDetector.Detection detection = CharsetDetector.detect(content, length, contentType);
        String html = new String(content, detection.bomLength(), length - detection.bomLength(),
                detection.charset());

        Document doc = Jsoup.parse(html, url); // a <base href> in the page replaces the base URI while parsing
        // before the removal: players are iframes, schema.org data (VideoObjects, dates, comments) is in scripts
        List<com.fasterxml.jackson.databind.JsonNode> jsonLd = JsonLd.of(doc);
        List<String> embedded = videos.find(doc, jsonLd);
        String canonical = CanonicalLink.of(doc, url, linkFilter);
        Long published = PublishedTime.of(doc, jsonLd);
        Replies replies = ReplyFinder.of(doc, jsonLd);
        doc.select(NON_CONTENT).remove();
        // after the removal: a robots meta tag inside noscript or template is not the page's
        RobotsDirectives robots = config.metaRobots() ? RobotsDirectives.fromMeta(doc, config.robotsAgent())
                : RobotsDirectives.NONE;
        doc.select(NAVIGATION).remove();
        Element body = doc.body();

        String title = Texts.collapse(doc.title());
        List<String> headings = new ArrayList<>();
        for (Element h : body.select("h1, h2, h3, h4, h5, h6")) {
            String t = Texts.collapse(h.text());
            if (!t.isEmpty()) {
                headings.add(t);
            }
        }
        String text = Texts.collapse(body.text());

        long anchorLength = 0;
        for (Element a : body.select("a[href]")) {
            anchorLength += Texts.collapse(a.text()).length();
        }
        double anchorShare = text.isEmpty() ? 0 : (double) anchorLength / text.length();
        PageType type = anchorShare > config.hubAnchorShare() ? PageType.HUB : PageType.TOPIC;

        List<Outlink> outlinks = outlinks(body, linkFilter);
        sequenceLinks(doc, linkFilter, outlinks);
        if (canonical != null && outlinks.stream().noneMatch(o -> o.url().equals(canonical))) {
            // the original is fetched in the copy's place (also beyond the outlink limit: it is one URL)
            outlinks.add(new Outlink(canonical, "", ""));
        }

        Element withoutAnchors = body.clone();
        withoutAnchors.select("a[href]").remove();
        String textWithoutAnchors = Texts.collapse(withoutAnchors.text());

        return new ParsedPage(url, title, headings, text, textWithoutAnchors, outlinks, anchorShare, type,
                detection.charset().name(), language(doc, contentLanguage), robots, embedded, canonical, published,
                replies);
    }

    /**
     * Distinct outlinks in document order, at most {@link ParseConfig#maxOutlinks()}. A URL linked several times keeps
     * its first position; its anchor and nearby text come from the first of those links that has anchor text (an
     * image link often precedes a text link to the same page).
     */
    private List<Outlink> outlinks(Element body, LinkFilter linkFilter) {
        Layout layout = new Layout();
        layout.traverse(body);
        Map<String, Outlink> byUrl = new LinkedHashMap<>();
        for (Element a : body.select("a[href]")) {
            if (config.skipNofollow() && isNofollow(a)) {
                continue;
            }
            String target = httpWithoutFragment(a.absUrl("href"));
            if (target == null) {
                continue;
            }
            target = linkFilter.filter(target);
            if (target == null) {
                continue;
            }
            Outlink known = byUrl.get(target);
            String anchor = Texts.collapse(a.text());
            if (known == null && byUrl.size() < config.maxOutlinks()
                    || known != null && known.anchorText().isEmpty() && !anchor.isEmpty()) {
                byUrl.put(target, new Outlink(target, anchor, layout.nearbyText(a, config.nearbyWords())));
            }
        }
        return new ArrayList<>(byUrl.values());
    }

    /** The rel tokens of a head link that name the page before or after this one in a sequence. */
    static final List<String> SEQUENCE = List.of("next", "prev", "previous");

    /**
     * The page's neighbours in a sequence, declared in its head ({@code <link rel="next" href=... title=...>}: the
     * next chapter of a manual, the next page of an article or a thread), added after the body's links unless the
     * body links them already; the title attribute is their anchor. A site that keeps its prev/next links in its
     * navigation (which is not taken) often declares them here as well, and a page's neighbour in a sequence is the
     * follow-up report that 003 gives its own path weight.
     */
    private void sequenceLinks(Document doc, LinkFilter linkFilter, List<Outlink> outlinks) {
        for (Element link : doc.head().select("link[rel][href]")) {
            if (outlinks.size() >= config.maxOutlinks()
                    || SEQUENCE.stream().noneMatch(token -> hasRelToken(link, token))) {
                continue;
            }
            String target = httpWithoutFragment(link.absUrl("href"));
            target = target == null ? null : linkFilter.filter(target);
            String t = target;
            if (t != null && outlinks.stream().noneMatch(o -> o.url().equals(t))) {
                outlinks.add(new Outlink(t, Texts.collapse(link.attr("title")), ""));
            }
        }
    }

    private static boolean isNofollow(Element a) {
        return hasRelToken(a, "nofollow");
    }

    /** Whether the element's rel attribute lists the token (rel is a space-separated, case-insensitive set). */
    static boolean hasRelToken(Element e, String token) {
        for (String t : e.attr("rel").toLowerCase(Locale.ROOT).trim().split("\\s+")) {
            if (t.equals(token)) {
                return true;
            }
        }
        return false;
    }

    /** The URL without its fragment if it is an absolute http(s) URL with a host, else null. */
    static String httpWithoutFragment(String absolute) {
        if (absolute.isEmpty()) {
            return null; // jsoup could not resolve it
        }
        int hash = absolute.indexOf('#');
        String url = hash < 0 ? absolute : absolute.substring(0, hash);
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                return null;
            }
        } catch (URISyntaxException e) {
            return null;
        }
        return url;
    }

    /** Two-letter language from html lang, else from the Content-Language header; "" when neither gives one. */
    static String language(Document doc, String contentLanguage) {
        Element html = doc.firstElementChild();
        String fromHtml = html == null ? "" : twoLetters(html.attr("lang"));
        if (!fromHtml.isEmpty()) {
            return fromHtml;
        }
        return contentLanguage == null ? "" : twoLetters(contentLanguage);
    }

    private static String twoLetters(String tag) {
        String t = tag.trim().toLowerCase(Locale.ROOT);
        if (t.length() >= 2 && isAsciiLetter(t.charAt(0)) && isAsciiLetter(t.charAt(1))
                && (t.length() == 2 || !isAsciiLetter(t.charAt(2)))) {
            return t.substring(0, 2);
        }
        return "";
    }

    private static boolean isAsciiLetter(char c) {
        return c >= 'a' && c <= 'z';
    }

    /**
     * The body's text in one string, with the span of every link and block element in it, built in one pass so that
     * the nearby text of each link costs only the words it keeps (a hub page can have thousands of links in one
     * block).
     */
    private static final class Layout implements NodeVisitor {
        private final StringBuilder text = new StringBuilder();
        private final Map<Element, int[]> spans = new IdentityHashMap<>();

        @Override
        public void head(Node node, int depth) {
            if (node instanceof TextNode t) {
                text.append(t.getWholeText());
            } else if (node instanceof Element e) {
                if (isBoundary(e)) {
                    text.append(' ');
                }
                if (e.isBlock() || e.nameIs("a")) {
                    spans.put(e, new int[] {text.length(), text.length()});
                }
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node instanceof Element e) {
                int[] span = spans.get(e);
                if (span != null) {
                    span[1] = text.length();
                }
                if (isBoundary(e)) {
                    text.append(' ');
                }
            }
        }

        private static boolean isBoundary(Element e) {
            return e.isBlock() || e.nameIs("br");
        }

        /** Up to {@code words} words before and after the link within its enclosing block, without the anchor. */
        String nearbyText(Element a, int words) {
            Element block = a.parent();
            while (block != null && !block.isBlock()) {
                block = block.parent();
            }
            int[] link = spans.get(a);
            int[] around = block == null ? null : spans.get(block);
            if (link == null || around == null) {
                return "";
            }
            String before = Texts.lastWords(text, around[0], link[0], words);
            String after = Texts.firstWords(text, link[1], around[1], words);
            return Texts.collapse(before + " " + after);
        }
    }
}
