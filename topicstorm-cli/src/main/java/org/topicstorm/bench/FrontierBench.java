package org.topicstorm.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.indices.IndicesStatsResponse;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.FrontierReader;
import org.topicstorm.frontier.RankCut;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.StatusWriter;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The frontier benchmark: how fast the status updater writes and how long the spout's query takes, against a
 * real Elasticsearch node, with the production classes ({@link StatusWriter}, {@link FrontierReader}).
 *
 * <ol>
 *   <li>load: N new URLs (DISCOVERED, each with a parent, random priorities) over H hosts, in batches as the status
 *       updater bolt writes them, from {@code writers} threads (one per status updater task);</li>
 *   <li>spout query: {@link FrontierReader#nextBatch} repeated, after a warm-up;</li>
 *   <li>updates: known URLs found again with a better priority (IncreaseKey: mget + conditional index), then fetch
 *       outcomes (FETCHED);</li>
 *   <li>the spout query again, on the index the updates left behind.</li>
 * </ol>
 * URLs and priorities are generated from a seed, so a run is reproducible.
 */
public final class FrontierBench {

    /**
     * @param writeBatch status updates per {@link StatusWriter#write} call (the bolt's status.batch.size)
     * @param updates    URLs in each update workload (rediscovered, fetched); capped at half of {@code urls}
     * @param links      record links as the bolt does with status.links.enabled (the default)
     * @param warmupUrls URLs written (and queried) first into throwaway indices, not measured: a fresh node's
     *                   JIT compiler needs that to reach its steady speed
     * @param outlinksPerPage new URLs of the load that share a parent page: 1 = every URL its own parent; a crawl's
     *                   discoveries come as the outlinks of fetched pages (tens per page on the web)
     * @param maxPages   pages a frontier query scans at most (frontier.query.max.pages)
     * @param rankCut    the rank cut of the spout's query (frontier.query.max.rank, frontier.query.rank.near.best
     *                   and frontier.query.rank.host.share)
     */
    public record Options(int urls, int hosts, int batches, int warmup, int writers, int writeBatch, int updates,
                         int maxHosts, int perHost, boolean links, int warmupUrls, long seed, int outlinksPerPage,
                         int maxPages, RankCut rankCut) {
        public Options {
            Objects.requireNonNull(rankCut, "rankCut");
            positive("outlinks per page", outlinksPerPage);
            positive("query pages", maxPages);
            positive("urls", urls);
            positive("hosts", hosts);
            positive("batches", batches);
            positive("writers", writers);
            positive("write batch", writeBatch);
            positive("max hosts", maxHosts);
            positive("URLs per host", perHost);
            if (warmup < 0 || updates < 0 || warmupUrls < 0) {
                throw new IllegalArgumentException("warm-up and updates must be >= 0");
            }
        }

        private static void positive(String what, int v) {
            if (v <= 0) {
                throw new IllegalArgumentException(what + " must be > 0, got " + v);
            }
        }
    }

    /**
     * Throughput of one write workload, and the CPU it cost (milliseconds of CPU time over the workload, of
     * Elasticsearch and of this JVM: on a small machine both compete for the same cores).
     */
    public record Throughput(long updates, long notConfirmed, double seconds, long esCpuMs, long clientCpuMs,
                             EsWork esWork, long secondHalfUpdates, double secondHalfSeconds) {
        /** The rate over the second half of the workload: both JVMs warmer, closer to a long crawl's. */
        public double secondHalfPerSecond() {
            return secondHalfUpdates / secondHalfSeconds;
        }

        public double perSecond() {
            return updates / seconds;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%,d updates in %.1f s = %,.0f updates/s (second half: %,.0f/s)%s; "
                            + "CPU per 1000 updates: Elasticsearch %.0f ms, benchmark JVM %.0f ms%n    Elasticsearch's "
                            + "time per 1000 updates (thread time): %s", updates, seconds, perSecond(),
                    secondHalfPerSecond(), notConfirmed == 0 ? "" : " (" + notConfirmed + " NOT confirmed)",
                    esCpuMs * 1000.0 / updates, clientCpuMs * 1000.0 / updates, esWork.per(updates, 1000));
        }
    }

    /** What one run measured. */
    public record Result(Throughput load, Latencies spout, int batchSize, Throughput rediscover, Throughput fetched,
                         Latencies spoutAfterUpdates, long docs, long storeBytes, long segments) {
    }

    private final ElasticsearchClient es;
    private final CrawlIndices indices;
    private final StatusMerge merge;
    private final Options o;
    private final Consumer<String> out;
    private final double[] priorities;

    public FrontierBench(ElasticsearchClient es, CrawlIndices indices, StatusMerge merge, Options options,
                         Consumer<String> out) {
        this.es = es;
        this.indices = indices;
        this.merge = merge;
        this.o = options;
        this.out = out;
        this.priorities = new double[options.urls()];
        Random random = new Random(options.seed());
        for (int i = 0; i < priorities.length; i++) {
            priorities[i] = random.nextDouble();
        }
    }

    /**
     * About how many URLs a spout query of the loaded frontier returns: the host places (at most maxHosts hosts,
     * perHost each), or fewer when the rank cut stops the scan first. A batch takes URLs down to the lower of the
     * count's floor (the maxRank-th best) and nearBest x the best priority ({@link RankCut#floor}). The load's
     * priorities are uniform in [0, 1), so the best URLs seldom tie and the best is about 1: about
     * (1 - nearBest) x urls URLs have at least nearBest x the best's priority. The host share holds back no host here
     * as long as it is below nearBest: every host's best URL is then above its floor.
     */
    static int expectedBatch(Options o) {
        int places = Math.min(o.hosts(), o.maxHosts()) * Math.min(o.perHost(), o.urls() / o.hosts());
        RankCut cut = o.rankCut();
        if (cut.maxRank() <= 0) {
            return places;
        }
        int nearBest = cut.nearBest() <= 0 ? 0 : (int) Math.round((1 - cut.nearBest()) * o.urls());
        return Math.min(places, Math.max(cut.maxRank(), nearBest));
    }

    /** URL number {@code i}: on host {@code i % hosts}, so consecutive URLs (and every batch) spread over hosts. */
    static String url(int i, int hosts) {
        return String.format(Locale.ROOT, "http://www.host%05d.bench.test/articles/%d/page-%d.html", i % hosts,
                i / hosts, i);
    }

    /** The page URL {@code i} was found on: the previous URL, or one page per {@code outlinksPerPage} URLs. */
    private String parent(int i) {
        if (o.outlinksPerPage() == 1) {
            return url(i == 0 ? o.urls() - 1 : i - 1, o.hosts());
        }
        return String.format(Locale.ROOT, "http://www.pages.bench.test/page-%d.html", i / o.outlinksPerPage());
    }

    /** The status index must exist and be empty (the caller creates it). */
    public Result run() throws Exception {
        if (o.warmupUrls() > 0) {
            warmUp();
        }
        out.accept(String.format(Locale.ROOT, "load: %,d DISCOVERED URLs over %,d hosts, batches of %d, %d writer "
                + "thread(s), links %s, %d outlinks per parent page", o.urls(), o.hosts(), o.writeBatch(), o.writers(),
                o.links() ? "on" : "off", o.outlinksPerPage()));
        Throughput load = write("load", indices, o.urls(), i -> StatusUpdate.discovered(url(i, o.hosts()), priorities[i], 1,
                0, parent(i), "page " + i));
        out.accept("  " + load);
        refresh();

        int expected = expectedBatch(o);
        RankCut cut = o.rankCut();
        out.accept("spout query: FrontierReader.nextBatch, maxHosts " + o.maxHosts() + ", perHost " + o.perHost()
                + ", rank cut " + (cut.maxRank() == 0 ? "none" : cut.maxRank() + (cut.nearBest() > 0
                ? " or at least " + cut.nearBest() + " x the best's priority" : " (the count alone)")
                + (cut.hostShare() > 0 ? ", host share " + cut.hostShare() : ""))
                + ", " + o.warmup() + " warm-up + "
                + o.batches() + " measured");
        int[] size = new int[1];
        Latencies spout = spoutLatency(size);
        out.accept("  " + spout + ", " + size[0] + " URLs per batch (expected about " + expected + ")");

        int k = Math.min(o.updates(), o.urls() / 2);
        int[] sample = sample(o.urls(), 2 * k, new Random(o.seed() + 1));
        out.accept(String.format(Locale.ROOT, "rediscover: %,d known URLs found again from a new parent with a "
                + "better priority (IncreaseKey)", k));
        Throughput rediscover = write("rediscover", indices, k, j -> {
            int i = sample[j];
            double better = priorities[i] + (1 - priorities[i]) / 2;
            return StatusUpdate.discovered(url(i, o.hosts()), better, 1, 0, "http://www.better-parent.bench.test/"
                    + j, "better " + j);
        });
        out.accept("  " + rediscover);
        out.accept(String.format(Locale.ROOT, "fetched: %,d FETCHED outcomes of other known URLs", k));
        Random relevance = new Random(o.seed() + 2);
        double[] scores = new double[k];
        for (int j = 0; j < k; j++) {
            scores[j] = relevance.nextDouble();
        }
        Throughput fetched = write("fetched", indices, k, j -> new StatusUpdate(url(sample[k + j], o.hosts()), Status.FETCHED,
                0, 1, 0, null, null, scores[j], scores[j] >= 0.5, null, Map.of()));
        out.accept("  " + fetched);
        refresh();
        Latencies after = spoutLatency(size);
        out.accept("spout query after the updates: " + after);

        IndicesStatsResponse stats = es.indices().stats(s -> s.index(indices.status()));
        var primaries = stats.indices().get(indices.status()).primaries();
        long docs = primaries.docs().count();
        long bytes = primaries.store().sizeInBytes();
        long segments = primaries.segments().count();
        out.accept(String.format(Locale.ROOT, "status index: %,d docs, %.1f MiB, %d segments", docs,
                bytes / 1048576.0, segments));
        return new Result(load, spout, size[0], rediscover, fetched, after, docs, bytes, segments);
    }

    /** The same work on throwaway indices, unmeasured, then deleted. */
    private void warmUp() throws Exception {
        CrawlIndices scratch = new CrawlIndices(indices.crawl() + "-warmup");
        out.accept(String.format(Locale.ROOT, "warm-up (not measured): %,d URLs into %s", o.warmupUrls(),
                scratch.status()));
        scratch.ensure(es, 1);
        try {
            write("warm-up", scratch, o.warmupUrls(), i -> StatusUpdate.discovered(url(i, o.hosts()),
                    priorities[i % priorities.length], 1, 0, url(i + 1, o.hosts()), "page " + i));
            es.indices().refresh(r -> r.index(scratch.status()));
            FrontierReader reader = reader(scratch);
            for (int b = 0; b < 20; b++) {
                reader.nextBatch(0, System.currentTimeMillis());
            }
        } finally {
            for (String index : List.of(scratch.status(), scratch.content(), scratch.links())) {
                es.indices().delete(d -> d.index(index).ignoreUnavailable(true));
                es.indices().deleteIndexTemplate(t -> t.name(index));
            }
        }
    }

    /** The spout's query as a crawl runs it: its batch size, scan depth and rank cut. */
    private FrontierReader reader(CrawlIndices target) {
        return new FrontierReader(es, target.status(), o.maxHosts(), o.perHost(), o.maxPages(), null, o.rankCut(),
                null, null);
    }

    private Latencies spoutLatency(int[] size) throws IOException {
        FrontierReader reader = reader(indices);
        Latencies latencies = new Latencies();
        long esCpu = 0;
        for (int b = 0; b < o.warmup() + o.batches(); b++) {
            if (b == o.warmup()) {
                esCpu = CpuTime.elasticsearchMillis(es);
            }
            long start = System.nanoTime();
            List<StatusDoc> batch = reader.nextBatch(0, System.currentTimeMillis());
            long took = System.nanoTime() - start;
            if (b >= o.warmup()) {
                latencies.add(took);
            }
            size[0] = batch.size();
        }
        // all of the node's CPU over the queries, its background merges included (they go on after a bulk load)
        out.accept(String.format(Locale.ROOT, "  Elasticsearch CPU per query, merges included: %.1f ms",
                (CpuTime.elasticsearchMillis(es) - esCpu) / (double) o.batches()));
        return latencies;
    }

    /** Writes updates 0..total-1 in batches from {@code writers} threads; each thread has its own writer. */
    private Throughput write(String what, CrawlIndices target, int total, IntFunction<StatusUpdate> update)
            throws Exception {
        int batches = (total + o.writeBatch() - 1) / o.writeBatch();
        AtomicInteger next = new AtomicInteger();
        AtomicLong notConfirmed = new AtomicLong();
        AtomicInteger done = new AtomicInteger();
        int half = batches / 2;
        long[] halfAt = {0};
        int reportEvery = Math.max(1, batches / 10);
        long esCpu = CpuTime.elasticsearchMillis(es);
        EsWork esWork = EsWork.of(es);
        long clientCpu = CpuTime.thisProcessMillis();
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(o.writers());
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < o.writers(); t++) {
                futures.add(pool.submit(() -> {
                    StatusWriter writer = new StatusWriter(es, target.status(), o.links() ? target.links() : null,
                            merge, Clock.systemUTC());
                    int b;
                    while ((b = next.getAndIncrement()) < batches) {
                        List<StatusUpdate> batch = new ArrayList<>(o.writeBatch());
                        for (int i = b * o.writeBatch(); i < Math.min(total, (b + 1) * o.writeBatch()); i++) {
                            batch.add(update.apply(i));
                        }
                        for (boolean ok : writer.write(batch)) {
                            if (!ok) {
                                notConfirmed.incrementAndGet();
                            }
                        }
                        int d = done.incrementAndGet();
                        if (d == half) {
                            halfAt[0] = System.nanoTime();
                        }
                        if (d % reportEvery == 0 && d < batches) {
                            double s = (System.nanoTime() - start) / 1e9;
                            out.accept(String.format(Locale.ROOT, "  %s: %,d of %,d after %.0f s", what,
                                    (long) d * o.writeBatch(), total, s));
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        long end = System.nanoTime();
        double seconds = (end - start) / 1e9;
        long fromHalf = half == 0 ? start : halfAt[0];
        long secondHalf = total - (long) half * o.writeBatch();
        return new Throughput(total, notConfirmed.get(), seconds, CpuTime.elasticsearchMillis(es) - esCpu,
                CpuTime.thisProcessMillis() - clientCpu, EsWork.of(es).minus(esWork), secondHalf,
                (end - fromHalf) / 1e9);
    }

    private void refresh() throws IOException {
        es.indices().refresh(r -> r.index(indices.status()));
    }

    /** {@code n} distinct numbers from 0..range-1 (a partial Fisher-Yates shuffle). */
    static int[] sample(int range, int n, Random random) {
        int[] all = new int[range];
        for (int i = 0; i < range; i++) {
            all[i] = i;
        }
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(range - i);
            int t = all[i];
            all[i] = all[j];
            all[j] = t;
        }
        return java.util.Arrays.copyOf(all, n);
    }
}
