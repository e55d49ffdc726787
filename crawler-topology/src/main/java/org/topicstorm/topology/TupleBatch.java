package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.tuple.Tuple;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Tuples waiting to be written together, each with the item it is to write. A batch is due when it is full, when
 * its oldest tuple has waited long enough, or when no tuple has come for a short quiet time: the burst that filled
 * it is over. The last rule is what keeps a crawl of few hosts fast: its URLs come in bursts of a few (one frontier
 * batch), and each tuple waited out the whole delay in each of the two batching bolts; a busy crawl's tuples keep
 * coming, so its batches still fill up to the delay. {@code isDue} is asked when a tuple arrives and on each flush
 * tuple ({@link FlushSpout}), so the quiet time is honoured to within the flush interval; a bolt that uses a batch
 * also asks for a tick every second ({@link #TICK_EVERY_SECOND}).
 *
 * @param <T> what each tuple is to write
 */
public final class TupleBatch<T> {

    /** Component configuration for a tick tuple every second. */
    public static final Map<String, Object> TICK_EVERY_SECOND = Map.of(Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS, 1);

    private final int maxSize;
    private final long maxDelayMs;
    private final long quietMs;
    private final long maxWeight;
    private final List<Tuple> tuples = new ArrayList<>();
    private final List<T> items = new ArrayList<>();
    private long startedAt;
    private long lastAddedAt;
    private long weight;

    /** A batch without the quiet rule or a weight: due when full or when its oldest tuple has waited long enough. */
    public TupleBatch(int maxSize, long maxDelayMs) {
        this(maxSize, maxDelayMs, 0, Long.MAX_VALUE);
    }

    /**
     * @param quietMs   due once no tuple has come for this long (0: no quiet rule)
     * @param maxWeight the batch is also due once its items weigh this much together (e.g. the documents they
     *                  write: a tuple may carry one page or a page with thousands of outlinks)
     */
    public TupleBatch(int maxSize, long maxDelayMs, long quietMs, long maxWeight) {
        this.maxSize = maxSize;
        this.maxDelayMs = maxDelayMs;
        this.quietMs = quietMs;
        this.maxWeight = maxWeight;
    }

    public void add(Tuple tuple, T item, long now) {
        add(tuple, item, now, 1);
    }

    public void add(Tuple tuple, T item, long now, long itemWeight) {
        if (tuples.isEmpty()) {
            startedAt = now;
        }
        lastAddedAt = now;
        tuples.add(tuple);
        items.add(item);
        weight += itemWeight;
    }

    public boolean isDue(long now) {
        return !tuples.isEmpty() && (tuples.size() >= maxSize || weight >= maxWeight
                || now - startedAt >= maxDelayMs || (quietMs > 0 && now - lastAddedAt >= quietMs));
    }

    /** The items to write, in the order of their tuples. */
    public List<T> items() {
        return items;
    }

    /**
     * Hands each tuple with what became of its item ({@code results}, in the order of the items), then empties the
     * batch.
     */
    public <R> void complete(List<R> results, java.util.function.BiConsumer<Tuple, R> outcome) {
        for (int i = 0; i < tuples.size(); i++) {
            outcome.accept(tuples.get(i), results.get(i));
        }
        tuples.clear();
        items.clear();
        weight = 0;
    }
}
