package org.topicstorm.relevance;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import org.topicstorm.topology.LogThrottle;

/**
 * Keeps adaptive models and the crawl's model index in step. The crawl has one writer (relevance task 0): it saves a
 * model's state when it changed and at least {@code intervalMillis} passed since the last save. Every other task
 * is a reader: it loads the states every {@code intervalMillis}. Called from the bolt's thread with the current time;
 * a failed save or load is logged and retried at the next interval (the model keeps scoring with what it has).
 */
public final class ModelSync {

    private static final Logger LOG = LoggerFactory.getLogger(ModelSync.class);

    private final ModelStateStore store;
    private final List<AdaptiveModel<?>> models;
    private final boolean writer;
    private final long intervalMillis;
    private final long[] savedChanges;
    private long last;

    public ModelSync(ModelStateStore store, List<AdaptiveModel<?>> models, boolean writer, long intervalMillis,
                     long nowMillis) {
        this.store = store;
        this.models = List.copyOf(models);
        this.writer = writer;
        this.intervalMillis = intervalMillis;
        this.savedChanges = new long[models.size()];
        for (int i = 0; i < savedChanges.length; i++) {
            savedChanges[i] = models.get(i).changes();
        }
        this.last = nowMillis;
    }

    public boolean writer() {
        return writer;
    }

    /** Saves (writer) or loads (reader) when the interval has passed; true when it did. */
    public boolean maybeSync(long nowMillis) {
        return maybeSync(nowMillis, null);
    }

    /**
     * As {@link #maybeSync(long)}, the writer first running {@code learn} (a round of what it learns from outside
     * the pages it scores: people's judgements), so that what it learnt is saved in the same sync.
     */
    public synchronized boolean maybeSync(long nowMillis, Runnable learn) {
        if (models.isEmpty() || nowMillis - last < intervalMillis) {
            return false;
        }
        last = nowMillis;
        if (writer && learn != null) {
            learn.run();
        }
        sync();
        return true;
    }

    /**
     * Saves (writer: the states that changed) or loads (reader) now. Synchronized with {@link #maybeSync}: the bolt's
     * cleanup saves from another thread than its ticks, and two saves under way at once could store an older state
     * after a newer one (a resumed crawl then read some judgements twice).
     */
    public synchronized void sync() {
        for (int i = 0; i < models.size(); i++) {
            AdaptiveModel<?> m = models.get(i);
            try {
                if (writer) {
                    long changes = m.changes();
                    if (changes != savedChanges[i]) {
                        store.save(m.kind(), m.state());
                        savedChanges[i] = changes;
                    }
                } else {
                    load(m);
                }
            } catch (IOException | RuntimeException e) {
                LogThrottle.WARNINGS.warn(LOG, "Cannot {} the {} model state: {}",
                        writer ? "save" : "load", m.kind(), e.toString());
            }
        }
    }

    private <S> void load(AdaptiveModel<S> m) throws IOException {
        store.load(m.kind(), m.stateType()).ifPresent(m::state);
    }
}
