package org.topicstorm.index;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Which pages of a batch are near-duplicates ({@link SimHash#near}) of a page already in the content index, or of
 * an earlier page of the same batch that is stored: the rule of the indexer's duplicate check, as a pure function.
 * A page is never a duplicate of its own URL (a re-fetch replaces its document), and a page without a signature
 * (too short) never is one. Of several near pages the nearest is named, ties by URL, so a replay decides alike.
 */
final class NearDuplicates {

    /** A page of the batch: its URL and signature (null: none). */
    record Page(String url, Long simhash) {
    }

    /** A page in the content index, found by a band lookup. */
    record Indexed(String url, long simhash) {
    }

    private NearDuplicates() {
    }

    /** For each page of the batch, in order, the URL it is a near-duplicate of, or null to store it. */
    static List<String> duplicateOf(List<Page> batch, List<Indexed> indexed) {
        List<Indexed> known = new ArrayList<>(indexed);
        List<String> result = new ArrayList<>(batch.size());
        for (Page p : batch) {
            String of = null;
            if (p.simhash() != null) {
                long s = p.simhash();
                of = known.stream()
                        .filter(k -> !k.url().equals(p.url()) && SimHash.near(k.simhash(), s))
                        .min(Comparator.comparingInt((Indexed k) -> SimHash.distance(k.simhash(), s))
                                .thenComparing(Indexed::url))
                        .map(Indexed::url).orElse(null);
                if (of == null) {
                    // stored: later pages of the batch are compared with it too
                    known.add(new Indexed(p.url(), s));
                }
            }
            result.add(of);
        }
        return result;
    }
}
