package org.topicstorm.graph;

import java.io.IOException;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Where {@link BaseSet} learns the links between pages: a crawl's links index ({@link EsLinkSource}), or a map. */
public interface LinkSource {

    /**
     * The pages each of the given pages links to, as far as known (all it was ever found to link to). A page with
     * no known outlink (not fetched, or linking nowhere) may be absent from the map.
     */
    Map<String, Set<String>> outlinks(Collection<String> pages) throws IOException;

    /**
     * For each of the given pages, at most {@code max} pages that link to it, never the page itself, the preferred
     * first; always the same ones for the same links. A page nothing links to may be absent from the map.
     */
    Map<String, List<String>> inlinkers(Collection<String> pages, int max) throws IOException;
}
