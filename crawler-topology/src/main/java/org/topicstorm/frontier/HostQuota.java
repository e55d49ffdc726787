package org.topicstorm.frontier;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * The spread-over-hosts rule of a frontier batch, applied to URLs offered best first: at most {@code maxHosts}
 * hosts, at most {@code perHost} URLs of each. A host takes a place the first time one of its URLs is offered, so
 * the hosts admitted are those with the best URLs, and each admitted host gets its best URLs. Fed with every due
 * URL in priority order, it picks exactly each of the best {@code maxHosts} hosts' best {@code perHost} URLs.
 *
 * <p>It also tells the reader which URLs can still be taken, so that the next page of a scan asks only for those:
 * once every host place is taken, only URLs of admitted hosts that are not full; before, any URL of a host that is
 * not full.
 */
final class HostQuota {

    private final int maxHosts;
    private final int perHost;
    private final Map<String, Integer> taken = new HashMap<>();
    private final Set<String> full = new LinkedHashSet<>();
    private int size;

    HostQuota(int maxHosts, int perHost) {
        this.maxHosts = maxHosts;
        this.perHost = perHost;
    }

    /** Takes the URL if its host has room: returns whether it belongs in the batch. */
    boolean offer(String host) {
        Integer n = taken.get(host);
        if (n == null) {
            if (taken.size() == maxHosts) {
                return false;
            }
            n = 0;
        } else if (n == perHost) {
            return false;
        }
        taken.put(host, n + 1);
        size++;
        if (n + 1 == perHost) {
            full.add(host);
        }
        return true;
    }

    /** Whether the host has a place in the batch (one of its URLs was taken). */
    boolean admitted(String host) {
        return taken.containsKey(host);
    }

    /** Whether no further URL can be taken: every host place is taken by a full host. */
    boolean isFull() {
        return taken.size() == maxHosts && full.size() == maxHosts;
    }

    /** URLs taken so far. */
    int size() {
        return size;
    }

    /** Whether every host place is taken: only {@link #openHosts()} can still take URLs. */
    boolean hostsClosed() {
        return taken.size() == maxHosts;
    }

    /** Admitted hosts that still have room. */
    Set<String> openHosts() {
        Set<String> open = new LinkedHashSet<>(taken.keySet());
        open.removeAll(full);
        return open;
    }

    /** Hosts that have no room left. */
    Set<String> fullHosts() {
        return Set.copyOf(full);
    }
}
