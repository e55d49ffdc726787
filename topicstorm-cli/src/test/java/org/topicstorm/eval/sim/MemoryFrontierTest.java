package org.topicstorm.eval.sim;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.Test;
import org.topicstorm.frontier.RankCut;
import org.topicstorm.frontier.Schedule;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Demotion;
import org.topicstorm.priority.Lift;
import org.topicstorm.priority.LinkClassifier;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.priority.RegionHarvest;
import org.topicstorm.topic.LinkSettings;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The simulated crawl's status index: the frontier's own merge rules, the reader's batch, the learner's view. */
class MemoryFrontierTest {

    private static final Schedule SCHEDULE = new Schedule(Duration.ofDays(1), null, Duration.ofHours(2), 3);

    private static MemoryFrontier frontier() {
        return new MemoryFrontier(new StatusMerge(SCHEDULE), LinkSettings.Learned.DEFAULT, 0.2);
    }

    private static StatusUpdate link(String url, double priority, String parent, List<String> features, Lift lift) {
        return StatusUpdate.discovered(url, priority, 1, 0, parent, "a", Aggregation.SUM, features, lift);
    }

    private static StatusUpdate fetched(String url, boolean relevant, long at) {
        return new StatusUpdate(url, Status.FETCHED, 0, 1, 0, null, null, relevant ? 0.5 : 0.1, relevant, null,
                Map.of(), at);
    }

    @Test
    void contributionsOfDistinctParentsAddUpOnceEachAndADemotionLowersOnlyTheParentsShare() {
        MemoryFrontier f = frontier();
        assertTrue(f.apply(link("http://h/x", 0.3, "http://h/p", List.of("t"), null), 10));
        assertTrue(f.apply(link("http://h/x", 0.2, "http://h/q", List.of("t"), null), 11));
        assertFalse(f.apply(link("http://h/x", 0.2, "http://h/q", List.of("t"), null), 12), "a replay counts once");
        assertEquals(0.5, f.get("http://h/x").priority(), 1e-12);
        // q's three children in a row were irrelevant: its share 0.2 halved
        f.demote(new Demotion("http://h/q", 0.5), 13);
        assertEquals(0.4, f.get("http://h/x").priority(), 1e-12);
        f.demote(new Demotion("http://h/q", 0.5), 14);
        assertEquals(0.4, f.get("http://h/x").priority(), 1e-12, "once per parent");
    }

    @Test
    void aBatchIsTheReadersChoiceOfTheDueUrlsNotLeftOut() {
        MemoryFrontier f = frontier();
        f.apply(link("http://a/1", 0.9, "http://s", List.of("t"), null), 0);
        f.apply(link("http://a/2", 0.8, "http://s", List.of("t"), null), 0);
        f.apply(link("http://a/3", 0.7, "http://s", List.of("t"), null), 0);
        f.apply(link("http://b/1", 0.6, "http://s", List.of("t"), null), 0);
        assertEquals(List.of("http://a/1", "http://a/2", "http://b/1"),
                f.nextBatch(0, Set.of(), 100, 2, RankCut.NONE).stream().map(d -> d.url()).toList());
        assertEquals(List.of("http://a/2", "http://a/3", "http://b/1"),
                f.nextBatch(0, Set.of("http://a/1"), 100, 2, RankCut.NONE).stream().map(d -> d.url()).toList());
        f.apply(fetched("http://a/1", true, 5), 5);
        assertEquals(3, f.waitingCount());
        assertEquals(List.of(), f.nextBatch(-1, Set.of(), 100, 2, RankCut.NONE),
                "nothing is due before it was discovered");
    }

    @Test
    void theLearnerSeesTheJudgedPagesNewestLastTheBestWaitingAndTheRegions() {
        MemoryFrontier f = frontier();
        f.apply(link("http://h/calc/a.html", 0.5, "http://h/", List.of("u:calc"), null), 0);
        f.apply(link("http://h/calc/b.html", 0.4, "http://h/", List.of("u:calc"), null), 0);
        f.apply(link("http://h/writer/c.html", 0.3, "http://h/", List.of("u:writer"), null), 0);
        f.apply(link("http://h/calc/d.html", 0.2, "http://h/", List.of("u:calc"), new Lift(2.0, 1)), 0);
        f.apply(fetched("http://h/calc/b.html", true, 20), 20);
        f.apply(fetched("http://h/writer/c.html", false, 10), 20);
        f.apply(fetched("http://h/calc/a.html", true, 30), 30);
        assertEquals(3, f.judgedPages());
        // oldest first, as judged
        assertEquals(List.of(List.of("u:writer"), List.of("u:calc"), List.of("u:calc")),
                f.recentExamples(10).stream().map(LinkClassifier.Example::tokens).toList());
        assertEquals(2, f.recentExamples(2).size(), "the most recent two");
        // h: 2 of 3 relevant; h/calc 2 of 2; h/writer 0 of 1; stems a*, b*, c* once each
        RegionHarvest.State counts = f.regionCounts(100);
        assertEquals(new RegionHarvest.Count(3, 2), counts.crawl());
        assertEquals(new RegionHarvest.Count(2, 2), counts.regions().get("h/calc"));
        assertEquals(new RegionHarvest.Count(1, 0), counts.regions().get("h/writer"));
        assertEquals(Set.of("h", "h/calc"), f.regionCounts(2).regions().keySet(), "the regions with most pages");
        // the one waiting URL: its features and lift
        List<LinkLearner.Waiting> waiting = f.bestWaiting(10);
        assertEquals(List.of(new LinkLearner.Waiting("http://h/calc/d.html", List.of("u:calc"), 2.0)), waiting);
        assertEquals(waiting, f.waitingIn("h/calc", 10));
        assertEquals(List.of(), f.waitingIn("h/writer", 10));
        // a rescore of a newer version replaces the lift: prior 0.2 x 3
        f.at(40);
        assertEquals(1, f.rescore(waiting, List.of(new Lift(3.0, 2))));
        assertEquals(0.6, f.get("http://h/calc/d.html").priority(), 1e-12);
        assertEquals(0, f.rescore(waiting, List.of(new Lift(5.0, 1))), "an older version changes nothing");
        assertNull(f.get("http://h/nowhere"));
    }
}
