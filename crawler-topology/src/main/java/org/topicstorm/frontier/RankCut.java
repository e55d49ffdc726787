package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.persistence.Status;

import java.util.List;

/**
 * How far down the frontier's order one batch reaches: the priority floor below which a due URL waits for a later
 * batch ({@link FrontierReader}).
 *
 * <p>The floor is the priority of the {@code maxRank}-th best due URL (ties included). That keeps a focused crawl
 * in best-first order when its best URLs sit on one or two hosts: a host whose URLs rank low waits until better ones
 * are gone, instead of being fetched at the same pace (docs/evaluation.md, "The rank cut's depth"). But on a web of
 * many hosts whose best URLs are about equally good, a count of ten holds back URLs that are as good as the ones it
 * takes, and a round then moves about ten pages whatever the number of hosts (docs/benchmarks.md, session 19).
 * So, with {@code nearBest} &gt; 0, a URL whose priority is at least {@code nearBest} times the best due URL's is
 * taken too, however many rank above it: the floor is the lower of the two. A crawl whose best URL stands out keeps
 * the count's cut; one whose frontier is flat at the top fills every host's places. A ratio of 1 is the count alone
 * again (nothing ranks above the best), and so is a frontier of negative priorities (0.9 x a negative best is above
 * it).
 *
 * <p>The ratio reads priorities as a scale from 0, as every strategy's are. Breadth-first's 1 / (1 + depth) puts
 * depth d + 1 within 0.9 of depth d from d = 8 on, so from there two levels may share a batch.
 *
 * <p>Host share: the count lets a second host in whenever the best host has fewer than {@code maxRank} due URLs,
 * which is how a crawl starts (a relevant seed's dozen links on one host, an irrelevant seed's on another), and each
 * host then takes its {@code perHost} places: py-text-en's real crawls spent four of their nine fetches on the
 * irrelevant seed's host, whose best link was worth a fifth of the best (docs/evaluation.md, session 31). With
 * {@code hostShare} &gt; 0, a host whose best due unfetched URL has less than {@code hostShare} times the priority of
 * the best due unfetched URL waits for a later batch; a host that is in keeps taking URLs down to the floor.
 * Unfetched URLs (new links, and retries after a fetch error, which keep their link's priority) are the ones that
 * count and are held: a fetched page due again has its relevance as priority, on another scale than a link's, and
 * must neither hold back every other host nor be held back. A seed added to a running crawl (priority 1.001) holds
 * the other hosts back for one batch. With no count (maxRank 0) there is no host share either: no cut at all.
 *
 * @param maxRank   the count: down to the priority of the maxRank-th best due URL (0 = no cut at all)
 * @param nearBest  the ratio to the best due URL's priority that is taken whatever its rank, in [0, 1] (0 = the count
 *                  alone)
 * @param hostShare the ratio to the best due unfetched URL's priority below which a host's unfetched URLs wait unless
 *                  the host is already in the batch, in [0, 1] (0 = every host may come in)
 */
public record RankCut(int maxRank, double nearBest, double hostShare) {

    /** No cut: every host's best URLs, whatever their priority. */
    public static final RankCut NONE = new RankCut(0, 0, 0);

    /** The first page of a scan with a rank cut holds this many times the count's URLs. */
    static final int TIE_MARGIN = 2;

    public RankCut {
        if (maxRank < 0) {
            throw new IllegalArgumentException("maxRank must be >= 0, got " + maxRank);
        }
        if (!(nearBest >= 0 && nearBest <= 1)) {
            throw new IllegalArgumentException("nearBest must be between 0 and 1, got " + nearBest);
        }
        if (!(hostShare >= 0 && hostShare <= 1)) {
            throw new IllegalArgumentException("hostShare must be between 0 and 1, got " + hostShare);
        }
    }

    /** A cut with no host share. */
    public RankCut(int maxRank, double nearBest) {
        this(maxRank, nearBest, 0);
    }

    /** The count alone. */
    public static RankCut of(int maxRank) {
        return new RankCut(maxRank, 0, 0);
    }

    /**
     * Whether a due URL's page has not been fetched (a new link, or a retry after a fetch error): its priority is a
     * link's, and only such URLs count for the host share and are held by it.
     */
    static boolean isUnfetched(StatusDoc doc) {
        return !Status.FETCHED.name().equals(doc.status());
    }

    /**
     * The host floor: {@code hostShare} x the priority of the best unfetched URL among {@code best}; -infinity when
     * there is no cut, no host share or no unfetched URL among them. An unfetched URL below it is taken only if its
     * host is already in the batch.
     *
     * @param best the shard's best due URLs, best first (the first page of the scan); null entries are unreadable
     */
    public double hostFloor(List<StatusDoc> best) {
        if (maxRank <= 0 || hostShare <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        for (StatusDoc doc : best) {
            if (doc != null && isUnfetched(doc)) {
                return hostShare * doc.priority();
            }
        }
        return Double.NEGATIVE_INFINITY;
    }

    /**
     * The floor: the lower of the {@code maxRank}-th best priority and {@code nearBest} x the best; -infinity when
     * there is no cut (maxRank 0) or fewer due URLs than maxRank.
     *
     * @param best the shard's best due URLs, best first (the first page of the scan); null entries are unreadable
     *             documents
     */
    public double floor(List<StatusDoc> best) {
        if (maxRank <= 0 || best.size() < maxRank || best.get(maxRank - 1) == null) {
            return Double.NEGATIVE_INFINITY;
        }
        double byCount = best.get(maxRank - 1).priority();
        if (nearBest <= 0) {
            return byCount;
        }
        // the best readable document (an unreadable one is skipped by the batch too)
        for (StatusDoc top : best) {
            if (top != null) {
                return Math.min(byCount, nearBest * top.priority());
            }
        }
        return byCount;
    }

    /**
     * The size of the scan's first page. With a cut, a batch takes only URLs at or above the floor, so the first
     * page needs the count's URLs and a margin for ties ({@link #TIE_MARGIN} x maxRank); further ties, and URLs near
     * the best, come with the next pages, read while they stay above the floor. The full page
     * ({@code maxHosts * perHost}, 500 by default) would have Elasticsearch load and the spout parse 50 documents for
     * each one a focused batch takes: the fetch phase was the frontier query's largest cost (docs/benchmarks.md,
     * "Session 19").
     */
    public int firstPageSize(int pageSize) {
        if (maxRank <= 0) {
            return pageSize;
        }
        return (int) Math.min(pageSize, (long) TIE_MARGIN * maxRank);
    }
}
