package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostQuotaTest {

    @Test
    void aHostTakesAtMostPerHostUrls() {
        HostQuota q = new HostQuota(10, 2);
        assertTrue(q.offer("a"));
        assertTrue(q.offer("a"));
        assertFalse(q.offer("a"), "third URL of a host with a cap of 2");
        assertEquals(Set.of("a"), q.fullHosts());
        assertEquals(2, q.size());
        assertFalse(q.isFull());
    }

    @Test
    void hostsBeyondMaxHostsAreNotAdmittedButAdmittedHostsGoOnFilling() {
        HostQuota q = new HostQuota(2, 3);
        assertTrue(q.offer("a"));
        assertTrue(q.offer("b"));
        assertTrue(q.hostsClosed());
        assertFalse(q.offer("c"), "a third host when two places are taken");
        assertTrue(q.offer("b"));
        assertEquals(Set.of("a", "b"), q.openHosts());
        assertTrue(q.offer("a"));
        assertTrue(q.offer("a"));
        assertEquals(Set.of("b"), q.openHosts());
        assertFalse(q.isFull());
        assertTrue(q.offer("b"));
        assertTrue(q.isFull());
        assertEquals(Set.of(), q.openHosts());
        assertEquals(6, q.size());
    }

    /**
     * Offered every URL best first, the quota picks exactly the collapse-on-host result: the best perHost URLs of
     * each of the maxHosts hosts whose best URL is best.
     */
    @Test
    void offeredEveryUrlInOrderItPicksEachBestHostsBestUrls() {
        Random random = new Random(7);
        Map<String, Double> priority = new LinkedHashMap<>();
        for (int i = 0; i < 3000; i++) {
            priority.put("u" + i, random.nextDouble());
        }
        java.util.function.Function<String, String> hostOf = u -> "h" + (u.hashCode() & 0x7fffffff) % 40;
        List<String> byPriority = new ArrayList<>(priority.keySet());
        byPriority.sort(Comparator.comparingDouble(priority::get).reversed());

        HostQuota q = new HostQuota(25, 4);
        List<String> picked = new ArrayList<>();
        for (String u : byPriority) {
            if (q.offer(hostOf.apply(u))) {
                picked.add(u);
            }
        }

        // the expected batch, computed the other way round: hosts ranked by their best URL, top 25, 4 best each
        Map<String, List<String>> byHost = new LinkedHashMap<>();
        for (String u : byPriority) {
            byHost.computeIfAbsent(hostOf.apply(u), h -> new ArrayList<>()).add(u);
        }
        List<String> expected = new ArrayList<>();
        byHost.values().stream().limit(25).forEach(urls -> expected.addAll(urls.subList(0, 4)));
        expected.sort(Comparator.comparingDouble(priority::get).reversed());
        assertEquals(expected, picked);
        assertTrue(q.isFull());
    }
}
