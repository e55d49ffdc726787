package org.topicstorm.eval;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where the crawler's own verdicts disagree with the labels, among the pages it judged: the false positives (judged
 * relevant, labelled not) and the false negatives (labelled relevant, judged not), the most telling first, so that
 * a person can see what to change in the topic.
 *
 * <p>Both lists put the most confidently wrong verdicts first: false positives by score from the highest, false
 * negatives by score from the lowest. Those are the errors no small move of the threshold mends (the self-tuning
 * threshold moves it anyway): a false positive far above the threshold shows, in its top terms, the keywords that
 * pull off-topic pages in (to drop or weigh down); a false negative far below it shows, in its title and its few
 * or missing terms, the part of the topic the keywords miss entirely (words to add). The false negatives nearest
 * the threshold would only say that the threshold is a little high, which the totals and crawler P and R already
 * say. Equal scores keep the fetch order; a page without a stored score comes last.
 *
 * @param falsePositives the first {@code max} false positives, highest score first
 * @param falseNegatives the first {@code max} false negatives, lowest score first
 * @param fpTotal        all false positives among the judged pages
 * @param fnTotal        all false negatives among the judged pages
 * @param judged         pages the crawler judged (fetched and parsed)
 * @param fetched        pages fetched (judged, errors and redirects)
 */
public record VerdictErrors(List<FetchedPage> falsePositives, List<FetchedPage> falseNegatives, int fpTotal,
                            int fnTotal, int judged, int fetched) {

    /** How many of each a report shows unless told otherwise. */
    public static final int DEFAULT_SHOWN = 10;

    public VerdictErrors {
        falsePositives = List.copyOf(falsePositives);
        falseNegatives = List.copyOf(falseNegatives);
    }

    /**
     * @param log        the crawl log in fetch order
     * @param labelled   for each entry of the log, whether its page is relevant by label
     * @param max        at most this many of each (0 = none listed; the totals are counted anyway)
     */
    static VerdictErrors of(List<FetchedPage> log, boolean[] labelled, int max) {
        if (labelled.length != log.size()) {
            throw new IllegalArgumentException("one label per log entry");
        }
        List<FetchedPage> fp = new ArrayList<>();
        List<FetchedPage> fn = new ArrayList<>();
        int judged = 0;
        for (int i = 0; i < log.size(); i++) {
            FetchedPage p = log.get(i);
            if (!p.judged()) {
                continue;
            }
            judged++;
            if (p.crawlerRelevant() && !labelled[i]) {
                fp.add(p);
            } else if (!p.crawlerRelevant() && labelled[i]) {
                fn.add(p);
            }
        }
        // List.sort is stable: equal scores stay in fetch order
        fp.sort(byScore(false));
        fn.sort(byScore(true));
        int keep = Math.max(0, max);
        return new VerdictErrors(fp.subList(0, Math.min(keep, fp.size())), fn.subList(0, Math.min(keep, fn.size())),
                fp.size(), fn.size(), judged, log.size());
    }

    /** By score, lowest or highest first; a page without a score (NaN) last either way. */
    private static Comparator<FetchedPage> byScore(boolean lowestFirst) {
        Comparator<FetchedPage> scored = Comparator.comparingDouble(FetchedPage::score);
        return Comparator.<FetchedPage, Boolean>comparing(p -> Double.isNaN(p.score()))
                .thenComparing(lowestFirst ? scored : scored.reversed());
    }

    /** The totals in a line: "3 false positives and 5 false negatives of the 140 fetched
     *  pages the crawler judged (150 fetched; ...)". */
    public String summary() {
        return fpTotal + " false positive" + (fpTotal == 1 ? "" : "s") + " and " + fnTotal + " false negative"
                + (fnTotal == 1 ? "" : "s") + " of the " + judged + " fetched pages the crawler judged ("
                + fetched + " fetched; a relevant page never fetched has no verdict)";
    }
}
