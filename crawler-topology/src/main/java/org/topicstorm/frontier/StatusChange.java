package org.topicstorm.frontier;

import java.util.List;

/**
 * What one status tuple asks of the frontier: URLs to add first ({@code before}: a page's outlinks, a redirect's
 * target), then the URL's own new status ({@code outcome}, null for a plain discovery). The outcome is written only
 * once everything before it is stored, because the outcome is what takes a URL out of the frontier: a page must
 * not leave it while its outlinks could still be lost.
 */
public record StatusChange(List<StatusUpdate> before, StatusUpdate outcome) {

    public StatusChange {
        before = List.copyOf(before);
    }

    public static StatusChange discovered(StatusUpdate u) {
        return new StatusChange(List.of(u), null);
    }
}
