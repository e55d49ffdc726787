package org.topicstorm.judge;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.StatusDoc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a crawl's pages to ask a person about from Elasticsearch (its status index) and picks among them
 * ({@link JudgeSample}), leaving out those judged already ({@link JudgementStore}). Used by whoever judges: the
 * {@code judge} command and the evaluation's oracle; the workers only read the judgements.
 */
public final class JudgeSampler {

    /** Candidates read on each side of the threshold, and at random, for a sample. */
    static final int CANDIDATES = 200;

    /** Status fields a person or a sample does not need (the frontier's bookkeeping). */
    private static final List<String> NOT_FOR_JUDGING = List.of("inlinkFrom", "inlinkScore", "linkFeatures",
            "demotedBy", "metadata");

    private final ElasticsearchClient client;
    private final CrawlIndices indices;
    private final JudgementStore judgements;

    public JudgeSampler(ElasticsearchClient client, CrawlIndices indices) {
        this.client = client;
        this.indices = indices;
        this.judgements = new JudgementStore(client, indices);
    }

    /**
     * Pages to ask a person about ({@link JudgeSample}): {@code n} fetched pages not judged yet, half nearest the
     * threshold and half drawn at random ({@code seed}), or all nearest when {@code nearOnly}; spread over hosts.
     */
    public List<StatusDoc> sample(double threshold, int n, boolean nearOnly, long seed) throws IOException {
        Map<String, StatusDoc> byUrl = new LinkedHashMap<>();
        List<JudgeSample.Candidate> near = candidates(nearThreshold(threshold, CANDIDATES), byUrl);
        List<JudgeSample.Candidate> random = nearOnly ? List.of() : candidates(random(CANDIDATES, seed), byUrl);
        Set<String> judged = judgements.of(byUrl.keySet()).keySet();
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
        return JudgementStore.sources(r);
    }

    private List<StatusDoc> nearest(double threshold, int max, boolean above) throws IOException {
        SearchResponse<StatusDoc> r = client.search(s -> s.index(indices.status()).size(max)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.bool(b -> b.filter(f -> f.term(t -> t.field("status").value("FETCHED")))
                        .filter(f -> f.range(g -> g.number(n -> above ? n.field("relevance").gte(threshold)
                                : n.field("relevance").lt(threshold))))))
                .sort(o -> o.field(f -> f.field("relevance").order(above ? SortOrder.Asc : SortOrder.Desc)))
                .source(src -> src.filter(f -> f.excludes(NOT_FOR_JUDGING))), StatusDoc.class);
        return JudgementStore.sources(r);
    }
}
