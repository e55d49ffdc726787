package org.topicstorm.topology;

import java.util.function.LongSupplier;

/**
 * Fetch times for the crawl log: epoch milliseconds that strictly increase within one bolt task, so that pages
 * passing one task in the same millisecond keep the order in which they passed (evaluation reads the crawl's fetch
 * order from these times). Drifts ahead of the wall clock only while more than 1,000 pages a second pass a task.
 */
public final class FetchClock {

    private final LongSupplier millis;
    private long last = Long.MIN_VALUE;

    public FetchClock() {
        this(System::currentTimeMillis);
    }

    public FetchClock(LongSupplier millis) {
        this.millis = millis;
    }

    /** The current time, or one millisecond after the previous value if the clock has not moved past it. */
    public synchronized long next() {
        last = Math.max(millis.getAsLong(), last + 1);
        return last;
    }
}
