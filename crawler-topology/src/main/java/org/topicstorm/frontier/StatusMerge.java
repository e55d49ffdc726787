package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The frontier's max-priority-queue rules (004 patent: Insert, IncreaseKey), as a pure function from the stored
 * document and one update to the document to store. Applying the same update twice gives the same document as
 * applying it once for DISCOVERED updates, so a replayed tuple cannot lower a priority or double-count an in-link.
 */
public final class StatusMerge {

    /** In-links are counted exactly, by parent id, up to this many parents; the count stops there. */
    public static final int MAX_INLINK_IDS = 256;

    private final Schedule schedule;

    public StatusMerge(Schedule schedule) {
        this.schedule = Objects.requireNonNull(schedule);
    }

    /**
     * @param existing the stored document, or null when the URL is new
     * @return the document to store, or null when the update changes nothing (no write needed)
     */
    public StatusDoc merge(StatusDoc existing, StatusUpdate u, long now) {
        if (u.status() == Status.DISCOVERED) {
            return existing == null ? insert(u, now) : rediscover(existing, u, now);
        }
        return outcome(existing == null ? insert(u, now) : existing, u, now);
    }

    /** Insert: a new waiting URL, due now. */
    private StatusDoc insert(StatusUpdate u, long now) {
        List<String> from = u.parent() == null ? List.of() : List.of(UrlIds.id(u.parent()));
        return new StatusDoc(u.url(), UrlIds.host(u.url()), Status.DISCOVERED.name(), CrawlState.WAITING, null, null,
                u.priority(), now, u.depth(), u.distance(), from.size(), from, u.parent(), u.anchor(), null, 0, 0,
                now, null, null, now, u.metadata());
    }

    /**
     * The URL is found again. IncreaseKey: a waiting URL takes the better priority and the parent that gave it;
     * it never takes a worse one. Depth and distance only shrink. The in-link is counted once per parent.
     */
    private StatusDoc rediscover(StatusDoc d, StatusUpdate u, long now) {
        boolean changed = false;
        List<String> from = d.inlinkFrom();
        int inlinks = d.inlinks();
        if (u.parent() != null) {
            String pid = UrlIds.id(u.parent());
            if (!from.contains(pid) && from.size() < MAX_INLINK_IDS) {
                from = new ArrayList<>(from);
                from.add(pid);
                inlinks = from.size();
                changed = true;
            }
        }
        double priority = d.priority();
        String parent = d.parent();
        String anchor = d.anchor();
        boolean waiting = Status.DISCOVERED.name().equals(d.status());
        if (waiting && u.priority() > d.priority()) {
            priority = u.priority();
            parent = u.parent();
            anchor = u.anchor();
            changed = true;
        }
        int depth = Math.min(d.depth(), u.depth());
        int distance = Math.min(d.distance(), u.distance());
        if (depth != d.depth() || distance != d.distance()) {
            changed = true;
        }
        if (!changed) {
            return null;
        }
        return new StatusDoc(d.url(), d.host(), d.status(), d.state(), d.relevant(), d.relevance(), priority,
                d.nextFetchDate(), depth, distance, inlinks, from, parent, anchor, d.error(), d.fetchCount(),
                d.errorCount(), d.discovered(), d.lastFetched(), d.firstFetched(), now, d.metadata());
    }

    /** The result of fetching (and, for FETCHED, judging) the URL. */
    private StatusDoc outcome(StatusDoc d, StatusUpdate u, long now) {
        Status status = u.status();
        CrawlState state;
        Long next;
        Boolean relevant = d.relevant();
        Double relevance = d.relevance();
        double priority = d.priority();
        int fetchCount = d.fetchCount();
        int errorCount = d.errorCount();
        Long lastFetched = d.lastFetched();
        String error = u.error();
        // when the outcome left the fetcher; a batch is written up to a second later, all at one "now"
        long at = u.fetchedAt() != null ? u.fetchedAt() : now;
        switch (status) {
            case FETCHED -> {
                relevant = Boolean.TRUE.equals(u.relevant());
                relevance = u.relevance() == null ? 0.0 : u.relevance();
                state = relevant ? CrawlState.DONE : CrawlState.DISCARDED;
                // once fetched, the page's own relevance orders its re-fetches
                priority = relevance;
                next = schedule.afterFetch(relevant, now);
                fetchCount++;
                errorCount = 0;
                lastFetched = at;
            }
            case FETCH_ERROR -> {
                errorCount++;
                lastFetched = at;
                if (errorCount >= schedule.maxFetchErrors()) {
                    status = Status.ERROR;
                    next = null;
                } else {
                    next = schedule.afterFetchError(now);
                }
                state = CrawlState.EXCEPTION;
            }
            case ERROR -> {
                state = CrawlState.EXCEPTION;
                next = null;
                lastFetched = at;
            }
            case REDIRECTION -> {
                state = CrawlState.REDIRECTED;
                next = null;
                lastFetched = at;
            }
            default -> throw new IllegalArgumentException("not a fetch outcome: " + status);
        }
        Long firstFetched = d.firstFetched() != null ? d.firstFetched() : lastFetched;
        return new StatusDoc(d.url(), d.host(), status.name(), state, relevant, relevance, priority, next, d.depth(),
                d.distance(), d.inlinks(), d.inlinkFrom(), d.parent(), d.anchor(), error, fetchCount, errorCount,
                d.discovered(), lastFetched, firstFetched, now, u.metadata().isEmpty() ? d.metadata() : u.metadata());
    }
}
