package org.topicstorm.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The evaluation measures of one crawl, from its log (fetch order) and the labelled relevant set R.
 *
 * <p>Denominator: every URL the crawl requested counts as fetched, whatever came back (a page, a 404 or other
 * error, a redirect), once, at its first request. That is the 001 paper's harvest rate Nr / Na with Na = all
 * pages the crawler fetched: a request for a dead link costs the crawler as much as one for a good page. Only a
 * page whose URL is in R counts as relevant (an error or a redirect never does).
 *
 * <ul>
 *   <li>HR@n = relevant among the first n fetched / n; undefined (NaN) when fewer than n were fetched.</li>
 *   <li>recall@n = distinct pages of R among the first n fetched / |R| (among all fetched when the crawl ended
 *       before n: it found nothing more).</li>
 *   <li>recall@|R| = recall at n = |R| (the best any crawl could do there is 1).</li>
 *   <li>lift@n = HR@n / HR@n of the baseline (breadth-first) from the same seeds.</li>
 *   <li>The crawler's own verdicts against the labels, over the pages it judged (fetched and parsed) among the
 *       first n: precision = TP / (TP + FP), recall = TP / (TP + FN); the false positives and negatives
 *       themselves, to read, in {@link #errors}.</li>
 *   <li>Relevant hosts@n = distinct hosts of the relevant pages among the first n.</li>
 * </ul>
 */
public final class CrawlMetrics {

    private final List<FetchedPage> log;
    private final int truthSize;
    /** relevant[n] = pages relevant by label among the first n (n = 0..size). */
    private final int[] relevant;
    /** found[n] = distinct pages of R among the first n (a URL in the log twice, e.g. with a fragment, once). */
    private final int[] found;
    private final boolean[] isRelevant;

    private CrawlMetrics(List<FetchedPage> log, GroundTruth truth) {
        this.log = List.copyOf(log);
        this.truthSize = truth.size();
        int size = this.log.size();
        relevant = new int[size + 1];
        found = new int[size + 1];
        isRelevant = new boolean[size];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < size; i++) {
            String url = this.log.get(i).url();
            isRelevant[i] = truth.isRelevant(url);
            relevant[i + 1] = relevant[i] + (isRelevant[i] ? 1 : 0);
            found[i + 1] = found[i] + (isRelevant[i] && seen.add(GroundTruth.pageKey(url)) ? 1 : 0);
        }
    }

    /** @param log the crawl log in fetch order */
    public static CrawlMetrics of(List<FetchedPage> log, GroundTruth truth) {
        return new CrawlMetrics(log, truth);
    }

    /** The crawl log in fetch order. */
    public List<FetchedPage> log() {
        return log;
    }

    /** Whether the {@code i}-th page fetched (from 0) is labelled relevant. */
    public boolean isRelevant(int i) {
        return isRelevant[i];
    }

    /** Pages fetched (the log's length). */
    public int fetched() {
        return log.size();
    }

    /** |R|. */
    public int truthSize() {
        return truthSize;
    }

    /** Pages relevant by label among the first n fetched (all fetched when n is larger). */
    public int relevantAt(int n) {
        return relevant[clamp(n)];
    }

    /** HR@n; NaN when n < 1 or fewer than n pages were fetched. */
    public double harvestRate(int n) {
        if (n < 1 || n > fetched()) {
            return Double.NaN;
        }
        return (double) relevant[n] / n;
    }

    /** recall@n; NaN when R is empty. */
    public double recall(int n) {
        if (truthSize == 0) {
            return Double.NaN;
        }
        return (double) found[clamp(n)] / truthSize;
    }

    /** recall@|R|. */
    public double recallAtTruthSize() {
        return recall(truthSize);
    }

    /** HR@n of this crawl over HR@n of the baseline; NaN when either is undefined or the baseline's is 0. */
    public double lift(CrawlMetrics baseline, int n) {
        double mine = harvestRate(n);
        double base = baseline.harvestRate(n);
        if (Double.isNaN(mine) || Double.isNaN(base) || base == 0) {
            return Double.NaN;
        }
        return mine / base;
    }

    /** The crawler's verdicts against the labels, over the judged pages among the first n fetched. */
    public Verdicts verdicts(int n) {
        int tp = 0, fp = 0, fn = 0, tn = 0;
        for (int i = 0; i < clamp(n); i++) {
            FetchedPage p = log.get(i);
            if (!p.judged()) {
                continue;
            }
            boolean said = p.crawlerRelevant();
            if (said && isRelevant[i]) {
                tp++;
            } else if (said) {
                fp++;
            } else if (isRelevant[i]) {
                fn++;
            } else {
                tn++;
            }
        }
        return new Verdicts(tp, fp, fn, tn);
    }

    /**
     * The false positives and false negatives among all pages fetched (as {@link #verdicts} counts them), the
     * first {@code max} of each in the order {@link VerdictErrors} explains.
     */
    public VerdictErrors errors(int max) {
        return VerdictErrors.of(log, isRelevant, max);
    }

    /** Distinct hosts of the pages relevant by label among the first n fetched. */
    public int relevantHosts(int n) {
        Set<String> hosts = new HashSet<>();
        for (int i = 0; i < clamp(n); i++) {
            if (isRelevant[i]) {
                hosts.add(log.get(i).host());
            }
        }
        return hosts.size();
    }

    /** HR@n for n = 1..fetched: element n-1 is HR@n. */
    public double[] curve() {
        double[] hr = new double[fetched()];
        for (int n = 1; n <= fetched(); n++) {
            hr[n - 1] = (double) relevant[n] / n;
        }
        return hr;
    }

    private int clamp(int n) {
        return Math.max(0, Math.min(n, fetched()));
    }

    /**
     * 002's duplicate rate among the first n URLs: pages left out of the content index as duplicates over the pages the
     * crawler judged relevant; NaN when it judged none relevant.
     */
    public double duplicateRate(int n) {
        int relevant = 0;
        int duplicates = 0;
        for (int i = 0; i < clamp(n); i++) {
            FetchedPage p = log.get(i);
            if (p.judged() && p.crawlerRelevant()) {
                relevant++;
                if (p.duplicate()) {
                    duplicates++;
                }
            }
        }
        return relevant == 0 ? Double.NaN : (double) duplicates / relevant;
    }

    /** Counts of the crawler's verdicts (relevant or not) against the labels. */
    public record Verdicts(int truePositives, int falsePositives, int falseNegatives, int trueNegatives) {

        /** TP / (TP + FP); NaN when the crawler called nothing relevant. */
        public double precision() {
            int said = truePositives + falsePositives;
            return said == 0 ? Double.NaN : (double) truePositives / said;
        }

        /** TP / (TP + FN); NaN when no judged page was relevant by label. */
        public double recall() {
            int actual = truePositives + falseNegatives;
            return actual == 0 ? Double.NaN : (double) truePositives / actual;
        }
    }
}
