package org.topicstorm.frontier;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.apache.lucene.util.NumericUtils;

import java.util.List;
import java.util.Map;

/**
 * A document of the {@code <crawl>-status} index (mapping: es-conf/status.json): what the crawl knows about one URL.
 *
 * <p>{@code priority} is the frontier key: for a waiting URL the best priority any parent gave it (only ever
 * raised: IncreaseKey); once fetched, the page's own relevance, which orders re-fetches.
 * {@code nextFetchDate} is null when the URL is never to be fetched again. {@code firstFetched} is when its first
 * fetch outcome (a page, an error or a redirect) left the fetcher: the crawl's fetch order, which evaluation reads.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record StatusDoc(
        String url,
        String host,
        String status,
        CrawlState state,
        Boolean relevant,
        Double relevance,
        double priority,
        Long nextFetchDate,
        int depth,
        int distance,
        int inlinks,
        List<String> inlinkFrom,
        String parent,
        String anchor,
        String error,
        int fetchCount,
        int errorCount,
        long discovered,
        Long lastFetched,
        Long firstFetched,
        long updated,
        Map<String, List<String>> metadata) {

    public StatusDoc {
        inlinkFrom = inlinkFrom == null ? List.of() : List.copyOf(inlinkFrom);
        metadata = metadata == null ? Map.of() : Map.copyOf(metadata);
    }

    /**
     * The priority as a long in the same order (stored, and sorted on by the spout): Elasticsearch skips
     * non-competitive documents in a sort only for long and date fields, so a top-500 by this key reads a small
     * part of a large frontier where a sort on the double reads all of it.
     */
    @JsonProperty("priorityKey")
    public long priorityKey() {
        return NumericUtils.doubleToSortableLong(priority);
    }
}
