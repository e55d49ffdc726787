package org.topicstorm.frontier;

/**
 * The frontier query's rank cut, as a pure rule: fed the due URLs of a shard in batch order (priority desc, then
 * discovery, then URL), it admits the first {@code maxRank} of them and, past those, only URLs that tie with the
 * best one. URLs in flight count: they are due until their new status is written.
 *
 * <p>Why positions and not "down to the priority of the maxRank-th, ties included": in best-first every link of a
 * page has the page's score, so the frontier is made of tie groups. When the few good URLs were in flight and the
 * next group was the children of irrelevant pages (priority 0), the maxRank-th best was 0 and the whole group came
 * in, every host its places: 40 fetches of irrelevant pages in one batch, whose chance hits then led the crawl away
 * (lo-calc-en best-first fell to HR@100 11-44 % in 5 of 12 runs, docs/evaluation.md). Ties with the best are still
 * all admitted: a flat frontier (breadth-first, one page's children at the top) keeps every host busy.
 *
 * <p>One instance per batch; not thread-safe.
 */
final class RankCut {

    private final int maxRank;
    private int seen;
    private double best = Double.NaN;

    /** @param maxRank the positions admitted; 0 admits everything (no cut) */
    RankCut(int maxRank) {
        if (maxRank < 0) {
            throw new IllegalArgumentException("maxRank must be >= 0, got " + maxRank);
        }
        this.maxRank = maxRank;
    }

    /**
     * @param priority the next due URL's priority, in batch order
     * @return whether it is within the cut; once false, every later URL is outside too (the caller may stop)
     */
    boolean admits(double priority) {
        if (seen == 0) {
            best = priority;
        }
        seen++;
        return maxRank == 0 || seen <= maxRank || priority >= best;
    }
}
