package org.topicstorm.priority;

import java.io.Serializable;

/**
 * What the learned strategy's link classifier says of a link, as a factor on the priority its prior strategy gives
 * it (link-topology or best-first): the classifier's odds P / (1 - P) raised to its trust. On a log scale this is
 * Bayes' rule, posterior odds = prior odds x likelihood ratio (the classifier is trained on balanced classes, so its
 * odds stand for the likelihood ratio), tempered by how well the classifier predicted pages it had not seen: a
 * classifier no better than chance has trust 0 and changes nothing; a perfect one has trust 1.
 *
 * @param factor  the factor on the prior priority, &gt; 0
 * @param version the version of the classifier that gave it
 */
public record Lift(double factor, int version) implements Serializable {

    /** P is kept in [MIN_P, 1 - MIN_P]: one classifier may move a priority by at most 99x either way. */
    static final double MIN_P = 0.01;

    public Lift {
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("a lift must be > 0 and finite, got " + factor);
        }
        if (version < 1) {
            throw new IllegalArgumentException("a classifier version is >= 1, got " + version);
        }
    }

    /** The factor (p / (1 - p))^trust, p clipped to [{@link #MIN_P}, 1 - MIN_P]. */
    static double factor(double p, double trust) {
        if (!(trust >= 0 && trust <= 1)) {
            throw new IllegalArgumentException("trust must be in [0, 1], got " + trust);
        }
        double q = Math.max(MIN_P, Math.min(1 - MIN_P, p));
        return Math.pow(q / (1 - q), trust);
    }

    /** The factor of a possibly absent lift: 1 for none. */
    public static double of(Lift lift) {
        return lift == null ? 1.0 : lift.factor();
    }
}
