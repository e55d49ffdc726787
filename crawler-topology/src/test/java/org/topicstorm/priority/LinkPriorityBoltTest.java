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

    @Test
    void emitsThePageThenItsScoredLinksAllAnchoredThenAcks(@TempDir Path dir) throws IOException {
        Metadata metadata = new Metadata();
        metadata.setValue(CrawlMetadata.DEPTH, "2");
        metadata.setValue(CrawlMetadata.DISTANCE, "1");
        Tuple input = tuple(INPUT, URL, page("text", List.of(), "text", ABOUT, K8S),
                new Relevance(0.8, true, List.of()), metadata);

        bolt(dir, "soft").execute(input);

        assertEquals(3, out.emits.size());
        for (CapturingCollector.Emit e : out.emits) {
            assertEquals(TupleFields.STATUS_STREAM, e.stream());
            assertEquals(List.of(input), e.anchors());
        }
        assertEquals(List.of(URL, metadata, Status.FETCHED), out.emits.get(0).values());
        assertSame(metadata, out.emits.get(0).values().get(1));

        // Best link first: 0.8 + 0.001 * 2/sqrt(5) = 0.800894..., then "About us": 0.8 + 0 = 0.8.
        CapturingCollector.Emit k8s = out.emits.get(1);
        assertEquals(K8S.url(), k8s.values().get(0));
        assertEquals(Status.DISCOVERED, k8s.values().get(2));
        Metadata md = (Metadata) k8s.values().get(1);
        assertEquals(Double.toString(0.8 + 0.001 * 2 / Math.sqrt(5)), md.getFirstValue(CrawlMetadata.PRIORITY));
        assertEquals("3", md.getFirstValue(CrawlMetadata.DEPTH));     // parent depth 2 + 1
        assertEquals("0", md.getFirstValue(CrawlMetadata.DISTANCE));  // the parent is relevant
        assertEquals(URL, md.getFirstValue(CrawlMetadata.PARENT));
        // Trimmed ("Kubernetes x x ...") and cut to 200 characters.
        String anchor = md.getFirstValue(CrawlMetadata.ANCHOR);
        assertEquals(200, anchor.length());
        assertEquals(("Kubernetes " + "x ".repeat(150)).substring(0, 200), anchor);
        assertEquals(5, md.size()); // a fresh metadata: nothing of the parent's leaks into it

        CapturingCollector.Emit about = out.emits.get(2);
        assertEquals(ABOUT.url(), about.values().get(0));
        assertEquals("0.8", ((Metadata) about.values().get(1)).getFirstValue(CrawlMetadata.PRIORITY));
        assertEquals("About us", ((Metadata) about.values().get(1)).getFirstValue(CrawlMetadata.ANCHOR));

        assertEquals("ack", out.events.get(out.events.size() - 1));
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void withoutDepthOrDistanceTheParentCountsAsASeed(@TempDir Path dir) throws IOException {
        Tuple input = tuple(INPUT, URL, page("", List.of(), "", ABOUT), new Relevance(0.2, false, List.of()),
                new Metadata());

        bolt(dir, "soft").execute(input);

        Metadata md = (Metadata) out.emits.get(1).values().get(1);
        assertEquals("1", md.getFirstValue(CrawlMetadata.DEPTH));     // 0 + 1
        assertEquals("1", md.getFirstValue(CrawlMetadata.DISTANCE));  // irrelevant parent: 0 + 1
        assertEquals("0.1", md.getFirstValue(CrawlMetadata.PRIORITY)); // soft focus: 0.2 * 0.5
    }

    @Test
    void hardFocusEmitsOnlyTheIrrelevantPageItself(@TempDir Path dir) throws IOException {
        Tuple input = tuple(INPUT, URL, page("", List.of(), "", ABOUT, K8S), new Relevance(0.2, false, List.of()),
                new Metadata());

        bolt(dir, "hard").execute(input);

        assertEquals(1, out.emits.size());
        assertEquals(Status.FETCHED, out.emits.get(0).values().get(2));
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
        assertEquals(1, out.errors.size());
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void declaresTheStatusStream(@TempDir Path dir) throws IOException {
        OutputFieldsGetter getter = new OutputFieldsGetter();
        bolt(dir, "soft").declareOutputFields(getter);

        assertEquals(Set.of(TupleFields.STATUS_STREAM), getter.getFieldsDeclaration().keySet());
        assertEquals(List.of("url", "metadata", "status"),
                getter.getFieldsDeclaration().get(TupleFields.STATUS_STREAM).get_output_fields());
    }

    @Test
    void truncateNeverSplitsASurrogatePair() {
        String emoji = "\uD83D\uDE00"; // one code point, two chars
        assertEquals("ab", LinkPriorityBolt.truncate("ab" + emoji, 3));
        assertEquals("ab" + emoji, LinkPriorityBolt.truncate("ab" + emoji, 4));
    }
}
