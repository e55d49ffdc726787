package org.topicstorm.metrics;

import com.codahale.metrics.Counter;
import com.codahale.metrics.Gauge;
import com.codahale.metrics.Timer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TaskMetricsTest {

    @Test
    void harvestRateIsRelevantOverFetchedAndZeroBeforeTheFirstPage() {
        assertEquals(0.0, TaskMetrics.harvestRate(0, 0));
        assertEquals(0.75, TaskMetrics.harvestRate(3, 4));   // 3 / 4
        assertEquals(0.0, TaskMetrics.harvestRate(0, 7));
    }

    @Test
    void withoutAContextTheMetricsCountButAreNotRegistered() {
        TaskMetrics metrics = TaskMetrics.of(null);
        Counter c = metrics.counter(TaskMetrics.PAGES_JUDGED);
        c.inc(2);
        assertEquals(2, c.getCount());
        Timer t = metrics.timer(TaskMetrics.STATUS_WRITE);
        t.time().stop();
        assertEquals(1, t.getCount());
        Gauge<Integer> g = () -> 5;
        assertEquals(5, metrics.gauge(TaskMetrics.IN_FLIGHT, g).getValue());
    }
}
