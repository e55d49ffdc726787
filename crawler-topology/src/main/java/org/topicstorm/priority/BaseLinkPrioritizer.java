package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every strategy shares: focus, depth limit, distance, link features, de-duplication and ordering. Subclasses
 * say how a link's priority is computed, whether an irrelevant page's links are followed, and how the frontier
 * combines contributions of several parents.
 */
abstract class BaseLinkPrioritizer implements LinkPrioritizer {

    /**
     * One page as its links are scored.
     *
     * @param parent   the page
     * @param links    L: its distinct outlinks (itself left out)
     * @param hubness  004's Hub(u) = L / the largest L seen (0 when the strategy reads no features)
     * @param depth    its links' depth
     * @param distance its links' distance from the last relevant page
     */
    record Page(ParentInfo parent, int links, double hubness, int depth, int distance) {
    }

    final Topic.Focus focus;
    private final int maxDepth;
    /** null: the strategy reads no link features */
    private final LinkFeatureExtractor extractor;

    /** @param maxDepth links deeper than this are dropped; 0 = no limit */
    BaseLinkPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0, got " + maxDepth);
        }
        this.focus = focus;
        this.maxDepth = maxDepth;
        this.extractor = extractor;
    }

    /**
     * The priority this page gives one of its links; {@code features} is null when the strategy reads none, and
     * {@code tokens} are the features as tokens when the strategy keeps them ({@link #keepsFeatures()}), else empty.
     */
    abstract double priority(Page page, Outlink link, LinkFeatures features, List<String> tokens);

    /** How the frontier combines this link's priority with what other parents give its URL. */
    Aggregation aggregation(LinkFeatures features) {
        return Aggregation.MAX;
    }

    /** Whether the page's links enter the frontier at all: hard focus drops an irrelevant page's. */
    boolean follows(Page page) {
        return focus == Topic.Focus.SOFT || page.parent().relevant();
    }

    /** Whether each link's features travel with its URL (the learned strategy learns from them). */
    boolean keepsFeatures() {
        return false;
    }

    /** The learned strategy's factor on a link's priority, from its URL and feature tokens; null (factor 1) otherwise. */
    Lift lift(String url, List<String> tokens) {
        return null;
    }

    @Override
    public final List<ScoredLink> prioritize(ParentInfo parent, List<Outlink> outlinks) {
        int depth = parent.depth() + 1;
        if (maxDepth > 0 && depth > maxDepth) {
            return List.of();
        }
        int distance = parent.relevant() ? 0 : parent.distance() + 1;
        // One entry per URL (the 001 paper de-duplicates outlinks); of repeats, the best-scored link wins.
        Map<String, Outlink> distinct = new LinkedHashMap<>();
        List<Outlink> all = new ArrayList<>();
        for (Outlink link : outlinks) {
            if (!link.url().equals(parent.url())) {
                distinct.putIfAbsent(link.url(), link);
                all.add(link);
            }
        }
        double hubness = extractor == null ? 0 : extractor.hubness(distinct.size());
        Page page = new Page(parent, distinct.size(), hubness, depth, distance);
        if (!follows(page)) {
            return List.of();
        }
        Map<String, ScoredLink> byUrl = new LinkedHashMap<>();
        for (Outlink link : all) {
            LinkFeatures f = extractor == null ? null : extractor.features(parent, link, hubness, depth, distance);
            // the tokens are made once: the learned strategy scores them and they travel with the URL
            List<String> tokens = keepsFeatures() && f != null ? f.tokens() : List.of();
            String anchor = link.anchorText() == null ? "" : link.anchorText();
            ScoredLink scored = new ScoredLink(link.url(), anchor, priority(page, link, f, tokens), depth, distance,
                    tokens, aggregation(f), lift(link.url(), tokens));
            byUrl.merge(link.url(), scored, (a, b) -> b.priority() > a.priority() ? b : a);
        }
        List<ScoredLink> links = new ArrayList<>(byUrl.values());
        // List.sort is stable: equal priorities keep document order.
        links.sort(Comparator.comparingDouble((ScoredLink l) -> l.priority() * Lift.of(l.lift())).reversed());
        return links;
    }
}
