package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.storm.Config;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.ModelBootstrap;
import org.topicstorm.priority.LinkPrioritizer;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.CrawlTopology;
import org.topicstorm.topology.LocalStorm;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Runs one crawl in Storm's local mode: sets up the indices, injects the seeds, runs the topology and watches the
 * status index until a limit is reached, the frontier is exhausted, or {@link #stop()} is called. Everything the
 * crawl knows is in ES, so running again with the same crawl name resumes it.
 */
public final class CrawlRunner {

    private static final Logger LOG = LoggerFactory.getLogger(CrawlRunner.class);

    /** Configuration key: seconds with nothing due and nothing new before the crawl counts as finished. */
    public static final String IDLE_STOP_SECS = "crawl.idle.stop.secs";
    /** Configuration key: seconds between two progress lines. */
    public static final String PROGRESS_SECS = "crawl.progress.secs";

    /** What the crawl was asked to do. */
    public record Request(Topic topic, CrawlIndices indices, Map<String, Object> conf, CrawlTopology topology,
                          long maxPages, Duration maxTime) {
    }

    /**
     * Once the spout stops emitting, the topology is killed when no status write has landed for this long (the pages
     * in flight are fetched, scored and written in a few hundred milliseconds: the indexer's and the status updater's
     * batches wait 200 ms at most, status.batch.max.delay.ms and indexer.batch.max.delay.ms) ...
     */
    static final long DRAIN_QUIET_MILLIS = 1000;
    /** ... or this long after the spout stopped, whichever comes first (a fetch still under way is cut). */
    static final long DRAIN_MAX_MILLIS = 3000;
    /** How often the status index is looked at while the topology drains. */
    static final long DRAIN_POLL_MILLIS = 200;
    /** Near the end of a crawl with a page limit the counts are read this often, so that it stops soon after. */
    static final long FINAL_POLL_MILLIS = 250;
    /**
     * Pages before the limit from which the counts are read every {@link #FINAL_POLL_MILLIS}: an evaluation crawl
     * (at most 480 pages) and the demo's are read so from their start, at the cost of a count query (milliseconds
     * on an index of that size) four times a second; a long crawl only in its last seconds.
     */
    static final long FINAL_PAGES = 1000;

    /** Why a crawl stopped. */
    public enum StopReason { MAX_PAGES, MAX_TIME, FRONTIER_EXHAUSTED, STOPPED }

    /** How a crawl ended. */
    public record Summary(StopReason reason, CrawlStats.Counts counts, long fetchedThisRun, Duration elapsed) {
    }

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final Consumer<String> progress;

    /** @param progress receives one progress line per interval */
    public CrawlRunner(Consumer<String> progress) {
        this.progress = progress;
    }

    /** Asks a running crawl to stop cleanly (e.g. on Ctrl-C); run() then returns with {@link StopReason#STOPPED}. */
    public void stop() {
        stopRequested.countDown();
    }

    public Summary run(Request request) throws Exception {
        Map<String, Object> conf = request.conf();
        // every value of the right type before anything starts: a wrong one in a bolt would kill the worker
        org.topicstorm.topology.CrawlConf.checkTypes(conf, "the crawl's configuration");
        FrontierConfig frontier = FrontierConfig.fromConf(conf);
        // checked here: the spout's failure would kill the worker
        org.topicstorm.frontier.PatternBudget budget = org.topicstorm.frontier.PatternBudget.fromConf(conf);
        int idleSecs = intConf(conf, IDLE_STOP_SECS, 15);
        int progressSecs = intConf(conf, PROGRESS_SECS, 2);
        CrawlIndices indices = request.indices();

        // Storm's local cluster starts while the crawl is set up
        LocalStorm.Starting cluster = LocalStorm.startInBackground();
        try (cluster; ElasticsearchClient es = EsClients.create(EsSettings.fromConf(conf))) {
            indices.ensure(es, request.topology().spoutParallelism(), CrawlIndices.replicas(conf));
            // The adaptive topic models learn from the seed pages before any relevance task starts; a resumed crawl
            // keeps what its model learnt.
            ModelBootstrap.ensure(request.topic(), new EsModelStateStore(es, indices.model()),
                    ParseConfig.fromConf(conf));
            StatusWriter writer = new StatusWriter(es, indices.status(),
                    frontier.recordLinks() ? indices.links() : null, new StatusMerge(frontier.schedule()),
                    Clock.systemUTC());
            SeedInjector.Result seeds = new SeedInjector(writer, UrlFilterChain.fromConf(conf),
                    org.topicstorm.fetch.AddressGuard.fromConf(conf), LinkPrioritizer.SEED_PRIORITY)
                    .inject(org.topicstorm.search.SearchSources.startUrls(request.topic()));
            if (!seeds.rejected().isEmpty()) {
                LOG.warn("seeds rejected by the URL filters: {}", seeds.rejected());
            }
            if (!seeds.refused().isEmpty()) {
                LOG.warn("seeds refused ({} lets networks through): {}", org.topicstorm.fetch.AddressGuard.ALLOW,
                        seeds.refused());
            }
            CrawlStats stats = new CrawlStats(es, indices);
            long start = System.currentTimeMillis();
            stats.refresh();
            CrawlStats.Counts counts = stats.counts(start);
            long fetchedAtStart = counts.fetched();

            Config config = request.topology().config(conf);
            String name = request.topology().name() + "-" + indices.crawl();
            StopReason reason;
            // this crawl's fetchers configure their own protocol (address allowlist, limits), not an earlier crawl's
            org.topicstorm.fetch.ProtocolCache.forget();
            try (LocalStorm storm = cluster.get()) {
                storm.submit(name, config, request.topology().build(config));
                reason = watch(stats, budget, request, start, fetchedAtStart, idleSecs, progressSecs);
                // the spout stops emitting at once; the bolts write the pages in flight until the status index is
                // quiet (nothing is lost without them: an unwritten page is still due, and is fetched again on
                // resume). The kill returns at once: wait for the topology to be gone before closing the cluster.
                storm.deactivate(name);
                drain(stats);
                if (!storm.kill(name, 0)) {
                    LOG.warn("topology {} was still there {} s after it was killed; stopping the cluster anyway",
                            name, LocalStorm.KILL_TIMEOUT_SECS);
                }
            }
            // the cluster is down: no write is still under way, so the summary's counts are final
            stats.refresh();
            counts = stats.counts(System.currentTimeMillis());
            return new Summary(reason, counts, counts.fetched() - fetchedAtStart,
                    Duration.ofMillis(System.currentTimeMillis() - start));
        }
    }

    /** Waits while the pages in flight are written: see {@link Drain}. */
    private static void drain(CrawlStats stats) throws InterruptedException {
        Drain drain = new Drain(System.currentTimeMillis(), DRAIN_QUIET_MILLIS, DRAIN_MAX_MILLIS);
        while (true) {
            long now = System.currentTimeMillis();
            long signature;
            try {
                stats.refresh();
                signature = stats.counts(now).signature();
            } catch (Exception e) {
                return;   // ES not answering: waiting would not get the pages written (they stay due)
            }
            if (drain.done(now, signature)) {
                return;
            }
            Thread.sleep(DRAIN_POLL_MILLIS);
        }
    }

    /**
     * When to stop a topology whose spout has stopped emitting: once the status index's counts (URLs known and pages
     * fetched, {@link CrawlStats.Counts#signature}) have not changed for {@code quietMillis} since they were first
     * read, or {@code maxMillis} after the spout stopped. A pure rule, fed the time and the counts' signature.
     */
    static final class Drain {
        private final long deadline;
        private final long quietMillis;
        private boolean read;
        private long last;
        private long lastChange;

        Drain(long startMillis, long quietMillis, long maxMillis) {
            this.deadline = startMillis + maxMillis;
            this.quietMillis = quietMillis;
        }

        boolean done(long now, long signature) {
            if (!read || signature != last) {
                read = true;
                last = signature;
                lastChange = now;
            }
            return now >= deadline || now - lastChange >= quietMillis;
        }
    }

    private StopReason watch(CrawlStats stats, org.topicstorm.frontier.PatternBudget budget, Request request,
                             long start, long fetchedAtStart, int idleSecs, int progressSecs) throws Exception {
        long lastChange = start;
        long lastTotal = -1;
        long lastFetched = fetchedAtStart;
        long lastTime = start;
        long lastProgress = start;
        long toGo = request.maxPages();
        while (true) {
            long wait = request.maxPages() > 0 && toGo <= FINAL_PAGES ? FINAL_POLL_MILLIS : progressSecs * 1000L;
            if (stopRequested.await(wait, TimeUnit.MILLISECONDS)) {
                return StopReason.STOPPED;
            }
            long now = System.currentTimeMillis();
            CrawlStats.Counts c;
            try {
                c = stats.counts(now);
            } catch (Exception e) {
                // ES unavailable: the topology fails and replays its tuples meanwhile; keep watching
                if (now - lastProgress >= progressSecs * 1000L) {
                    progress.accept("Elasticsearch is not answering (" + e.getClass().getSimpleName() + "); waiting");
                    lastProgress = now;
                }
                lastChange = now;
                continue;
            }
            toGo = request.maxPages() - (c.fetched() - fetchedAtStart);
            boolean limitReached = request.maxPages() > 0 && toGo <= 0;
            if (limitReached || now - lastProgress >= progressSecs * 1000L) {
                double pagesPerSec = (c.fetched() - lastFetched) * 1000.0 / Math.max(1, now - lastTime);
                progress.accept(String.format("fetched %d | relevant %d | harvest rate %.1f%% | frontier %d (due %d) | %.1f pages/s | %s",
                        c.fetched(), c.relevant(), 100 * c.harvestRate(), c.get(CrawlState.WAITING),
                        c.due(), pagesPerSec, formatDuration(Duration.ofMillis(now - start))));
                lastFetched = c.fetched();
                lastTime = now;
                lastProgress = now;
            }
            if (limitReached) {
                return StopReason.MAX_PAGES;
            }
            if (request.maxTime() != null && now - start >= request.maxTime().toMillis()) {
                return StopReason.MAX_TIME;
            }
            long total = c.signature();
            if (total != lastTotal) {
                lastTotal = total;
                lastChange = now;
            } else if (!request.topic().continuous() && now - lastChange >= idleSecs * 1000L
                    && (c.due() == 0 || onlyOverBudget(stats, budget, c, now))) {
                return StopReason.FRONTIER_EXHAUSTED;
            }
        }
    }

    /**
     * Whether every due URL belongs to a URL pattern that had its pages (a crawler trap's): the spout leaves them out,
     * so they wait and the crawl has nothing left to fetch. False when ES does not answer (the next round asks again).
     */
    private static boolean onlyOverBudget(CrawlStats stats, org.topicstorm.frontier.PatternBudget budget,
                                          CrawlStats.Counts c, long now) {
        try {
            return c.due() == stats.dueOverBudget(now, budget);
        } catch (Exception e) {
            return false;
        }
    }

    static String formatDuration(Duration d) {
        long s = d.toSeconds();
        return String.format("%02d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }

    private static int intConf(Map<String, Object> conf, String key, int dflt) {
        return com.digitalpebble.stormcrawler.util.ConfUtils.getInt(conf, key, dflt);
    }
}
