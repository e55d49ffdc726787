package org.topicstorm.priority;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.relevance.ModelStateStore;
import org.topicstorm.topic.LinkSettings;
import org.topicstorm.topology.LogThrottle;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Keeps the learned strategy's {@link LinkScorer} in step with the crawl. The crawl has one writer (link-priority task
 * 0): every {@code intervalMillis} it counts the judged pages per region of the sites ({@link RegionHarvest}), and
 * once {@code retrainEvery} more were judged since its last training it also trains a new link classifier on the
 * most recently judged pages (each with the features of the link that led to it, kept in its status document).
 * When either changed it re-scores waiting URLs with the new scorer, so that what was learnt reaches URLs already
 * queued: the best waiting URLs, and the best of those in the regions whose harvest rose most (a URL queued low in a
 * region that turned out rich). Only then does it publish the new version (both parts in the crawl's model index, and
 * as the scorer new links get), so that a frontier query does not rank links scored with the new scorer against a
 * queue that still has the old one's lifts; the links this task scored with the old one meanwhile are caught up right
 * after (a reader task's, scored until it reloads, by a later update). Every other task is a reader: it loads the
 * stored scorer every interval. A resumed crawl continues from the stored scorer. Failures are logged and retried at
 * the next interval (links keep the scorer they have).
 */
public final class LinkLearner {

    private static final Logger LOG = LoggerFactory.getLogger(LinkLearner.class);

    /**
     * A waiting URL, the features of the link that gave it its priority, and the lift it has (null: none).
     */
    public record Waiting(String url, List<String> features, Double lift) {
        public Waiting(String url, List<String> features) {
            this(url, features, null);
        }
    }

    /** What the learner reads from and writes to the crawl (its status index: {@code EsLinkCrawl}). */
    public interface Crawl {
        /** Pages judged so far (fetched and scored). */
        long judgedPages() throws IOException;

        /** Up to {@code max} of the most recently judged pages that were reached by a link with features. */
        List<LinkClassifier.Example> recentExamples(int max) throws IOException;

        /** Up to {@code max} waiting URLs of highest priority that have link features. */
        List<Waiting> bestWaiting(int max) throws IOException;

        /** Up to {@code max} waiting URLs with link features in this region, highest priority first. */
        List<Waiting> waitingIn(String region, int max) throws IOException;

        /**
         * The judged pages and the relevant ones: the crawl's, and each region's for the {@code maxRegions} regions
         * with the most judged pages (state version 0).
         */
        RegionHarvest.State regionCounts(int maxRegions) throws IOException;

        /** Sets the lift of waiting URLs; returns how many changed. */
        int rescore(List<Waiting> urls, List<Lift> lifts) throws IOException;

        /**
         * Makes the reads above see every write made so far (the status index shows writes only after a refresh,
         * and the learner re-scores the URLs it reads).
         */
        void refresh() throws IOException;
    }

    /** Regions counted at most: the ones with most judged pages (the others fall back to where they lie). */
    static final int MAX_REGIONS = 10_000;
    /** A classifier learns most from its first pages: retrain after a quarter more, never fewer than this. */
    static final int MIN_STEP = 10;
    /** Of the regions whose factor rose, the waiting URLs of this many (those now richest) are re-scored. */
    static final int RISEN_REGIONS = 10;
    /** A region's factor must rise by this ratio for its waiting URLs to be looked at. */
    static final double RISE = 1.25;
    /** A waiting URL's lift is rewritten only when the new one differs by more than this ratio. */
    static final double CHANGE = 1.1;

    private final Crawl crawl;
    private final ModelStateStore store;
    private final LinkSettings.Learned settings;
    private final SparseLogistic.Options options;
    private final boolean writer;
    private final long intervalMillis;
    private final Executor executor;
    private volatile LinkScorer current;
    /** a retrain or reload is under way on the executor: the next waits for it to end */
    private final AtomicBoolean running = new AtomicBoolean();
    private long last;
    private boolean loaded;
    /** The highest scorer version this writer has used: see {@link #update}. */
    private int lastVersion;

    /** A learner that trains on the caller's thread (tests, the simulated crawl). */
    public LinkLearner(Crawl crawl, ModelStateStore store, LinkSettings.Learned settings,
                       SparseLogistic.Options options, boolean writer, long intervalMillis,
                       long nowMillis) {
        this(crawl, store, settings, options, writer, intervalMillis, nowMillis, Runnable::run);
    }

    /**
     * @param executor where retrains and reloads run: a background thread in the bolt, since a retrain (reading up
     *                 to {@code maxExamples} examples, a cross-validated fit, re-scoring waiting URLs) took
     *                 hundreds of milliseconds, during which the bolt's tuples waited
     */
    public LinkLearner(Crawl crawl, ModelStateStore store, LinkSettings.Learned settings,
                       SparseLogistic.Options options, boolean writer, long intervalMillis,
                       long nowMillis, Executor executor) {
        this.executor = executor;
        this.crawl = crawl;
        this.store = store;
        this.settings = settings;
        this.options = options;
        this.writer = writer;
        this.intervalMillis = intervalMillis;
        this.last = nowMillis;
    }

    /** The scorer links are scored with now; null before the crawl's first. */
    public LinkScorer current() {
        return current;
    }

    public boolean writer() {
        return writer;
    }

    /**
     * Loads the stored scorer once (a resumed crawl: before the first page is scored), then updates (writer) or
     * reloads (reader) per interval on the executor; links are scored with the scorer in hand meanwhile, and a new
     * one reaches the waiting URLs by the re-scoring.
     */
    public void maybeRun(long nowMillis) {
        if (!loaded) {
            loaded = true;
            load();
        }
        if (nowMillis - last < intervalMillis || !running.compareAndSet(false, true)) {
            return;
        }
        last = nowMillis;
        try {
            executor.execute(() -> {
                try {
                    if (writer) {
                        update();
                    } else {
                        load();
                    }
                } catch (IOException | RuntimeException e) {
                    LogThrottle.WARNINGS.warn(LOG, "Cannot update the link scorer: {}", e.toString());
                } finally {
                    running.set(false);
                }
            });
        } catch (RejectedExecutionException e) {
            running.set(false);   // the bolt is shutting down
        }
    }

    /** The stored scorer, if there is one newer than the one in hand. */
    private void load() {
        try {
            Optional<LinkClassifier.State> c = store.load(LinkClassifier.KIND, LinkClassifier.State.class);
            Optional<RegionHarvest.State> r = settings.regions()
                    ? store.load(RegionHarvest.KIND, RegionHarvest.State.class) : Optional.empty();
            // the regions carry the scorer's version; a crawl stored before them has the classifier's only
            int version = r.map(RegionHarvest.State::version).orElse(c.map(LinkClassifier.State::version).orElse(0));
            if (version > 0 && (current == null || version != current.version())) {
                current = new LinkScorer(c.map(LinkClassifier::of).orElse(null),
                        r.map(s -> new RegionHarvest(s, settings.regionPages())).orElse(RegionHarvest.NONE),
                        version);
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cannot load the link scorer: {}", e.toString());
        }
    }

    /**
     * How many more judged pages make the next retrain due after one trained on {@code judged}: a quarter more
     * early in a crawl (20 -&gt; 30 -&gt; 40 -&gt; 50 -&gt; 62 -&gt; ...), then every {@code retrainEvery}.
     */
    static long retrainStep(long judged, int retrainEvery) {
        return Math.min(retrainEvery, Math.max(MIN_STEP, judged / 4));
    }

    /**
     * The writer's step: counts the regions' harvest, retrains the classifier when due (enough pages judged since the
     * last one, and at least minExamples examples of both verdicts), and when either changed re-scores waiting URLs
     * with a new scorer, then publishes it and catches up the links scored meanwhile.
     *
     * @return whether a new scorer was published
     */
    boolean update() throws IOException {
        crawl.refresh();
        LinkScorer before = current;
        LinkClassifier classifier = before == null ? null : before.classifier();
        LinkClassifier trained = retrain(classifier);
        RegionHarvest regions = before == null ? RegionHarvest.NONE : before.regions();
        RegionHarvest counted = regions;
        if (settings.regions()) {
            RegionHarvest.State counts = crawl.regionCounts(MAX_REGIONS);
            if (!counts.crawl().equals(regions.state().crawl())) {
                counted = new RegionHarvest(counts, settings.regionPages());
            }
        }
        if (trained == null && counted == regions) {
            return false;
        }
        // never a version whose re-scoring was written, also when that scorer could not be stored: the frontier keeps
        // the first lift of each version. (After a crash between the two, a resumed crawl numbers its next scorer as
        // the lost one; the URLs that one reached keep its lifts, one interval older, until a later version does.)
        int version = Math.max(before == null ? 0 : before.version(), lastVersion) + 1;
        lastVersion = version;
        // the regions' state carries the scorer's version, also when nothing is counted yet
        LinkScorer scorer = new LinkScorer(trained != null ? trained : classifier, !settings.regions()
                ? RegionHarvest.NONE : new RegionHarvest(new RegionHarvest.State(version, counted.state().crawl(),
                counted.state().regions()), settings.regionPages()), version);
        // The waiting URLs first, then the links to come: while new links were scored with the new scorer and the
        // queue still had the old one's lifts, a frontier query in between (the re-scoring takes a few hundred
        // milliseconds) ranked a batch's fresh links against an unlifted queue (docs/evaluation.md, session 26).
        int best = settings.rescore() > 0 ? rescore(regions, scorer) : 0;
        if (trained != null) {
            store.save(LinkClassifier.KIND, trained.state());
        }
        if (settings.regions()) {
            store.save(RegionHarvest.KIND, scorer.regions().state());
        }
        current = scorer;
        if (best > 0) {
            catchUp(scorer, best);
        }
        return true;
    }

    /**
     * After a new scorer is published: the {@code best} best waiting URLs once more, for the links discovered while
     * the queue was being re-scored, which got the old scorer's lifts (only those whose lift changes are written, so
     * the URLs just re-scored cost a read, not a write).
     */
    private void catchUp(LinkScorer scorer, int best) throws IOException {
        crawl.refresh();
        int written = rewrite(crawl.bestWaiting(best), scorer);
        if (written > 0) {
            LOG.info("Link scorer {} caught up {} links scored with the one before it", scorer.version(), written);
        }
    }

    /**
     * Gives these waiting URLs the scorer's lift where it moves by more than {@link #CHANGE} from the stored one
     * (none stored: 1); returns how many were written.
     */
    private int rewrite(Collection<Waiting> waiting, LinkScorer scorer) throws IOException {
        List<Waiting> changed = new ArrayList<>();
        List<Lift> lifts = new ArrayList<>();
        for (Waiting w : waiting) {
            Lift lift = scorer.lift(w.url(), w.features());
            double old = w.lift() == null ? 1.0 : w.lift();
            if (Math.abs(Math.log(lift.factor() / old)) > Math.log(CHANGE)) {
                changed.add(w);
                lifts.add(lift);
            }
        }
        return changed.isEmpty() ? 0 : crawl.rescore(changed, lifts);
    }

    /** A new classifier when one is due, else null. */
    private LinkClassifier retrain(LinkClassifier classifier) throws IOException {
        long judged = crawl.judgedPages();
        if (classifier == null ? judged < settings.minExamples()
                : judged - classifier.state().judged() < retrainStep(classifier.state().judged(),
                settings.retrainEvery())) {
            return null;
        }
        List<LinkClassifier.Example> examples = crawl.recentExamples(settings.maxExamples());
        long positives = examples.stream().filter(LinkClassifier.Example::relevant).count();
        double mass = examples.stream().mapToDouble(LinkClassifier.Example::target).sum();
        if (examples.size() < settings.minExamples() || positives == 0 || positives == examples.size()
                || mass == 0 || mass == examples.size()) {
            return null;
        }
        int version = classifier == null ? 1 : classifier.version() + 1;
        LinkClassifier trained = LinkClassifier.train(examples, version, judged, options);
        LOG.info("Link classifier {} trained on {} pages ({} relevant), trust {}; strongest: {}", version,
                examples.size(), positives, String.format(java.util.Locale.ROOT, "%.2f", trained.state().trust()),
                trained.strongest(5, true));
        return trained;
    }

    /**
     * Re-scores waiting URLs with a new scorer: the best waiting ones (half the rescore budget), then the best of
     * those in each region whose factor rose since the {@code before} counts (the other half, shared by the regions,
     * {@link #risen}); a URL's lift is rewritten only when it changes by more than {@link #CHANGE}.
     *
     * @return how many of the best waiting URLs were read
     */
    private int rescore(RegionHarvest before, LinkScorer scorer) throws IOException {
        int budget = settings.rescore();
        Map<String, LinkLearner.Waiting> candidates = new LinkedHashMap<>();
        List<String> risen = risen(before, scorer.regions());
        int best = risen.isEmpty() ? budget : (budget + 1) / 2;
        for (Waiting w : crawl.bestWaiting(best)) {
            candidates.putIfAbsent(w.url(), w);
        }
        int perRegion = risen.isEmpty() ? 0 : Math.max(1, budget / 2 / risen.size());
        for (String region : risen) {
            for (Waiting w : crawl.waitingIn(region, perRegion)) {
                candidates.putIfAbsent(w.url(), w);
            }
        }
        int written = rewrite(candidates.values(), scorer);
        LOG.info("Link scorer {} re-scored {} of {} waiting URLs ({} regions risen)", scorer.version(), written,
                candidates.size(), risen.size());
        return best;
    }

    /**
     * The regions whose factor rose by at least {@link #RISE} from {@code before} to {@code after}, the richest now
     * first (their waiting URLs are the ones to bring forward), at most {@link #RISEN_REGIONS}.
     */
    static List<String> risen(RegionHarvest before, RegionHarvest after) {
        List<Map.Entry<String, Double>> rises = new ArrayList<>();
        for (String region : after.state().regions().keySet()) {
            double factor = after.regionFactor(region);
            if (factor / before.regionFactor(region) >= RISE) {
                rises.add(Map.entry(region, factor));
            }
        }
        rises.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        return rises.stream().limit(RISEN_REGIONS).map(Map.Entry::getKey).toList();
    }
}
