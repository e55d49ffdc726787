package org.topicstorm.graph;

import org.topicstorm.frontier.UrlIds;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The base set of HITS (Kleinberg 1999, section 2; the 000 paper's ranking): start from the root set R (the t most
 * relevant pages of the crawl), add every page a root page links to and at most d pages linking to each root page;
 * the graph is every known link between two pages of that set.
 *
 * <p>Like Kleinberg's, the base set holds pages the crawl never fetched (a root page's outlinks that are still
 * waiting, in-linking pages judged irrelevant): they take part in the iteration (an unfetched page can be a good
 * authority, an irrelevant page can still be a hub), and it is up to the caller what to do with their scores.
 * Only a fetched page has known outlinks, so an unfetched page is never a hub.
 */
public final class BaseSet {

    /** Kleinberg's root set size (t = 200). */
    public static final int DEFAULT_ROOT_SIZE = 200;

    /** Kleinberg's limit of in-linking pages added per root page (d = 50). */
    public static final int DEFAULT_INLINKS_PER_ROOT = 50;

    /**
     * @param inlinksPerRoot d: at most this many pages linking to each root page join the base set (0: none)
     * @param crossHostOnly  keep only links between different hosts (Kleinberg keeps only such "transverse" links,
     *                       since links within a site are mostly navigation; off by default, because a focused
     *                       crawl of one site has no other links)
     */
    public record Params(int inlinksPerRoot, boolean crossHostOnly) {
        public Params {
            if (inlinksPerRoot < 0) {
                throw new IllegalArgumentException("in-linking pages per root page must be 0 or more, got "
                        + inlinksPerRoot);
            }
        }
    }

    /**
     * The base set's graph and where its pages came from.
     *
     * @param root        pages of the root set
     * @param outlinked   pages added because a root page links to them (and not in the root set)
     * @param inlinking   pages added because they link to a root page (and not added before)
     * @param linksLeftOut links between base pages left out for joining pages of one host (crossHostOnly)
     */
    public record Result(LinkGraph graph, int root, int outlinked, int inlinking, int linksLeftOut) {
    }

    private BaseSet() {
    }

    /** @param root the root set, the most relevant page first */
    public static Result build(List<String> root, Params params, LinkSource links) throws IOException {
        Set<String> rootSet = new LinkedHashSet<>(root);
        Set<String> base = new LinkedHashSet<>(rootSet);
        Map<String, Set<String>> rootOut = links.outlinks(rootSet);
        for (String r : rootSet) {
            base.addAll(rootOut.getOrDefault(r, Set.of()));
        }
        int outlinked = base.size() - rootSet.size();
        if (params.inlinksPerRoot() > 0) {
            Map<String, List<String>> inlinkers = links.inlinkers(rootSet, params.inlinksPerRoot());
            for (String r : rootSet) {
                base.addAll(inlinkers.getOrDefault(r, List.of()));
            }
        }
        int inlinking = base.size() - rootSet.size() - outlinked;

        // the links of the root pages are known already; ask for the others' only
        Set<String> others = new LinkedHashSet<>(base);
        others.removeAll(rootSet);
        Map<String, Set<String>> othersOut = links.outlinks(others);
        LinkGraph.Builder graph = LinkGraph.builder();
        int leftOut = 0;
        for (String from : base) {
            graph.addNode(from);
            Set<String> targets = rootSet.contains(from) ? rootOut.get(from) : othersOut.get(from);
            for (String to : targets == null ? Set.<String>of() : targets) {
                if (!base.contains(to) || from.equals(to)) {
                    continue;
                }
                if (params.crossHostOnly() && UrlIds.host(from).equals(UrlIds.host(to))) {
                    leftOut++;
                    continue;
                }
                graph.addEdge(from, to);
            }
        }
        return new Result(graph.build(), rootSet.size(), outlinked, inlinking, leftOut);
    }
}
