package org.topicstorm.graph;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaseSetTest {

    private static final String R1 = "http://a.test/r1";
    private static final String R2 = "http://a.test/r2";
    private static final String X1 = "http://a.test/x1";
    private static final String X2 = "http://b.test/x2";
    private static final String I1 = "http://b.test/i1";
    private static final String I2 = "http://c.test/i2";
    private static final String I3 = "http://c.test/i3";
    private static final String I4 = "http://a.test/i4";
    private static final String Y = "http://d.test/y";

    /** A link source from a map; in-linking pages preferred in the order of their URLs. Records what it was asked. */
    private static final class MapLinks implements LinkSource {
        final Map<String, Set<String>> links = new LinkedHashMap<>();
        final List<Collection<String>> outlinkQueries = new ArrayList<>();

        MapLinks link(String from, String... to) {
            links.computeIfAbsent(from, k -> new TreeSet<>()).addAll(List.of(to));
            return this;
        }

        @Override
        public Map<String, Set<String>> outlinks(Collection<String> pages) {
            outlinkQueries.add(List.copyOf(pages));
            Map<String, Set<String>> out = new LinkedHashMap<>();
            for (String p : pages) {
                if (links.containsKey(p)) {
                    out.put(p, links.get(p));
                }
            }
            return out;
        }

        @Override
        public Map<String, List<String>> inlinkers(Collection<String> pages, int max) {
            Map<String, List<String>> in = new LinkedHashMap<>();
            for (String page : pages) {
                in.put(page, links.entrySet().stream()
                        .filter(e -> e.getValue().contains(page) && !e.getKey().equals(page))
                        .map(Map.Entry::getKey).sorted().limit(max).toList());
            }
            return in;
        }
    }

    /**
     * Root set [r1, r2]:
     * <pre>
     *   r1 -> x1, r2          x1 -> r1        i1 -> r1, y
     *   r2 -> x2, r2          i2 -> r1        i3 -> r1
     *                         i4 -> r2, x1
     * </pre>
     */
    private static MapLinks web() {
        return new MapLinks().link(R1, X1, R2).link(R2, X2, R2).link(X1, R1).link(I1, R1, Y).link(I2, R1)
                .link(I3, R1).link(I4, R2, X1);
    }

    private static Set<String> nodes(LinkGraph g) {
        Set<String> s = new TreeSet<>();
        for (int i = 0; i < g.size(); i++) {
            s.add(g.node(i));
        }
        return s;
    }

    private static Set<String> edges(LinkGraph g) {
        Set<String> s = new TreeSet<>();
        for (int i = 0; i < g.size(); i++) {
            for (int j : g.outLinks(i)) {
                s.add(g.node(i) + " -> " + g.node(j));
            }
        }
        return s;
    }

    @Test
    void rootPlusTheirOutlinksPlusAtMostDInlinkersEach() throws Exception {
        MapLinks links = web();
        BaseSet.Result r = BaseSet.build(List.of(R1, R2), new BaseSet.Params(2, false), links);
        // outlinks of the root: x1, x2 (r2 is a root page already): 2 added.
        // in-linkers, the first 2 each as the source prefers them (here by URL):
        // r1 <- a.test/x1, b.test/i1 (not c.test/i2, c.test/i3); x1 is in already, and still counts in the 2;
        // r2 <- a.test/i4, a.test/r1 (r1 is in already): 2 added, i1 and i4.
        assertEquals(2, r.root());
        assertEquals(2, r.outlinked());
        assertEquals(2, r.inlinking());
        assertEquals(new TreeSet<>(List.of(R1, R2, X1, X2, I1, I4)), nodes(r.graph()));
        // every link between two base pages; not i1 -> y (y is outside), not r2 -> r2 (a self-link)
        assertEquals(new TreeSet<>(List.of(R1 + " -> " + X1, R1 + " -> " + R2, R2 + " -> " + X2, X1 + " -> " + R1,
                I1 + " -> " + R1, I4 + " -> " + R2, I4 + " -> " + X1)), edges(r.graph()));
        assertEquals(0, r.linksLeftOut());
        // the root's outlinks are asked once: the second query is for the other base pages only
        assertEquals(List.of(R1, R2), links.outlinkQueries.get(0));
        assertEquals(new TreeSet<>(List.of(X1, X2, I1, I4)), new TreeSet<>(links.outlinkQueries.get(1)));
        assertEquals(2, links.outlinkQueries.size());

        // with d = 4 every in-linker of r1 comes in: i2 and i3 too
        BaseSet.Result all = BaseSet.build(List.of(R1, R2), new BaseSet.Params(4, false), web());
        assertEquals(4, all.inlinking());
        assertEquals(new TreeSet<>(List.of(R1, R2, X1, X2, I1, I2, I3, I4)), nodes(all.graph()));
    }

    @Test
    void withoutInlinkersTheBaseIsTheRootAndItsOutlinks() throws Exception {
        BaseSet.Result r = BaseSet.build(List.of(R1, R2), new BaseSet.Params(0, false), web());
        assertEquals(new TreeSet<>(List.of(R1, R2, X1, X2)), nodes(r.graph()));
        assertEquals(0, r.inlinking());
        // x1 -> r1 is there: x1 was fetched and links back
        assertEquals(new TreeSet<>(List.of(R1 + " -> " + X1, R1 + " -> " + R2, R2 + " -> " + X2, X1 + " -> " + R1)),
                edges(r.graph()));
    }

    @Test
    void crossHostOnlyKeepsTheSamePagesButOnlyLinksBetweenHosts() throws Exception {
        BaseSet.Result r = BaseSet.build(List.of(R1, R2), new BaseSet.Params(2, true), web());
        assertEquals(6, r.graph().size());
        // a.test -> a.test links go: r1 -> x1, r1 -> r2, x1 -> r1, i4 -> r2, i4 -> x1 (5)
        assertEquals(new TreeSet<>(List.of(R2 + " -> " + X2, I1 + " -> " + R1)), edges(r.graph()));
        assertEquals(5, r.linksLeftOut());
    }

    @Test
    void aRootPageWithoutKnownLinksIsANodeAlone() throws Exception {
        BaseSet.Result r = BaseSet.build(List.of("http://e.test/alone"), new BaseSet.Params(50, false), web());
        assertEquals(1, r.graph().size());
        assertEquals(0, r.graph().edgeCount());
    }

    @Test
    void aNegativeDIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new BaseSet.Params(-1, false));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }
}
