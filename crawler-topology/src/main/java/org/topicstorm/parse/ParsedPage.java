package org.topicstorm.parse;

import java.io.Serializable;
import java.util.List;

/**
 * What the parser makes of a fetched HTML page; the input of every relevance model.
 * Text fields have script, style, iframe, noscript and navigation removed and white space collapsed.
 *
 * @param url               the page's URL (after redirects, as fetched)
 * @param title             the &lt;title&gt;, or empty
 * @param headings          the texts of h1..h6, in document order
 * @param text              all visible body text
 * @param textWithoutAnchors body text minus the text of links (the 001 paper's "topic page" content)
 * @param outlinks          distinct outlinks in document order, already filtered
 * @param anchorTextShare   length of all anchor text / length of all body text, 0 when there is no text
 * @param type              HUB when anchorTextShare exceeds the configured limit (0.6 in the 001 paper)
 * @param charset           the charset the bytes were decoded with
 * @param language          language from &lt;html lang&gt; or Content-Language (lower-case ISO 639-1), or empty
 * @param robots            what the page's robots meta tags (and, once the parse bolt added them, its X-Robots-Tag
 *                          headers) ask: noindex keeps it out of the content index, nofollow its links out of the
 *                          frontier
 * @param videos            the video URLs the page embeds ({@link VideoFinder})
 * @param canonical         the URL the page declares as its original, when the crawl takes it as one
 *                          ({@link CanonicalLink}): the page is not stored if that URL is; null otherwise
 * @param published         when the page says it was published, epoch ms ({@link PublishedTime}); null if it does not
 * @param replies           the replies the page shows ({@link ReplyFinder}): a thread's or an article's comments
 */
public record ParsedPage(
        String url,
        String title,
        List<String> headings,
        String text,
        String textWithoutAnchors,
        List<Outlink> outlinks,
        double anchorTextShare,
        PageType type,
        String charset,
        String language,
        RobotsDirectives robots,
        List<String> videos,
        String canonical,
        Long published,
        Replies replies) implements Serializable {

    public ParsedPage {
        headings = List.copyOf(headings);
        outlinks = List.copyOf(outlinks);
        robots = robots == null ? RobotsDirectives.NONE : robots;
        videos = videos == null ? List.of() : List.copyOf(videos);
        replies = replies == null ? Replies.NONE : replies;
    }

    /** A page without replies. */
    public ParsedPage(String url, String title, List<String> headings, String text, String textWithoutAnchors,
                      List<Outlink> outlinks, double anchorTextShare, PageType type, String charset, String language,
                      RobotsDirectives robots, List<String> videos, String canonical, Long published) {
        this(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset, language,
                robots, videos, canonical, published, Replies.NONE);
    }

    /** A page that declares no publication time. */
    public ParsedPage(String url, String title, List<String> headings, String text, String textWithoutAnchors,
                      List<Outlink> outlinks, double anchorTextShare, PageType type, String charset, String language,
                      RobotsDirectives robots, List<String> videos, String canonical) {
        this(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset, language,
                robots, videos, canonical, null);
    }

    /** A page that declares no other original. */
    public ParsedPage(String url, String title, List<String> headings, String text, String textWithoutAnchors,
                      List<Outlink> outlinks, double anchorTextShare, PageType type, String charset, String language,
                      RobotsDirectives robots, List<String> videos) {
        this(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset, language,
                robots, videos, null);
    }

    /** A page without videos. */
    public ParsedPage(String url, String title, List<String> headings, String text, String textWithoutAnchors,
                      List<Outlink> outlinks, double anchorTextShare, PageType type, String charset, String language,
                      RobotsDirectives robots) {
        this(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset, language,
                robots, List.of());
    }

    /** A page that asks nothing of robots. */
    public ParsedPage(String url, String title, List<String> headings, String text, String textWithoutAnchors,
                      List<Outlink> outlinks, double anchorTextShare, PageType type, String charset, String language) {
        this(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset, language,
                RobotsDirectives.NONE);
    }

    /** The same page with these robots directives. */
    public ParsedPage withRobots(RobotsDirectives directives) {
        return new ParsedPage(url, title, headings, text, textWithoutAnchors, outlinks, anchorTextShare, type, charset,
                language, directives, videos, canonical, published, replies);
    }

    /** The text a relevance model should read: anchor texts for a hub page, own text for a topic page (001). */
    public String scoringText() {
        if (type == PageType.HUB) {
            StringBuilder sb = new StringBuilder();
            for (Outlink o : outlinks) {
                if (!o.anchorText().isEmpty()) {
                    sb.append(o.anchorText()).append(' ');
                }
            }
            return sb.toString().trim();
        }
        return textWithoutAnchors;
    }
}
