package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.List;

import java.util.function.ToDoubleFunction;

/**
 * Best-first (001 paper): a link's priority is the relevance of the page it was found on, plus
 * {@link #TIE_BREAK} times its anchor text's keyword score. With soft focus the links of an irrelevant page are
 * kept but their priority is multiplied by the soft factor.
 */
final class BestFirstPrioritizer extends BaseLinkPrioritizer {

    private final double softFactor;
    private final ToDoubleFunction<String> anchorScore;

    /**
     * @param softFactor  multiplier in [0, 1] for links of irrelevant pages (used with soft focus only)
     * @param anchorScore keyword score of an anchor text, in [0, 1]
     */
    BestFirstPrioritizer(Topic.Focus focus, int maxDepth, double softFactor, ToDoubleFunction<String> anchorScore) {
        super(focus, maxDepth, null);
        this.softFactor = checkFactor(softFactor);
        this.anchorScore = anchorScore;
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures features, List<String> tokens) {
        ParentInfo parent = page.parent();
        String anchor = link.anchorText() == null ? "" : link.anchorText();
        double priority = parent.relevance() + TIE_BREAK * anchorScore.applyAsDouble(anchor);
        // Only reached for an irrelevant parent under soft focus: hard focus has already dropped its links.
        return parent.relevant() ? priority : priority * softFactor;
    }

    static double checkFactor(double softFactor) {
        if (!(softFactor >= 0 && softFactor <= 1)) {
            throw new IllegalArgumentException("soft factor must be between 0 and 1, got " + softFactor);
        }
        return softFactor;
    }
}
