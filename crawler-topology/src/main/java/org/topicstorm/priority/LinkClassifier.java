package org.topicstorm.priority;

import org.topicstorm.learn.SparseLogistic;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The learned strategy's link classifier: logistic regression ({@link SparseLogistic}) over a link's feature tokens
 * ({@link LinkFeatures#tokens()}), each token a feature of value 1, giving P(the link leads to a relevant page).
 * Trained from the crawl itself: every judged page is an example for the link that led to it (as ACHE's online link
 * classifier). Tokens seen in fewer than {@code minCount} examples are left out. Immutable once trained.
 */
public final class LinkClassifier {

    /**
     * One training example: the tokens of the link that led to a page, and how relevant the page turned out, in
     * [0, 1] (1 or 0 for a verdict; in between for a target read from the page's score).
     */
    public record Example(List<String> tokens, double target) {
        public Example {
            if (!(target >= 0 && target <= 1)) {
                throw new IllegalArgumentException("target must be in [0, 1], got " + target);
            }
        }

        /** An example from the page's verdict. */
        public Example(List<String> tokens, boolean relevant) {
            this(tokens, relevant ? 1.0 : 0.0);
        }

        public boolean relevant() {
            return target >= 0.5;
        }
    }

    /**
     * What is stored in the crawl's model index (kind {@link #KIND}).
     *
     * @param version   1 for the first model of a crawl, then +1 per retrain
     * @param judged    the number of judged pages in the crawl when it was trained
     * @param examples  the examples it was trained on
     * @param positives of which relevant
     * @param trust     how far to trust it, in [0, 1]: 2 x its cross-validated balanced accuracy - 1 (0 for a
     *                  classifier no better than chance; a state stored before trust was kept reads 0)
     */
    public record State(int version, long judged, int examples, int positives, double bias,
                        Map<String, Double> weights, double trust) {
        public State {
            weights = weights == null ? Map.of() : Map.copyOf(weights);
            if (!(trust >= 0 && trust <= 1)) {
                throw new IllegalArgumentException("trust must be in [0, 1], got " + trust);
            }
        }
    }

    /** Folds of the cross-validation that measures a new classifier's trust. */
    static final int FOLDS = 5;

    /** The document id of the classifier in the model index. */
    public static final String KIND = "link-classifier";

    private final State state;
    private final SparseLogistic.Model model;

    private LinkClassifier(State state) {
        this.state = state;
        this.model = new SparseLogistic.Model(state.bias(), state.weights());
    }

    public static LinkClassifier of(State state) {
        return new LinkClassifier(state);
    }

    public State state() {
        return state;
    }

    public int version() {
        return state.version();
    }

    /** P(relevant | tokens) = sigmoid(bias + sum of the tokens' weights); unknown tokens weigh nothing. */
    public double probability(Collection<String> tokens) {
        return model.probability(asFeatures(tokens));
    }

    /** The n tokens of largest weight (positive: towards relevant) or smallest (negative), strongest first. */
    public List<Map.Entry<String, Double>> strongest(int n, boolean positive) {
        return model.strongest(n, positive);
    }

    /**
     * Trains a classifier on the examples, and measures its trust by {@value #FOLDS}-fold cross-validation on the
     * same examples (each scored by a model that did not see it).
     *
     * @throws IllegalArgumentException when the examples do not hold both verdicts
     */
    public static LinkClassifier train(List<Example> examples, int version, long judged, SparseLogistic.Options o) {
        List<SparseLogistic.Example> valued = examples.stream()
                .map(e -> new SparseLogistic.Example(asFeatures(e.tokens()), e.target())).toList();
        SparseLogistic.Model m = SparseLogistic.train(valued, o);
        int positives = (int) examples.stream().filter(Example::relevant).count();
        double[] p = SparseLogistic.crossValidated(valued, FOLDS, o);
        boolean[] predicted = new boolean[p.length];
        boolean[] actual = new boolean[p.length];
        for (int i = 0; i < p.length; i++) {
            predicted[i] = p[i] >= 0.5;
            actual[i] = examples.get(i).relevant();
        }
        double trust = trust(SparseLogistic.balancedAccuracy(predicted, actual));
        return new LinkClassifier(new State(version, judged, examples.size(), positives, m.bias(), m.weights(),
                trust));
    }

    /**
     * Trust from balanced accuracy b: 2b - 1, so chance (0.5) gives 0 and a perfect classifier 1; worse than
     * chance, or unmeasurable (one class only), gives 0.
     */
    static double trust(double balancedAccuracy) {
        return Double.isNaN(balancedAccuracy) ? 0 : Math.max(0, Math.min(1, 2 * balancedAccuracy - 1));
    }

    /** Each distinct token a feature of value 1 (repeats count once). */
    static Map<String, Double> asFeatures(Collection<String> tokens) {
        Map<String, Double> f = new HashMap<>();
        for (String t : tokens) {
            f.put(t, 1.0);
        }
        return f;
    }
}
