package org.topicstorm.text;

import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.ParsedPage;

import java.util.ArrayList;
import java.util.List;

/**
 * Which text of a page a model reads, and under which tag (001 paper, 002 patent).
 * <ul>
 *   <li>Always the title (TITLE) and each heading (HEADING).</li>
 *   <li>A hub page, whose anchor-text share exceeds {@code hubShare} (0.6 in the 001 paper), is read through its
 *       links: each outlink's anchor text (ANCHOR), and not its body text.</li>
 *   <li>A topic page is read through its own text without anchor texts (BODY): its links' texts are mostly
 *       navigation.</li>
 * </ul>
 * Headings are part of the body text too, so a heading's words count under HEADING and BODY: tags nest, as in HTML.
 * Scripts, styles, frames and navigation were removed by the parser already.
 */
public record TextSelection(double hubShare) {

    public static final double DEFAULT_HUB_SHARE = 0.6;

    public TextSelection {
        if (!(hubShare >= 0 && hubShare <= 1)) {
            throw new IllegalArgumentException("hub share must be between 0 and 1, got " + hubShare);
        }
    }

    /** A piece of page text under one tag. */
    public record Part(Tag tag, String text) {
    }

    public boolean isHub(ParsedPage page) {
        return page.anchorTextShare() > hubShare;
    }

    /** The selected parts, title first; empty texts are left out. */
    public List<Part> parts(ParsedPage page) {
        List<Part> parts = new ArrayList<>();
        add(parts, Tag.TITLE, page.title());
        if (page.headings() != null) {
            for (String h : page.headings()) {
                add(parts, Tag.HEADING, h);
            }
        }
        if (isHub(page)) {
            for (Outlink o : page.outlinks()) {
                add(parts, Tag.ANCHOR, o.anchorText());
            }
        } else {
            add(parts, Tag.BODY, page.textWithoutAnchors());
        }
        return parts;
    }

    private static void add(List<Part> parts, Tag tag, String text) {
        if (text != null && !text.isBlank()) {
            parts.add(new Part(tag, text));
        }
    }
}
