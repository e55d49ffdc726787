package org.topicstorm.support;

import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;

import java.util.List;
import java.util.Map;

/** Small hand-built pages and topics for unit tests. */
public final class Pages {

    private Pages() {
    }

    /** A topic page whose own text (without anchors) is {@code text}. */
    public static ParsedPage page(String title, List<String> headings, String text, Outlink... outlinks) {
        return new ParsedPage("https://example.org/page", title, headings, text, text, List.of(outlinks), 0.0,
                PageType.TOPIC, "UTF-8", "en");
    }

    public static ParsedPage page(String text) {
        return page("", List.of(), text);
    }

    public static Topic topic(Map<String, Double> keywords, double threshold) {
        return topic(keywords, threshold, Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, Topic.Limits.NONE);
    }

    public static Topic topic(Map<String, Double> keywords, double threshold, Topic.Strategy strategy,
                              Topic.Focus focus, Topic.Limits limits) {
        return new Topic("test", List.of("en"), keywords, List.of("https://example.org/"), threshold, strategy, focus,
                limits, null);
    }
}
