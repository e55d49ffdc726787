package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOptions;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.query_dsl.Query;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.digitalpebble.stormcrawler.persistence.Status;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the next batch of due URLs from one shard of the status index: best-first, spread over hosts.
 *
 * <p>The batch holds the best {@code perHost} due URLs of each of the {@code maxHosts} hosts that have the best
 * due URLs ({@link HostQuota}). It is read as a scan: due URLs in priority order, a page at a time
 * ({@code search_after}), each offered to the quota. After each page the query narrows to the URLs the quota can
 * still take (hosts not full; once every host place is taken, only the admitted hosts), so a host with thousands
 * of top URLs costs one page, not thousands of rows. The scan stops when the quota is full, the shard has no more
 * due URLs, or after {@code maxPages} pages (the batch is then the best part of a full batch). The documents come
 * without their in-link ids and scores and link features, which the spout does not use.
 *
 * <p>Why it is fast at a million URLs: the scan sorts on {@code priorityKey} (the priority as a sortable long,
 * {@link StatusDoc#priorityKey()}) with no hit count, so Elasticsearch skips non-competitive documents (it does
 * for long and date sorts, not for doubles); {@code nextFetchDate} has doc values only, so the due filter is
 * checked on the documents the sort keeps rather than building the set of all due documents; and the tie-break
 * is {@code discovered} (a sort on the URL, a keyword, doubled a page's cost). The first version collapsed on host
 * with inner hits: one inner query per host, 100 per batch. Documents that tie on priority and discovery time
 * across a page boundary are left to the next batch (search_after starts strictly after the page's last one).
 * The batch is ordered by priority, highest first, ties by discovery time (older first) and URL.
 *
 * <p>Hosts are left out of the scan while they have had their pages ({@link HostCaps}) or asked the crawl to wait
 * with a 429 or 503 ({@link HostThrottles}), and URL patterns while they have had theirs ({@link PatternCaps}: the
 * budgets against crawler traps); their URLs stay waiting.
 *
 * <p>Rank cut ({@link RankCut}): a batch takes URLs only down to the priority of the shard's {@code maxRank}-th best
 * due URL (ties included), or lower, to a fraction of the best due URL's priority, when the frontier's top is flat.
 * Without it every host with due URLs got its K places, and since each host is its own fetch queue, a crawl over
 * many hosts fetched from all of them at the same pace whatever their priorities (a crawl of the LibreOffice help
 * split over nine hosts fell from 47 % to 19 % harvest rate). With it a host whose best URLs rank low waits until
 * better URLs are gone; the per-host cap stays a limit (politeness), not a quota. And with a host share, a host
 * whose best unfetched URL is worth much less than the best unfetched URL waits even when the count would let it in.
 */
public final class FrontierReader implements FrontierFeed.BatchReader {

    /** The order of a batch: priority desc, then discovered asc, then url. */
    public static final Comparator<StatusDoc> BEST_FIRST = Comparator.comparingDouble(StatusDoc::priority).reversed()
            .thenComparingLong(StatusDoc::discovered)
            .thenComparing(StatusDoc::url);

    /** Pages a scan reads at most: enough for every host to fill its places in all but skewed frontiers. */
    public static final int DEFAULT_MAX_PAGES = 10;
    /**
     * A batch takes URLs only from the best this many due URLs of the shard (0 = no cut): two hosts' worth at the
     * default cap of 5, about what the fetchers take while the next query (after the index's 1 s refresh) comes back.
     */
    public static final int DEFAULT_MAX_RANK = 10;
    /** Elasticsearch's default index.max_result_window: no page can be larger. */
    private static final int MAX_PAGE = 10_000;

    private final ElasticsearchClient client;
    private final String index;
    private final int maxHosts;
    private final int perHost;
    private final int maxPages;
    /** null: no per-host page cap */
    private final HostCaps caps;
    private final RankCut rankCut;
    /** null: hosts that answered 429/503 are not left out (the fetcher still defers their requests) */
    private final HostThrottles throttles;
    /** null: no per-pattern budgets */
    private final PatternCaps patterns;

    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost) {
        this(client, index, maxHosts, perHost, DEFAULT_MAX_PAGES);
    }

    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages) {
        this(client, index, maxHosts, perHost, maxPages, null);
    }

    /** @param caps the hosts to leave out because they had their pages (limits.max-pages-per-host), or null */
    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages,
                          HostCaps caps) {
        this(client, index, maxHosts, perHost, maxPages, caps, 0);
    }

    /**
     * @param caps    the hosts to leave out because they had their pages (limits.max-pages-per-host), or null
     * @param maxRank a batch takes URLs only down to the priority of the {@code maxRank}-th best due URL (0 = no cut;
     *                a cut deeper than the first page of the scan, {@code maxHosts * perHost}, is that page's last)
     */
    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages,
                          HostCaps caps, int maxRank) {
        this(client, index, maxHosts, perHost, maxPages, caps, maxRank, null);
    }

    /** @param throttles the hosts to leave out while they ask the crawl to wait (429, 503), or null */
    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages,
                          HostCaps caps, int maxRank, HostThrottles throttles) {
        this(client, index, maxHosts, perHost, maxPages, caps, maxRank, throttles, null);
    }

    /** @param patterns the URL patterns to leave out because they had their pages (trap budgets), or null */
    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages,
                          HostCaps caps, int maxRank, HostThrottles throttles, PatternCaps patterns) {
        this(client, index, maxHosts, perHost, maxPages, caps, RankCut.of(maxRank), throttles, patterns);
    }

    /** @param rankCut how far down the frontier's order a batch reaches */
    public FrontierReader(ElasticsearchClient client, String index, int maxHosts, int perHost, int maxPages,
                          HostCaps caps, RankCut rankCut, HostThrottles throttles, PatternCaps patterns) {
        this.patterns = patterns;
        this.throttles = throttles;
        this.rankCut = rankCut;
        this.client = client;
        this.index = index;
        this.maxHosts = maxHosts;
        this.perHost = perHost;
        this.maxPages = maxPages;
        this.caps = caps;
    }

    /** Hosts counted per query for {@link HostCaps}: the ones with the most fetched pages. */
    static final int MAX_COUNTED_HOSTS = 10_000;

    /**
     * The fetched pages (URLs with a fetch outcome) of the shard's hosts, for the {@link #MAX_COUNTED_HOSTS} hosts
     * with the most: {@link HostCaps}'s count.
     */
    public static Map<String, Long> fetchedPerHost(ElasticsearchClient client, String index, int shard)
            throws IOException {
        SearchResponse<Void> r = client.search(s -> {
            s.index(index).size(0).trackTotalHits(t -> t.enabled(false))
                    .query(q -> q.exists(e -> e.field("firstFetched")))
                    .aggregations("hosts", a -> a.terms(t -> t.field("host").size(MAX_COUNTED_HOSTS)));
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, Void.class);
        Map<String, Long> counts = new java.util.HashMap<>();
        for (var b : r.aggregations().get("hosts").sterms().buckets().array()) {
            counts.put(b.key().stringValue(), b.docCount());
        }
        return counts;
    }

    /**
     * The fetched pages (URLs with a fetch outcome) of the shard's URL patterns, for the {@link #MAX_COUNTED_HOSTS}
     * patterns with the most, and the fetched pages of the whole crawl (all shards): {@link PatternCaps}'s count.
     */
    public static PatternCaps.Counts fetchedPerPattern(ElasticsearchClient client, String index, int shard)
            throws IOException {
        SearchResponse<Void> r = client.search(s -> {
            s.index(index).size(0).trackTotalHits(t -> t.enabled(false))
                    .query(q -> q.exists(e -> e.field("firstFetched")))
                    .aggregations("patterns", a -> a.terms(t -> t.field("pattern").size(MAX_COUNTED_HOSTS)));
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, Void.class);
        Map<String, Long> counts = new java.util.HashMap<>();
        for (var b : r.aggregations().get("patterns").sterms().buckets().array()) {
            counts.put(b.key().stringValue(), b.docCount());
        }
        long total = client.count(c -> c.index(index).query(q -> q.exists(e -> e.field("firstFetched")))).count();
        return new PatternCaps.Counts(counts, total);
    }

    /**
     * The errors of URLs whose host asked the crawl to wait: answered 429 or 503 (StatusUpdates: "http " and the
     * status code), or held back by the fetcher meanwhile.
     */
    static final List<String> THROTTLED_ERRORS = List.of("http 429", "http 503", StatusUpdates.DEFERRED);

    /**
     * The hosts of a shard that asked the crawl to wait, with the time each may be asked again: the latest next fetch
     * date of its throttled or held-back URLs ({@link HostThrottles}), for those still ahead of {@code now}.
     */
    public static Map<String, Long> throttledUntil(ElasticsearchClient client, String index, int shard, long now)
            throws IOException {
        List<FieldValue> errors = THROTTLED_ERRORS.stream().map(FieldValue::of).toList();
        SearchResponse<Void> r = client.search(s -> {
            s.index(index).size(0).trackTotalHits(t -> t.enabled(false))
                    .query(q -> q.bool(b -> b
                            .filter(f -> f.terms(t -> t.field("error").terms(v -> v.value(errors))))
                            .filter(f -> f.range(g -> g.date(d -> d.field("nextFetchDate").gt(Long.toString(now))
                                    .format("epoch_millis"))))))
                    .aggregations("hosts", a -> a.terms(t -> t.field("host").size(MAX_COUNTED_HOSTS))
                            .aggregations("until", u -> u.max(m -> m.field("nextFetchDate"))));
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, Void.class);
        Map<String, Long> until = new java.util.HashMap<>();
        for (var b : r.aggregations().get("hosts").sterms().buckets().array()) {
            until.put(b.key().stringValue(), (long) b.aggregations().get("until").max().value());
        }
        return until;
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
        // hosts that had their pages, and hosts that asked the crawl to wait
        Set<String> leftOut = new java.util.HashSet<>(caps == null ? Set.of() : caps.capped(shard, now));
        if (throttles != null) {
            leftOut.addAll(throttles.waiting(shard, now));
        }
        // URL patterns that had their pages (crawler traps), and what the others may still take
        Set<String> patternsOut = patterns == null ? Set.of() : patterns.capped(shard, now);
        PatternCaps.Room room = patterns == null ? null : patterns.room();
        HostQuota quota = new HostQuota(maxHosts, perHost);
        List<StatusDoc> batch = new ArrayList<>();
        Map<String, Long> takenPerPattern = new java.util.HashMap<>();
        int pageSize = Math.min(MAX_PAGE, maxHosts * perHost);
        int firstPage = rankCut.firstPageSize(pageSize);
        // a small first page is one more page, so that the scan can still read maxPages full ones
        int pages = maxPages + (firstPage < pageSize ? 1 : 0);
        List<FieldValue> after = null;
        double floor = Double.NEGATIVE_INFINITY;
        double hostFloor = Double.NEGATIVE_INFINITY;
        Set<String> held = new java.util.HashSet<>();
        boolean belowFloor = false;
        for (int page = 0; page < pages && !quota.isFull() && !belowFloor; page++) {
            int size = page == 0 ? firstPage : pageSize;
            List<Hit<StatusDoc>> hits = scan(shard, now, doneIds, leftOut, patternsOut, quota, held, after, size);
            if (page == 0) {
                List<StatusDoc> first = hits.stream().map(Hit::source).toList();
                floor = rankCut.floor(first);
                hostFloor = rankCut.hostFloor(first);
            }
            for (Hit<StatusDoc> hit : hits) {
                StatusDoc doc = hit.source();
                if (doc != null && doc.priority() < floor) {
                    belowFloor = true;
                    break;
                }
                if (doc == null || heldBack(doc, hostFloor, quota, held)) {
                    continue;
                }
                // a batch takes no more of a URL pattern than its budget's room (crawler traps)
                String pattern = room == null ? null : doc.pattern();
                if ((room == null || takenPerPattern.getOrDefault(pattern, 0L) < room.room(pattern))
                        && quota.offer(doc.host())) {
                    batch.add(doc);
                    if (room != null) {
                        takenPerPattern.merge(pattern, 1L, Long::sum);
                    }
                }
            }
            if (hits.size() < size) {
                break;
            }
            after = hits.get(hits.size() - 1).sort();
        }
        batch.sort(BEST_FIRST);
        return batch;
    }

    /**
     * Whether an unfetched URL waits by {@link RankCut}'s host share: it is below the host floor and its host is not in
     * the batch yet. Its host is then held for the rest of the batch (in {@code held}): its unfetched URLs further down
     * wait too, also if a fetched page of that host due again comes in later, and the scan's next pages leave them
     * out, as they leave out full hosts, so that a held host's many tied links cost one page, not every page.
     */
    private static boolean heldBack(StatusDoc doc, double hostFloor, HostQuota quota, Set<String> held) {
        if (!RankCut.isUnfetched(doc)) {
            return false;
        }
        if (held.contains(doc.host())) {
            return true;
        }
        if (doc.priority() < hostFloor && !quota.admitted(doc.host())) {
            held.add(doc.host());
            return true;
        }
        return false;
    }

    /**
     * The batch this reader reads, chosen from due URLs held in memory (the simulated crawl's frontier): the same
     * rank cut and host quota, applied to the whole list at once instead of a page of the scan at a time.
     *
     * @param due every due URL that is not left out, best first ({@link #BEST_FIRST})
     */
    public static List<StatusDoc> choose(List<StatusDoc> due, int maxHosts, int perHost, RankCut rankCut) {
        List<StatusDoc> first = due.subList(0, Math.min(due.size(), Math.min(MAX_PAGE, maxHosts * perHost)));
        double floor = rankCut.floor(first);
        double hostFloor = rankCut.hostFloor(first);
        HostQuota quota = new HostQuota(maxHosts, perHost);
        Set<String> held = new java.util.HashSet<>();
        List<StatusDoc> batch = new ArrayList<>();
        for (StatusDoc doc : due) {
            if (doc.priority() < floor || quota.isFull()) {
                break;
            }
            if (!heldBack(doc, hostFloor, quota, held) && quota.offer(doc.host())) {
                batch.add(doc);
            }
        }
        batch.sort(BEST_FIRST);
        return batch;
    }

    /** One page of the scan: due URLs the quota can still take, after {@code after} in priority order. */
    private List<Hit<StatusDoc>> scan(int shard, long now, List<String> doneIds, Set<String> leftOutHosts,
                                     Set<String> leftOutPatterns, HostQuota quota, Set<String> heldHosts,
                                     List<FieldValue> after, int pageSize) throws IOException {
        SearchResponse<StatusDoc> response = client.search(s -> {
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
                        if (!leftOutHosts.isEmpty()) {
                            b.mustNot(hostIn(leftOutHosts));
                        }
                        if (!leftOutPatterns.isEmpty()) {
                            b.mustNot(termsIn("pattern", leftOutPatterns));
                        }
                        if (!heldHosts.isEmpty()) {
                            // the held hosts' unfetched URLs (their pages due again may still come)
                            b.mustNot(m -> m.bool(h -> h.filter(hostIn(heldHosts))
                                    .mustNot(n -> n.term(t -> t.field("status").value(Status.FETCHED.name())))));
                        }
                        return b;
                    }))
                    .sort(sort("priorityKey", SortOrder.Desc))
                    .sort(sort("discovered", SortOrder.Asc))
                    // the last key makes the order total: search_after skips whatever ties the page's last hit
                    .sort(sort("url", SortOrder.Asc))
                    .source(src -> src.filter(f -> f.excludes("inlinkFrom", "inlinkScore", "linkFeatures", "demotedBy", "page")));
            if (after != null) {
                s.searchAfter(after);
            }
            if (shard >= 0) {
                s.preference("_shards:" + shard);
            }
            return s;
        }, StatusDoc.class);
        return response.hits().hits();
    }

    private static Query hostIn(Set<String> hosts) {
        return termsIn("host", hosts);
    }

    private static Query termsIn(String field, Set<String> values) {
        List<FieldValue> terms = values.stream().map(FieldValue::of).toList();
        return Query.of(q -> q.terms(t -> t.field(field).terms(v -> v.value(terms))));
    }

    private static SortOptions sort(String field, SortOrder order) {
        return SortOptions.of(o -> o.field(f -> f.field(field).order(order)));
    }
}
