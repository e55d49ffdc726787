package org.topicstorm.graph;

/**
 * The final ranking of the 000 paper, which combines a page's relevance with its HITS authority without saying how:
 * <pre>
 *   rank = lambda * relevance + (1 - lambda) * authority / maxAuthority
 * </pre>
 * where maxAuthority is the highest authority among the pages ranked, so that both terms lie in [0, 1] (relevance
 * is a similarity in [0, 1]; authority, a coordinate of a unit vector, is rescaled so the best authority gets 1).
 * lambda = 1 ranks by relevance alone, lambda = 0 by authority alone.
 */
public record CombinedRank(double lambda) {

    /** Equal weights: our choice, the paper gives none. */
    public static final double DEFAULT_LAMBDA = 0.5;

    public CombinedRank {
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("the weight of relevance (lambda) must be between 0 and 1, got "
                    + lambda);
        }
    }

    /**
     * @param maxAuthority the highest authority among the pages ranked; 0 (no page has authority) leaves relevance
     *                     as the only term, weighted lambda
     */
    public double score(double relevance, double authority, double maxAuthority) {
        double scaled = maxAuthority > 0 ? authority / maxAuthority : 0;
        return lambda * relevance + (1 - lambda) * scaled;
    }
}
