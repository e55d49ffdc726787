package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.List;

/**
 * The 004 patent's page importance p(u) = m1 * cos + m2 * Hub(u), m1 + m2 = 1, Hub(u) = CL(u) / Cmax (the page's
 * link count over the largest seen): a page's links get p of the page, so a relevant page with many links (a topical
 * index) is expanded first. Ties are broken by the anchor text, as in best-first; with soft focus an irrelevant
 * page's links are multiplied by the soft factor.
 */
final class HubPrioritizer extends BaseLinkPrioritizer {

    private final double m2;
    private final double softFactor;

    /** @param hubWeight m2 in [0, 1] */
    HubPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor, double hubWeight,
                   double softFactor) {
        super(focus, maxDepth, extractor);
        if (!(hubWeight >= 0 && hubWeight <= 1)) {
            throw new IllegalArgumentException("hub weight must be between 0 and 1, got " + hubWeight);
        }
        this.m2 = hubWeight;
        this.softFactor = BestFirstPrioritizer.checkFactor(softFactor);
    }

    /** p(u) = (1 - m2) * cos + m2 * hub. */
    static double importance(double cos, double hub, double m2) {
        return (1 - m2) * cos + m2 * hub;
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures f, List<String> tokens) {
        double p = importance(page.parent().relevance(), page.hubness(), m2) + TIE_BREAK * f.anchorScore();
        return page.parent().relevant() ? p : p * softFactor;
    }
}
