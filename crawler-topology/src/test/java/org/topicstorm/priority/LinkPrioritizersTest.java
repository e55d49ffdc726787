package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.TopicStormConfig;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.support.Pages.topic;

/**
 * Topic D = (cloud 1, kubernetes 2). Anchor scores (the model's cosine on the anchor alone):
 * "Kubernetes" a = (0, 1): T = (0, 2), cos = 4 / (2 * sqrt(5)) = 2/sqrt(5) = 0.894427;
 * "cloud" a = (1, 0): T = (1, 0), cos = 1 / sqrt(5) = 0.447214; "About us": 0.
 */
class LinkPrioritizersTest {

    private static final Map<String, Double> KEYWORDS = Map.of("cloud", 1.0, "kubernetes", 2.0);
    private static final double KUBERNETES = 2 / Math.sqrt(5);
    private static final double CLOUD = 1 / Math.sqrt(5);
    private static final double EPS = 1e-12;

    private static final Outlink ABOUT = new Outlink("https://example.org/about", "About us", "");
    private static final Outlink K8S = new Outlink("https://example.org/k8s", "Kubernetes", "");
    private static final Outlink CLOUD_LINK = new Outlink("https://example.org/cloud", "cloud", "");

    private static LinkPrioritizer prioritizer(Topic.Strategy strategy, Topic.Focus focus, int maxDepth,
                                               Map<String, Object> conf) {
        return LinkPrioritizers.forTopic(topic(KEYWORDS, 0.5, strategy, focus, new Topic.Limits(0, maxDepth, null)),
                conf);
    }

    private static LinkPrioritizer bestFirst(Topic.Focus focus) {
        return prioritizer(Topic.Strategy.BEST_FIRST, focus, 0, Map.of());
    }

    private static ParentInfo parent(double relevance, boolean relevant, int depth, int distance) {
        return new ParentInfo("https://example.org/parent", relevance, relevant, depth, distance);
    }

    @Test
    void bestFirstPriorityIsTheParentsRelevance() {
        LinkPrioritizer p = bestFirst(Topic.Focus.SOFT);

        // 0.8 + 0.001 * 0 = 0.8, and 0.6 + 0.001 * 0.894427 = 0.600894: the better parent wins whatever the anchor.
        ScoredLink fromBetter = p.prioritize(parent(0.8, true, 0, 0), List.of(ABOUT)).get(0);
        ScoredLink fromWorse = p.prioritize(parent(0.6, true, 0, 0), List.of(K8S)).get(0);

        assertEquals(0.8, fromBetter.priority(), EPS);
        assertEquals(0.6 + 0.001 * KUBERNETES, fromWorse.priority(), EPS);
        assertTrue(fromBetter.priority() > fromWorse.priority());
    }

    @Test
    void anchorTextBreaksTies() {
        List<ScoredLink> links = bestFirst(Topic.Focus.SOFT)
                .prioritize(parent(0.7, true, 0, 0), List.of(ABOUT, K8S, CLOUD_LINK));

        assertEquals(List.of(K8S.url(), CLOUD_LINK.url(), ABOUT.url()), urls(links));
        assertEquals(0.7 + 0.001 * KUBERNETES, links.get(0).priority(), EPS);
        assertEquals(0.7 + 0.001 * CLOUD, links.get(1).priority(), EPS);
        assertEquals(0.7, links.get(2).priority(), EPS);
        assertEquals("Kubernetes", links.get(0).anchorText());
    }

    @Test
    void softFocusKeepsLinksOfIrrelevantPagesAtAFraction() {
        // Parent 0.3 < threshold: (0.3 + 0.001 * 0.894427) * 0.5 (default factor) = 0.150447
        List<ScoredLink> links = bestFirst(Topic.Focus.SOFT).prioritize(parent(0.3, false, 1, 2), List.of(K8S));

        assertEquals(1, links.size());
        assertEquals((0.3 + 0.001 * KUBERNETES) * 0.5, links.get(0).priority(), EPS);
        // Factor from the configuration: (0.3 + 0) * 0.25 = 0.075
        LinkPrioritizer quarter = prioritizer(Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, 0,
                Map.of(TopicStormConfig.SOFT_FOCUS_FACTOR, 0.25));
        assertEquals(0.075, quarter.prioritize(parent(0.3, false, 1, 2), List.of(ABOUT)).get(0).priority(), EPS);
    }

    @Test
    void hardFocusDropsLinksOfIrrelevantPages() {
        LinkPrioritizer p = bestFirst(Topic.Focus.HARD);

        assertEquals(List.of(), p.prioritize(parent(0.3, false, 0, 0), List.of(ABOUT, K8S)));
        assertEquals(2, p.prioritize(parent(0.6, true, 0, 0), List.of(ABOUT, K8S)).size());
        assertEquals(List.of(), prioritizer(Topic.Strategy.BREADTH_FIRST, Topic.Focus.HARD, 0, Map.of())
                .prioritize(parent(0.3, false, 0, 0), List.of(ABOUT)));
    }

