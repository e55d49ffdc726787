package org.topicstorm.learn;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Logistic regression over named, sparse features: what both of the crawl's online classifiers are (the learned
 * link strategy's, over a link's feature tokens, and the page classifier, over a page's model scores and terms).
 *
 * <p>Why written here rather than taken from Smile: Smile's logistic regression takes dense vectors and its naive
 * Bayes integer-indexed ones; these features are a few dozen named values out of tens of thousands, the model must be
 * stored as JSON in the crawl's model index, and {@code stats} and the verdicts' explanations show the weights by
 * name. A sparse, named-weight model makes all three direct.
 *
 * <p>Training: full-batch gradient descent with AdaGrad step sizes on the class-weighted mean log loss plus an L2
 * penalty (the bias is not penalised); examples of the rarer class weigh more, so that mostly-relevant (or
 * mostly-irrelevant) examples still teach what separates them. Deterministic for a given example list. Features seen
 * in fewer than {@code minCount} examples are left out (a feature of one example teaches nothing about others).
 */
public final class SparseLogistic {

    private SparseLogistic() {
    }

    /**
     * One training example: feature values (a token present is 1.0) and how relevant it turned out, in [0, 1] (1 or
     * 0 for a verdict; in between for a soft target).
     */
    public record Example(Map<String, Double> features, double target) {
        public Example {
            if (!(target >= 0 && target <= 1)) {
                throw new IllegalArgumentException("target must be in [0, 1], got " + target);
            }
            features = Map.copyOf(features);
        }

        public boolean relevant() {
            return target >= 0.5;
        }
    }

    /**
     * @param iterations  gradient steps
     * @param rate        AdaGrad's base step size
     * @param l2          the L2 penalty's weight
     * @param minCount    a feature must occur (non-zero) in this many examples to get a weight
     * @param maxFeatures at most this many weights are kept (the largest in absolute value)
     */
    public record Options(int iterations, double rate, double l2, int minCount, int maxFeatures) {
        public static final Options DEFAULT = new Options(100, 0.5, 1e-3, 2, 5000);
    }

    /** A trained model: z = bias + sum of weight x value over the features it knows; P = sigmoid(z). */
    public record Model(double bias, Map<String, Double> weights) {
        public Model {
            weights = weights == null ? Map.of() : Map.copyOf(weights);
        }

        public double z(Map<String, Double> features) {
            double z = bias;
            for (Map.Entry<String, Double> f : features.entrySet()) {
                Double w = weights.get(f.getKey());
                if (w != null) {
                    z += w * f.getValue();
                }
            }
            return z;
        }

        public double probability(Map<String, Double> features) {
            return sigmoid(z(features));
        }

        /** The n features of largest weight (positive: towards relevant) or smallest (negative), strongest first. */
        public List<Map.Entry<String, Double>> strongest(int n, boolean positive) {
            Comparator<Map.Entry<String, Double>> byWeight = Map.Entry.comparingByValue();
            return weights.entrySet().stream()
                    .filter(e -> positive ? e.getValue() > 0 : e.getValue() < 0)
                    .sorted((positive ? byWeight.reversed() : byWeight).thenComparing(Map.Entry.comparingByKey()))
                    .limit(n)
                    .map(e -> Map.entry(e.getKey(), e.getValue()))
                    .toList();
        }

        /**
         * What each of the page's features added to z (weight x value), largest in absolute value first, at most n:
         * the explanation of one verdict.
         */
        public List<Map.Entry<String, Double>> contributions(Map<String, Double> features, int n) {
            List<Map.Entry<String, Double>> c = new ArrayList<>();
            features.forEach((k, v) -> {
                Double w = weights.get(k);
                if (w != null && v != 0) {
                    c.add(Map.entry(k, w * v));
                }
            });
            c.sort(Comparator.<Map.Entry<String, Double>>comparingDouble(e -> -Math.abs(e.getValue()))
                    .thenComparing(Map.Entry.comparingByKey()));
            return c.size() > n ? List.copyOf(c.subList(0, n)) : c;
        }
    }

