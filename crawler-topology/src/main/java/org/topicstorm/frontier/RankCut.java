package org.topicstorm.frontier;

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
 * @param maxRank  the count: down to the priority of the maxRank-th best due URL (0 = no cut at all)
 * @param nearBest the ratio to the best due URL's priority that is taken whatever its rank, in [0, 1] (0 = the count
 *                 alone)
 */
public record RankCut(int maxRank, double nearBest) {

    /** No cut: every host's best URLs, whatever their priority. */
    public static final RankCut NONE = new RankCut(0, 0);

    /** The first page of a scan with a rank cut holds this many times the count's URLs. */
    static final int TIE_MARGIN = 2;

    public RankCut {
        if (maxRank < 0) {
            throw new IllegalArgumentException("maxRank must be >= 0, got " + maxRank);
        }
        if (!(nearBest >= 0 && nearBest <= 1)) {
            throw new IllegalArgumentException("nearBest must be between 0 and 1, got " + nearBest);
        }
    }

    /** The count alone. */
    public static RankCut of(int maxRank) {
        return new RankCut(maxRank, 0);
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
