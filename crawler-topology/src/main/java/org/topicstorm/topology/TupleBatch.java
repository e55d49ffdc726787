package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.tuple.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tuples waiting to be written together, each with the item it is to write. A batch is due when it is full or
 * its oldest tuple has waited long enough; a bolt that uses one asks for a tick every second
 * ({@link #TICK_EVERY_SECOND}) so that a partial batch is written even when no tuple arrives.
 *
 * @param <T> what each tuple is to write
 */
public final class TupleBatch<T> {

    /** Component configuration for a tick tuple every second. */
    public static final Map<String, Object> TICK_EVERY_SECOND = Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);

    /** What to do with a tuple once its item is written, or not. */
    public interface Outcome {
        void done(Tuple tuple, boolean written);
    }

    private final int maxSize;
    private final long maxDelayMs;
    private final List<Tuple> tuples = new ArrayList<>();
    private final List<T> items = new ArrayList<>();
    private long startedAt;

    public TupleBatch(int maxSize, long maxDelayMs) {
        this.maxSize = maxSize;
        this.maxDelayMs = maxDelayMs;
    }

    public void add(Tuple tuple, T item, long now) {
        if (tuples.isEmpty()) {
            startedAt = now;
        }
        tuples.add(tuple);
        items.add(item);
    }

    public boolean isDue(long now) {
        return !tuples.isEmpty() && (tuples.size() >= maxSize || now - startedAt >= maxDelayMs);
    }

    /** The items to write, in the order of their tuples. */
    public List<T> items() {
        return items;
    }

    /** Reports each tuple with whether its item was written ({@code written[i]} for item i), then empties the batch. */
    public void complete(boolean[] written, Outcome outcome) {
        for (int i = 0; i < tuples.size(); i++) {
            outcome.done(tuples.get(i), written[i]);
        }
        tuples.clear();
        items.clear();
    }

    /** As above, with whether each item was written in a list, in the order of the items. */
    public void complete(List<Boolean> written, Outcome outcome) {
        for (int i = 0; i < tuples.size(); i++) {
            outcome.done(tuples.get(i), written.get(i));
        }
        tuples.clear();
        items.clear();
    }
}
