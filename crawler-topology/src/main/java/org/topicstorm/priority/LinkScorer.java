package org.topicstorm.priority;

import java.util.Collection;

/**
 * What the learned strategy knows about links at one moment of the crawl, as one factor on a link's prior priority
 * (its {@link Lift}): the online link classifier's (none before its first model), times where the link's URL lies
 * ({@link RegionHarvest}: the harvest of its host, directories and file-name stem so far). Both change as the crawl
 * judges pages; each change is a new {@link #version}, which the frontier keeps with a lift so that a newer scorer's
 * lift replaces an older one's and never the reverse ({@code StatusMerge}). Immutable.
 *
 * @param classifier the link classifier, or null before the first
 * @param regions    the regions' harvest ({@link RegionHarvest#NONE} when regions are off or nothing is judged)
 * @param version    &gt;= 1; the version of the lifts it gives
 */
public record LinkScorer(LinkClassifier classifier, RegionHarvest regions, int version) {

    /** A lift stays within these bounds, so that it is finite and a priority can always come back. */
    static final double MIN_FACTOR = 1e-4;
    static final double MAX_FACTOR = 1e4;

    public LinkScorer {
        if (version < 1) {
            throw new IllegalArgumentException("a link scorer's version is >= 1, got " + version);
        }
        regions = regions == null ? RegionHarvest.NONE : regions;
    }

    /**
     * The lift of a link to {@code url} with these feature tokens: the classifier's factor
     * ({@link Lift#factor}: its odds raised to its trust; 1 without a classifier) times the URL's region factor.
     */
    public Lift lift(String url, Collection<String> tokens) {
        double f = classifier == null ? 1.0
                : Lift.factor(classifier.probability(tokens), classifier.state().trust());
        f *= regions.factor(url);
        return new Lift(Math.max(MIN_FACTOR, Math.min(MAX_FACTOR, f)), version);
    }
}
