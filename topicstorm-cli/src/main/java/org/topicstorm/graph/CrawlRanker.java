package org.topicstorm.graph;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.JsonNode;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.Scroll;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Ranks the relevant pages of a crawl with HITS, as the 000 paper does once the crawl is done ({@code topicstorm
 * rank}): the root set is the crawl's most relevant pages (its content index, by relevance), the base set and its
 * links come from the links index ({@link BaseSet}, {@link EsLinkSource}), {@link Hits} iterates, and every page of
 * the content index gets its {@code hub}, {@code authority}, {@link CombinedRank combined} {@code rank} and the
 * time {@code ranked} (partial updates: the rest of the document stays).
 *
 * <p>Scores go to the content index only: pages of the base set outside it (not fetched, or judged irrelevant)
 * count in the iteration and show in the summary, but have no document to hold a score. A relevant page outside the
 * base set is neither hub nor authority of this graph: it gets 0 for both, so that every page of the index can be
 * sorted by {@code rank}.
 */
public final class CrawlRanker {

    /** The largest root set: ES returns at most 10,000 hits to one search (index.max_result_window). */
    public static final int MAX_ROOT_SIZE = 10_000;

    private static final int PAGE_SIZE = 1000;
    private static final int UPDATES_PER_BULK = 500;

    private final ElasticsearchClient client;
    private final CrawlIndices indices;

    public CrawlRanker(ElasticsearchClient client, CrawlIndices indices) {
        this.client = client;
        this.indices = indices;
    }

    /**
     * @param rootSize t: the most relevant pages of the crawl that form the root set
     */
    public record Settings(int rootSize, BaseSet.Params baseSet, Hits.Params hits, CombinedRank combined) {
        public Settings {
            if (rootSize < 1 || rootSize > MAX_ROOT_SIZE) {
                throw new IllegalArgumentException("the root set size must be between 1 and " + MAX_ROOT_SIZE
                        + ", got " + rootSize);
            }
        }

        /** Kleinberg's t = 200 and d = 50, all links, {@link Hits.Params#defaults()}, lambda 0.5. */
        public static Settings defaults() {
            return new Settings(BaseSet.DEFAULT_ROOT_SIZE, new BaseSet.Params(BaseSet.DEFAULT_INLINKS_PER_ROOT, false),
                    Hits.Params.defaults(), new CombinedRank(CombinedRank.DEFAULT_LAMBDA));
        }
    }

    /** A page of the base set and one of its scores; {@code inContent}: whether the score was written. */
    public record Scored(String url, double score, boolean inContent) {
    }

    /**
     * What a run did.
     *
     * @param pagesUpdated pages of the content index that got their scores
     * @param pagesGone    pages that left the content index while the scores were computed (not updated)
     * @param maxAuthority the highest authority of a page of the content index (the divisor of {@link CombinedRank})
     */
    public record Summary(BaseSet.Result baseSet, Hits.Result hits, long pagesUpdated, long pagesGone,
                          double maxAuthority, List<Scored> topAuthorities, List<Scored> topHubs, Timings millis) {
        public int nodes() {
            return baseSet.graph().size();
        }

        public int edges() {
            return baseSet.graph().edgeCount();
        }
    }

    /** Where the time went, in milliseconds: reading the base set, iterating, reading and updating the pages. */
    public record Timings(long baseSet, long hits, long write) {
    }

    /** The part of a content document read here. */
    private record Page(String id, String url, double relevance) {
    }

    /** The partial update of a content document. */
    record Scores(double hub, double authority, double rank, long ranked) {
    }

