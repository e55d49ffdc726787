package org.topicstorm.eval;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The labelled relevant set R of an evaluation topic: every served page whose label is one of the topic's labels.
 * A fetched URL is relevant by label iff its page's label is one of them; the crawler's own score plays no part
 * (methods.md: judge by independent labels).
 */
public final class GroundTruth {

    private final Function<String, Optional<String>> labelOf;
    private final Set<String> labels;
    private final int size;

    private GroundTruth(Function<String, Optional<String>> labelOf, Set<String> labels, int size) {
        this.labelOf = labelOf;
        this.labels = Set.copyOf(labels);
        this.size = size;
    }

    /**
     * @param labelledPages every served page: URL -> label ("" = none); |R| = the pages with one of {@code labels}
     * @param labelOf       the label of the page a URL leads to, for any spelling of the URL (the corpus server's
     *                      lookup: a fragment, "/" for index.html, percent-encoding)
     * @param labels        the topic's labels (evaluation.labels)
     */
    public static GroundTruth of(Map<String, String> labelledPages, Function<String, Optional<String>> labelOf,
                                 List<String> labels) {
        Set<String> wanted = Set.copyOf(labels);
        int size = (int) labelledPages.values().stream().filter(wanted::contains).count();
        return new GroundTruth(labelOf, wanted, size);
    }

    /** A ground truth given directly as the set of relevant URLs (tests, hand-made logs). */
    public static GroundTruth ofUrls(Set<String> relevantUrls) {
        Set<String> r = new HashSet<>();
        relevantUrls.forEach(u -> r.add(pageKey(u)));
        return new GroundTruth(url -> r.contains(pageKey(url)) ? Optional.of("relevant") : Optional.empty(),
                Set.of("relevant"), r.size());
    }

    /** Whether the page at {@code url} is relevant by its label. */
    public boolean isRelevant(String url) {
        return labelOf.apply(url).map(labels::contains).orElse(false);
    }

    /** |R|: the number of relevant pages served. */
    public int size() {
        return size;
    }

    /**
     * One spelling per page, to count a page of R once however often the crawl met it: no fragment, no query (the
     * corpora are static files: the server answers {@code a.html?x=1} with {@code a.html}), percent-encoding
     * decoded, a directory as its index.html.
     */
    public static String pageKey(String url) {
        int hash = url.indexOf('#');
        String u = hash < 0 ? url : url.substring(0, hash);
        int query = u.indexOf('?');
        u = query < 0 ? u : u.substring(0, query);
        try {
            u = URLDecoder.decode(u.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            // a stray '%': keep the URL as it is
        }
        return u.endsWith("/") ? u + "index.html" : u;
    }
}
