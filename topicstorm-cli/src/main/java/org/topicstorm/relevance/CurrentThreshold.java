package org.topicstorm.relevance;

import org.topicstorm.topic.Topic;

import java.io.IOException;

/**
 * The threshold a crawl's verdicts use now, as read from its model index: the self-tuned one when tuning is on,
 * else the page classifier's once it has learnt, else the topic's. For whoever picks pages to judge.
 */
public final class CurrentThreshold {

    private CurrentThreshold() {
    }

    public static double of(Topic topic, ModelStateStore store) throws IOException {
        var tuned = store.load(ThresholdTuner.KIND, ThresholdTuner.State.class);
        if (tuned.isPresent()) {
            return tuned.get().r();
        }
        var classifier = store.load(PageClassifier.KIND, PageClassifier.State.class);
        if (classifier.isPresent() && classifier.get().version() > 0) {
            return topic.relevance().classifier().threshold();
        }
        return topic.threshold();
    }
}
