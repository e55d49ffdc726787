package org.topicstorm.bench;

import org.topicstorm.index.SimHash;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * How well {@link SimHash} tells copies from distinct pages on a real corpus (issue 14's duplicate benchmark):
 * <ul>
 *   <li>precision side: the distinct pages of the corpus, every pair compared, counted by distance (a pair within the
 *       threshold is two different pages the indexer would take for copies);</li>
 *   <li>recall side: each page of at least {@link #MIN_WORDS} words planted again with one edit a copy typically
 *       has ({@link Edit}), counted by its distance to the page.</li>
 * </ul>
 * The table gives both for thresholds 0-10 bits, so the indexer's {@link SimHash#MAX_DISTANCE} is read in context.
 */
public final class DuplicateBench {

    /** Pages of fewer tokens are not planted: a fixed-size edit weighs more on a short page. */
    static final int MIN_WORDS = 100;
    static final int MAX_SHOWN = 10;

    /** An edit that turns a page's text into a copy of it. */
    public enum Edit {
        /** a five-word line before the text (a print view's or a syndication's header) */
        HEADER,
        /** a twelve-word line after it (a copyright and share footer) */
        FOOTER,
        /** the last tenth of the words cut (a teaser, a truncated copy) */
        DROP_TENTH,
        /** the middle tenth of the words moved to the end (a reordered layout) */
        MOVE_TENTH;

        /** The copy, as tokens joined by spaces (what SimHash reads; a tenth is a tenth of the tokens). */
        String apply(String text) {
            String[] w = SimHash.tokens(text).toArray(String[]::new);
            return switch (this) {
                case HEADER -> "printed from the online edition " + String.join(" ", w);
                case FOOTER -> String.join(" ", w) + " copyright 2026 example news all rights reserved share this";
                case DROP_TENTH -> String.join(" ", Arrays.copyOf(w, w.length - w.length / 10));
                case MOVE_TENTH -> {
                    List<String> l = new ArrayList<>(Arrays.asList(w));
                    int from = w.length / 2;
                    int len = w.length / 10;
                    List<String> cut = new ArrayList<>(l.subList(from, from + len));
                    l.subList(from, from + len).clear();
                    l.addAll(cut);
                    yield String.join(" ", l);
                }
            };
        }
    }

    /**
     * @param pages     pages with a signature
     * @param planted   pages of at least MIN_WORDS words, each planted once per edit
     * @param pairs     pairs of distinct pages by distance (index: bits)
     * @param copies    per edit, planted copies by distance to their page
     */
    public record Result(String corpus, int pages, int planted, long[] pairs, long[][] copies) {

        /** Pairs of distinct pages at most k bits apart. */
        public long pairsWithin(int k) {
            long n = 0;
            for (int d = 0; d <= k; d++) {
                n += pairs[d];
            }
            return n;
        }

        /** Share of the planted copies of one edit at most k bits from their page. */
        public double recallWithin(Edit e, int k) {
            long n = 0;
            for (int d = 0; d <= k; d++) {
                n += copies[e.ordinal()][d];
            }
            return planted == 0 ? 0 : (double) n / planted;
        }

        public String table() {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
                    "%s: %d pages signed, %d of %d+ words planted once per edit%n", corpus, pages, planted,
                    MIN_WORDS));
            b.append("  bits  distinct pairs within  copies found: header  footer  drop-tenth  move-tenth\n");
            for (int k = 0; k <= MAX_SHOWN; k++) {
                b.append(String.format(Locale.ROOT, "  %4d  %21d  %19.1f%%  %5.1f%%  %9.1f%%  %9.1f%%%s%n", k,
                        pairsWithin(k), 100 * recallWithin(Edit.HEADER, k), 100 * recallWithin(Edit.FOOTER, k),
                        100 * recallWithin(Edit.DROP_TENTH, k), 100 * recallWithin(Edit.MOVE_TENTH, k),
                        k == SimHash.MAX_DISTANCE ? "   <- the indexer's threshold" : ""));
            }
            return b.toString();
        }
    }

    private DuplicateBench() {
    }

    /** Measures the texts of one corpus (every pair: quadratic, meant for corpora of a few thousand pages). */
    public static Result measure(String corpus, List<String> texts) {
        List<Long> signatures = new ArrayList<>();
        long[][] copies = new long[Edit.values().length][65];
        int planted = 0;
        for (String text : texts) {
            OptionalLong h = SimHash.of(text);
            if (h.isEmpty()) {
                continue;
            }
            signatures.add(h.getAsLong());
            if (SimHash.tokens(text).size() < MIN_WORDS) {
                continue;
            }
            planted++;
            for (Edit e : Edit.values()) {
                copies[e.ordinal()][SimHash.distance(h.getAsLong(), SimHash.of(e.apply(text)).getAsLong())]++;
            }
        }
        long[] pairs = new long[65];
        for (int i = 0; i < signatures.size(); i++) {
            for (int j = i + 1; j < signatures.size(); j++) {
                pairs[SimHash.distance(signatures.get(i), signatures.get(j))]++;
            }
        }
        return new Result(corpus, signatures.size(), planted, pairs, copies);
    }
}
