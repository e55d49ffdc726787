package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.text.UrlWords;

import java.net.URI;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Computes the {@link LinkFeatures} of a page's outlinks. Keeps two pieces of memory of what this task saw, both
 * approximate by design (they only shape priorities; nothing is lost if a worker restarts with them empty):
 * the largest outlink count of a page (Cmax of the 004 patent's Hub) and, per link target, the distinct pages of its
 * host that link to it (a target linked from many pages is site-wide navigation or a banner: 003's tau3 links).
 * One instance per bolt task; not thread-safe.
 */
final class LinkFeatureExtractor {

    /** Link targets remembered for the boilerplate count; the least recently seen are forgotten first. */
    static final int MAX_TARGETS = 200_000;


    private final ToDoubleFunction<String> keywordScore;
    private final Function<String, List<String>> terms;
    private final int boilerplatePages;
    private final Map<String, Set<Integer>> linkedFrom;
    private int maxOutlinks = 1;

    /**
     * @param keywordScore     the topic's keyword score of a short text, in [0, 1]
     * @param terms            the analysed terms of a text (the relevance pipeline's, so Chinese is segmented)
     * @param boilerplatePages a target linked from this many distinct pages of its host is boilerplate
     */
    LinkFeatureExtractor(ToDoubleFunction<String> keywordScore, Function<String, List<String>> terms,
                         int boilerplatePages) {
        if (boilerplatePages < 1) {
            throw new IllegalArgumentException("boilerplatePages must be >= 1, got " + boilerplatePages);
        }
        this.keywordScore = keywordScore;
        this.terms = terms;
        this.boilerplatePages = boilerplatePages;
        this.linkedFrom = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Set<Integer>> eldest) {
                return size() > MAX_TARGETS;
            }
        };
    }

    /** Called once per page before its links' features: updates Cmax and returns the page's Hub(u). */
    double hubness(int outlinkCount) {
        maxOutlinks = Math.max(maxOutlinks, outlinkCount);
        return (double) outlinkCount / maxOutlinks;
    }

    /**
     * @param hubness  the parent's {@link #hubness}
     * @param depth    the link's depth (parent's + 1)
     * @param distance the link's distance from the last relevant page
     */
    LinkFeatures features(ParentInfo parent, Outlink link, double hubness, int depth, int distance) {
        String anchor = link.anchorText() == null ? "" : link.anchorText();
        String nearby = link.nearbyText() == null ? "" : link.nearbyText();
        List<String> urlWords = urlWords(link.url());
        PathRelation relation = seenOnManyPages(parent.url(), link.url())
                ? PathRelation.BOILERPLATE : PathRelation.of(parent.url(), link.url());
        return new LinkFeatures(keywordScore.applyAsDouble(anchor), keywordScore.applyAsDouble(nearby),
                keywordScore.applyAsDouble(String.join(" ", urlWords)), relation, parent.relevance(),
                parent.relevant(), hubness, distance, depth, sameHost(parent.url(), link.url()),
                anchor.isBlank() ? List.of() : terms.apply(anchor), urlWords, host(link.url()));
    }

    /** Records that {@code parent} links to {@code target}; true once enough distinct pages of its host did. */
    private boolean seenOnManyPages(String parent, String target) {
        if (!sameHost(parent, target)) {
            return false;
        }
        Set<Integer> from = linkedFrom.computeIfAbsent(target, t -> new HashSet<>());
        if (from.size() < boilerplatePages) {
            from.add(parent.hashCode());
        }
        return from.size() >= boilerplatePages;
    }

    static List<String> urlWords(String url) {
        return UrlWords.words(url);
    }

    static String host(String url) {
        return UrlWords.host(url);
    }

    static boolean sameHost(String a, String b) {
        try {
            String ha = new URI(a).getHost();
            String hb = new URI(b).getHost();
            return ha != null && ha.equalsIgnoreCase(hb);
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }
}
