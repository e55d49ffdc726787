package org.topicstorm.priority;

import org.topicstorm.relevance.WeightedKeywordModel;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.TopicStormConfig;

import java.util.Map;

/** Chooses the link-priority strategy a topic asks for. */
public final class LinkPrioritizers {

    private LinkPrioritizers() {
    }

    /**
     * @param topic the topic: its strategy, focus and depth limit
     * @param conf  the topology configuration (read: {@link TopicStormConfig#SOFT_FOCUS_FACTOR})
     */
    public static LinkPrioritizer forTopic(Topic topic, Map<String, ?> conf) {
        int maxDepth = topic.limits() == null ? 0 : topic.limits().maxDepth();
        return switch (topic.strategy()) {
            case BEST_FIRST -> new BestFirstPrioritizer(topic.focus(), maxDepth,
                    TopicStormConfig.softFocusFactor(conf), new WeightedKeywordModel(topic)::anchorScore);
            case BREADTH_FIRST -> new BreadthFirstPrioritizer(topic.focus(), maxDepth);
        };
    }
}
