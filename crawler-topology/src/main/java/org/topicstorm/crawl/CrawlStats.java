package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.JsonNode;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.CrawlState;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** What a crawl's indices say about it: URLs by state, and its most relevant pages. */
public final class CrawlStats {

    private final ElasticsearchClient client;
    private final CrawlIndices indices;

    public CrawlStats(ElasticsearchClient client, CrawlIndices indices) {
        this.client = client;
        this.indices = indices;
    }

    /** Counts of URLs by state. */
    public record Counts(Map<CrawlState, Long> byState, long due) {
        public long get(CrawlState s) {
            return byState.getOrDefault(s, 0L);
        }

        /** Pages downloaded and judged: done + discarded. */
        public long fetched() {
            return get(CrawlState.DONE) + get(CrawlState.DISCARDED);
        }

        public long relevant() {
            return get(CrawlState.DONE);
        }

        /** Harvest rate: relevant / fetched (0 before the first page). */
        public double harvestRate() {
            long f = fetched();
            return f == 0 ? 0.0 : (double) relevant() / f;
        }

        public long total() {
            return byState.values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** A relevant page, as listed by {@code topicstorm stats}. */
    public record TopPage(String url, String title, double relevance) {
    }

    /** Makes every write so far visible to the counts (the index otherwise refreshes once a second). */
    public void refresh() throws IOException {
        client.indices().refresh(r -> r.index(indices.status(), indices.content()));
    }

    public Counts counts(long now) throws IOException {
        SearchResponse<Void> r = client.search(s -> s.index(indices.status()).size(0).trackTotalHits(t -> t.enabled(true))
                .aggregations("states", a -> a.terms(t -> t.field("state").size(20)))
                .aggregations("due", a -> a.filter(f -> f.range(rg -> rg.date(d -> d.field("nextFetchDate")
                        .lte(Long.toString(now)).format("epoch_millis"))))), Void.class);
        Map<CrawlState, Long> byState = new EnumMap<>(CrawlState.class);
        for (StringTermsBucket b : r.aggregations().get("states").sterms().buckets().array()) {
            byState.put(CrawlState.valueOf(b.key().stringValue()), b.docCount());
        }
        long due = r.aggregations().get("due").filter().docCount();
        return new Counts(byState, due);
    }

    public List<TopPage> topRelevant(int n) throws IOException {
        SearchResponse<JsonNode> r = client.search(s -> s.index(indices.content()).size(n)
                .sort(o -> o.field(f -> f.field("relevance").order(SortOrder.Desc)))
                .source(src -> src.filter(f -> f.includes("url", "title", "relevance"))), JsonNode.class);
        List<TopPage> pages = new ArrayList<>();
        for (Hit<JsonNode> h : r.hits().hits()) {
            JsonNode d = h.source();
            pages.add(new TopPage(d.path("url").asText(), d.path("title").asText(), d.path("relevance").asDouble()));
        }
        return pages;
    }
}