    @Test
    void breadthFirstOrdersByDepthOnly() {
        LinkPrioritizer p = prioritizer(Topic.Strategy.BREADTH_FIRST, Topic.Focus.SOFT, 0, Map.of());

        // From a seed (depth 0) links have depth 1: 1 / (1 + 1) = 0.5, whatever the parent's relevance or anchor.
        List<ScoredLink> shallow = p.prioritize(parent(0.0, false, 0, 0), List.of(ABOUT, K8S));
        // From depth 2, links have depth 3: 1 / (1 + 3) = 0.25, even from a perfectly relevant page.
        List<ScoredLink> deep = p.prioritize(parent(1.0, true, 2, 0), List.of(K8S));

        assertEquals(List.of(ABOUT.url(), K8S.url()), urls(shallow)); // equal priorities keep document order
        assertEquals(0.5, shallow.get(0).priority());
        assertEquals(0.5, shallow.get(1).priority());
        assertEquals(1, shallow.get(0).depth());
        assertEquals(0.25, deep.get(0).priority());
        assertEquals(3, deep.get(0).depth());
    }

    @Test
    void linksBeyondTheDepthLimitAreDropped() {
        LinkPrioritizer p = prioritizer(Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, 2, Map.of());

        assertEquals(2, p.prioritize(parent(0.6, true, 1, 0), List.of(ABOUT)).get(0).depth());
        assertEquals(List.of(), p.prioritize(parent(0.6, true, 2, 0), List.of(ABOUT)));
    }

    @Test
    void distanceCountsHopsFromTheNearestRelevantPage() {
        LinkPrioritizer p = bestFirst(Topic.Focus.SOFT);

        assertEquals(0, p.prioritize(parent(0.9, true, 4, 3), List.of(ABOUT)).get(0).distance());
        assertEquals(3, p.prioritize(parent(0.1, false, 4, 2), List.of(ABOUT)).get(0).distance());
        assertEquals(5, p.prioritize(parent(0.1, false, 4, 2), List.of(ABOUT)).get(0).depth());
    }

    @Test
    void repeatedUrlsKeepTheirBestLinkAndSelfLinksAreDropped() {
        Outlink aboutAgainAsKubernetes = new Outlink(ABOUT.url(), "Kubernetes", "");
        Outlink self = new Outlink("https://example.org/parent", "Kubernetes", "");

        List<ScoredLink> links = bestFirst(Topic.Focus.SOFT)
                .prioritize(parent(0.7, true, 0, 0), List.of(ABOUT, self, aboutAgainAsKubernetes));

        assertEquals(1, links.size());
        assertEquals(ABOUT.url(), links.get(0).url());
        assertEquals(0.7 + 0.001 * KUBERNETES, links.get(0).priority(), EPS);
    }

    @Test
    void seedsComeFirst() {
        ScoredLink seed = LinkPrioritizer.seed("https://example.org/");
        assertEquals(new ScoredLink("https://example.org/", "", 1.001, 0, 0), seed);

        // The best a found link can get: a parent scoring 1 and a link whose anchor is a bare keyword.
        ScoredLink best = bestFirst(Topic.Focus.SOFT).prioritize(parent(1.0, true, 0, 0), List.of(K8S)).get(0);
        assertTrue(seed.priority() > best.priority());
        assertTrue(seed.priority() > 1.0 / (1 + 1)); // any breadth-first link (depth >= 1)
    }

    @Test
    void softFactorIsValidated() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> prioritizer(
                Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, 0, Map.of(TopicStormConfig.SOFT_FOCUS_FACTOR, 1.5)));
        assertEquals("config key 'topicstorm.priority.soft.factor': must be between 0.0 and 1.0, got 1.5",
                e.getMessage());
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class, () -> prioritizer(
                Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, 0, Map.of(TopicStormConfig.SOFT_FOCUS_FACTOR, "half")));
        assertTrue(text.getMessage().startsWith("config key 'topicstorm.priority.soft.factor': must be a number"));
        // A numeric string (e.g. a command-line override) is a number: 0.4 * 0.25 = 0.1
        LinkPrioritizer p = prioritizer(Topic.Strategy.BEST_FIRST, Topic.Focus.SOFT, 0,
                Map.of(TopicStormConfig.SOFT_FOCUS_FACTOR, "0.25"));
        assertEquals(0.1, p.prioritize(parent(0.4, false, 0, 0), List.of(ABOUT)).get(0).priority(), EPS);
    }

    private static List<String> urls(List<ScoredLink> links) {
        return links.stream().map(ScoredLink::url).toList();
    }
}
