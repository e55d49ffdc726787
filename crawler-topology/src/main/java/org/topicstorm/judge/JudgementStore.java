package org.topicstorm.judge;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.MgetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.UrlIds;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The crawl's judgements in Elasticsearch ({@code <crawl>-judgements}), and the fetched pages they are about (their
 * status documents). Whoever judges (the {@code judge} command, an import, the evaluation's oracle) writes here; the
 * crawl's relevance writer task reads what is new each round ({@link #since}). Which pages to ask about is the
 * command line's business (its JudgeSampler), not the workers'.
 */
public final class JudgementStore {

    /** A place in the judgements' (judged, url) order: {@link #since} reads what comes after it. */
    public record Cursor(long judged, String url) {
        public static final Cursor START = new Cursor(Long.MIN_VALUE, "");
    }

    /** Most judgements read per request. */
    static final int PAGE_SIZE = 500;

    private final ElasticsearchClient client;
    private final CrawlIndices indices;

    public JudgementStore(ElasticsearchClient client, CrawlIndices indices) {
        this.client = client;
        this.indices = indices;
    }

    /**
     * Writes judgements (a newer one of a URL replaces the older), visible to searches when this returns.
     *
     * @throws IOException naming the first URL Elasticsearch refused
     */
    public void put(List<Judgement> judgements) throws IOException {
        if (judgements.isEmpty()) {
            return;
        }
        List<BulkOperation> ops = new ArrayList<>(judgements.size());
        for (Judgement j : judgements) {
            ops.add(BulkOperation.of(o -> o.index(i -> i.index(indices.judgements()).id(j.id()).document(j))));
        }
        BulkResponse r = client.bulk(b -> b.operations(ops).refresh(Refresh.WaitFor));
        if (r.errors()) {
            for (int i = 0; i < r.items().size(); i++) {
                BulkResponseItem item = r.items().get(i);
                if (item.error() != null) {
                    throw new IOException("cannot store the judgement of " + judgements.get(i).url() + ": "
                            + item.error().reason());
                }
            }
        }
    }

    /** Every judgement made after the cursor, oldest first, read {@link #PAGE_SIZE} at a time. */
    public List<Judgement> since(Cursor after) throws IOException {
        List<Judgement> out = new ArrayList<>();
        Cursor next = after;
        while (true) {
            Cursor from = next;
            SearchResponse<Judgement> r = client.search(s -> {
                s.index(indices.judgements()).size(PAGE_SIZE).trackTotalHits(t -> t.enabled(false))
                        .sort(o -> o.field(f -> f.field("judged").order(SortOrder.Asc)))
                        .sort(o -> o.field(f -> f.field("url").order(SortOrder.Asc)));
                if (from.judged() != Long.MIN_VALUE) {
                    s.searchAfter(FieldValue.of(from.judged()), FieldValue.of(from.url()));
                }
                return s;
            }, Judgement.class);
            List<Judgement> page = sources(r);
            out.addAll(page);
            if (!page.isEmpty()) {
                Judgement last = page.get(page.size() - 1);
                next = new Cursor(last.judged(), last.url());
            }
            if (r.hits().hits().size() < PAGE_SIZE) {
                return out;
            }
        }
    }

    /** Every judgement, oldest first. */
    public List<Judgement> all() throws IOException {
        return since(Cursor.START);
    }

    /** How many pages are judged. */
    public long count() throws IOException {
        return client.count(c -> c.index(indices.judgements())).count();
    }

    /** The judgements of these URLs that exist, by URL. */
    public Map<String, Judgement> of(Collection<String> urls) throws IOException {
        Map<String, Judgement> out = new LinkedHashMap<>();
        if (urls.isEmpty()) {
            return out;
        }
        List<String> ids = urls.stream().map(UrlIds::id).distinct().toList();
        MgetResponse<Judgement> r = client.mget(m -> m.index(indices.judgements()).ids(ids), Judgement.class);
        for (MultiGetResponseItem<Judgement> item : r.docs()) {
            if (item.isResult() && item.result().found() && item.result().source() != null) {
                Judgement j = item.result().source();
                out.put(j.url(), j);
            }
        }
        return out;
    }

    /** The status documents of these URLs that exist (what the crawl knows of the judged pages), by URL. */
    public Map<String, StatusDoc> statusOf(Collection<String> urls) throws IOException {
        Map<String, StatusDoc> out = new LinkedHashMap<>();
        List<String> distinct = urls.stream().distinct().toList();
        for (int from = 0; from < distinct.size(); from += PAGE_SIZE) {
            List<String> part = distinct.subList(from, Math.min(distinct.size(), from + PAGE_SIZE));
            MgetResponse<StatusDoc> r = client.mget(m -> {
                for (String url : part) {
                    m.docs(d -> d.index(indices.status()).id(UrlIds.id(url)).routing(UrlIds.host(url)));
                }
                return m;
            }, StatusDoc.class);
            for (MultiGetResponseItem<StatusDoc> item : r.docs()) {
                if (item.isResult() && item.result().found() && item.result().source() != null) {
                    StatusDoc d = item.result().source();
                    out.put(d.url(), d);
                }
            }
        }
        return out;
    }

    /** The documents of a search's hits. */
    public static <T> List<T> sources(SearchResponse<T> r) {
        List<T> out = new ArrayList<>();
        for (Hit<T> h : r.hits().hits()) {
            if (h.source() != null) {
                out.add(h.source());
            }
        }
        return out;
    }
}
