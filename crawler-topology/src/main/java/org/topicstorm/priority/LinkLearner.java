package org.topicstorm.priority;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.relevance.ModelStateStore;
import org.topicstorm.topic.LinkSettings;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.topicstorm.topology.LogThrottle;

/**
 * Keeps the learned strategy's link classifier in step with the crawl. The crawl has one writer (link-priority task
 * 0): every {@code intervalMillis} it counts the judged pages, and once {@code retrainEvery} more were judged since
 * its last training it trains a new classifier on the most recently judged pages (each with the features of the link
 * that led to it, kept in its status document), stores it in the crawl's model index, and re-scores the best waiting
 * URLs with it, so that what was learnt reaches URLs already queued. Every other task is a reader: it loads the
 * stored classifier every interval. A resumed crawl continues from the stored classifier. Failures are logged and
 * retried at the next interval (links keep the classifier they have). Called from the bolt's thread.
 */
public final class LinkLearner {

    private static final Logger LOG = LoggerFactory.getLogger(LinkLearner.class);

    /** A waiting URL and the features of the link that gave it its priority. */
    public record Waiting(String url, List<String> features) {
    }

    /** What the learner reads from and writes to the crawl (its status index: {@link EsLinkCrawl}). */
    public interface Crawl {
        /** Pages judged so far (fetched and scored). */
        long judgedPages() throws IOException;

        /** Up to {@code max} of the most recently judged pages that were reached by a link with features. */
        List<LinkClassifier.Example> recentExamples(int max) throws IOException;

        /** Up to {@code max} waiting URLs of highest priority that have link features. */
        List<Waiting> bestWaiting(int max) throws IOException;

        /** Sets the lift of waiting URLs (one classifier's); returns how many changed. */
        int rescore(List<Waiting> urls, List<Lift> lifts) throws IOException;
    }

    private final Crawl crawl;
    private final ModelStateStore store;
    private final LinkSettings.Learned settings;
    private final SparseLogistic.Options options;
    private final boolean writer;
    private final long intervalMillis;
    private final java.util.concurrent.Executor executor;
    private volatile LinkClassifier current;
    /** a retrain or reload is under way on the executor: the next waits for it to end */
    private final java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean();
    private long last;
    private boolean loaded;

    /** A learner that trains on the caller's thread (tests). */
    public LinkLearner(Crawl crawl, ModelStateStore store, LinkSettings.Learned settings,
                       SparseLogistic.Options options, boolean writer, long intervalMillis,
                       long nowMillis) {
        this(crawl, store, settings, options, writer, intervalMillis, nowMillis, Runnable::run);
    }

    /**
     * @param executor where retrains and reloads run: a background thread in the bolt, since a retrain (reading up
     *                 to {@code maxExamples} examples, a cross-validated fit, re-scoring the best waiting URLs) took
     *                 hundreds of milliseconds, during which the bolt's tuples waited
     */
    public LinkLearner(Crawl crawl, ModelStateStore store, LinkSettings.Learned settings,
                       SparseLogistic.Options options, boolean writer, long intervalMillis,
                       long nowMillis, java.util.concurrent.Executor executor) {
        this.executor = executor;
        this.crawl = crawl;
        this.store = store;
        this.settings = settings;
        this.options = options;
        this.writer = writer;
        this.intervalMillis = intervalMillis;
        this.last = nowMillis;
    }

    /** The classifier links are scored with now; null before the crawl's first. */
    public LinkClassifier current() {
        return current;
    }

    public boolean writer() {
        return writer;
    }

    /**
     * Loads the stored classifier once (a resumed crawl: before the first page is scored), then trains (writer) or
     * reloads (reader) per interval on the executor; links are scored with the classifier in hand meanwhile, and a
     * new one reaches the waiting URLs by the re-scoring.
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
                        maybeRetrain();
                    } else {
                        load();
                    }
                } catch (IOException | RuntimeException e) {
                    LogThrottle.WARNINGS.warn(LOG, "Cannot retrain the link classifier: {}", e.toString());
                } finally {
                    running.set(false);
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            running.set(false);   // the bolt is shutting down
        }
    }

    private void load() {
        try {
            store.load(LinkClassifier.KIND, LinkClassifier.State.class).ifPresent(s -> {
                if (current == null || s.version() != current.version()) {
                    current = LinkClassifier.of(s);
                }
            });
        } catch (IOException | RuntimeException e) {
            LOG.warn("Cannot load the link classifier: {}", e.toString());
        }
    }

    /** A classifier learns most from its first pages: retrain after a quarter more, never fewer than this. */
    static final int MIN_STEP = 10;

    /**
     * How many more judged pages make the next retrain due after one trained on {@code judged}: a quarter more
     * early in a crawl (20 -&gt; 30 -&gt; 40 -&gt; 50 -&gt; 62 -&gt; ...), then every {@code retrainEvery}.
     */
    static long retrainStep(long judged, int retrainEvery) {
        return Math.min(retrainEvery, Math.max(MIN_STEP, judged / 4));
    }

    /**
     * Trains a new classifier when enough pages were judged since the last one (and there are at least
     * minExamples examples of both verdicts), stores it, then re-scores the best waiting URLs.
     *
     * @return whether a new classifier was trained
     */
    boolean maybeRetrain() throws IOException {
        long judged = crawl.judgedPages();
        if (current == null ? judged < settings.minExamples()
                : judged - current.state().judged() < retrainStep(current.state().judged(), settings.retrainEvery())) {
            return false;
        }
        List<LinkClassifier.Example> examples = crawl.recentExamples(settings.maxExamples());
        long positives = examples.stream().filter(LinkClassifier.Example::relevant).count();
        double mass = examples.stream().mapToDouble(LinkClassifier.Example::target).sum();
        if (examples.size() < settings.minExamples() || positives == 0 || positives == examples.size()
                || mass == 0 || mass == examples.size()) {
            return false;
        }
        int version = current == null ? 1 : current.version() + 1;
        LinkClassifier trained = LinkClassifier.train(examples, version, judged, options);
        store.save(LinkClassifier.KIND, trained.state());
        current = trained;
        LOG.info("Link classifier {} trained on {} pages ({} relevant), trust {}; strongest: {}", version,
                examples.size(), positives, String.format(java.util.Locale.ROOT, "%.2f", trained.state().trust()),
                trained.strongest(5, true));
        if (settings.rescore() > 0) {
            List<Waiting> waiting = crawl.bestWaiting(settings.rescore());
            List<Lift> lifts = new ArrayList<>(waiting.size());
            for (Waiting w : waiting) {
                lifts.add(trained.lift(w.features()));
            }
            int changed = crawl.rescore(waiting, lifts);
            LOG.info("Link classifier {} re-scored {} of the {} best waiting URLs", version, changed, waiting.size());
        }
        return true;
    }
}
