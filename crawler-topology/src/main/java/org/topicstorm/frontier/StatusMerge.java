package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Lift;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The frontier's max-priority-queue rules (004 patent: Insert, IncreaseKey), as a pure function from the stored
 * document and one update to the document to store.
 *
 * <p>A waiting URL's priority is made of what its parents contributed, each parent counted once: with
 * {@link Aggregation#MAX} the best contribution (IncreaseKey), with {@link Aggregation#SUM} their sum (003 patent:
 * the weight accumulates as new parents are found). A parent already counted changes nothing, so applying the same
 * DISCOVERED update twice gives the same document as applying it once: a replayed tuple cannot double-count a parent
 * or lower a priority.
 *
 * <p>The learned strategy multiplies that by a lift (its link classifier's factor for the features of the URL's best
 * link): priority = prior x lift, the prior being what the parents contributed. A lift is replaced only by one of the
 * same or a newer classifier version: by the best link's own when a new parent gives the best contribution, and by a
 * rescore of a newer version (an older or repeated rescore changes nothing). A priority goes down only by a newer
 * lift or by 003's sibling demotion.
 *
 * <p>Fetch outcomes apply in the order of their fetch times: one fetched at or before the stored {@code lastFetched}
 * changes nothing, so a replayed outcome counts once and a stale error never overwrites a newer page. A tuple that
 * failed for good is counted ({@code failedAttempts}) and its URL given up at {@link #maxAttempts()}.
 */
public final class StatusMerge {

    /** In-links are counted exactly, by parent id, up to this many parents; the count stops there. */
    public static final int MAX_INLINK_IDS = 256;

    /** Failed attempts of a URL's tuples after which it is given up (status.max.attempts' default). */
    public static final int DEFAULT_MAX_ATTEMPTS = 3;

    private final Schedule schedule;
    private final int maxAttempts;
    /** A continuous crawl's revisits, which replace the schedule's re-fetch intervals; null in a one-off crawl. */
    private final RevisitPolicy revisits;

    public StatusMerge(Schedule schedule) {
        this(schedule, DEFAULT_MAX_ATTEMPTS);
    }

    /** @param maxAttempts failed attempts ({@link StatusUpdate#failedAttempt}) after which a URL is given up */
    public StatusMerge(Schedule schedule, int maxAttempts) {
        this(schedule, maxAttempts, null);
    }

    /**
     * @param revisits a continuous crawl's revisits: a fetched page's next fetch comes from them instead of the
     *                 schedule's re-fetch intervals; null for a one-off crawl
     */
    public StatusMerge(Schedule schedule, int maxAttempts, RevisitPolicy revisits) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        this.schedule = Objects.requireNonNull(schedule);
        this.maxAttempts = maxAttempts;
        this.revisits = revisits;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    /**
     * @param existing the stored document, or null when the URL is new
     * @return the document to store, or null when the update changes nothing (no write needed)
     */
    public StatusDoc merge(StatusDoc existing, StatusUpdate u, long now) {
        if (u.isFailedAttempt()) {
            return existing == null ? null : failedAttempt(existing, u, now);
        }
        if (u.verdictOnly()) {
            return existing == null ? null : verdict(existing, u, now);
        }
        if (u.isRescore()) {
            return existing == null ? null : rescore(existing, u, now);
        }
        if (u.isDemotion()) {
            return existing == null ? null : demote(existing, u, now);
        }
        if (u.status() == Status.DISCOVERED) {
            return existing == null ? insert(u, now) : rediscover(existing, u, now);
        }
        if (existing != null && !isNewer(u, existing)) {
            return null;
        }
        return outcome(existing == null ? insert(u, now) : existing, u, now);
    }

    /**
     * Whether a fetch outcome is newer than the last one stored: outcomes apply in the order of their fetch times,
     * whatever the order they arrive in. An outcome fetched at or before the stored {@code lastFetched} is the same
     * outcome replayed (a second write of one fetch must not count it twice) or a stale one (a FETCH_ERROR that
     * took longer through the topology than a later FETCHED must not overwrite it): it changes nothing. An outcome
     * without a fetch time (written by an older version) is taken as new.
     */
    static boolean isNewer(StatusUpdate u, StatusDoc d) {
        return u.fetchedAt() == null || d.lastFetched() == null || u.fetchedAt() > d.lastFetched();
    }

    /**
     * A tuple of this URL failed for good (ES refused one of its writes, or the tuple could not be read): counted;
     * at {@link #maxAttempts} the URL is given up: ERROR, never due again, the cause in its error. Each call is one
     * more attempt (a replayed tuple is one), and a stored outcome clears the count. A URL already out of the
     * frontier (an ERROR) or unknown changes nothing.
     */
    private StatusDoc failedAttempt(StatusDoc d, StatusUpdate u, long now) {
        if (Status.ERROR.name().equals(d.status())) {
            return null;
        }
        int attempts = d.attempts() + 1;
        StatusDoc counted = d.withAttempts(attempts, u.failedAttempt(), now);
        if (attempts < maxAttempts) {
            return counted;
        }
        return new StatusDoc(d.url(), d.host(), Status.ERROR.name(), CrawlState.EXCEPTION, d.relevant(),
                d.relevance(), d.priority(), null, d.depth(), d.distance(), d.inlinks(), d.inlinkFrom(), d.parent(),
                d.anchor(), givenUp(attempts, u.failedAttempt()), d.fetchCount(), d.errorCount(), d.discovered(),
                d.lastFetched(), d.firstFetched(), now, d.metadata(), d.inlinkScore(), d.linkFeatures(),
                d.scorerVersion(), d.demotedBy(), d.page(), d.lift(), attempts, u.failedAttempt(), d.revisit(),
                d.freshness());
    }

    /** The error of a given-up URL. */
    static String givenUp(int attempts, String cause) {
        return "given up after " + attempts + " failed attempts: " + cause;
    }

    /** Insert: a new waiting URL, due now. */
    private StatusDoc insert(StatusUpdate u, long now) {
        List<String> from = u.parent() == null ? List.of() : List.of(UrlIds.id(u.parent()));
        List<Double> scores = u.parent() == null ? List.of() : List.of(u.priority());
        Lift lift = u.lift();
        return new StatusDoc(u.url(), UrlIds.host(u.url()), Status.DISCOVERED.name(), CrawlState.WAITING, null, null,
                u.priority() * Lift.of(lift), now, u.depth(), u.distance(), from.size(), from, u.parent(),
                u.anchor(), null, 0, 0, now, null, null, now, u.metadata(), scores, u.features(),
                lift == null ? null : lift.version(), null, null, lift == null ? null : lift.factor());
    }

    /**
     * The URL is found again. A parent not counted yet adds its contribution (MAX: the priority becomes the larger;
     * SUM: the contribution is added) while the URL waits; the link with the best contribution gives the parent,
     * anchor and link features shown with the URL, and its lift unless the stored one is of a newer classifier.
     * Depth and distance only shrink.
     */
    private StatusDoc rediscover(StatusDoc d, StatusUpdate u, long now) {
        boolean changed = false;
        List<String> from = d.inlinkFrom();
        List<Double> scores = scoresOf(d);
        double prior = prior(d);
        String parent = d.parent();
        String anchor = d.anchor();
        List<String> features = d.linkFeatures();
        Double lift = d.lift();
        Integer version = d.scorerVersion();
        boolean waiting = Status.DISCOVERED.name().equals(d.status());
        String pid = u.parent() == null ? null : UrlIds.id(u.parent());
        boolean newParent = pid != null && !from.contains(pid);
        if (newParent && from.size() < MAX_INLINK_IDS) {
            from = new ArrayList<>(from);
            from.add(pid);
            scores = new ArrayList<>(scores);
            scores.add(u.priority());
            changed = true;
        }
        // a seed or redirect target found again without a parent, or a parent past the count: IncreaseKey only
        boolean counts = newParent || pid == null;
        double priority = d.priority();
        if (waiting && counts) {
            double before = prior;
            prior = u.aggregation() == Aggregation.SUM && newParent ? prior + u.priority()
                    : Math.max(prior, u.priority());
            if (u.priority() > bestScore(d) || (prior > before && u.aggregation() == Aggregation.MAX)) {
                parent = u.parent();
                anchor = u.anchor();
                features = u.features();
                if (u.lift() != null && (version == null || u.lift().version() >= version)) {
                    lift = u.lift().factor();
                    version = u.lift().version();
                }
            }
            if (prior != before || !Objects.equals(lift, d.lift())) {
                // recomputed only on a change: prior / lift * lift need not give back the stored double
                priority = prior * (lift == null ? 1.0 : lift);
            }
            changed |= priority != d.priority();
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
                d.nextFetchDate(), depth, distance, from.size(), from, parent, anchor, d.error(), d.fetchCount(),
                d.errorCount(), d.discovered(), d.lastFetched(), d.firstFetched(), now, d.metadata(), scores,
                features, version, d.demotedBy(), d.page(), lift,
                d.failedAttempts(), d.attemptError(), d.revisit(), d.freshness());
    }

    /** What the parents contributed to a waiting URL: its priority without its lift. */
    private static double prior(StatusDoc d) {
        return d.priority() / d.liftFactor();
    }

    /**
     * A retrained link classifier's lift for a waiting URL replaces its lift (priority = prior x new lift), unless
     * this or a newer version already gave one (a replay or a late write of an older model changes nothing).
     */
    private StatusDoc rescore(StatusDoc d, StatusUpdate u, long now) {
        boolean waiting = Status.DISCOVERED.name().equals(d.status());
        int version = u.rescoreVersion();
        if (!waiting || (d.scorerVersion() != null && d.scorerVersion() >= version) || d.parent() == null) {
            // a seed keeps its priority: it has no link to score
            return null;
        }
        double lift = u.lift().factor();
        return new StatusDoc(d.url(), d.host(), d.status(), d.state(), d.relevant(), d.relevance(), prior(d) * lift,
                d.nextFetchDate(), d.depth(), d.distance(), d.inlinks(), d.inlinkFrom(), d.parent(), d.anchor(),
                d.error(), d.fetchCount(), d.errorCount(), d.discovered(), d.lastFetched(), d.firstFetched(), now,
                d.metadata(), d.inlinkScore(), d.linkFeatures(), version, d.demotedBy(), d.page(), lift,
                d.failedAttempts(), d.attemptError(), d.revisit(), d.freshness());
    }

    /**
     * 003's sibling rule: the parent's contribution to a waiting URL is multiplied by the factor, once per parent
     * (a replay changes nothing). The priority goes down by what the contribution lost (never below 0); with the
     * best parent's contribution kept (MAX) it becomes the best of the contributions as they now are, if lower.
     */
    private StatusDoc demote(StatusDoc d, StatusUpdate u, long now) {
        boolean waiting = Status.DISCOVERED.name().equals(d.status());
        String pid = UrlIds.id(u.parent());
        int at = d.inlinkFrom().indexOf(pid);
        if (!waiting || at < 0 || d.demotedBy().contains(pid)) {
            return null;
        }
        List<Double> scores = new ArrayList<>(scoresOf(d));
        double before = scores.get(at);
        scores.set(at, before * u.demoteFactor());
        double lost = before - scores.get(at);
        double prior = prior(d);
        prior = u.aggregation() == Aggregation.SUM ? Math.max(0, prior - lost)
                : Math.min(prior, scores.stream().mapToDouble(Double::doubleValue).max().orElse(0));
        double priority = prior * d.liftFactor();
        List<String> demotedBy = new ArrayList<>(d.demotedBy());
        demotedBy.add(pid);
        return new StatusDoc(d.url(), d.host(), d.status(), d.state(), d.relevant(), d.relevance(), priority,
                d.nextFetchDate(), d.depth(), d.distance(), d.inlinks(), d.inlinkFrom(), d.parent(), d.anchor(),
                d.error(), d.fetchCount(), d.errorCount(), d.discovered(), d.lastFetched(), d.firstFetched(), now,
                d.metadata(), scores, d.linkFeatures(), d.scorerVersion(), demotedBy, d.page(), d.lift(),
                d.failedAttempts(), d.attemptError(), d.revisit(), d.freshness());
    }

    /**
     * The per-parent contributions aligned with {@code inlinkFrom}; a document written before they were kept has
     * none, and its parents count as having contributed 0 (its stored priority stands for them).
     */
    private static List<Double> scoresOf(StatusDoc d) {
        if (d.inlinkScore().size() == d.inlinkFrom().size()) {
            return d.inlinkScore();
        }
        List<Double> scores = new ArrayList<>(d.inlinkScore());
        while (scores.size() < d.inlinkFrom().size()) {
            scores.add(0.0);
        }
        return scores.subList(0, d.inlinkFrom().size());
    }

    private static double bestScore(StatusDoc d) {
        double best = Double.NEGATIVE_INFINITY;
        for (double s : d.inlinkScore()) {
            best = Math.max(best, s);
        }
        return best;
    }

    /**
     * A fetched page judged again (by a person, or by a retrained page classifier): its relevance and verdict, the
     * state that follows from the verdict, and its re-fetch time counted from its last fetch. Only a page whose last
     * outcome is FETCHED changes (a waiting URL has no page to judge; an error keeps its own schedule); an update
     * that changes nothing writes nothing.
     */
    private StatusDoc verdict(StatusDoc d, StatusUpdate u, long now) {
        if (!Status.FETCHED.name().equals(d.status()) || u.relevance() == null || u.relevant() == null) {
            return null;
        }
        boolean relevant = u.relevant();
        double relevance = Double.isFinite(u.relevance()) ? u.relevance() : 0.0;
        if (Boolean.valueOf(relevant).equals(d.relevant()) && d.relevance() != null && d.relevance() == relevance) {
            return null;
        }
        long last = d.lastFetched() != null ? d.lastFetched() : now;
        RevisitState revisit = revisits == null ? d.revisit() : revisits.afterVerdict(d.revisit(), relevant);
        Long next = revisits == null ? schedule.afterFetch(relevant, last) : RevisitPolicy.nextFetch(revisit, last);
        double priority = revisits == null ? relevance : revisits.priority(relevance, revisit);
        return new StatusDoc(d.url(), d.host(), d.status(), relevant ? CrawlState.DONE : CrawlState.DISCARDED,
                relevant, relevance, priority, next, d.depth(), d.distance(),
                d.inlinks(), d.inlinkFrom(), d.parent(), d.anchor(), d.error(), d.fetchCount(), d.errorCount(),
                d.discovered(), d.lastFetched(), d.firstFetched(), now, d.metadata(), d.inlinkScore(),
                d.linkFeatures(), d.scorerVersion(), d.demotedBy(), d.page(), d.lift(),
                d.failedAttempts(), d.attemptError(), revisit, d.freshness());
    }

    /** The result of fetching (and, for FETCHED, judging) the URL. */
    private StatusDoc outcome(StatusDoc d, StatusUpdate u, long now) {
        if (u.deferred()) {
            return deferral(d, u, now);
        }
        Status status = u.status();
        CrawlState state;
        Long next;
        Boolean relevant = d.relevant();
        Double relevance = d.relevance();
        double priority = d.priority();
        int fetchCount = d.fetchCount();
        int errorCount = d.errorCount();
        Long lastFetched = d.lastFetched();
        RevisitState revisit = d.revisit();
        Freshness freshness = d.freshness();
        String error = u.error();
        // when the outcome left the fetcher; a batch is written up to a second later, all at one "now"
        long at = u.fetchedAt() != null ? u.fetchedAt() : now;
        switch (status) {
            case FETCHED -> {
                relevant = Boolean.TRUE.equals(u.relevant());
                relevance = u.relevance() == null ? 0.0 : u.relevance();
                state = relevant ? CrawlState.DONE : CrawlState.DISCARDED;
                // once fetched, the page's own relevance orders its re-fetches (and a continuous crawl's heat)
                priority = relevance;
                if (revisits == null) {
                    next = schedule.afterFetch(relevant, now);
                } else {
                    revisit = revisits.afterFetch(d.revisit(), u.signals(), relevant);
                    next = RevisitPolicy.nextFetch(revisit, now);
                    priority = revisits.priority(relevance, revisit);
                }
                fetchCount++;
                errorCount = 0;
                lastFetched = at;
                if (freshness == null && d.fetchCount() == 0) {
                    // the first page fetched: how long after its appearance (a page fetched before freshness was
                    // recorded gets none: its lag would be measured at a refetch)
                    Long published = u.signals() == null ? null : u.signals().published();
                    freshness = Freshness.of(d.discovered(), published, at);
                }
            }
            case FETCH_ERROR -> {
                errorCount++;
                lastFetched = at;
                if (errorCount >= schedule.maxFetchErrors()) {
                    status = Status.ERROR;
                    next = null;
                } else {
                    // a server that answered 429 or 503 said when to come back (within bounds: BoundedHttpProtocol)
                    next = u.retryAt() != null ? u.retryAt() : schedule.afterFetchError(now);
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
                d.discovered(), lastFetched, firstFetched, now, u.metadata().isEmpty() ? d.metadata() : u.metadata(),
                d.inlinkScore(), d.linkFeatures(), d.scorerVersion(), d.demotedBy(),
                u.page() != null ? u.page() : d.page(), d.lift(), null, null, revisit, freshness);
    }

    /**
     * The fetcher sent nothing: the host asked to wait (429/503). Not a fetch: status, counts and fetch times stay;
     * the URL is due when the host's time comes, and its error says why it waits (the spout finds waiting hosts by it).
     */
    private StatusDoc deferral(StatusDoc d, StatusUpdate u, long now) {
        return new StatusDoc(d.url(), d.host(), d.status(), d.state(), d.relevant(), d.relevance(), d.priority(),
                u.retryAt(), d.depth(), d.distance(), d.inlinks(), d.inlinkFrom(), d.parent(), d.anchor(), u.error(),
                d.fetchCount(), d.errorCount(), d.discovered(), d.lastFetched(), d.firstFetched(), now, d.metadata(),
                d.inlinkScore(), d.linkFeatures(), d.scorerVersion(), d.demotedBy(), d.page(), d.lift(),
                d.failedAttempts(), d.attemptError(), d.revisit(), d.freshness());
    }
}
