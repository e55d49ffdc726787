package org.topicstorm.priority;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The learned strategy's link classifier: logistic regression over a link's feature tokens
 * ({@link LinkFeatures#tokens()}), giving P(the link leads to a relevant page). Trained from the crawl itself: every
 * judged page is an example for the link that led to it (as ACHE's online link classifier).
 *
 * <p>Why written here rather than taken from Smile: Smile's logistic regression takes dense vectors and its naive
 * Bayes integer-indexed ones; the link's features are a few dozen named tokens out of tens of thousands, the model
 * must be stored as JSON in the crawl's model index, and {@code stats} shows its strongest features by name. A sparse,
 * named-weight model makes all three direct.
 *
 * <p>Training: full-batch gradient descent with AdaGrad step sizes on the class-weighted mean log loss plus an L2
 * penalty (the bias is not penalised); examples of the rarer verdict weigh more, so that a crawl that finds mostly
 * relevant (or mostly irrelevant) pages still learns what separates them. Deterministic for a given example list.
 * Tokens seen in fewer than {@code minCount} examples are left out (a token of one page teaches nothing about other
 * links). Immutable once trained.
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
     * @param iterations  gradient steps
     * @param rate        AdaGrad's base step size
     * @param l2          the L2 penalty's weight
     * @param minCount    a token must occur in this many examples to get a weight
     * @param maxFeatures at most this many weights are kept (the largest in absolute value)
     */
    public record Options(int iterations, double rate, double l2, int minCount, int maxFeatures) {
        public static final Options DEFAULT = new Options(100, 0.5, 1e-3, 2, 5000);
    }

    /**
     * What is stored in the crawl's model index (kind {@link #KIND}).
     *
     * @param version   1 for the first model of a crawl, then +1 per retrain
     * @param judged    the number of judged pages in the crawl when it was trained
     * @param examples  the examples it was trained on
     * @param positives of which relevant
     */
    public record State(int version, long judged, int examples, int positives, double bias,
                        Map<String, Double> weights) {
        public State {
            weights = weights == null ? Map.of() : Map.copyOf(weights);
        }
    }

    /** The document id of the classifier in the model index. */
    public static final String KIND = "link-classifier";

    private final State state;

    private LinkClassifier(State state) {
        this.state = state;
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
        double z = state.bias();
        for (String t : new HashSet<>(tokens)) {
            z += state.weights().getOrDefault(t, 0.0);
        }
        return sigmoid(z);
    }

    /** The n tokens of largest weight (positive: towards relevant) or smallest (negative), strongest first. */
    public List<Map.Entry<String, Double>> strongest(int n, boolean positive) {
        Comparator<Map.Entry<String, Double>> byWeight = Map.Entry.comparingByValue();
        return state.weights().entrySet().stream()
                .filter(e -> positive ? e.getValue() > 0 : e.getValue() < 0)
                .sorted(positive ? byWeight.reversed() : byWeight)
                .limit(n)
                .map(e -> Map.entry(e.getKey(), e.getValue()))
                .toList();
    }

    /**
     * Trains a classifier on the examples.
     *
     * @throws IllegalArgumentException when the examples do not hold both verdicts
     */
    public static LinkClassifier train(List<Example> examples, int version, long judged, Options o) {
        int n = examples.size();
        int positives = (int) examples.stream().filter(Example::relevant).count();
        double mass = examples.stream().mapToDouble(Example::target).sum();
        if (mass == 0 || mass == n) {
            throw new IllegalArgumentException("training needs relevant and irrelevant examples, got " + positives
                    + " relevant of " + n);
        }
        // the vocabulary: tokens in at least minCount examples, numbered in order of first appearance
        Map<String, Integer> count = new LinkedHashMap<>();
        List<Set<String>> distinct = new ArrayList<>(n);
        for (Example e : examples) {
            Set<String> s = new java.util.LinkedHashSet<>(e.tokens());
            distinct.add(s);
            s.forEach(t -> count.merge(t, 1, Integer::sum));
        }
        Map<String, Integer> index = new HashMap<>();
        List<String> names = new ArrayList<>();
        count.forEach((t, c) -> {
            if (c >= o.minCount()) {
                index.put(t, names.size());
                names.add(t);
            }
        });
        int[][] x = new int[n][];
        double[] y = new double[n];
        // balanced class weights: the relevant and the irrelevant part of the targets carry half the weight each
        double cPos = n / (2.0 * mass);
        double cNeg = n / (2.0 * (n - mass));
        for (int i = 0; i < n; i++) {
            x[i] = distinct.get(i).stream().filter(index::containsKey).mapToInt(index::get).toArray();
            y[i] = examples.get(i).target();
        }
        double[] w = new double[names.size()];
        double[] g = new double[names.size()];
        double[] sumSq = new double[names.size()];
        double[] bias = {0};
        double[] biasSq = {0};
        for (int it = 0; it < o.iterations(); it++) {
            step(x, y, cPos, cNeg, w, g, sumSq, bias, biasSq, o);
        }
        Map<String, Double> weights = new HashMap<>();
        Integer[] order = new Integer[w.length];
        for (int j = 0; j < w.length; j++) {
            order[j] = j;
        }
        java.util.Arrays.sort(order, (a, b) -> Double.compare(Math.abs(w[b]), Math.abs(w[a])));
        for (int k = 0; k < Math.min(o.maxFeatures(), order.length); k++) {
            if (w[order[k]] != 0) {
                weights.put(names.get(order[k]), w[order[k]]);
            }
        }
        return new LinkClassifier(new State(version, judged, n, positives, bias[0], weights));
    }

    /**
     * One full-batch AdaGrad step on J = -(1/n) sum_i [cPos y_i log p_i + cNeg (1 - y_i) log(1 - p_i)]
     * + (l2/2) |w|^2, p_i = sigmoid(z_i): g_j = (1/n) sum_i (cPos y_i (p_i - 1) + cNeg (1 - y_i) p_i) x_ij + l2 w_j;
     * G_j += g_j^2; w_j -= rate g_j / sqrt(G_j). (For y_i = 1 the error is cPos (p_i - 1), for y_i = 0 cNeg p_i.)
     */
    static void step(int[][] x, double[] y, double cPos, double cNeg, double[] w, double[] g, double[] sumSq,
                     double[] bias, double[] biasSq, Options o) {
        int n = x.length;
        java.util.Arrays.fill(g, 0);
        double gb = 0;
        for (int i = 0; i < n; i++) {
            double z = bias[0];
            for (int j : x[i]) {
                z += w[j];
            }
            double p = sigmoid(z);
            double err = (cPos * y[i] * (p - 1) + cNeg * (1 - y[i]) * p) / n;
            gb += err;
            for (int j : x[i]) {
                g[j] += err;
            }
        }
        for (int j = 0; j < w.length; j++) {
            double gj = g[j] + o.l2() * w[j];
            if (gj != 0) {
                sumSq[j] += gj * gj;
                w[j] -= o.rate() * gj / Math.sqrt(sumSq[j]);
            }
        }
        if (gb != 0) {
            biasSq[0] += gb * gb;
            bias[0] -= o.rate() * gb / Math.sqrt(biasSq[0]);
        }
    }

    static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }
}
