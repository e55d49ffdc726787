package org.topicstorm.eval;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * What a crawler that knew the labels and the link graph could find in a budget of fetches: an achievable recall
 * to read a strategy's recall@|R| against, sharper than the reachable share (a relevant page ten irrelevant hops
 * from the seeds is reachable, but not within |R| fetches with much else to find).
 *
 * <p>It crawls as a crawler must (a page's links are known once it is fetched; it starts from the seeds) and chooses
 * greedily: a relevant URL it knows of if there is one, otherwise the first hop of a shortest path from what it
 * knows to a relevant page not yet found. Greedy is not always best (a longer path may open a richer region), so
 * this is a recall some crawler achieves, a lower bound of the best possible; a strategy above it is possible.
 */
public final class InformedCrawl {

    private InformedCrawl() {
    }

    /**
     * @param graph   every page's outlinks (a page missing from it has none)
     * @param starts  the seed URLs, in order
     * @param pageKey the labelled page a URL stands for (several spellings of one page count once), or null when
     *                the URL is not relevant
     * @param budget   fetches allowed
     * @param maxDepth the topic's limits.max-depth: links of a page this many links from a seed are not followed
     *                 (0 = no limit)
     * @return the relevant pages found within the budget
     */
    public static int relevantFound(Map<String, List<String>> graph, Collection<String> starts,
                                    Function<String, String> pageKey, int budget, int maxDepth) {
        Function<String, String> key = memo(pageKey);
        Set<String> found = new HashSet<>();
        for (String url : fetchOrder(graph, starts, key, budget, maxDepth)) {
            String k = key.apply(url);
            if (k != null) {
                found.add(k);
            }
        }
        return found.size();
    }

    /**
     * The URLs the informed crawler fetches, in its order (as {@link #relevantFound}, whose arguments these are):
     * what a crawl that chases the pages {@code pageKey} calls relevant fetches, to be measured against other labels
     * (e.g. a crawler's own verdicts as {@code pageKey}, measured against the corpus labels).
     */
    public static List<String> fetchOrder(Map<String, List<String>> graph, Collection<String> starts,
                                          Function<String, String> pageKey, int budget, int maxDepth) {
        Function<String, String> key = memo(pageKey); // asked for every link the searches cross
        Set<String> known = new LinkedHashSet<>(starts); // URLs found and not fetched yet
        Map<String, Integer> depth = new HashMap<>(); // of the known and fetched URLs: the fewest links from a seed
        starts.forEach(s -> depth.put(s, 0));
        Set<String> fetched = new HashSet<>();
        List<String> order = new java.util.ArrayList<>();
        Set<String> found = new HashSet<>();
        for (int fetches = 0; fetches < budget && !known.isEmpty(); fetches++) {
            String next = null;
            for (String url : known) {
                if (isNew(url, key, found)) {
                    next = url;
                    break;
                }
            }
            if (next == null) {
                next = firstHopToRelevant(graph, known, fetched, depth, maxDepth, key, found);
                if (next == null) {
                    break; // nothing relevant is left within reach
                }
            }
            known.remove(next);
            fetched.add(next);
            order.add(next);
            if (isNew(next, key, found)) {
                found.add(key.apply(next));
            }
            int d = depth.get(next);
            if (maxDepth > 0 && d >= maxDepth) {
                continue; // as the crawl: a page at the depth limit is fetched, its links are not followed
            }
            for (String to : graph.getOrDefault(next, List.of())) {
                if (!fetched.contains(to)) {
                    known.add(to);
                    depth.merge(to, d + 1, Math::min);
                }
            }
        }
        return order;
    }

    private static Function<String, String> memo(Function<String, String> f) {
        Map<String, java.util.Optional<String>> cache = new HashMap<>();
        return url -> cache.computeIfAbsent(url, u -> java.util.Optional.ofNullable(f.apply(u))).orElse(null);
    }

    private static boolean isNew(String url, Function<String, String> pageKey, Set<String> found) {
        String key = pageKey.apply(url);
        return key != null && !found.contains(key);
    }

    /**
     * Breadth-first from every known URL at once over pages not fetched, within the depth limit: the known URL whose
     * descendants include the nearest relevant page not found yet (the first such known URL in its order when
     * several are as near).
     */
    private static String firstHopToRelevant(Map<String, List<String>> graph, Set<String> known, Set<String> fetched,
                                             Map<String, Integer> depth, int maxDepth,
                                             Function<String, String> pageKey, Set<String> found) {
        Map<String, String> origin = new HashMap<>();
        Map<String, Integer> reached = new HashMap<>(); // depth along the search's path
        ArrayDeque<String> queue = new ArrayDeque<>();
        for (String url : known) {
            origin.put(url, url);
            reached.put(url, depth.get(url));
            queue.add(url);
        }
        while (!queue.isEmpty()) {
            String url = queue.poll();
            int d = reached.get(url);
            if (maxDepth > 0 && d >= maxDepth) {
                continue;
            }
            for (String to : graph.getOrDefault(url, List.of())) {
                if (fetched.contains(to) || origin.containsKey(to)) {
                    continue;
                }
                origin.put(to, origin.get(url));
                reached.put(to, d + 1);
                if (isNew(to, pageKey, found)) {
                    return origin.get(to);
                }
                queue.add(to);
            }
        }
        return null;
    }
}
