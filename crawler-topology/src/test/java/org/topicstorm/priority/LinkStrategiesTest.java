package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.LinkSettings;
import org.topicstorm.topic.Topic;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link-topology (003), hub (004) and learned strategies against hand arithmetic. Topic D = (cloud 1, kubernetes 2),
 * threshold 0.5; anchor "Kubernetes" scores 2/sqrt(5) = 0.894427, "About us" 0 (see LinkPrioritizersTest).
 */
class LinkStrategiesTest {

    private static final double EPS = 1e-12;
    private static final double KUBERNETES = 2 / Math.sqrt(5);
    private static final Map<String, Double> KEYWORDS = Map.of("cloud", 1.0, "kubernetes", 2.0);

    private static Topic topic(Topic.Strategy strategy, Topic.Focus focus) {
        return new Topic("t", List.of("en"), KEYWORDS, List.of("https://example.org/"), 0.5, strategy, focus,
                Topic.Limits.NONE, null);
    }

    @Test
    void tunnelIsAlphaOverDistanceRoundedDown() {
        assertEquals(2, LinkTopologyPrioritizer.tunnel(2, 1));
        assertEquals(1, LinkTopologyPrioritizer.tunnel(2, 2));
        assertEquals(0, LinkTopologyPrioritizer.tunnel(2, 3));
        assertEquals(1, LinkTopologyPrioritizer.tunnel(5, 3)); // floor(5/3)
        assertEquals(0, LinkTopologyPrioritizer.tunnel(0, 1));
    }

    @Test
    void betaIsTauPlusAnchorScore() {
        LinkSettings.Tau tau = LinkSettings.Tau.DEFAULT;
        assertEquals(0.6 + 0.25, LinkTopologyPrioritizer.beta(tau, PathRelation.EXTENDS, 0.25), EPS);
        assertEquals(0.5, LinkTopologyPrioritizer.beta(tau, PathRelation.SAME_SHAPE, 0), EPS);
        assertEquals(0.4 + 1, LinkTopologyPrioritizer.beta(tau, PathRelation.BOILERPLATE, 1), EPS);
        assertEquals(0.5, LinkTopologyPrioritizer.beta(tau, PathRelation.OTHER, 0), EPS);
    }

    @Test
    void aLinkThatNamesNoKeywordHasItsBetaScaled() {
        LinkSettings.Tau tau = LinkSettings.Tau.DEFAULT;
        // neither anchor nor URL scores: tau 0.5 * 0.5
        assertEquals(0.25, LinkTopologyPrioritizer.beta(tau, PathRelation.OTHER, 0, 0, 0.5), EPS);
        assertEquals(0.6 * 0.5, LinkTopologyPrioritizer.beta(tau, PathRelation.EXTENDS, 0, 0, 0.5), EPS);
        // the URL names the topic (its anchor does not): the patent's beta, tau + 0
        assertEquals(0.5, LinkTopologyPrioritizer.beta(tau, PathRelation.OTHER, 0, 0.3, 0.5), EPS);
        // the anchor names it: tau + anchor score
        assertEquals(0.6 + 0.25, LinkTopologyPrioritizer.beta(tau, PathRelation.EXTENDS, 0.25, 0, 0.5), EPS);
        // factor 1: the patent's beta; 0: such a link contributes nothing
        assertEquals(0.4, LinkTopologyPrioritizer.beta(tau, PathRelation.BOILERPLATE, 0, 0, 1), EPS);
        assertEquals(0, LinkTopologyPrioritizer.beta(tau, PathRelation.OTHER, 0, 0, 0), EPS);
    }

