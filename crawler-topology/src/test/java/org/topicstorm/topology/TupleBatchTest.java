package org.topicstorm.topology;

import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TupleBatchTest {

    /** A stand-in tuple: the batch only holds and hands back tuples, it never reads them. */
    private static Tuple tuple() {
        return (Tuple) Proxy.newProxyInstance(Tuple.class.getClassLoader(), new Class<?>[]{Tuple.class},
                (proxy, method, args) -> method.getName().equals("equals") ? proxy == args[0] : null);
    }

    @Test
    void dueWhenFullOrWhenTheOldestHasWaitedLongEnough() {
        TupleBatch<String> batch = new TupleBatch<>(3, 1000);
        assertFalse(batch.isDue(10_000), "an empty batch is never due");
        batch.add(tuple(), "a", 100);
        batch.add(tuple(), "b", 900);
        assertFalse(batch.isDue(1099));
        assertTrue(batch.isDue(1100), "the first tuple has waited 1000 ms");
        batch.add(tuple(), "c", 1000);
        assertTrue(batch.isDue(100), "full");
        assertEquals(List.of("a", "b", "c"), batch.items());
    }

    @Test
    void dueOnceNoTupleHasComeForTheQuietTime() {
        TupleBatch<String> batch = new TupleBatch<>(100, 200, 20, Long.MAX_VALUE);
        batch.add(tuple(), "a", 1000);
        batch.add(tuple(), "b", 1015);
        assertFalse(batch.isDue(1015), "a tuple just came");
        assertFalse(batch.isDue(1034), "19 ms since the last one");
        assertTrue(batch.isDue(1035), "20 ms since the last one, 35 since the first");
        // tuples that keep coming within the quiet time: only the delay (200 ms after the first) makes it due
        TupleBatch<String> busy = new TupleBatch<>(100, 200, 20, Long.MAX_VALUE);
        for (long t = 0; t < 200; t += 10) {
            busy.add(tuple(), "x", t);
            assertFalse(busy.isDue(t + 5), "at " + (t + 5));
        }
        assertTrue(busy.isDue(200));
        TupleBatch<String> noQuiet = new TupleBatch<>(100, 200, 0, Long.MAX_VALUE);
        noQuiet.add(tuple(), "a", 0);
        assertFalse(noQuiet.isDue(199), "0 turns the quiet rule off");
    }

    @Test
    void completeReportsEachTupleWithItsOutcomeThenEmpties() {
        TupleBatch<String> batch = new TupleBatch<>(10, 1000);
        Tuple t1 = tuple();
        Tuple t2 = tuple();
        batch.add(t1, "a", 0);
        batch.add(t2, "b", 0);
        List<Object> seen = new ArrayList<>();
        batch.complete(List.of(true, false), (t, ok) -> {
            seen.add(t);
            seen.add(ok);
        });
        assertEquals(List.of(t1, true, t2, false), seen);
        assertTrue(batch.items().isEmpty());
        assertFalse(batch.isDue(5000));
        batch.add(tuple(), "c", 5000);
        assertFalse(batch.isDue(5999), "a new batch starts its own clock");
    }

    @Test
    void dueOnceTheItemsWeighEnough() {
        // up to 500 tuples, but due at 1,000 documents: a page with 600 outlinks (601) and one with 398 (399) = 1,000
        TupleBatch<String> batch = new TupleBatch<>(500, 60_000, 0, 1000);
        batch.add(tuple(), "a", 0, 601);
        assertFalse(batch.isDue(1));
        batch.add(tuple(), "b", 0, 398);
        assertFalse(batch.isDue(1), "999 documents");
        batch.add(tuple(), "c", 0, 1);
        assertTrue(batch.isDue(1), "1,000 documents");
        batch.complete(List.of(true, true, true), (t, ok) -> { });
        batch.add(tuple(), "d", 0, 1);
        assertFalse(batch.isDue(1), "the weight starts again with a new batch");
    }
}
