package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.List;

/**
 * Breadth-first, the unfocused baseline: priority 1 / (1 + depth), so shallower links come first and every link at
 * one depth is equal. Relevance plays no part (except that hard focus drops the links of irrelevant pages).
 */
final class BreadthFirstPrioritizer extends BaseLinkPrioritizer {

    BreadthFirstPrioritizer(Topic.Focus focus, int maxDepth) {
        super(focus, maxDepth, null);
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures features, List<String> tokens) {
        return 1.0 / (1 + page.depth());
    }
}
