package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class HostCapsTest {

    @Test
    void aHostIsCappedByItsFetchedPagesPlusWhatWasEmittedSinceTheCount() throws Exception {
        Map<String, Long> index = new HashMap<>(Map.of("a", 10L, "b", 8L));
        int[] counts = {0};
        HostCaps caps = new HostCaps(10, 1000, shard -> {
            counts[0]++;
            return Map.copyOf(index);
        });
        assertEquals(Set.of("a"), caps.capped(0, 0));
        caps.emitted("b");
        assertEquals(Set.of("a"), caps.capped(0, 500), "8 + 1 < 10");
        caps.emitted("b");
        assertEquals(Set.of("a", "b"), caps.capped(0, 600), "8 + 2 = 10");
        assertEquals(1, counts[0], "counted once per interval");
        // a host the count does not know yet is capped by its emissions alone
        for (int i = 0; i < 10; i++) {
            caps.emitted("c");
        }
        assertEquals(Set.of("a", "b", "c"), caps.capped(0, 700));
        // the next count replaces what was emitted: b's two pages are now in the index, c's not yet
        index.put("b", 9L);
        assertEquals(Set.of("a"), caps.capped(0, 1000));
        assertEquals(2, counts[0]);
        // raising the cap (a new crawl run with another topic) brings hosts back: nothing was dropped
        assertEquals(Set.of(), new HostCaps(11, 1000, shard -> Map.copyOf(index)).capped(0, 0));
    }

    @Test
    void theCapIsAtLeastOne() {
        assertThrows(IllegalArgumentException.class, () -> new HostCaps(0, 1000, shard -> Map.of()));
    }
}