    /**
     * Trains a model on the examples.
     *
     * @throws IllegalArgumentException when the examples do not hold both classes
     */
    public static Model train(List<Example> examples, Options o) {
        int n = examples.size();
        double mass = examples.stream().mapToDouble(Example::target).sum();
        if (mass == 0 || mass == n) {
            long positives = examples.stream().filter(Example::relevant).count();
            throw new IllegalArgumentException("training needs relevant and irrelevant examples, got " + positives
                    + " relevant of " + n);
        }
        // the vocabulary: features non-zero in at least minCount examples, numbered in order of first appearance
        Map<String, Integer> count = new LinkedHashMap<>();
        for (Example e : examples) {
            // sorted: the numbering must not depend on a map's iteration order
            e.features().entrySet().stream().filter(f -> f.getValue() != 0).map(Map.Entry::getKey).sorted()
                    .forEach(t -> count.merge(t, 1, Integer::sum));
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
        double[][] v = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            List<Map.Entry<String, Double>> known = examples.get(i).features().entrySet().stream()
                    .filter(f -> f.getValue() != 0 && index.containsKey(f.getKey()))
                    .sorted(Map.Entry.comparingByKey()).toList();
            x[i] = known.stream().mapToInt(f -> index.get(f.getKey())).toArray();
            v[i] = known.stream().mapToDouble(Map.Entry::getValue).toArray();
            y[i] = examples.get(i).target();
        }
        // balanced class weights: the relevant and the irrelevant part of the targets carry half the weight each
        double cPos = n / (2.0 * mass);
        double cNeg = n / (2.0 * (n - mass));
        double[] w = new double[names.size()];
        double[] g = new double[names.size()];
        double[] sumSq = new double[names.size()];
        double[] bias = {0};
        double[] biasSq = {0};
        for (int it = 0; it < o.iterations(); it++) {
            step(x, v, y, cPos, cNeg, w, g, sumSq, bias, biasSq, o);
        }
        Integer[] order = new Integer[w.length];
        for (int j = 0; j < w.length; j++) {
            order[j] = j;
        }
        Arrays.sort(order, (a, b) -> Double.compare(Math.abs(w[b]), Math.abs(w[a])));
        Map<String, Double> weights = new HashMap<>();
        for (int k = 0; k < Math.min(o.maxFeatures(), order.length); k++) {
            if (w[order[k]] != 0) {
                weights.put(names.get(order[k]), w[order[k]]);
            }
        }
        return new Model(bias[0], weights);
    }

    /**
     * Out-of-fold probabilities: example i is scored by a model trained on the other folds (fold = i mod
     * {@code folds}); a fold whose training part lacks one of the classes scores its examples 0.5 (no opinion).
     */
    public static double[] crossValidated(List<Example> examples, int folds, Options o) {
        double[] p = new double[examples.size()];
        for (int f = 0; f < folds; f++) {
            List<Example> train = new ArrayList<>();
            for (int i = 0; i < examples.size(); i++) {
                if (i % folds != f) {
                    train.add(examples.get(i));
                }
            }
            double mass = train.stream().mapToDouble(Example::target).sum();
            Model m = mass == 0 || mass == train.size() ? null : train(train, o);
            for (int i = f; i < examples.size(); i += folds) {
                p[i] = m == null ? 0.5 : m.probability(examples.get(i).features());
            }
        }
        return p;
    }

    /**
     * The mean of the recall of each class (relevant pages found, irrelevant pages left out): accuracy that does not
     * reward always saying the commoner verdict. NaN when a class has no example.
     */
    public static double balancedAccuracy(boolean[] predicted, boolean[] actual) {
        int pos = 0;
        int neg = 0;
        int truePos = 0;
        int trueNeg = 0;
        for (int i = 0; i < actual.length; i++) {
            if (actual[i]) {
                pos++;
                truePos += predicted[i] ? 1 : 0;
            } else {
                neg++;
                trueNeg += predicted[i] ? 0 : 1;
            }
        }
        return pos == 0 || neg == 0 ? Double.NaN : ((double) truePos / pos + (double) trueNeg / neg) / 2;
    }

    /**
     * One full-batch AdaGrad step on J = -(1/n) sum_i [cPos y_i log p_i + cNeg (1 - y_i) log(1 - p_i)]
     * + (l2/2) |w|^2, p_i = sigmoid(z_i), z_i = bias + sum_j w_j x_ij:
     * g_j = (1/n) sum_i (cPos y_i (p_i - 1) + cNeg (1 - y_i) p_i) x_ij + l2 w_j; G_j += g_j^2;
     * w_j -= rate g_j / sqrt(G_j). (For y_i = 1 the error is cPos (p_i - 1), for y_i = 0 cNeg p_i.)
     *
     * @param x the indices of each example's features, {@code v} their values (same order)
     */
    static void step(int[][] x, double[][] v, double[] y, double cPos, double cNeg, double[] w, double[] g,
                     double[] sumSq, double[] bias, double[] biasSq, Options o) {
        int n = x.length;
        Arrays.fill(g, 0);
        double gb = 0;
        for (int i = 0; i < n; i++) {
            double z = bias[0];
            for (int k = 0; k < x[i].length; k++) {
                z += w[x[i][k]] * v[i][k];
            }
            double p = sigmoid(z);
            double err = (cPos * y[i] * (p - 1) + cNeg * (1 - y[i]) * p) / n;
            gb += err;
            for (int k = 0; k < x[i].length; k++) {
                g[x[i][k]] += err * v[i][k];
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

    public static double sigmoid(double z) {
        return 1 / (1 + Math.exp(-z));
    }
}
