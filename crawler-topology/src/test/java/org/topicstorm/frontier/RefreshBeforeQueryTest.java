package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RefreshBeforeQueryTest {

    @Test
    void refreshesBeforeAQueryThatFollowsAnAckAtMostOncePerInterval() throws Exception {
        List<String> calls = new ArrayList<>();
        RefreshBeforeQuery fresh = new RefreshBeforeQuery((shard, now, leftOut) -> {
            calls.add("query@" + now);
            return List.of();
        }, () -> calls.add("refresh"), 250);

        fresh.nextBatch(0, 1000, List.of());
        assertEquals(List.of("query@1000"), calls, "nothing acked yet: no refresh");
        fresh.acked(1100);
        fresh.nextBatch(0, 1200, List.of());
        assertEquals(List.of("query@1000", "refresh", "query@1200"), calls);
        fresh.nextBatch(0, 1300, List.of());
        assertEquals("query@1300", calls.get(calls.size() - 1), "no ack since the refresh at 1200");
        assertEquals(4, calls.size());
        fresh.acked(1350);
        fresh.nextBatch(0, 1400, List.of());
        assertEquals(List.of("query@1400"), calls.subList(4, calls.size()), "acked, but only 200 ms since 1200");
        fresh.nextBatch(0, 1450, List.of());
        assertEquals(List.of("query@1400", "refresh", "query@1450"), calls.subList(4, calls.size()),
                "250 ms since the last refresh, and an ack after it");
    }

    @Test
    void aZeroIntervalRefreshesBeforeEveryQueryThatFollowsAnAck() throws Exception {
        int[] refreshes = {0};
        RefreshBeforeQuery fresh = new RefreshBeforeQuery((shard, now, leftOut) -> List.of(), () -> refreshes[0]++,
                0);
        fresh.acked(10);
        fresh.nextBatch(0, 20, List.of());
        fresh.nextBatch(0, 30, List.of());   // nothing acked since the refresh at 20
        fresh.acked(35);
        fresh.nextBatch(0, 40, List.of());
        fresh.acked(40);
        fresh.nextBatch(0, 40, List.of());   // an ack in the refresh's millisecond may have come after it
        assertEquals(3, refreshes[0]);
    }
}
