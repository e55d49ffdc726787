package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.priority.Demotion;

import java.util.List;

/**
 * What one status tuple asks of the frontier: URLs to add first ({@code before}: a page's outlinks, a redirect's
 * target), then the URL's own new status ({@code outcome}, null for a plain discovery). The outcome is written only
 * once everything before it is stored, because the outcome is what takes a URL out of the frontier: a page must
 * not leave it while its outlinks could still be lost. {@code demotions} (003's sibling rule) lower the waiting
 * children of parents after that, on a best-effort basis: a lost demotion leaves priorities as they were and loses
 * no URL.
 */
public record StatusChange(List<StatusUpdate> before, StatusUpdate outcome, List<Demotion> demotions) {

    public StatusChange {
        before = List.copyOf(before);
        demotions = demotions == null ? List.of() : List.copyOf(demotions);
    }

    public StatusChange(List<StatusUpdate> before, StatusUpdate outcome) {
        this(before, outcome, List.of());
    }

    /** The status documents it writes: its additions and its outcome. */
    public int documents() {
        return before.size() + (outcome == null ? 0 : 1);
    }

    /**
     * Whether the tuple carried the outcome of a fetch: FETCHED, FETCH_ERROR, ERROR (robots.txt, an address the
     * guard refused, a page that could not be parsed or judged) or REDIRECTION. Not a plain discovery, not a request
     * the fetcher held back because its host asked to wait (nothing was sent), not a tuple that could not be read.
     * What the status updater's {@link org.topicstorm.metrics.TaskMetrics#PAGES_FETCHED} counts.
     */
    public boolean isFetchOutcome() {
        return outcome != null && outcome.status() != Status.DISCOVERED && !outcome.deferred()
                && !outcome.isFailedAttempt();
    }

    public static StatusChange discovered(StatusUpdate u) {
        return new StatusChange(List.of(u), null);
    }

    /** A tuple of the URL that failed for good (e.g. could not be read): only its failed attempt is recorded. */
    public static StatusChange failedAttempt(String url, String cause) {
        return new StatusChange(List.of(), StatusUpdate.failedAttempt(url, cause));
    }
}
