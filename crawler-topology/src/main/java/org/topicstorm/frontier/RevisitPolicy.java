package org.topicstorm.frontier;

import org.topicstorm.index.SimHash;
import org.topicstorm.topic.Revisit;

import java.util.Objects;

/**
 * When a continuous crawl fetches a page again: each page keeps its own interval (the idea of StormCrawler's
 * AdaptiveScheduler). The first interval depends on what the page is to the topic: relevant pages and hubs (pages
 * that are mostly links, where new pages appear) are revisited, other irrelevant pages only if the topic says so.
 * Each revisit then multiplies the interval by {@link Revisit#sooner()} when the page changed and by
 * {@link Revisit#later()} when it did not, within {@link Revisit#min()} and {@link Revisit#max()}.
 *
 * <p>Changed means: its text's SimHash moved by more than {@link SimHash#MAX_DISTANCE} bits (so a clock, a
 * visitor counter or a rotated banner does not count, as they would with an exact hash), or the fetch found
 * outlinks new to the frontier (a hub's new article adds a few words to a long list, which the SimHash may not
 * see; its link is what matters), or more replies than before (a thread's new post).
 *
 * <p>Pages with replies also have a topic heat ({@link TopicHeat}); a hot one goes before every other due URL
 * ({@link #priority}).
 */
public final class RevisitPolicy {

    private final Revisit settings;

    public RevisitPolicy(Revisit settings) {
        this.settings = Objects.requireNonNull(settings);
    }

    /**
     * The page's revisit state after a fetch.
     *
     * @param previous its state after the previous fetch; null for a first fetch (or one not scheduled by a
     *                 continuous crawl)
     * @param fetched  what this fetch found
     * @param relevant this fetch's verdict
     */
    public RevisitState afterFetch(RevisitState previous, PageSignals fetched, boolean relevant) {
        PageSignals s = fetched == null ? new PageSignals(null, false, 0) : fetched;
        Long base = firstInterval(relevant, s.hub());
        if (previous == null) {
            return new RevisitState(s.signature(), base, s.hub(), 0, 0, s.replies(), s.heat());
        }
        boolean changed = changed(previous, s);
        int changes = previous.changes() + (changed ? 1 : 0);
        int unchanged = previous.unchanged() + (changed ? 0 : 1);
        Long interval = base == null ? null
                : previous.interval() == null ? base
                : clamp(Math.round(previous.interval() * (changed ? settings.sooner() : settings.later())));
        return new RevisitState(s.signature(), interval, s.hub(), changes, unchanged, s.replies(), s.heat());
    }

    /**
     * Added to a hot page's priority: more than any other URL's priority can be (a summed link-topology prior times
     * a learned lift stays far below), so hot pages form a tier of their own, ordered among themselves by heat.
     */
    public static final double HOT_TIER = 1_000_000;

    /**
     * A fetched page's priority, which orders it among the due URLs when it comes due again: its relevance; a hot
     * page's (heat at or above {@link Revisit.Heat#hot()}) {@link #HOT_TIER} plus its heat plus its relevance, which
     * puts it before every other due URL: the 003 patent's "revisit hot topics first to collect their new replies".
     */
    public double priority(double relevance, RevisitState state) {
        return state != null && state.heat() >= settings.heat().hot() ? HOT_TIER + state.heat() + relevance
                : relevance;
    }

    /** A page's topic heat at a time ({@link TopicHeat} with this crawl's settings). */
    public double heat(int replies, Long meanTime, long now) {
        return TopicHeat.of(replies, meanTime, now, settings.heat());
    }

    /**
     * The state after a new verdict on the page (a person's judgement, a retrained classifier): revisited or not by
     * its new verdict, its interval kept when it stays revisited.
     */
    public RevisitState afterVerdict(RevisitState state, boolean relevant) {
        boolean hub = state != null && state.hub();
        Long base = firstInterval(relevant, hub);
        if (state == null) {
            return new RevisitState(null, base, false, 0, 0);
        }
        Long interval = base == null ? null : state.interval() != null ? state.interval() : base;
        return new RevisitState(state.signature(), interval, hub, state.changes(), state.unchanged(),
                state.replies(), state.heat());
    }

    /** The next fetch time: {@code lastFetch} plus the state's interval; null when not fetched again. */
    public static Long nextFetch(RevisitState state, long lastFetch) {
        return state == null || state.interval() == null ? null : lastFetch + state.interval();
    }

    /** Whether the page changed since its previous fetch: new replies, new links, or its text. */
    static boolean changed(RevisitState previous, PageSignals now) {
        return now.replies() > previous.replies() || textOrLinksChanged(previous.signature(), now);
    }

    /** Whether the page changed since the signature stored at its previous fetch, or shows links new to the crawl. */
    static boolean textOrLinksChanged(Long before, PageSignals now) {
        if (now.newLinks() > 0) {
            return true;
        }
        if (before == null || now.signature() == null) {
            // a text that became long enough to sign, or too short: changed; neither signed: no evidence
            return before != null || now.signature() != null;
        }
        return SimHash.distance(before, now.signature()) > SimHash.MAX_DISTANCE;
    }

    /**
     * Milliseconds: a relevant page's interval, a hub's, the shorter of both for a relevant hub (a topic's own news
     * page is both), else other irrelevant pages' (null: never).
     */
    private Long firstInterval(boolean relevant, boolean hub) {
        if (relevant && hub) {
            return Math.min(settings.relevant().toMillis(), settings.hubs().toMillis());
        }
        if (relevant) {
            return settings.relevant().toMillis();
        }
        if (hub) {
            return settings.hubs().toMillis();
        }
        return settings.irrelevant() == null ? null : settings.irrelevant().toMillis();
    }

    private long clamp(long ms) {
        return Math.max(settings.min().toMillis(), Math.min(settings.max().toMillis(), ms));
    }
}