    /**
     * Computes and writes the scores.
     *
     * @param top how many authorities and hubs the summary lists
     * @param now the time written as {@code ranked}
     * @throws IllegalStateException when the crawl has no relevant page
     */
    public Summary rank(Settings settings, int top, long now) throws IOException {
        // an index made before ranking existed has no hub/authority fields, and maps strictly
        indices.updateMappings(client);
        client.indices().refresh(r -> r.index(indices.content(), indices.links()));
        long t0 = System.nanoTime();
        List<String> root = rootSet(settings.rootSize());
        if (root.isEmpty()) {
            throw new IllegalStateException("crawl '" + indices.crawl() + "' has no relevant page yet: nothing to rank");
        }
        BaseSet.Result base = BaseSet.build(root, settings.baseSet(), new EsLinkSource(client, indices.links()));
        LinkGraph graph = base.graph();
        long t1 = System.nanoTime();
        Hits.Result hits = Hits.run(graph, settings.hits());
        long t2 = System.nanoTime();

        List<Page> pages = contentPages();
        boolean[] inContent = new boolean[graph.size()];
        double maxAuthority = 0;
        for (Page p : pages) {
            int i = graph.indexOf(p.url());
            if (i >= 0) {
                inContent[i] = true;
                maxAuthority = Math.max(maxAuthority, hits.authority()[i]);
            }
        }
        long gone = 0;
        for (int from = 0; from < pages.size(); from += UPDATES_PER_BULK) {
            gone += update(pages.subList(from, Math.min(pages.size(), from + UPDATES_PER_BULK)), graph, hits,
                    settings.combined(), maxAuthority, now);
        }
        client.indices().refresh(r -> r.index(indices.content()));
        long t3 = System.nanoTime();
        return new Summary(base, hits, pages.size() - gone, gone, maxAuthority,
                best(graph, hits.authority(), inContent, top), best(graph, hits.hub(), inContent, top),
                new Timings((t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (t3 - t2) / 1_000_000));
    }

    /** The t most relevant pages, ties by URL so that the root set is always the same. */
    private List<String> rootSet(int t) throws IOException {
        SearchResponse<JsonNode> r = client.search(s -> s.index(indices.content()).size(t)
                .sort(o -> o.field(f -> f.field("relevance").order(SortOrder.Desc)))
                .sort(o -> o.field(f -> f.field("url").order(SortOrder.Asc)))
                .source(src -> src.filter(f -> f.includes("url"))), JsonNode.class);
        List<String> urls = new ArrayList<>();
        for (Hit<JsonNode> h : r.hits().hits()) {
            urls.add(h.source().path("url").asText());
        }
        return urls;
    }

    /** Every page of the content index. */
    private List<Page> contentPages() throws IOException {
        List<Page> pages = new ArrayList<>();
        Scroll.each(client, s -> s.index(indices.content()).size(PAGE_SIZE)
                        .source(src -> src.filter(f -> f.includes("url", "relevance"))), JsonNode.class,
                h -> pages.add(new Page(h.id(), h.source().path("url").asText(),
                        h.source().path("relevance").asDouble())));
        return pages;
    }

    /**
     * Writes the scores of a batch of pages (partial updates: no script, the rest of the document stays).
     *
     * @return how many were gone (removed from the content index since they were read)
     * @throws IOException when any other update fails, naming the page and the reason
     */
    private long update(List<Page> batch, LinkGraph graph, Hits.Result hits, CombinedRank combined,
                        double maxAuthority, long now) throws IOException {
        List<BulkOperation> ops = new ArrayList<>(batch.size());
        for (Page p : batch) {
            int i = graph.indexOf(p.url());
            double hub = i >= 0 ? hits.hub()[i] : 0;
            double authority = i >= 0 ? hits.authority()[i] : 0;
            Scores scores = new Scores(hub, authority, combined.score(p.relevance(), authority, maxAuthority), now);
            ops.add(BulkOperation.of(op -> op.update(u -> u.index(indices.content()).id(p.id())
                    .action(a -> a.doc(scores)))));
        }
        BulkResponse response = client.bulk(b -> b.operations(ops));
        long gone = 0;
        List<BulkResponseItem> items = response.items();
        for (int k = 0; k < items.size(); k++) {
            BulkResponseItem item = items.get(k);
            if (item.error() == null) {
                continue;
            }
            if (item.status() == 404) {
                gone++;
            } else {
                throw new IOException("could not write the scores of " + batch.get(k).url() + " to "
                        + indices.content() + ": " + item.error().type() + ": " + item.error().reason());
            }
        }
        return gone;
    }

    /** The n pages with the highest positive score, ties by URL. */
    static List<Scored> best(LinkGraph graph, double[] score, boolean[] inContent, int n) {
        List<Scored> all = new ArrayList<>();
        for (int i = 0; i < graph.size(); i++) {
            if (score[i] > 0) {
                all.add(new Scored(graph.node(i), score[i], inContent[i]));
            }
        }
        all.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(Scored::url));
        return List.copyOf(all.subList(0, Math.min(n, all.size())));
    }
}
