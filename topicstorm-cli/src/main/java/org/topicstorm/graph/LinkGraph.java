package org.topicstorm.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A directed graph of pages (named by URL) for {@link Hits}: each link counted once, self-links left out (a page
 * cannot confer authority on itself, Kleinberg 1999).
 *
 * <p>Nodes are numbered in the order of their names and every adjacency list is sorted, whatever order the links
 * were added in: the same links always give the same graph, so HITS sums in the same order and its scores are
 * reproducible to the last bit.
 */
public final class LinkGraph {

    private final List<String> nodes;
    private final Map<String, Integer> index;
    private final int[][] out;
    private final int[][] in;
    private final int edges;

    private LinkGraph(List<String> nodes, Map<String, Integer> index, int[][] out, int[][] in, int edges) {
        this.nodes = nodes;
        this.index = index;
        this.out = out;
        this.in = in;
        this.edges = edges;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Number of nodes. */
    public int size() {
        return nodes.size();
    }

    /** Number of distinct links between distinct nodes. */
    public int edgeCount() {
        return edges;
    }

    /** The URL of node i. */
    public String node(int i) {
        return nodes.get(i);
    }

    /** The node of a URL, or -1 when it is not in the graph. */
    public int indexOf(String url) {
        Integer i = index.get(url);
        return i == null ? -1 : i;
    }

    /** The nodes i links to, ascending. Do not modify. */
    int[] outLinks(int i) {
        return out[i];
    }

    /** The nodes linking to i, ascending. Do not modify. */
    int[] inLinks(int i) {
        return in[i];
    }

    /** Collects nodes and links in any order and any number of times. */
    public static final class Builder {
        private final TreeMap<String, TreeSet<String>> links = new TreeMap<>();

        private Builder() {
        }

        /** Adds a node (no-op if present). */
        public Builder addNode(String url) {
            links.computeIfAbsent(requireUrl(url), u -> new TreeSet<>());
            return this;
        }

        /** Adds both pages and the link between them; a link from a page to itself adds the page only. */
        public Builder addEdge(String from, String to) {
            addNode(to);
            TreeSet<String> targets = links.computeIfAbsent(requireUrl(from), u -> new TreeSet<>());
            if (!from.equals(to)) {
                targets.add(to);
            }
            return this;
        }

        public LinkGraph build() {
            List<String> nodes = List.copyOf(links.keySet());
            Map<String, Integer> index = new TreeMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                index.put(nodes.get(i), i);
            }
            int[][] out = new int[nodes.size()][];
            List<List<Integer>> in = new ArrayList<>(nodes.size());
            for (int i = 0; i < nodes.size(); i++) {
                in.add(new ArrayList<>());
            }
            int edges = 0;
            for (int i = 0; i < nodes.size(); i++) {
                // the targets are a sorted set, so out[i] is ascending; and i ascends, so every in-list does too
                out[i] = links.get(nodes.get(i)).stream().mapToInt(index::get).toArray();
                for (int j : out[i]) {
                    in.get(j).add(i);
                }
                edges += out[i].length;
            }
            int[][] inArrays = new int[nodes.size()][];
            for (int i = 0; i < nodes.size(); i++) {
                inArrays[i] = in.get(i).stream().mapToInt(Integer::intValue).toArray();
            }
            return new LinkGraph(nodes, Map.copyOf(index), out, inArrays, edges);
        }

        private static String requireUrl(String url) {
            if (url == null || url.isEmpty()) {
                throw new IllegalArgumentException("a page of the link graph needs a URL, got '" + url + "'");
            }
            return url;
        }
    }
}
