package org.topicstorm.frontier;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * What a continuous crawl keeps of a fetched page to schedule its next fetch ({@link RevisitPolicy}), stored as the
 * {@code revisit} object of its status document.
 *
 * @param signature the SimHash of the page's text at its last fetch (null: too short to have one)
 * @param interval  milliseconds from the last fetch to the next; null: not fetched again
 * @param hub       whether the page was a hub (mostly links) at its last fetch
 * @param changes   revisits that found the page changed
 * @param unchanged revisits that found it unchanged
 * @param replies   the replies the page showed at its last fetch
 * @param heat      its topic heat then ({@link TopicHeat})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RevisitState(Long signature, Long interval, boolean hub, int changes, int unchanged, int replies,
                           double heat) {

    /** A state without replies. */
    public RevisitState(Long signature, Long interval, boolean hub, int changes, int unchanged) {
        this(signature, interval, hub, changes, unchanged, 0, 0);
    }

    /** Fetches after the first one. */
    public int revisits() {
        return changes + unchanged;
    }
}
