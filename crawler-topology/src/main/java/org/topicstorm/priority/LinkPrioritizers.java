package org.topicstorm.priority;

import org.topicstorm.relevance.WeightedKeywordModel;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.topic.LinkSettings;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.TopicStormConfig;

import java.util.Map;
import java.util.function.Supplier;

/** Chooses the link-priority strategy a topic asks for. */
public final class LinkPrioritizers {

    private LinkPrioritizers() {
    }

    /** A prioritizer for strategies without a link scorer (the learned one then scores as its prior). */
    public static LinkPrioritizer forTopic(Topic topic, Map<String, ?> conf) {
        return forTopic(topic, conf, () -> null);
    }

    /**
     * @param topic      the topic: its strategy, focus, depth limit and link settings
     * @param conf       the topology configuration (read: {@link TopicStormConfig#SOFT_FOCUS_FACTOR})
     * @param scorer     the learned strategy's current link scorer (null before the first)
     */
    public static LinkPrioritizer forTopic(Topic topic, Map<String, ?> conf, Supplier<LinkScorer> scorer) {
        int maxDepth = topic.limits() == null ? 0 : topic.limits().maxDepth();
        double soft = TopicStormConfig.softFocusFactor(conf);
        if (topic.strategy() == Topic.Strategy.BREADTH_FIRST) {
            return new BreadthFirstPrioritizer(topic.focus(), maxDepth);
        }
        WeightedKeywordModel keywords = new WeightedKeywordModel(topic);
        if (topic.strategy() == Topic.Strategy.BEST_FIRST) {
            return new BestFirstPrioritizer(topic.focus(), maxDepth, soft, keywords::anchorScore);
        }
        LinkSettings links = topic.links();
        TextAnalyzer analyzer = keywords.analyzer().textAnalyzer();
        String language = TopicLoader.keywordLanguage(topic.languages());
        LinkFeatureExtractor extractor = new LinkFeatureExtractor(keywords::anchorScore,
                text -> analyzer.terms(text, language), links.boilerplatePages());
        return switch (topic.strategy()) {
            case LINK_TOPOLOGY -> linkTopology(topic, maxDepth, extractor, soft);
            case HUB -> new HubPrioritizer(topic.focus(), maxDepth, extractor, links.hubWeight(), soft);
            case LEARNED -> new LearnedPrioritizer(topic.focus(), maxDepth, extractor,
                    switch (links.learned().prior()) {
                        case LINK_TOPOLOGY -> linkTopology(topic, maxDepth, extractor, soft);
                        case BEST_FIRST -> new BestFirstPrioritizer(topic.focus(), maxDepth, soft,
                                keywords::anchorScore);
                    }, scorer);
            case BEST_FIRST, BREADTH_FIRST -> throw new AssertionError("handled above");
        };
    }

    private static LinkTopologyPrioritizer linkTopology(Topic topic, int maxDepth, LinkFeatureExtractor extractor,
                                                        double soft) {
        return new LinkTopologyPrioritizer(topic.focus(), maxDepth, extractor, topic.links(), topic.threshold(), soft);
    }
}
