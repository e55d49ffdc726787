package org.topicstorm.graph;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch.core.MsearchResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.msearch.MultiSearchResponseItem;
import co.elastic.clients.elasticsearch.core.msearch.RequestItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.util.NamedValue;
import org.topicstorm.es.Scroll;
import org.topicstorm.frontier.StatusWriter;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The links of a crawl's links index (es-conf/links.json, written by {@link StatusWriter}): one document per page
 * and status batch, {@code from} a fetched page and {@code to} its outlinks. A page found in several batches has
 * several documents; its outlinks are their union.
 */
public final class EsLinkSource implements LinkSource {

    /** Pages per terms query: well below ES's default limit of 65,536 terms, and small requests. */
    private static final int PAGES_PER_QUERY = 1000;
    private static final int SCROLL_SIZE = 500;
    /** In-linker aggregations per multi-search request. */
    static final int SEARCHES_PER_REQUEST = 100;

    private final ElasticsearchClient client;
    private final String index;

    /** The part of a {@link StatusWriter.LinkDoc} read here. */
    record Links(String from, List<String> to) {
    }

    /** @param index the crawl's links index ({@code <crawl>-links}) */
    public EsLinkSource(ElasticsearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    @Override
    public Map<String, Set<String>> outlinks(Collection<String> pages) throws IOException {
        Map<String, Set<String>> out = new HashMap<>();
        List<String> all = new ArrayList<>(pages);
        for (int from = 0; from < all.size(); from += PAGES_PER_QUERY) {
            List<FieldValue> terms = all.subList(from, Math.min(all.size(), from + PAGES_PER_QUERY)).stream()
                    .map(FieldValue::of).toList();
            readLinks(terms, out);
        }
        return out;
    }

    /** Scrolls through every link document of the given pages: a page can have any number of them. */
    private void readLinks(List<FieldValue> pages, Map<String, Set<String>> out) throws IOException {
        Scroll.each(client, s -> s.index(index).size(SCROLL_SIZE)
                .query(q -> q.terms(t -> t.field("from").terms(v -> v.value(pages))))
                .source(src -> src.filter(f -> f.includes("from", "to"))), Links.class, hit -> {
                    Links doc = hit.source();
                    if (doc.from() != null && doc.to() != null) {
                        out.computeIfAbsent(doc.from(), k -> new LinkedHashSet<>()).addAll(doc.to());
                    }
                });
    }

    /**
     * The pages linking to each page that the crawl found first (earliest {@code discovered} of their links, then
     * by URL): in a best-first crawl, the pages fetched early are the ones the crawl rated best. Kleinberg takes
     * "an arbitrary set of d" from a search engine; this choice is as good and reproducible. One aggregation per
     * page, sent {@value #SEARCHES_PER_REQUEST} to a multi-search request.
     */
    @Override
    public Map<String, List<String>> inlinkers(Collection<String> pages, int max) throws IOException {
        Map<String, List<String>> inlinkers = new HashMap<>();
        List<String> all = new ArrayList<>(pages);
        for (int from = 0; from < all.size(); from += SEARCHES_PER_REQUEST) {
            List<String> batch = all.subList(from, Math.min(all.size(), from + SEARCHES_PER_REQUEST));
            List<RequestItem> searches = new ArrayList<>();
            for (String page : batch) {
                searches.add(RequestItem.of(i -> i.header(h -> h.index(index)).body(b -> b.size(0)
                        .query(q -> q.bool(f -> f.filter(t -> t.term(v -> v.field("to").value(page)))
                                .mustNot(t -> t.term(v -> v.field("from").value(page)))))
                        .aggregations("from", a -> a.terms(t -> t.field("from").size(max)
                                        .order(List.of(NamedValue.of("first", SortOrder.Asc),
                                                NamedValue.of("_key", SortOrder.Asc))))
                                .aggregations("first", sub -> sub.min(m -> m.field("discovered")))))));
            }
            MsearchResponse<Void> r = client.msearch(m -> m.searches(searches), Void.class);
            for (int k = 0; k < batch.size(); k++) {
                MultiSearchResponseItem<Void> item = r.responses().get(k);
                if (item.isFailure()) {
                    throw new IOException("could not read the pages linking to " + batch.get(k) + " from " + index
                            + ": " + item.failure().error().reason());
                }
                List<String> found = new ArrayList<>();
                for (StringTermsBucket bucket : item.result().aggregations().get("from").sterms().buckets().array()) {
                    found.add(bucket.key().stringValue());
                }
                inlinkers.put(batch.get(k), found);
            }
        }
        return inlinkers;
    }
}
