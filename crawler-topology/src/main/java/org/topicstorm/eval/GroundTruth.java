package org.topicstorm.eval;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The labelled relevant set R of an evaluation topic: every served page whose label is one of the topic's labels.
 * A page is relevant by label iff its URL (without a fragment) is in R; the crawler's own score plays no part
 * (methods.md: judge by independent labels).
 */
public final class GroundTruth {

    private final Set<String> relevant;

    private GroundTruth(Set<String> relevant) {
        this.relevant = Set.copyOf(relevant);
    }

    /**
     * @param labelledPages every labelled served page: URL -> label
     * @param labels        the topic's labels (evaluation.labels)
     */
    public static GroundTruth of(Map<String, String> labelledPages, List<String> labels) {
        Set<String> wanted = Set.copyOf(labels);
        Set<String> r = new HashSet<>();
        labelledPages.forEach((url, label) -> {
            if (wanted.contains(label)) {
                r.add(key(url));
            }
        });
        return new GroundTruth(r);
    }

    /** A ground truth given directly as the set of relevant URLs (tests, hand-made logs). */
    public static GroundTruth ofUrls(Set<String> relevantUrls) {
        Set<String> r = new HashSet<>();
        relevantUrls.forEach(u -> r.add(key(u)));
        return new GroundTruth(r);
    }

    /** Whether the page at {@code url} is relevant by its label. */
    public boolean isRelevant(String url) {
        return relevant.contains(key(url));
    }

    /** |R|: the number of relevant pages served. */
    public int size() {
        return relevant.size();
    }

    /** The URL without its fragment: #part names a place in a page, not another page. */
    static String key(String url) {
        int hash = url.indexOf('#');
        return hash < 0 ? url : url.substring(0, hash);
    }
}
