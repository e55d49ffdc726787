package org.topicstorm.priority;

import java.util.List;

/**
 * An outlink with its frontier priority.
 *
 * @param url         the link target
 * @param anchorText  the link's anchor text (may be empty)
 * @param priority    this parent's contribution to the target's frontier priority: higher is fetched first
 * @param depth       the parent's depth + 1 (0 for a seed)
 * @param distance    0 when the parent is relevant, else the parent's distance + 1 (0 for a seed)
 * @param features    the link's features as tokens ({@link LinkFeatures#tokens()}); kept with the URL so that the
 *                    page it leads to, once judged, is a training example of the link classifier; may be empty
 * @param aggregation how the frontier combines this contribution with other parents'
 * @param lift        the learned strategy's factor on the URL's priority from what its link classifier says of this
 *                    link, or null (factor 1: no classifier yet, or another strategy); {@code priority} is the
 *                    contribution before it
 */
public record ScoredLink(String url, String anchorText, double priority, int depth, int distance,
                         List<String> features, Aggregation aggregation, Lift lift) implements java.io.Serializable {

    public ScoredLink {
        // an ArrayList: Storm's serialization knows it, not the JDK's immutable lists
        features = features == null ? new java.util.ArrayList<>() : new java.util.ArrayList<>(features);
        aggregation = aggregation == null ? Aggregation.MAX : aggregation;
    }

    /** A link without features, combined by {@link Aggregation#MAX}. */
    public ScoredLink(String url, String anchorText, double priority, int depth, int distance) {
        this(url, anchorText, priority, depth, distance, List.of(), Aggregation.MAX, null);
    }

    /** A link without a lift. */
    public ScoredLink(String url, String anchorText, double priority, int depth, int distance,
                      List<String> features, Aggregation aggregation) {
        this(url, anchorText, priority, depth, distance, features, aggregation, null);
    }

    /** The same link with another anchor text (the bolt trims anchors). */
    public ScoredLink withAnchorText(String anchor) {
        return new ScoredLink(url, anchor, priority, depth, distance, features, aggregation, lift);
    }
}
