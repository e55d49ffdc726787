package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.List;

import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The learned strategy: a link's priority is the link classifier's P(relevant | the link's features), the features
 * travelling with the URL so that the page, once judged, trains the classifier ({@link LinkLearner}). Until the crawl
 * has judged enough pages for a first classifier, links get their best-first priority.
 */
final class LearnedPrioritizer extends BaseLinkPrioritizer {

    private final Supplier<LinkClassifier> classifier;
    private final ToDoubleFunction<String> anchorScore;
    private final double softFactor;

    /** @param classifier the current classifier, or null before the first one */
    LearnedPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor,
                       Supplier<LinkClassifier> classifier, ToDoubleFunction<String> anchorScore, double softFactor) {
        super(focus, maxDepth, extractor);
        this.classifier = classifier;
        this.anchorScore = anchorScore;
        this.softFactor = BestFirstPrioritizer.checkFactor(softFactor);
    }

    @Override
    boolean keepsFeatures() {
        return true;
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures f, List<String> tokens) {
        LinkClassifier c = classifier.get();
        if (c == null) {
            return BestFirstPrioritizer.bestFirst(page.parent(), link, anchorScore, softFactor);
        }
        return c.probability(tokens);
    }
}
