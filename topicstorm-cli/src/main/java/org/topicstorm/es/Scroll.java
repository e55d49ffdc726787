package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.ScrollResponse;
import co.elastic.clients.elasticsearch.core.SearchRequest;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;

import java.io.IOException;
import java.util.List;
import java.util.function.Function;

/**
 * Reads every hit of a search, a page at a time, with a scroll that is cleared at the end (also on failure): for the
 * commands that read a whole index (rank, vectors train --crawl).
 */
public final class Scroll {

    /** How long ES keeps a scroll open between two pages. */
    public static final String KEEP_ALIVE = "2m";

    /** What is done with each hit. */
    @FunctionalInterface
    public interface Each<T> {
        void accept(Hit<T> hit) throws IOException;
    }

    private Scroll() {
    }

    /**
     * @param search the search (index, page size, query, source filter); the scroll is added here
     * @param each   called with every hit that has a source, in the order ES returns them
     */
    public static <T> void each(ElasticsearchClient client, Function<SearchRequest.Builder, SearchRequest.Builder> search,
                                Class<T> type, Each<T> each) throws IOException {
        SearchResponse<T> first = client.search(s -> search.apply(s).scroll(t -> t.time(KEEP_ALIVE)), type);
        String scrollId = first.scrollId();
        List<Hit<T>> hits = first.hits().hits();
        try {
            while (!hits.isEmpty()) {
                for (Hit<T> hit : hits) {
                    if (hit.source() != null) {
                        each.accept(hit);
                    }
                }
                String id = scrollId;
                ScrollResponse<T> next = client.scroll(s -> s.scrollId(id).scroll(t -> t.time(KEEP_ALIVE)), type);
                scrollId = next.scrollId();
                hits = next.hits().hits();
            }
        } finally {
            if (scrollId != null) {
                String id = scrollId;
                client.clearScroll(c -> c.scrollId(id));
            }
        }
    }
}
