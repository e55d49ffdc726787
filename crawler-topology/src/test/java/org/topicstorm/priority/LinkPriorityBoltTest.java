package org.topicstorm.priority;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.topology.OutputFieldsGetter;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.RobotsDirectives;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.support.CapturingCollector;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleFields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.topicstorm.support.Pages.page;
import static org.topicstorm.support.Tuples.tuple;

class LinkPriorityBoltTest {

    private static final String TOPIC = """
            name: cloud
            languages: [en]
            keywords: {cloud: 1.0, kubernetes: 2.0}
            seeds: [https://example.org/]
            threshold: 0.5
            strategy: best-first
            focus: %s
            """;
    private static final Fields INPUT =
            new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.RELEVANCE, TupleFields.METADATA);
    private static final String URL = "https://example.org/page";
    private static final Outlink ABOUT = new Outlink("https://example.org/about", "About us", "");
    /** Anchor "Kubernetes" + 300 spaces and x's: keyword score 2/sqrt(5) (only "kubernetes" occurs). */
    private static final Outlink K8S = new Outlink("https://example.org/k8s", " Kubernetes " + "x ".repeat(150), "");

    private final CapturingCollector out = new CapturingCollector();

    private LinkPriorityBolt bolt(Path dir, String focus) throws IOException {
        Path topic = dir.resolve("cloud.yaml");
        Files.writeString(topic, TOPIC.formatted(focus));
        Map<String, Object> conf = new HashMap<>();
        conf.put(TopicStormConfig.TOPIC_FILE, topic.toString());
        LinkPriorityBolt bolt = new LinkPriorityBolt();
        bolt.prepare(conf, null, new OutputCollector(out));
        return bolt;
    }

    @SuppressWarnings("unchecked")
    private static List<ScoredLink> outlinks(CapturingCollector.Emit e) {
        return (List<ScoredLink>) e.values().get(3);
    }

    @Test
    void emitsOneTupleWithThePageAndItsScoredLinksAnchoredThenAcks(@TempDir Path dir) throws IOException {
        Metadata metadata = new Metadata();
        metadata.setValue(CrawlMetadata.DEPTH, "2");
        metadata.setValue(CrawlMetadata.DISTANCE, "1");
        Tuple input = tuple(INPUT, URL, page("text", List.of(), "text", ABOUT, K8S),
                new Relevance(0.8, true, List.of()), metadata);

        bolt(dir, "soft").execute(input);

        assertEquals(1, out.emits.size());
        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(TupleFields.STATUS_STREAM, e.stream());
        assertEquals(List.of(input), e.anchors());
        assertEquals(URL, e.values().get(0));
        assertSame(metadata, e.values().get(1));
        assertEquals(Status.FETCHED, e.values().get(2));
        assertEquals(java.util.ArrayList.class, e.values().get(3).getClass(), "a list type Storm serialises");

        // Best link first: 0.8 + 0.001 * 2/sqrt(5) = 0.800894..., then "About us": 0.8 + 0 = 0.8.
        List<ScoredLink> links = outlinks(e);
        assertEquals(2, links.size());
        ScoredLink k8s = links.get(0);
        assertEquals(K8S.url(), k8s.url());
        assertEquals(0.8 + 0.001 * 2 / Math.sqrt(5), k8s.priority());
        assertEquals(3, k8s.depth());     // parent depth 2 + 1
        assertEquals(0, k8s.distance());  // the parent is relevant
        // Trimmed ("Kubernetes x x ...") and cut to 200 characters.
        assertEquals(("Kubernetes " + "x ".repeat(150)).substring(0, 200), k8s.anchorText());

        ScoredLink about = links.get(1);
        assertEquals(ABOUT.url(), about.url());
        assertEquals(0.8, about.priority());
        assertEquals("About us", about.anchorText());

        assertEquals(List.of(e, "ack"), out.events);
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void anUnreadableTupleRecordsItsUrlAsAnErrorOnceInsteadOfFailingForEver(@TempDir Path dir) throws IOException {
        LinkPriorityBolt bolt = bolt(dir, "soft");
        // a page where the relevance should be (a bug upstream)
        Tuple input = tuple(INPUT, URL, page("text", List.of(), "text", ABOUT), "not a relevance", new Metadata());
        bolt.execute(input);
        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(TupleFields.STATUS_STREAM, e.stream());
        assertEquals(URL, e.values().get(0));
        assertEquals(Status.ERROR, e.values().get(2));
        Metadata md = (Metadata) e.values().get(1);
        assertEquals("links", md.getFirstValue(com.digitalpebble.stormcrawler.Constants.STATUS_ERROR_SOURCE));
        assertEquals(true, md.getFirstValue(com.digitalpebble.stormcrawler.Constants.STATUS_ERROR_CAUSE)
                .startsWith("unreadable page tuple: java.lang.ClassCastException"));
        assertEquals(List.of(), outlinks(e));
        assertEquals(List.of(input), out.acked);
        // not even a URL: nothing to record, the tuple fails (the spout backs off)
        Tuple noUrl = tuple(INPUT, 42, "x", "y", "z");
        bolt.execute(noUrl);
        assertEquals(1, out.emits.size());
        assertEquals(List.of(noUrl), out.failed);
    }

    @Test
    void aNofollowPageIsRecordedWithoutItsLinks(@TempDir Path dir) throws IOException {
        Tuple input = tuple(INPUT, URL, page("text", List.of(), "text", ABOUT, K8S)
                        .withRobots(new RobotsDirectives(false, true)), new Relevance(0.8, true, List.of()),
                new Metadata());

        bolt(dir, "soft").execute(input);

        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(Status.FETCHED, e.values().get(2));
        assertEquals(List.of(), outlinks(e));
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void withoutDepthOrDistanceTheParentCountsAsASeed(@TempDir Path dir) throws IOException {
        Tuple input = tuple(INPUT, URL, page("", List.of(), "", ABOUT), new Relevance(0.2, false, List.of()),
                new Metadata());

        bolt(dir, "soft").execute(input);

        ScoredLink link = outlinks(out.emits.get(0)).get(0);
        assertEquals(1, link.depth());       // 0 + 1
        assertEquals(1, link.distance());    // irrelevant parent: 0 + 1
        assertEquals(0.1, link.priority());  // soft focus: 0.2 * 0.5
    }

    @Test
    void hardFocusEmitsOnlyTheIrrelevantPageItself(@TempDir Path dir) throws IOException {
        Tuple input = tuple(INPUT, URL, page("", List.of(), "", ABOUT, K8S), new Relevance(0.2, false, List.of()),
                new Metadata());

        bolt(dir, "hard").execute(input);

        assertEquals(1, out.emits.size());
        assertEquals(Status.FETCHED, out.emits.get(0).values().get(2));
        assertEquals(List.of(), outlinks(out.emits.get(0)));
        assertEquals(List.of(out.emits.get(0), "ack"), out.events);
    }

    @Test
    void aMalformedOutlinkDoesNotLoseThePage(@TempDir Path dir) throws IOException {
        Outlink noUrl = new Outlink(null, "x", "");
        Tuple input = tuple(INPUT, URL, page("", List.of(), "", noUrl), new Relevance(0.9, true, List.of()),
                new Metadata());

        bolt(dir, "soft").execute(input);

        assertEquals(1, out.emits.size());
        assertEquals(Status.FETCHED, out.emits.get(0).values().get(2));
        assertEquals(List.of(), outlinks(out.emits.get(0)));
        assertEquals(1, out.errors.size());
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void declaresTheStatusStream(@TempDir Path dir) throws IOException {
        OutputFieldsGetter getter = new OutputFieldsGetter();
        bolt(dir, "soft").declareOutputFields(getter);

        assertEquals(Set.of(TupleFields.STATUS_STREAM), getter.getFieldsDeclaration().keySet());
        assertEquals(List.of("url", "metadata", "status", "outlinks", "demotions"),
                getter.getFieldsDeclaration().get(TupleFields.STATUS_STREAM).get_output_fields());
    }

    @Test
    void truncateNeverSplitsASurrogatePair() {
        String emoji = "\uD83D\uDE00"; // one code point, two chars
        assertEquals("ab", LinkScoring.truncate("ab" + emoji, 3));
        assertEquals("ab" + emoji, LinkScoring.truncate("ab" + emoji, 4));
    }
}