    @Test
    void aPageTwoParentsCiteWithoutKeywordsNoLongerOutweighsOneLinkThatNamesTheTopic() {
        // Two relevant pages /a/p0.html and /a/p1.html (relevance 0.8, two links each, no in-links: Pi / L =
        // (2 / 100) / 2 = 0.01) each link /a/ref.html, anchor "Reference" (no keyword, nor in its URL; same shape, tau
        // 0.5: a third parent would make it boilerplate); the first also links /k/sub.html with anchor "Cloud"
        // (1 / sqrt(5); same shape, tau 0.5).
        //   /k/sub.html: one contribution 0.8 * (0.5 + 0.447214) * 0.01 = 0.0075777
        //   /a/ref.html, the patent's beta: 2 * 0.8 * 0.5 * 0.01 = 0.008 (first)
        //   /a/ref.html, keywordless-links 0.5: 2 * 0.8 * 0.25 * 0.01 = 0.004 (second)
        // (the frontier sums a URL's contributions, StatusMerge; here the sum is taken by hand)
        double cloud = 1 / Math.sqrt(5);
        for (double keywordless : new double[]{1.0, 0.5}) {
            LinkSettings d = LinkSettings.DEFAULT;
            Topic t = new Topic("t", List.of("en"), KEYWORDS, List.of("https://example.org/"), 0.5,
                    Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT, Topic.Limits.NONE, null,
                    org.topicstorm.topic.RelevanceSettings.DEFAULT, new LinkSettings(d.tau(), d.tunnelAlpha(),
                    d.hubWeight(), d.boilerplatePages(), d.learned(), d.siblings(), keywordless));
            LinkPrioritizer p = LinkPrioritizers.forTopic(t, Map.of());
            double ref = 0;
            double sub = 0;
            for (int i = 0; i < 2; i++) {
                ParentInfo parent = new ParentInfo("https://example.org/a/p" + i + ".html", 0.8, true, 0, 0, 0);
                List<Outlink> links = List.of(new Outlink("https://example.org/a/ref.html", "Reference", ""),
                        i == 0 ? new Outlink("https://example.org/k/sub.html", "Cloud", "")
                                : new Outlink("https://example.org/a/q.html", "", ""));
                for (ScoredLink l : p.prioritize(parent, links)) {
                    assertEquals(Aggregation.SUM, l.aggregation(), l.url());
                    ref += l.url().endsWith("/ref.html") ? l.priority() : 0;
                    sub += l.url().endsWith("/k/sub.html") ? l.priority() : 0;
                }
            }
            assertEquals(0.8 * (0.5 + cloud) * 0.01, sub, EPS);
            assertEquals(2 * 0.8 * 0.5 * keywordless * 0.01, ref, EPS);
            assertEquals(keywordless == 1.0, ref > sub, "keywordless-links " + keywordless);
        }
    }

    @Test
    void contributionIsSimBetaPiOverL() {
        // sim 0.8, beta 1.1, L = 4 links, 2 in-links: k = 6; Pi = 6 / 100 (the reference degree) = 0.06;
        // 0.8 * 1.1 * 0.06 / 4 = 0.0132
        assertEquals(0.0132, LinkTopologyPrioritizer.contribution(0.8, 1.1, 4, 2), EPS);
        assertEquals(0, LinkTopologyPrioritizer.contribution(0.8, 1.1, 0, 2));
    }

