package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.MgetResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.get.GetResult;
import co.elastic.clients.elasticsearch.core.mget.MultiGetOperation;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.json.JsonData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Reads the next batch of due URLs from one shard of the status index: best-first, spread over hosts.
 *
 * <p>The batch holds the best {@code perHost} due URLs of each of the {@code maxHosts} hosts that have the best
 * due URLs ({@link HostQuota}). It is read in two steps:
 * <ol>
 *   <li>scan: due URLs in priority order, a page at a time ({@code search_after}), only their id, host and sort
 *       values, offered to the quota. After each page the query narrows to the URLs the quota can still take
 *       (hosts not full; once every host place is taken, only the admitted hosts), so a host with thousands of
 *       top URLs costs one page, not thousands of rows. The scan stops when the quota is full, the shard has no
 *       more due URLs, or after {@code maxPages} pages (the batch is then the best part of a full batch).</li>
 *   <li>load: the picked documents by id (one mget), without their in-link ids ({@code inlinkFrom}), which the
 *       spout does not use.</li>
 * </ol>
 * The scan sorts on {@code priorityKey} (the priority as a sortable long, {@link StatusDoc#priorityKey()}): with no
 * hit count, Elasticsearch then skips non-competitive documents, which it does for long and date sorts only. (The first version collapsed on host with inner hits:
 * one inner query per host, 100 per batch.) The batch is ordered by priority, highest first, ties by discovery time
 * (older first) and URL, so the order is total and the same index gives the same batch.
 */
public final class FrontierReader implements FrontierFeed.BatchReader {

    /** The order of a batch: priority desc, then discovered asc, then url. */
    public static final Comparator<StatusDoc> BEST_FIRST = Comparator.comparingDouble(StatusDoc::priority).reversed()
            .thenComparingLong(StatusDoc::discovered)
            .thenComparing(StatusDoc::url);

    /** Pages a scan reads at most: enough for every host to fill its places in all but skewed frontiers. */
    public static final int DEFAULT_MAX_PAGES = 10;
    /** Elasticsearch's default index.max_result_window: no page can be larger. */
    private static final int MAX_PAGE = 10_000;

    private final ElasticsearchClient client;
    private final String index;
    private final int maxHosts;
    private final int perHost;
    private final int maxPages;

    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost) {
        this(client, index, maxHosts, perHost, DEFAULT_MAX_PAGES);
    }

    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages) {
        this.client = client;
        this.index = index;
        this.maxHosts = maxHosts;
        this.perHost = perHost;
        this.maxPages = maxPages;
    }

    /**
     * @param shard the shard to read (the spout task's index), or -1 for all shards
     * @param now   the current time in epoch millis: documents due at or before it are returned
     */
    public List<StatusDoc> nextBatch(int shard, long now) throws IOException {
        return nextBatch(shard, now, List.of());
    }

    /**
     * @param done URLs to leave out although the index may still show them due: their new status is written but
     *             perhaps not yet visible (the index refreshes every second). Left out, they do not take their
     *             host's places in the batch, so the host's next URLs come at once.
     */
    @Override
    public List<StatusDoc> nextBatch(int shard, long now, Collection<String> done) throws IOException {
        List<String> doneIds = done.stream().map(UrlIds::id).toList();
        HostQuota quota = new HostQuota(maxHosts, perHost);
        List<Pick> picks = new ArrayList<>();
        int pageSize = Math.min(MAX_PAGE, maxHosts * perHost);
        List<FieldValue> after = null;
        for (int page = 0; page < maxPages && !quota.isFull(); page++) {
            List<Hit<JsonData>> hits = scan(shard, now, doneIds, quota, after, pageSize);
            for (Hit<JsonData> hit : hits) {
                String host = hit.fields().get("host").toJson().asJsonArray().getString(0);
                if (quota.offer(host)) {
                    picks.add(new Pick(hit.id(), host));
                }
            }
            if (hits.size() < pageSize) {
                break;
            }
            after = hits.get(hits.size() - 1).sort();
        }
        return load(picks, now);
    }

    /** One page of the scan: due URLs the quota can still take, after {@code after} in priority order. */
    private List<Hit<JsonData>> scan(int shard, long now, List<String> doneIds, HostQuota quota,
                                     List<FieldValue> after, int pageSize) throws IOException {
        SearchResponse<JsonData> response = client.search(s -> {
            s.index(index)
                    .size(pageSize)
                    .trackTotalHits(t -> t.enabled(false))
                    .query(q -> q.bool(b -> {
                        b.filter(f -> f.range(r -> r.date(d -> d.field("nextFetchDate").lte(Long.toString(now))
                                .format("epoch_millis"))));
                        if (quota.hostsClosed()) {
                            b.filter(hostIn(quota.openHosts()));
                        } else if (!quota.fullHosts().isEmpty()) {
                            b.mustNot(hostIn(quota.fullHosts()));
                        }
                        if (!doneIds.isEmpty()) {
                            b.mustNot(m -> m.ids(i -> i.values(doneIds)));
                        }
                        return b;
                    }))
                    .sort(sort("priorityKey", SortOrder.Desc))
                    .sort(sort("discovered", SortOrder.Asc))
                    .sort(sort("url", SortOrder.Asc))
                    .source(src -> src.fetch(false))
                    .docvalueFields(f -> f.field("host"));
            if (after != null) {
                s.searchAfter(after);
            }
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, JsonData.class);
        return response.hits().hits();
    }

    /**
     * The picked documents, best first. Read as of the last refresh, like the scan; one that is no longer due
     * (written since by another task) is left out.
     */
    private List<StatusDoc> load(List<Pick> picks, long now) throws IOException {
        List<StatusDoc> batch = new ArrayList<>(picks.size());
        if (picks.isEmpty()) {
            return batch;
        }
        List<MultiGetOperation> gets = new ArrayList<>(picks.size());
        for (Pick p : picks) {
            gets.add(MultiGetOperation.of(g -> g.id(p.id()).routing(p.host())));
        }
        MgetResponse<StatusDoc> response = client.mget(m -> m.index(index).realtime(false).docs(gets)
                .sourceExcludes("inlinkFrom"), StatusDoc.class);
        for (MultiGetResponseItem<StatusDoc> item : response.docs()) {
            if (item.isFailure()) {
                throw new IOException("frontier read failed for " + item.failure().id() + ": "
                        + item.failure().error().reason());
            }
            GetResult<StatusDoc> got = item.result();
            StatusDoc doc = got.found() ? got.source() : null;
            if (doc != null && doc.nextFetchDate() != null && doc.nextFetchDate() <= now) {
                batch.add(doc);
            }
        }
        batch.sort(BEST_FIRST);
        return batch;
    }

    private static Query hostIn(Set<String> hosts) {
        List<FieldValue> values = hosts.stream().map(FieldValue::of).toList();
        return Query.of(q -> q.terms(t -> t.field("host").terms(v -> v.value(values))));
    }

    private static SortOptions sort(String field, SortOrder order) {
        return SortOptions.of(o -> o.field(f -> f.field(field).order(order)));
    }

    /** A URL the scan picked: its document id and its host (the routing key). */
    private record Pick(String id, String host) {
    }
}
