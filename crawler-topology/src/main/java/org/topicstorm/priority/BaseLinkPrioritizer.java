package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every strategy shares: focus, depth limit, distance, de-duplication and ordering. Subclasses only say how
 * a link's priority is computed.
 */
abstract class BaseLinkPrioritizer implements LinkPrioritizer {

    private final Topic.Focus focus;
    private final int maxDepth;

    /** @param maxDepth links deeper than this are dropped; 0 = no limit */
    BaseLinkPrioritizer(Topic.Focus focus, int maxDepth) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must be >= 0, got " + maxDepth);
        }
        this.focus = focus;
        this.maxDepth = maxDepth;
    }

    /** The priority of one link; {@code depth} is the link's own depth (parent's + 1). */
    abstract double priority(ParentInfo parent, Outlink link, int depth);

    @Override
    public final List<ScoredLink> prioritize(ParentInfo parent, List<Outlink> outlinks) {
        int depth = parent.depth() + 1;
        if ((focus == Topic.Focus.HARD && !parent.relevant()) || (maxDepth > 0 && depth > maxDepth)) {
            return List.of();
        }
        int distance = parent.relevant() ? 0 : parent.distance() + 1;
        // One entry per URL (the 001 paper de-duplicates outlinks); of repeats, the best-scored link wins.
        Map<String, ScoredLink> byUrl = new LinkedHashMap<>();
        for (Outlink link : outlinks) {
            if (link.url().equals(parent.url())) {
                continue;
            }
            String anchor = link.anchorText() == null ? "" : link.anchorText();
            ScoredLink scored = new ScoredLink(link.url(), anchor, priority(parent, link, depth), depth, distance);
            byUrl.merge(link.url(), scored, (a, b) -> b.priority() > a.priority() ? b : a);
        }
        List<ScoredLink> links = new ArrayList<>(byUrl.values());
        // List.sort is stable: equal priorities keep document order.
        links.sort(Comparator.comparingDouble(ScoredLink::priority).reversed());
        return links;
    }
}
