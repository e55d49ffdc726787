package org.topicstorm.priority;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What is known about one outlink when it is found, before its target is fetched (issue 9's link features; the
 * 003 and 004 patents' inputs and what online link learners such as ACHE use).
 *
 * @param anchorScore     keyword score of the anchor text in [0, 1] (003: normalised anchor keyword frequency)
 * @param nearbyScore     keyword score of the text around the link in [0, 1]
 * @param urlScore        keyword score of the words of the target URL in [0, 1]
 * @param relation        the target URL's relation to the parent's (003 path relation; BOILERPLATE when repeated
 *                        across the site)
 * @param parentRelevance the parent page's relevance in [0, 1]
 * @param parentRelevant  whether the parent reached the topic's threshold
 * @param parentHubness   004's Hub(u) = CL(u) / Cmax of the parent: its outlink count over the largest seen
 * @param distance        the link's distance from the last relevant page (0: the parent is relevant)
 * @param depth           the link's depth from the seeds
 * @param sameHost        whether the target is on the parent's host
 * @param anchorTerms     the analysed terms of the anchor text
 * @param urlTerms        the words of the target URL's path (lower case, no file extension, no long numbers)
 * @param host            the target's host (within a crawl, whether a site tends to be relevant is learnt too)
 */
public record LinkFeatures(double anchorScore, double nearbyScore, double urlScore, PathRelation relation,
                           double parentRelevance, boolean parentRelevant, double parentHubness, int distance,
                           int depth, boolean sameHost, List<String> anchorTerms, List<String> urlTerms,
                           String host) {

    /** Of a link's anchor and URL words, at most this many each become tokens (keeps a status document small). */
    public static final int MAX_WORDS = 12;

    public LinkFeatures {
        anchorTerms = List.copyOf(anchorTerms);
        urlTerms = List.copyOf(urlTerms);
    }

    /**
     * The features as the binary tokens the link classifier reads and the status document keeps. A number becomes
     * cumulative "at least" tokens ({@code prel>=0.3} is set for a relevance of 0.35, and so are 0.1 and 0.2), so a
     * linear model can learn any monotone effect of it from few examples; words become {@code a:WORD} (anchor) and
     * {@code u:WORD} (URL), the target's host {@code h:HOST}.
     */
    public List<String> tokens() {
        List<String> t = new ArrayList<>();
        t.add("rel:" + relation.name().toLowerCase(Locale.ROOT));
        t.add(parentRelevant ? "parent:relevant" : "parent:irrelevant");
        t.add(sameHost ? "host:same" : "host:other");
        if (host != null && !host.isEmpty()) {
            t.add("h:" + host);
        }
        t.add("dist:" + Math.min(distance, 3));
        t.add("depth:" + Math.min(depth, 6));
        atLeast(t, "prel", parentRelevance, 0.1);
        atLeast(t, "akw", anchorScore, 0.2);
        atLeast(t, "nkw", nearbyScore, 0.2);
        atLeast(t, "ukw", urlScore, 0.2);
        atLeast(t, "hub", parentHubness, 0.2);
        if (anchorTerms.isEmpty()) {
            t.add("a:<none>");
        }
        anchorTerms.stream().distinct().limit(MAX_WORDS).forEach(w -> t.add("a:" + w));
        urlTerms.stream().distinct().limit(MAX_WORDS).forEach(w -> t.add("u:" + w));
        return t;
    }

    /** name>=step, name>=2*step, ... up to the value (values in [0, 1]; steps rounded to one decimal). */
    static void atLeast(List<String> tokens, String name, double value, double step) {
        int steps = (int) Math.floor(value / step + 1e-9);
        for (int i = 1; i <= steps && i * step <= 1.0 + 1e-9; i++) {
            tokens.add(name + ">=" + String.format(Locale.ROOT, "%.1f", i * step));
        }
    }
}
