package org.topicstorm.relevance;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.judge.Judgement;
import org.topicstorm.judge.JudgementStore;
import org.topicstorm.learn.SparseLogistic;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the crawl does with people's judgements, in its one writer task, a round at a time: reads the judgements
 * made since the last round; a judged page takes the person's verdict; the judgements feed the threshold's
 * self-tuning ({@link ThresholdTuner}) and, when the page classifier is the model, it is retrained on every
 * judgement so far plus the seed pages ({@link PageClassifier}), and the pages fetched so far are judged again by it
 * from the features kept with them (the {@link #REJUDGE} most recent), so the crawl's verdicts, the content index
 * included, follow what was learnt. A move of the threshold alone changes no verdict already given. The tuner and
 * the classifier keep their state in the crawl's model index through {@link ModelSync}, as does this class its place
 * in the judgements ({@link Progress}), so a resumed crawl neither loses nor counts a judgement twice. Failures are
 * logged and the round is tried again at the next interval.
 */
public final class JudgementRounds implements AdaptiveModel<JudgementRounds.Progress> {

    private static final Logger LOG = LoggerFactory.getLogger(JudgementRounds.class);

    /** The document id of the progress in the model index. */
    public static final String KIND = "judgement-rounds";

    /** Most fetched pages judged again after a retrain (the most recently fetched): bounded work per round. */
    public static final int REJUDGE = 2000;

    /** A fetched page's new verdict. */
    public record Verdict(String url, double relevance, boolean relevant) {
    }

    /**
     * What the rounds read from and write to: the crawl's judgements, its status index and its content index
     * ({@link EsJudgementSource}).
     */
    public interface Source {
        /** Every judgement made after the cursor, oldest first. */
        List<Judgement> since(JudgementStore.Cursor after) throws IOException;

        List<Judgement> all() throws IOException;

        Map<String, StatusDoc> statusOf(Collection<String> urls) throws IOException;

        /** Up to {@code max} fetched, scored pages that have page features, the most recently fetched first. */
        List<StatusDoc> recentlyFetched(int max) throws IOException;

        /** Writes new verdicts (status index; a page no longer relevant leaves the content index). */
        void verdicts(List<Verdict> verdicts) throws IOException;
    }

    /**
     * How far back, in judgement time, each round looks again for judgements it has not read: a judgement can become
     * visible after a later one (a bulk of judgements made visible in parts by a refresh in between, an import in
     * several bulks with one time, a person judging on a machine whose clock is a little behind). Within this window
     * a judgement is known by its id and time ({@link Progress#recent}); one that arrives later than this behind the
     * newest read is not read by the rounds (the classifier still trains on it: it reads every judgement).
     */
    public static final long LOOK_BACK_MS = 120_000;

    /** A judgement read: its document id and time. */
    public record Seen(String id, long judged) {
    }

    /**
     * @param judged  the newest judgement read, epoch ms ({@code Long.MIN_VALUE}: none yet)
     * @param read    judgements read so far
     * @param pending judged pages read but not yet used by the tuner (too few above the threshold in their round)
     * @param recent  the judgements read within {@link #LOOK_BACK_MS} of {@code judged}: not read again
     */
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties(ignoreUnknown = true) // "url": part of the cursor saved by earlier versions
    public record Progress(long judged, long read, List<String> pending, List<Seen> recent) {
        public static final Progress START = new Progress(Long.MIN_VALUE, 0, List.of(), List.of());

        public Progress {
            pending = pending == null ? List.of() : List.copyOf(pending);
            recent = recent == null ? List.of() : List.copyOf(recent);
        }
    }

    private final Source source;
    private final ThresholdTuner tuner;
    private final PageClassifier classifier;
    private final int minJudgements;
    private final List<String> seeds;
    private volatile Progress progress;
    private long changes;

    /**
     * @param tuner         the self-tuning, or null when off
     * @param classifier    the page classifier, or null when the topic does not use it
     * @param minJudgements judgements before the classifier's first training
     * @param seeds         the topic's seed URLs: relevant examples for the classifier unless judged otherwise
     */
    public JudgementRounds(Source source, ThresholdTuner tuner, PageClassifier classifier, int minJudgements,
                           List<String> seeds, Progress progress) {
        this.source = source;
        this.tuner = tuner;
        this.classifier = classifier;
        this.minJudgements = minJudgements;
        this.seeds = List.copyOf(seeds);
        this.progress = progress;
    }

    /** One round: returns how many new judgements it read. */
    public synchronized int round(long now) throws IOException {
        Progress p = progress;
        List<Judgement> fresh = unread(p);
        if (fresh.isEmpty()) {
            return 0;
        }
        long read = p.read() + fresh.size();
        AllJudgements all = new AllJudgements();
        boolean retrained = false;
        if (classifier != null && read >= minJudgements) {
            retrained = retrain(read, all.get());
        }
        if (retrained) {
            rejudge(all.get());
        }
        personsVerdicts(fresh);
        List<String> pending = p.pending();
        if (tuner != null) {
            if (retrained && !"classifier".equals(tuner.state().basis())) {
                // the score is now a probability: the threshold starts again from the classifier's
                tuner.restart(classifier.threshold(), "classifier");
            }
            pending = tune(p.pending(), fresh, all, now);
        }
        progress = after(p, fresh, read, pending, now);
        changes++;
        return fresh.size();
    }

    /** The judgements since {@link #LOOK_BACK_MS} before the newest read, less those already read. */
    private List<Judgement> unread(Progress p) throws IOException {
        JudgementStore.Cursor from = p.judged() == Long.MIN_VALUE ? JudgementStore.Cursor.START
                : new JudgementStore.Cursor(p.judged() - LOOK_BACK_MS, ""); // "": every judgement of that time
        Set<Seen> seen = new HashSet<>(p.recent());
        List<Judgement> fresh = new ArrayList<>();
        for (Judgement j : source.since(from)) {
            if (!seen.contains(new Seen(j.id(), j.judged()))) {
                fresh.add(j);
            }
        }
        return fresh;
    }

    /**
     * The progress after reading {@code fresh}: the newest time read, and what was read within the look-back of it.
     * A judgement dated after {@code now} (a clock ahead) moves the newest time only to now: otherwise every later
     * judgement from a right clock would fall behind the window.
     */
    static Progress after(Progress p, List<Judgement> fresh, long read, List<String> pending, long now) {
        long newest = p.judged();
        for (Judgement j : fresh) {
            newest = Math.max(newest, Math.min(j.judged(), now));
        }
        long oldest = newest - LOOK_BACK_MS;
        List<Seen> recent = new ArrayList<>();
        for (Seen s : p.recent()) {
            if (s.judged() >= oldest) {
                recent.add(s);
            }
        }
        for (Judgement j : fresh) {
            if (j.judged() >= oldest) {
                recent.add(new Seen(j.id(), j.judged()));
            }
        }
        return new Progress(newest, read, pending, recent);
    }

    /** Feeds the round's judged pages (and those pending) to the tuner; returns what stays pending. */
    private List<String> tune(List<String> pendingUrls, List<Judgement> fresh, AllJudgements all, long now)
            throws IOException {
        Map<String, Boolean> labels = new LinkedHashMap<>();
        if (!pendingUrls.isEmpty()) {
            // the pending pages' labels: their latest judgements
            for (Judgement j : all.get()) {
                if (pendingUrls.contains(j.url())) {
                    labels.put(j.url(), j.relevant());
                }
            }
        }
        fresh.forEach(j -> labels.put(j.url(), j.relevant()));
        Map<String, StatusDoc> docs = source.statusOf(labels.keySet());
        List<ThresholdTuner.Judged> pages = new ArrayList<>();
        labels.forEach((url, relevant) -> {
            Double score = scoreNow(docs.get(url));
            if (score != null) {
                pages.add(new ThresholdTuner.Judged(score, relevant));
            }
        });
        double before = tuner.threshold();
        ThresholdTuner.Outcome outcome = tuner.round(pages, now);
        if (outcome == ThresholdTuner.Outcome.TOO_FEW) {
            return List.copyOf(labels.keySet());
        }
        if (outcome != ThresholdTuner.Outcome.STILL) {
            ThresholdTuner.Round r = tuner.state().history().get(tuner.state().history().size() - 1);
            LOG.info("Threshold self-tuning: precision {} on {} kept of {} judged pages: {} {} -> {}",
                    String.format(java.util.Locale.ROOT, "%.3f", r.precision()), r.kept(), r.judged(), outcome,
                    before, tuner.threshold());
        }
        return List.of();
    }

    /** A judged page's score as the current model would give it; null when the crawl has not scored it. */
    private Double scoreNow(StatusDoc d) {
        if (d == null || d.relevance() == null) {
            return null;
        }
        if (classifier != null && classifier.trained() && d.page() != null && !d.page().features().isEmpty()) {
            return classifier.probability(d.page().features());
        }
        return d.relevance();
    }

    /** The judged pages take the person's verdict (their score stays the model's). */
    private void personsVerdicts(List<Judgement> fresh) throws IOException {
        Map<String, Judgement> latest = new LinkedHashMap<>();
        fresh.forEach(j -> latest.put(j.url(), j));
        Map<String, StatusDoc> docs = source.statusOf(latest.keySet());
        List<Verdict> changed = new ArrayList<>();
        latest.forEach((url, j) -> {
            StatusDoc d = docs.get(url);
            if (d != null && d.relevance() != null && !Boolean.valueOf(j.relevant()).equals(d.relevant())) {
                changed.add(new Verdict(url, d.relevance(), j.relevant()));
            }
        });
        source.verdicts(changed);
    }

    /**
     * The fetched pages judged again by the retrained classifier at the current threshold; a page a person judged
     * keeps the person's verdict.
     */
    private void rejudge(List<Judgement> all) throws IOException {
        Map<String, Boolean> byPerson = new java.util.HashMap<>();
        for (Judgement j : all) {
            byPerson.put(j.url(), j.relevant());
        }
        double threshold = tuner != null ? tuner.threshold() : classifier.threshold();
        List<Verdict> changed = new ArrayList<>();
        int reviewed = 0;
        int flipped = 0;
        for (StatusDoc d : source.recentlyFetched(REJUDGE)) {
            if (d.page() == null || d.page().features().isEmpty()) {
                continue;
            }
            reviewed++;
            double p = classifier.probability(d.page().features());
            boolean relevant = byPerson.getOrDefault(d.url(), p >= threshold);
            boolean flip = !Boolean.valueOf(relevant).equals(d.relevant());
            flipped += flip ? 1 : 0;
            if (flip || d.relevance() == null || d.relevance() != p) {
                changed.add(new Verdict(d.url(), p, relevant));
            }
        }
        source.verdicts(changed);
        LOG.info("Page classifier {}: {} fetched pages judged again, {} verdicts changed",
                classifier.state().version(), reviewed, flipped);
    }

    /** Fewer examples of a verdict than this cannot say which features set it apart: no training. */
    static final int MIN_EACH = 3;
    /** Folds of the cross-validation that decides whether the classifier replaces the prior. */
    static final int FOLDS = 5;

    /**
     * Trains the classifier on every judgement and the seed pages. The first time, it replaces the prior only if it
     * judges the judged pages better, in cross-validation, than the prior did (balanced accuracy): a handful of
     * judgements must not make the verdicts worse than the topic's own model. Returns whether a classifier was
     * (re)trained and is in use.
     */
    private boolean retrain(long read, List<Judgement> all) throws IOException {
        Map<String, Boolean> labels = new LinkedHashMap<>();
        for (String seed : seeds) {
            labels.put(seed, true);
        }
        for (Judgement j : all) {
            labels.put(j.url(), j.relevant()); // a judgement overrides a seed's presumed relevance
        }
        Map<String, StatusDoc> docs = source.statusOf(labels.keySet());
        List<SparseLogistic.Example> examples = new ArrayList<>();
        labels.forEach((url, relevant) -> {
            StatusDoc d = docs.get(url);
            if (d != null && d.page() != null && !d.page().features().isEmpty()) {
                examples.add(new SparseLogistic.Example(d.page().features(), relevant ? 1 : 0));
            }
        });
        long positives = examples.stream().filter(SparseLogistic.Example::relevant).count();
        if (positives < MIN_EACH || examples.size() - positives < MIN_EACH) {
            LOG.info("Page classifier: {} examples, {} relevant: waiting for {} of each verdict", examples.size(),
                    positives, MIN_EACH);
            return false;
        }
        if (!classifier.trained()) {
            boolean[] actual = new boolean[examples.size()];
            boolean[] learnt = new boolean[examples.size()];
            boolean[] prior = new boolean[examples.size()];
            double[] p = SparseLogistic.crossValidated(examples, FOLDS, PageClassifier.OPTIONS);
            for (int i = 0; i < actual.length; i++) {
                actual[i] = examples.get(i).relevant();
                learnt[i] = p[i] >= classifier.threshold(true);
                prior[i] = classifier.priorVerdict(examples.get(i).features());
            }
            double byClassifier = SparseLogistic.balancedAccuracy(learnt, actual);
            double byPrior = SparseLogistic.balancedAccuracy(prior, actual);
            if (!(byClassifier > byPrior)) {
                LOG.info("Page classifier not used yet: balanced accuracy {} in {}-fold cross-validation on {} "
                        + "examples, the prior's {}", String.format(java.util.Locale.ROOT, "%.3f", byClassifier),
                        FOLDS, examples.size(), String.format(java.util.Locale.ROOT, "%.3f", byPrior));
                return false;
            }
        }
        PageClassifier.State s = classifier.train(examples, read);
        LOG.info("Page classifier {} trained on {} pages ({} relevant)", s.version(), s.examples(), s.positives());
        return true;
    }

    /** Every judgement so far, read from the source at most once in a round, and only if the round needs them. */
    private final class AllJudgements {
        private List<Judgement> all;

        List<Judgement> get() throws IOException {
            if (all == null) {
                all = source.all();
            }
            return all;
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public Class<Progress> stateType() {
        return Progress.class;
    }

    @Override
    public Progress state() {
        return progress;
    }

    @Override
    public void state(Progress state) {
        this.progress = state;
    }

    @Override
    public synchronized long changes() {
        return changes;
    }
}
