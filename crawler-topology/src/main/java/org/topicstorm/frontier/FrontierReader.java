package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import co.elastic.clients.elasticsearch.core.search.InnerHitsResult;
import co.elastic.clients.json.JsonData;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/**
 * Reads the next batch of due URLs from one shard of the status index: best-first, spread over hosts.
 *
 * <p>One query: due documents ({@code nextFetchDate <= now}) collapsed by host, hosts ordered by their best
 * priority, at most {@code perHost} URLs from each host (its best ones), at most {@code maxHosts} hosts. The batch
 * is then ordered by priority, highest first, ties by discovery time (older first) and URL, so the order is total
 * and the same query gives the same batch. The documents come without their in-link ids ({@code inlinkFrom} is
 * empty): the spout does not use them.
 */
public final class FrontierReader implements FrontierFeed.BatchReader {

    /** The order of a batch: priority desc, then discovered asc, then url. */
    public static final Comparator<StatusDoc> BEST_FIRST = Comparator.comparingDouble(StatusDoc::priority).reversed()
            .thenComparingLong(StatusDoc::discovered)
            .thenComparing(StatusDoc::url);

    private static final String INNER = "best";

    private final ElasticsearchClient client;
    private final String index;
    private final int maxHosts;
    private final int perHost;

    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost) {
        this.client = client;
        this.index = index;
        this.maxHosts = maxHosts;
        this.perHost = perHost;
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
        SearchResponse<StatusDoc> response = client.search(s -> {
            s.index(index)
                    .size(maxHosts)
                    .query(q -> q.bool(b -> {
                        b.filter(f -> f.range(r -> r.date(d -> d.field("nextFetchDate").lte(Long.toString(now))
                                .format("epoch_millis"))));
                        if (!doneIds.isEmpty()) {
                            b.mustNot(m -> m.ids(i -> i.values(doneIds)));
                        }
                        return b;
                    }))
                    .sort(byPriority())
                    .sort(byDiscovered())
                    .source(src -> src.fetch(false))
                    .collapse(c -> c.field("host")
                            .innerHits(ih -> ih.name(INNER).size(perHost).sort(byPriority()).sort(byDiscovered())
                                    // the spout does not need the in-link ids: up to 256 of them per document
                                    .source(src -> src.filter(f -> f.excludes("inlinkFrom")))));
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, StatusDoc.class);

        List<StatusDoc> batch = new ArrayList<>();
        for (Hit<StatusDoc> hostHit : response.hits().hits()) {
            InnerHitsResult inner = hostHit.innerHits().get(INNER);
            for (Hit<JsonData> hit : inner.hits().hits()) {
                if (hit.source() != null) {
                    batch.add(hit.source().to(StatusDoc.class));
                }
            }
        }
        batch.sort(BEST_FIRST);
        return batch;
    }

    private static SortOptions byPriority() {
        return SortOptions.of(o -> o.field(f -> f.field("priority").order(SortOrder.Desc)));
    }

    private static SortOptions byDiscovered() {
        return SortOptions.of(o -> o.field(f -> f.field("discovered").order(SortOrder.Asc)));
    }
}