    @Test
    void linkTopologyScoresAPageAndSumsInTheFrontier() {
        LinkPrioritizer p = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.HARD), Map.of());
        // parent /k/index.html (a directory index), relevance 0.9, 1 in-link, 2 links: k = 3, Pi = 3 / 100.
        // /k/sub.html  EXTENDS, anchor "Kubernetes": beta = 0.6 + 0.894427; w = 0.9 * beta * 0.03 / 2
        // /about.html  OTHER ([] vs [k]), anchor "About us", no keyword in anchor or URL: beta = 0.5 * 0.5 (the
        //              keywordless factor); w = 0.9 * 0.25 * 0.03 / 2 = 0.003375
        ParentInfo parent = new ParentInfo("https://example.org/k/index.html", 0.9, true, 0, 0, 1);
        List<ScoredLink> links = p.prioritize(parent, List.of(
                new Outlink("https://example.org/about.html", "About us", ""),
                new Outlink("https://example.org/k/sub.html", "Kubernetes", "")));
        assertEquals("https://example.org/k/sub.html", links.get(0).url());
        assertEquals(0.9 * (0.6 + KUBERNETES) * 0.03 / 2, links.get(0).priority(), EPS);
        assertEquals(0.003375, links.get(1).priority(), EPS);
        assertEquals(Aggregation.SUM, links.get(0).aggregation());
        assertTrue(links.get(0).features().isEmpty(), "only the learned strategy ships features");

        // a second page: 4 links, 0 in-links: k = 4; Pi = 4 / 100, whatever pages came before
        // /k/sub.html from /k/other.html: SAME_SHAPE, anchor "About us" (but "sub" names no keyword either): keywordless
        // 0.9 * 0.5 * 0.5 * 0.04 / 4 = 0.00225
        ParentInfo second = new ParentInfo("https://example.org/k/other.html", 0.9, true, 0, 0, 0);
        List<ScoredLink> more = p.prioritize(second, List.of(
                new Outlink("https://example.org/k/sub.html", "About us", ""),
                new Outlink("https://example.org/k/a.html", "", ""),
                new Outlink("https://example.org/k/b.html", "", ""),
                new Outlink("https://example.org/k/c.html", "", "")));
        assertEquals(0.00225, more.get(0).priority(), EPS);
    }

    @Test
    void aContributionDoesNotDependOnThePagesScoredBefore() {
        // a small page (1 link) and a large one (9 links), scored in both orders: each gives its links the same
        // priority either way (the earlier divisor, the mean degree of the pages scored so far, gave the small
        // page's link 0.8 * 0.5 * 1 / 1 when it came first, and 0.8 * 0.5 * (1 / 5) / 1 when it came second)
        ParentInfo small = new ParentInfo("https://example.org/s.html", 0.8, true, 0, 0, 0);
        ParentInfo large = new ParentInfo("https://example.org/l.html", 0.8, true, 0, 0, 0);
        List<Outlink> one = List.of(new Outlink("https://example.org/x.html", "", ""));
        List<Outlink> nine = new java.util.ArrayList<>();
        for (int i = 0; i < 9; i++) {
            nine.add(new Outlink("https://example.org/y" + i + ".html", "", ""));
        }
        LinkPrioritizer smallFirst = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT),
                Map.of());
        double smallAsFirst = smallFirst.prioritize(small, one).get(0).priority();
        double largeAsSecond = smallFirst.prioritize(large, nine).get(0).priority();
        LinkPrioritizer largeFirst = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT),
                Map.of());
        double largeAsFirst = largeFirst.prioritize(large, nine).get(0).priority();
        double smallAsSecond = largeFirst.prioritize(small, one).get(0).priority();
        // same shape (tau 0.5), no anchor nor keyword in the URL (factor 0.5): 0.8 * 0.5 * 0.5 * (k / 100) / L,
        // k = L (no in-links): 0.002 for both pages
        assertEquals(0.002, smallAsFirst, EPS);
        assertEquals(0.002, smallAsSecond, EPS);
        assertEquals(0.002, largeAsFirst, EPS);
        assertEquals(0.002, largeAsSecond, EPS);
        assertEquals(smallAsFirst, smallAsSecond);
        assertEquals(largeAsFirst, largeAsSecond);
    }

    @Test
    void tunnellingKeepsLinksOfIrrelevantPagesNearRelevantOnes() {
        LinkPrioritizer p = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.HARD), Map.of());
        Outlink link = new Outlink("https://example.org/x.html", "", "");
        // irrelevant parent at distance 0 (a relevant page links to it): its links are at d = 1, tunnel 2 > 0;
        // its similarity 0.1 counts as the threshold 0.5: 0.5 * 0.5 (OTHER... same shape: [] vs []) * 0.5 (no keyword
        // in anchor or URL) * Pi 0.01 / L 1
        List<ScoredLink> near = p.prioritize(new ParentInfo("https://example.org/p.html", 0.1, false, 1, 0, 0),
                List.of(link));
        assertEquals(1, near.size());
        assertEquals(0.5 * 0.5 * 0.5 * 0.01, near.get(0).priority(), EPS);
        assertEquals(1, near.get(0).distance());
        // at distance 1 its links are at d = 2: tunnel 1, still followed
        assertEquals(1, p.prioritize(new ParentInfo("https://example.org/p.html", 0.1, false, 2, 1, 0),
                List.of(link)).size());
        // at d = 3, tunnel 0: hard focus drops them
        assertEquals(0, p.prioritize(new ParentInfo("https://example.org/p.html", 0.1, false, 3, 2, 0),
                List.of(link)).size());
        // best-first with hard focus drops them at once
        LinkPrioritizer bf = LinkPrioritizers.forTopic(topic(Topic.Strategy.BEST_FIRST, Topic.Focus.HARD), Map.of());
        assertEquals(0, bf.prioritize(new ParentInfo("https://example.org/p.html", 0.1, false, 1, 0, 0),
                List.of(link)).size());
    }

    @Test
    void softFocusLowersLinksPastTheTunnel() {
        LinkPrioritizer p = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT), Map.of());
        // d = 3, tunnel 0: sim 0.2 (its own) * beta 0.5 * 0.5 (keywordless) * Pi 0.01 (k = 1) / L 1, times the soft
        // factor 0.5
        List<ScoredLink> links = p.prioritize(new ParentInfo("https://example.org/p.html", 0.2, false, 3, 2, 0),
                List.of(new Outlink("https://example.org/x.html", "", "")));
        assertEquals(0.2 * 0.5 * 0.5 * 0.01 * 0.5, links.get(0).priority(), EPS);
    }

    @Test
    void aBoilerplateLinkIsNotSummed() {
        // boilerplate-pages 3 (default): the third distinct page of the host linking to /menu makes it boilerplate
        LinkPrioritizer p = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT), Map.of());
        Outlink menu = new Outlink("https://example.org/menu.html", "About us", "");
        List<Aggregation> how = new java.util.ArrayList<>();
        List<Double> priorities = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ScoredLink l = p.prioritize(new ParentInfo("https://example.org/p" + i + ".html", 0.8, true, 0, 0, 0),
                    List.of(menu)).get(0);
            how.add(l.aggregation());
            priorities.add(l.priority());
        }
        assertEquals(List.of(Aggregation.SUM, Aggregation.SUM, Aggregation.MAX, Aggregation.MAX, Aggregation.MAX,
                Aggregation.MAX), how);
        // same shape (tau 0.5) before, boilerplate (tau 0.4) after, each halved (no keyword in "About us" nor in
        // /menu.html); Pi = 1 / 100 (one link), L = 1
        assertEquals(0.8 * 0.5 * 0.5 * 0.01, priorities.get(1), EPS);
        assertEquals(0.8 * 0.4 * 0.5 * 0.01, priorities.get(2), EPS);
    }

    @Test
    void hubIsM1CosPlusM2Hub() {
        assertEquals(0.8 * 0.5 + 0.2 * 0.25, HubPrioritizer.importance(0.5, 0.25, 0.2), EPS);
        LinkPrioritizer p = LinkPrioritizers.forTopic(topic(Topic.Strategy.HUB, Topic.Focus.SOFT), Map.of());
        // first page: 2 links, Cmax = 2, Hub = 1: 0.8 * 0.6 + 0.2 * 1 (+ 0.001 * anchor)
        List<ScoredLink> first = p.prioritize(new ParentInfo("https://example.org/a", 0.6, true, 0, 0),
                List.of(new Outlink("https://example.org/b", "Kubernetes", ""),
                        new Outlink("https://example.org/c", "About us", "")));
        assertEquals(0.8 * 0.6 + 0.2 + 0.001 * KUBERNETES, first.get(0).priority(), EPS);
        assertEquals(0.8 * 0.6 + 0.2, first.get(1).priority(), EPS);
        // next page: 1 link, Hub = 1/2; irrelevant: times the soft factor 0.5
        List<ScoredLink> second = p.prioritize(new ParentInfo("https://example.org/d", 0.4, false, 0, 0),
                List.of(new Outlink("https://example.org/e", "About us", "")));
        assertEquals((0.8 * 0.4 + 0.2 * 0.5) * 0.5, second.get(0).priority(), EPS);
        assertEquals(Aggregation.MAX, second.get(0).aggregation());
    }

    @Test
    void learnedIsItsPriorTimesTheClassifiersLift() {
        LinkScorer[] current = {null};
        LinkPrioritizer learned = LinkPrioritizers.forTopic(topic(Topic.Strategy.LEARNED, Topic.Focus.SOFT), Map.of(),
                () -> current[0]);
        LinkPrioritizer topology = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT),
                Map.of());
        ParentInfo parent = new ParentInfo("https://example.org/a", 0.6, true, 0, 0);
        List<Outlink> outlinks = List.of(new Outlink("https://example.org/k8s/pods.html", "Kubernetes", ""));
        // before the first classifier: the prior's (link-topology's) priority and aggregation, no lift; the link's
        // features travel with it
        ScoredLink before = learned.prioritize(parent, outlinks).get(0);
        ScoredLink prior = topology.prioritize(parent, outlinks).get(0);
        assertEquals(prior.priority(), before.priority(), EPS);
        assertEquals(Aggregation.SUM, before.aggregation());
        assertEquals(null, before.lift());
        assertTrue(before.features().contains("u:k8s"), before.features().toString());
        // the anchor's analysed terms (stemmed: "kubernet")
        assertTrue(before.features().stream().anyMatch(t -> t.startsWith("a:kubernet")), before.features().toString());
        // after: p = sigmoid(-1 + 3) = sigmoid(2), odds e^2; trust 0.5: lift (e^2)^0.5 = e; the contribution itself
        // stays the prior's (the frontier multiplies)
        current[0] = new LinkScorer(LinkClassifier.of(new LinkClassifier.State(4, 100, 100, 50, -1.0,
                Map.of("u:k8s", 3.0), 0.5)), RegionHarvest.NONE, 4);
        ScoredLink after = learned.prioritize(parent, outlinks).get(0);
        assertEquals(Math.E, after.lift().factor(), 1e-9);
        assertEquals(4, after.lift().version());
        // with the regions' harvest: example.org 3 of 4 relevant, example.org/k8s 2 of 2, the crawl 3 of 6:
        // crawl p0 = 4/8 = 0.5; host (3 + 2 x 0.5) / (4 + 2) = 2/3; /k8s (2 + 2 x 2/3) / (2 + 2) = 5/6;
        // region factor = odds(5/6) / odds(1/2) = 5; the lift e x 5
        RegionHarvest regions = new RegionHarvest(new RegionHarvest.State(5, new RegionHarvest.Count(6, 3),
                Map.of("example.org", new RegionHarvest.Count(4, 3),
                        "example.org/k8s", new RegionHarvest.Count(2, 2))), 2);
        current[0] = new LinkScorer(current[0].classifier(), regions, 5);
        ScoredLink withRegions = learned.prioritize(parent, outlinks).get(0);
        assertEquals(Math.E * 5, withRegions.lift().factor(), 1e-9);
        assertEquals(5, withRegions.lift().version());
        assertEquals(topology.prioritize(parent, outlinks).get(0).priority(), after.priority(), EPS);
    }

    @Test
    void learnedDropsTheKeywordlessFactorWhileItsClassifierPredictsBetterThanChance() {
        LinkScorer[] current = {null};
        LinkPrioritizer learned = LinkPrioritizers.forTopic(topic(Topic.Strategy.LEARNED, Topic.Focus.SOFT), Map.of(),
                () -> current[0]);
        ParentInfo parent = new ParentInfo("https://example.org/a", 0.6, true, 0, 0);
        List<Outlink> about = List.of(new Outlink("https://example.org/about.html", "About us", ""));
        // no keyword in "About us" nor in /about.html; same shape (tau 0.5), L = 1, no in-links: Pi / L = 0.01
        // no classifier yet: 0.6 * 0.5 * 0.5 (keywordless) * 0.01
        assertEquals(0.6 * 0.5 * 0.5 * 0.01, learned.prioritize(parent, about).get(0).priority(), EPS);
        // a classifier no better than chance (trust 0): still the factor
        current[0] = new LinkScorer(LinkClassifier.of(new LinkClassifier.State(4, 100, 100, 50, -1.0,
                Map.of("u:k8s", 3.0), 0.0)), RegionHarvest.NONE, 4);
        assertEquals(0.6 * 0.5 * 0.5 * 0.01, learned.prioritize(parent, about).get(0).priority(), EPS);
        // trust 0.5: the patent's beta, 0.6 * 0.5 * 0.01; the classifier's lift says the rest
        current[0] = new LinkScorer(LinkClassifier.of(new LinkClassifier.State(5, 100, 100, 50, -1.0,
                Map.of("u:k8s", 3.0), 0.5)), RegionHarvest.NONE, 5);
        assertEquals(0.6 * 0.5 * 0.01, learned.prioritize(parent, about).get(0).priority(), EPS);
        // a retrained classifier that predicts no better than chance: the factor again (what decides is the current
        // classifier, whose lift is then 1)
        current[0] = new LinkScorer(LinkClassifier.of(new LinkClassifier.State(6, 100, 100, 50, -1.0,
                Map.of("u:k8s", 3.0), 0.0)), RegionHarvest.NONE, 6);
        assertEquals(0.6 * 0.5 * 0.5 * 0.01, learned.prioritize(parent, about).get(0).priority(), EPS);
        // link-topology alone keeps the factor (it has no classifier)
        LinkPrioritizer topology = LinkPrioritizers.forTopic(topic(Topic.Strategy.LINK_TOPOLOGY, Topic.Focus.SOFT),
                Map.of());
        assertEquals(0.6 * 0.5 * 0.5 * 0.01, topology.prioritize(parent, about).get(0).priority(), EPS);
    }

    @Test
    void learnedOnABestFirstPrior() {
        LinkSettings.Learned bestFirst = new LinkSettings.Learned(100, 40, 5000, 2000, LinkSettings.Target.VERDICT,
                LinkSettings.Prior.BEST_FIRST, 0.5);
        LinkSettings d = LinkSettings.DEFAULT;
        Topic t = new Topic("t", List.of("en"), KEYWORDS, List.of("https://example.org/"), 0.5, Topic.Strategy.LEARNED,
                Topic.Focus.SOFT, Topic.Limits.NONE, null, org.topicstorm.topic.RelevanceSettings.DEFAULT,
                new LinkSettings(d.tau(), d.tunnelAlpha(), d.hubWeight(), d.boilerplatePages(), bestFirst,
                        d.siblings()));
        ParentInfo parent = new ParentInfo("https://example.org/a", 0.6, true, 0, 0);
        ScoredLink link = LinkPrioritizers.forTopic(t, Map.of(), () -> null)
                .prioritize(parent, List.of(new Outlink("https://example.org/k8s/pods.html", "Kubernetes", "")))
                .get(0);
        // best-first: 0.6 + 0.001 * 0.894427, the best parent's (MAX)
        assertEquals(0.6 + 0.001 * KUBERNETES, link.priority(), EPS);
        assertEquals(Aggregation.MAX, link.aggregation());
    }
}
