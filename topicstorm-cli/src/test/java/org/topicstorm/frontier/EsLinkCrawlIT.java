package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Lift;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.priority.RegionHarvest;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.topic.LinkSettings;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The link learner's view of a real status index ({@link EsLinkCrawl}): the judged pages counted per region of the
 * sites by one aggregation, the waiting URLs of a region, re-scoring; and the learner publishing a scorer version
 * through the model index that a second task loads.
 */
class EsLinkCrawlIT {

    private static final Schedule SCHEDULE = new Schedule(null, null, Duration.ofMinutes(120), 3);
    private static final long T0 = 1_700_000_000_000L;
    private static ElasticsearchClient client;

    @BeforeAll
    static void start() {
        client = EsClients.create(EsTestNode.settings());
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            client.close();
        }
    }

    private static StatusUpdate link(String url, double priority, List<String> features, Lift lift) {
        return StatusUpdate.discovered(url, priority, 1, 0, "http://h.test/", "a", Aggregation.SUM, features, lift);
    }

    private static StatusUpdate fetched(String url, boolean relevant, long at) {
        return new StatusUpdate(url, Status.FETCHED, 0, 1, 0, null, null, relevant ? 0.6 : 0.1, relevant, null,
                Map.of(), at);
    }

    private static StatusDoc doc(CrawlIndices indices, String url) throws IOException {
        return client.get(g -> g.index(indices.status()).id(UrlIds.id(url)).routing(UrlIds.host(url)),
                StatusDoc.class).source();
    }

    @Test
    void regionsAreCountedWaitingUrlsFoundByRegionAndANewScorerReachesThem() throws Exception {
        CrawlIndices indices = new CrawlIndices("link-crawl-it");
        indices.delete(client);
        indices.ensure(client, 2);
        StatusWriter writer = new StatusWriter(client, indices.status(), indices.links(), new StatusMerge(SCHEDULE),
                Clock.systemUTC());
        // judged: h.test/calc 3 of 3 relevant (2 of them func_*), h.test/writer 0 of 2, other.test 1 of 1
        List<StatusUpdate> found = List.of(link("http://h.test/calc/func_a.html", 0.5, List.of("u:calc"), null),
                link("http://h.test/calc/func_b.html", 0.5, List.of("u:calc"), null),
                link("http://h.test/calc/c.html", 0.5, List.of("u:calc"), null),
                link("http://h.test/writer/d.html", 0.5, List.of("u:writer"), null),
                link("http://h.test/writer/e.html", 0.5, List.of("u:writer"), null),
                link("http://other.test/f.html", 0.5, List.of("u:f"), null),
                // waiting: two in calc, one in writer
                link("http://h.test/calc/waiting1.html", 0.2, List.of("u:calc"), null),
                link("http://h.test/calc/waiting2.html", 0.1, List.of("u:calc"), new Lift(2.0, 1)),
                link("http://h.test/writer/waiting3.html", 0.3, List.of("u:writer"), null));
        assertTrue(all(writer.write(found)));
        assertTrue(all(writer.write(List.of(fetched("http://h.test/calc/func_a.html", true, T0 + 1),
                fetched("http://h.test/calc/func_b.html", true, T0 + 2),
                fetched("http://h.test/calc/c.html", true, T0 + 3),
                fetched("http://h.test/writer/d.html", false, T0 + 4),
                fetched("http://h.test/writer/e.html", false, T0 + 5),
                fetched("http://other.test/f.html", true, T0 + 6)))));
        client.indices().refresh(r -> r.index(indices.status()));

        EsLinkCrawl crawl = new EsLinkCrawl(client, indices.status(), writer, LinkSettings.Learned.DEFAULT, 0.2);
        assertEquals(6, crawl.judgedPages());
        RegionHarvest.State counts = crawl.regionCounts(100);
        assertEquals(new RegionHarvest.Count(6, 4), counts.crawl());
        assertEquals(Map.of("h.test", new RegionHarvest.Count(5, 3),
                "h.test/calc", new RegionHarvest.Count(3, 3),
                "h.test/calc/func*", new RegionHarvest.Count(2, 2),
                "h.test/calc/c*", new RegionHarvest.Count(1, 1),
                "h.test/writer", new RegionHarvest.Count(2, 0),
                "h.test/writer/d*", new RegionHarvest.Count(1, 0),
                "h.test/writer/e*", new RegionHarvest.Count(1, 0),
                "other.test", new RegionHarvest.Count(1, 1),
                "other.test/f*", new RegionHarvest.Count(1, 1)), counts.regions());
        // the regions with the most judged pages first: h.test (5), then h.test/calc (3)
        assertEquals(java.util.Set.of("h.test", "h.test/calc"), crawl.regionCounts(2).regions().keySet());
        // a region's waiting URLs with their features and lifts (waiting2: 0.1 x 2 = 0.2, as waiting1)
        assertEquals(List.of(new LinkLearner.Waiting("http://h.test/calc/waiting1.html", List.of("u:calc"), null),
                        new LinkLearner.Waiting("http://h.test/calc/waiting2.html", List.of("u:calc"), 2.0)),
                crawl.waitingIn("h.test/calc", 10).stream()
                        .sorted(java.util.Comparator.comparing(LinkLearner.Waiting::url)).toList());
        assertEquals(List.of("http://h.test/writer/waiting3.html"),
                crawl.waitingIn("h.test/writer", 10).stream().map(LinkLearner.Waiting::url).toList());

        // the writer publishes scorer version 1 from these counts (no classifier: 6 < min-examples 20) and re-scores,
        // also a URL written just before, which the index shows only after a refresh (the learner makes one; the
        // index's own refresh is off here, so that only the learner's can show it)
        client.indices().putSettings(p -> p.index(indices.status())
                .settings(st -> st.refreshInterval(t -> t.time("-1"))));
        assertTrue(all(writer.write(List.of(link("http://h.test/calc/late.html", 0.25, List.of("u:calc"), null)))));
        EsModelStateStore store = new EsModelStateStore(client, indices.model());
        LinkLearner learner = new LinkLearner(crawl, store, LinkSettings.Learned.DEFAULT,
                SparseLogistic.Options.DEFAULT, true, 1000, 0);
        learner.maybeRun(1000);
        assertEquals(1, learner.current().version());
        client.indices().refresh(r -> r.index(indices.status()));
        assertEquals(0.25 * 177 / 55, doc(indices, "http://h.test/calc/late.html").priority(), 1e-9);
        // calc: p0 = 5/8; h.test (3 + 2 x 5/8) / 7 = 17/28; calc (3 + 2 x 17/28) / 5 = 59/70: factor
        // odds(59/70) / odds(5/8) = (59/11) / (5/3) = 177/55: waiting1 0.2 x 177/55
        assertEquals(0.2 * 177 / 55, doc(indices, "http://h.test/calc/waiting1.html").priority(), 1e-9);
        assertEquals(1, doc(indices, "http://h.test/calc/waiting1.html").scorerVersion());
        // writer: (0 + 2 x 17/28) / 4 = 17/56: factor odds(17/56) / odds(5/8) = (17/39) / (5/3) = 51/195
        assertEquals(0.3 * 51 / 195, doc(indices, "http://h.test/writer/waiting3.html").priority(), 1e-9);
        // a second task loads the same scorer from the model index
        LinkLearner reader = new LinkLearner(crawl, store, LinkSettings.Learned.DEFAULT,
                SparseLogistic.Options.DEFAULT, false, 1000, 0);
        reader.maybeRun(0);
        assertEquals(1, reader.current().version());
        assertEquals(177.0 / 55, reader.current().regions().factor("http://h.test/calc/new.html"), 1e-9);
        indices.delete(client);
    }

    private static boolean all(boolean[] written) {
        for (boolean w : written) {
            if (!w) {
                return false;
            }
        }
        return true;
    }
}
