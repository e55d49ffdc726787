package org.topicstorm.graph;

/**
 * Kleinberg's HITS (J. Kleinberg, "Authoritative sources in a hyperlinked environment", 1998/1999), as the 000
 * paper ranks the pages it kept: every page p has an authority a(p) and a hub score h(p); starting from a = h = 1,
 * repeat
 * <pre>
 *   a(p) = sum of h(q) over the pages q linking to p      (the I operation)
 *   h(p) = sum of a(q) over the pages q that p links to    (the O operation, on the new a)
 *   normalise a and h to unit length (L2)
 * </pre>
 * until neither vector moves by {@code epsilon} or more in any coordinate, or {@code maxIterations} rounds. a
 * converges to the principal eigenvector of A<sup>T</sup>A and h to that of AA<sup>T</sup> (A the adjacency
 * matrix): both are symmetric and positive semi-definite, so this power iteration always converges.
 *
 * <p>Deterministic: the graph fixes the order of every sum (see {@link LinkGraph}).
 */
public final class Hits {

    /** Default convergence threshold: neither paper gives a number; scores are shown with 3 to 4 decimals. */
    public static final double DEFAULT_EPSILON = 1e-6;

    /**
     * Default iteration limit: Kleinberg found 20 rounds enough for stable top pages; the limit is generous so that
     * the epsilon test is what normally stops the iteration.
     */
    public static final int DEFAULT_MAX_ITERATIONS = 100;

    /**
     * @param epsilon       stop once no coordinate of a or h changed by this much or more (max-abs difference)
     * @param maxIterations stop after this many rounds at the latest
     */
    public record Params(double epsilon, int maxIterations) {
        public Params {
            if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
                throw new IllegalArgumentException("HITS epsilon must be a positive number, got " + epsilon);
            }
            if (maxIterations < 1) {
                throw new IllegalArgumentException("HITS max iterations must be at least 1, got " + maxIterations);
            }
        }

        public static Params defaults() {
            return new Params(DEFAULT_EPSILON, DEFAULT_MAX_ITERATIONS);
        }
    }

    /**
     * Scores by node of the graph ({@code hub[i]} is the hub score of {@code graph.node(i)}), each vector of unit
     * length, or all zero when the graph has no link.
     *
     * @param iterations the rounds run
     * @param converged  whether the last round moved no score by epsilon or more (false: stopped by the limit)
     */
    public record Result(double[] hub, double[] authority, int iterations, boolean converged) {
    }

    private Hits() {
    }

    public static Result run(LinkGraph graph, Params params) {
        int n = graph.size();
        if (graph.edgeCount() == 0) {
            // nothing links to anything: no page is an authority or a hub (the iteration would give 0 too)
            return new Result(new double[n], new double[n], 0, true);
        }
        // a = h = 1, already normalised: the first round then compares unit vectors with unit vectors
        double[] a = new double[n];
        double[] h = new double[n];
        java.util.Arrays.fill(a, 1 / Math.sqrt(n));
        java.util.Arrays.fill(h, 1 / Math.sqrt(n));
        for (int round = 1; round <= params.maxIterations(); round++) {
            double[] nextA = new double[n];
            for (int p = 0; p < n; p++) {
                for (int q : graph.inLinks(p)) {
                    nextA[p] += h[q];
                }
            }
            normalise(nextA);
            double[] nextH = new double[n];
            for (int p = 0; p < n; p++) {
                for (int q : graph.outLinks(p)) {
                    nextH[p] += nextA[q];
                }
            }
            normalise(nextH);
            double change = Math.max(maxAbsDifference(a, nextA), maxAbsDifference(h, nextH));
            a = nextA;
            h = nextH;
            if (change < params.epsilon()) {
                return new Result(h, a, round, true);
            }
        }
        return new Result(h, a, params.maxIterations(), false);
    }

    /** Scales v to unit length; a zero vector stays zero (cannot happen here: the graph has a link). */
    static void normalise(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x * x;
        }
        if (sum > 0) {
            double norm = Math.sqrt(sum);
            for (int i = 0; i < v.length; i++) {
                v[i] /= norm;
            }
        }
    }

    static double maxAbsDifference(double[] x, double[] y) {
        double max = 0;
        for (int i = 0; i < x.length; i++) {
            max = Math.max(max, Math.abs(x[i] - y[i]));
        }
        return max;
    }
}
