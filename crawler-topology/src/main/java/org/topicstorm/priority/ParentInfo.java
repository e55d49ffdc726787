package org.topicstorm.priority;

/**
 * What link prioritisation needs to know about the page the links were found on.
 *
 * @param url        the page's URL
 * @param relevance  the page's relevance score in [0, 1]
 * @param relevant   whether the score reached the topic's threshold
 * @param depth      hops from the nearest seed (a seed has depth 0)
 * @param distance   hops from the nearest relevant page (0 when a relevant page links to this one)
 * @param inlinks    distinct pages known to link to this page (its in-degree in the crawled graph)
 */
public record ParentInfo(String url, double relevance, boolean relevant, int depth, int distance, int inlinks) {

    /** A page whose in-links are not known (counted as none). */
    public ParentInfo(String url, double relevance, boolean relevant, int depth, int distance) {
        this(url, relevance, relevant, depth, distance, 0);
    }
}
