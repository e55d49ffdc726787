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
 * crawl's relevance writer task reads what is new each round ({@link #since}).
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

    /** Status fields a person or a sample does not need (the frontier's bookkeeping). */
    private static final List<String> NOT_FOR_JUDGING = List.of("inlinkFrom", "inlinkScore", "linkFeatures",
            "demotedBy", "metadata");

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

    /** Candidates read on each side of the threshold, and at random, for a sample. */
    static final int CANDIDATES = 200;

    /**
     * Pages to ask a person about ({@link JudgeSample}): {@code n} fetched pages not judged yet, half nearest the
     * threshold and half drawn at random ({@code seed}), or all nearest when {@code nearOnly}; spread over hosts.
     */
    public List<StatusDoc> sample(double threshold, int n, boolean nearOnly, long seed) throws IOException {
        Map<String, StatusDoc> byUrl = new LinkedHashMap<>();
        List<JudgeSample.Candidate> near = candidates(nearThreshold(threshold, CANDIDATES), byUrl);
        List<JudgeSample.Candidate> random = nearOnly ? List.of() : candidates(random(CANDIDATES, seed), byUrl);
        java.util.Set<String> judged = of(byUrl.keySet()).keySet();
        List<JudgeSample.Candidate> picked = nearOnly ? JudgeSample.pick(near, threshold, judged, n)
                : JudgeSample.mixed(near, random, threshold, judged, n);
        return picked.stream().map(c -> byUrl.get(c.url())).toList();
    }

    private static List<JudgeSample.Candidate> candidates(List<StatusDoc> docs, Map<String, StatusDoc> byUrl) {
        List<JudgeSample.Candidate> out = new ArrayList<>(docs.size());
        for (StatusDoc d : docs) {
            out.add(new JudgeSample.Candidate(d.url(), d.host(), d.relevance()));
            byUrl.putIfAbsent(d.url(), d);
        }
        return out;
    }

    /**
     * Fetched and scored pages, the {@code max} nearest above {@code threshold} and the {@code max} nearest below it:
     * where a judgement teaches most ({@link JudgeSample} picks among them).
     */
    public List<StatusDoc> nearThreshold(double threshold, int max) throws IOException {
        List<StatusDoc> out = new ArrayList<>(nearest(threshold, max, true));
        out.addAll(nearest(threshold, max, false));
        return out;
    }

    /** Up to {@code max} fetched and scored pages drawn at random (a different draw for each {@code seed}). */
    public List<StatusDoc> random(int max, long seed) throws IOException {
        SearchResponse<StatusDoc> r = client.search(s -> s.index(indices.status()).size(max)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.functionScore(fs -> fs
                        .query(fq -> fq.bool(b -> b.filter(f -> f.term(t -> t.field("status").value("FETCHED")))
                                .filter(f -> f.exists(e -> e.field("relevance")))))
                        .functions(fn -> fn.randomScore(rs -> rs.seed(Long.toString(seed)).field("_seq_no")))))
                .source(src -> src.filter(f -> f.excludes(NOT_FOR_JUDGING))), StatusDoc.class);
        return sources(r);
    }

    private List<StatusDoc> nearest(double threshold, int max, boolean above) throws IOException {
        SearchResponse<StatusDoc> r = client.search(s -> s.index(indices.status()).size(max)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.bool(b -> b.filter(f -> f.term(t -> t.field("status").value("FETCHED")))
                        .filter(f -> f.range(g -> g.number(n -> above ? n.field("relevance").gte(threshold)
                                : n.field("relevance").lt(threshold))))))
                .sort(o -> o.field(f -> f.field("relevance").order(above ? SortOrder.Asc : SortOrder.Desc)))
                .source(src -> src.filter(f -> f.excludes(NOT_FOR_JUDGING))), StatusDoc.class);
        return sources(r);
    }
}
