package org.topicstorm.priority;

/**
 * An outlink with its frontier priority.
 *
 * @param url         the link target
 * @param anchorText  the link's anchor text (may be empty)
 * @param priority    frontier priority: higher is fetched first
 * @param depth       the parent's depth + 1 (0 for a seed)
 * @param distance    0 when the parent is relevant, else the parent's distance + 1 (0 for a seed)
 */
public record ScoredLink(String url, String anchorText, double priority, int depth, int distance)
        implements java.io.Serializable {
}
