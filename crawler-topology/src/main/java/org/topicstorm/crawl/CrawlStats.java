package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.JsonNode;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.topology.CrawlMetadata;

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

        /** Changes whenever a URL is added or a page fetched: how a watcher tells that the crawl moved on. */
        public long signature() {
            return total() * 1_000_003L + fetched();
        }
    }

    /** A relevant page, as listed by {@code topicstorm stats}. */
    public record TopPage(String url, String title, double relevance) {
    }

    /** A page with HITS scores (topicstorm rank), as listed by {@code topicstorm stats}. */
    public record Authority(String url, double authority, double relevance, double rank) {
    }

    /**
     * How far the content index is ranked: pages with HITS scores, pages without (indexed or re-fetched since the
     * last {@code topicstorm rank}, or never ranked), and when the last ranking ran (null: never).
     */
    public record Ranking(long ranked, long unranked, Long lastRanked) {
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

    /** What a near-duplicate's status error starts with (IndexerBolt's cause, as StatusUpdates records it). */
    public static final String NEAR_DUPLICATE_ERROR = CrawlMetadata.NOT_INDEXED_ERROR + CrawlMetadata.NEAR_DUPLICATE_OF;

    /** What the status error of a page that declares another original starts with (then that URL). */
    public static final String CANONICAL_COPY_ERROR = CrawlMetadata.NOT_INDEXED_ERROR + CrawlMetadata.CANONICAL_COPY_OF;

    /**
     * Relevant pages left out of the content index as duplicates: near-duplicates of a stored page, and copies of the
     * canonical URL they declare (their status error names the page they repeat).
     */
    public record Duplicates(long near, long canonical) {

        public long total() {
            return near + canonical;
        }

        /** 002's duplicate rate: duplicates over the relevant pages (0 when there are none). */
        public double rate(long relevant) {
            return relevant == 0 ? 0 : (double) total() / relevant;
        }
    }

    public Duplicates duplicates() throws IOException {
        return new Duplicates(countErrorsStartingWith(NEAR_DUPLICATE_ERROR),
                countErrorsStartingWith(CANONICAL_COPY_ERROR));
    }

    /**
     * How fresh the relevant pages were when the crawl first fetched them ({@link org.topicstorm.frontier.Freshness}:
     * from the time a page appeared, when it says it was published, else when its URL was first seen): the median
     * and the 95th percentile of that lag, in milliseconds, over the relevant pages that appeared since the crawl's
     * first fetch (an archive page published years before the crawl began says nothing of the crawl's speed).
     * Percentiles are Elasticsearch's (t-digest: exact for small counts, close for large ones); null without pages.
     */
    public record FreshnessStats(long pages, Double p50Ms, Double p95Ms) {
        public static final FreshnessStats NONE = new FreshnessStats(0, null, null);
    }

    public FreshnessStats freshness() throws IOException {
        SearchResponse<Void> first = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(false))
                .aggregations("start", a -> a.min(m -> m.field("firstFetched"))), Void.class);
        // no page fetched: the client reads the missing minimum as 0
        double start = first.aggregations().get("start").min().value();
        if (!(start > 0)) {
            return FreshnessStats.NONE;
        }
        SearchResponse<Void> r = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(true))
                .query(q -> q.bool(b -> b
                        .filter(f -> f.term(t -> t.field("relevant").value(true)))
                        .filter(f -> f.range(g -> g.date(d -> d.field("freshness.appeared")
                                .gte(Long.toString((long) start)).format("epoch_millis"))))))
                .aggregations("lag", a -> a.percentiles(p -> p.field("freshness.lag").percents(50.0, 95.0)
                        .keyed(false))), Void.class);
        long pages = r.hits().total() == null ? 0 : r.hits().total().value();
        if (pages == 0) {
            return FreshnessStats.NONE;
        }
        Map<Double, Double> byPercent = new java.util.HashMap<>();
        for (var item : r.aggregations().get("lag").tdigestPercentiles().values().array()) {
            byPercent.put(item.key(), item.value());
        }
        return new FreshnessStats(pages, byPercent.get(50.0), byPercent.get(95.0));
    }

    /**
     * A continuous crawl's revisits: fetches of pages fetched before, and of those the ones that found the page
     * changed ({@link org.topicstorm.frontier.RevisitPolicy}).
     */
    public record Revisits(long fetches, long changed) {
    }

    public Revisits revisits() throws IOException {
        SearchResponse<Void> r = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(false))
                .aggregations("changed", a -> a.sum(m -> m.field("revisit.changes")))
                .aggregations("unchanged", a -> a.sum(m -> m.field("revisit.unchanged"))), Void.class);
        long changed = (long) r.aggregations().get("changed").sum().value();
        long unchanged = (long) r.aggregations().get("unchanged").sum().value();
        return new Revisits(changed + unchanged, changed);
    }

    private long countErrorsStartingWith(String prefix) throws IOException {
        return client.count(c -> c.index(indices.status())
                .query(q -> q.prefix(p -> p.field("error").value(prefix)))).count();
    }

    /**
     * Of the URLs due now, those the spout leaves out because their URL pattern had its pages (the budgets against
     * crawler traps, {@link org.topicstorm.frontier.PatternBudget}): they wait, and a crawl whose only due URLs are
     * these has nothing left to fetch. Counted as the spout counts (fetched pages per pattern and of the whole crawl),
     * over the {@code 10,000} patterns with the most due URLs.
     */
    public long dueOverBudget(long now, org.topicstorm.frontier.PatternBudget budget) throws IOException {
        if (!budget.enabled()) {
            return 0;
        }
        SearchResponse<Void> r = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.range(rg -> rg.date(d -> d.field("nextFetchDate").lte(Long.toString(now))
                        .format("epoch_millis"))))
                .aggregations("patterns", a -> a.terms(t -> t.field("pattern").size(10_000))), Void.class);
        Map<String, Long> duePerPattern = new java.util.HashMap<>();
        for (StringTermsBucket b : r.aggregations().get("patterns").sterms().buckets().array()) {
            duePerPattern.put(b.key().stringValue(), b.docCount());
        }
        var fetched = org.topicstorm.frontier.FrontierReader.fetchedPerPattern(client, indices.status(), -1);
        long over = 0;
        for (String p : budget.capped(fetched.perPattern(), Map.of(), fetched.crawlFetched())) {
            over += duePerPattern.getOrDefault(p, 0L);
        }
        return over;
    }

    /** A URL pattern ({@link org.topicstorm.frontier.UrlPattern}) with its fetched and waiting URLs. */
    public record PatternCount(String pattern, long fetched, long waiting) {
    }

    /**
     * The {@code n} URL patterns with the most fetched pages, with their waiting URLs: a crawler trap shows as one
     * pattern with many pages (and, once at its budget, many waiting). Documents written before patterns were
     * stored have none and are not counted.
     */
    public List<PatternCount> topPatterns(int n) throws IOException {
        SearchResponse<Void> fetched = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.exists(e -> e.field("firstFetched")))
                .aggregations("patterns", a -> a.terms(t -> t.field("pattern").size(n))), Void.class);
        List<PatternCount> top = new ArrayList<>();
        List<co.elastic.clients.elasticsearch._types.FieldValue> names = new ArrayList<>();
        for (StringTermsBucket b : fetched.aggregations().get("patterns").sterms().buckets().array()) {
            top.add(new PatternCount(b.key().stringValue(), b.docCount(), 0));
            names.add(co.elastic.clients.elasticsearch._types.FieldValue.of(b.key().stringValue()));
        }
        if (top.isEmpty()) {
            return top;
        }
        SearchResponse<Void> waiting = client.search(s -> s.index(indices.status()).size(0)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.bool(b -> b
                        .filter(f -> f.term(t -> t.field("state").value(CrawlState.WAITING.name())))
                        .filter(f -> f.terms(t -> t.field("pattern").terms(v -> v.value(names))))))
                .aggregations("patterns", a -> a.terms(t -> t.field("pattern").size(n))), Void.class);
        Map<String, Long> waitingPer = new java.util.HashMap<>();
        for (StringTermsBucket b : waiting.aggregations().get("patterns").sterms().buckets().array()) {
            waitingPer.put(b.key().stringValue(), b.docCount());
        }
        return top.stream().map(p -> new PatternCount(p.pattern(), p.fetched(),
                waitingPer.getOrDefault(p.pattern(), 0L))).toList();
    }

    public Ranking ranking() throws IOException {
        SearchResponse<Void> r = client.search(s -> s.index(indices.content()).size(0).trackTotalHits(t -> t.enabled(true))
                .aggregations("ranked", a -> a.filter(f -> f.exists(e -> e.field("authority")))
                        .aggregations("last", l -> l.max(m -> m.field("ranked")))), Void.class);
        long total = r.hits().total() == null ? 0 : r.hits().total().value();
        var ranked = r.aggregations().get("ranked").filter();
        double last = ranked.aggregations().get("last").max().value();
        Long lastRanked = ranked.docCount() > 0 && Double.isFinite(last) ? (long) last : null;
        return new Ranking(ranked.docCount(), total - ranked.docCount(), lastRanked);
    }

    /** The pages with the highest HITS authority (ties by URL); empty when the crawl was never ranked. */
    public List<Authority> topAuthorities(int n) throws IOException {
        SearchResponse<JsonNode> r = client.search(s -> s.index(indices.content()).size(n)
                .query(q -> q.exists(e -> e.field("authority")))
                .sort(o -> o.field(f -> f.field("authority").order(SortOrder.Desc)))
                .sort(o -> o.field(f -> f.field("url").order(SortOrder.Asc)))
                .source(src -> src.filter(f -> f.includes("url", "authority", "relevance", "rank"))), JsonNode.class);
        List<Authority> pages = new ArrayList<>();
        for (Hit<JsonNode> h : r.hits().hits()) {
            JsonNode d = h.source();
            pages.add(new Authority(d.path("url").asText(), d.path("authority").asDouble(),
                    d.path("relevance").asDouble(), d.path("rank").asDouble()));
        }
        return pages;
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
