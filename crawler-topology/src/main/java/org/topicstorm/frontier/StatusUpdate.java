package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;

import java.util.List;
import java.util.Map;

/**
 * One status change that reaches the frontier: a URL discovered (an outlink, a redirect target or a seed) or the
 * outcome of fetching and judging a page.
 *
 * @param priority  the priority the discovering parent gives the URL (DISCOVERED only)
 * @param relevance the page's own score (FETCHED only, else null)
 * @param relevant  the page's verdict (FETCHED only, else null)
 * @param error     the cause of an error status, else null
 * @param metadata  StormCrawler metadata to keep with the URL (already filtered by metadata.persist)
 * @param fetchedAt epoch ms at which the fetch outcome left the fetcher (outcomes only; null: the write time)
 */
public record StatusUpdate(
        String url,
        Status status,
        double priority,
        int depth,
        int distance,
        String parent,
        String anchor,
        Double relevance,
        Boolean relevant,
        String error,
        Map<String, List<String>> metadata,
        Long fetchedAt) {

    public StatusUpdate {
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /** An update without a fetch time (discoveries; outcomes then take the time they are written). */
    public StatusUpdate(String url, Status status, double priority, int depth, int distance, String parent,
                        String anchor, Double relevance, Boolean relevant, String error,
                        Map<String, List<String>> metadata) {
        this(url, status, priority, depth, distance, parent, anchor, relevance, relevant, error, metadata, null);
    }

    /** A URL found on {@code parent} (null for a seed). */
    public static StatusUpdate discovered(String url, double priority, int depth, int distance, String parent,
                                          String anchor) {
        return new StatusUpdate(url, Status.DISCOVERED, priority, depth, distance, parent, anchor, null, null, null,
                Map.of());
    }
}
