package org.topicstorm.relevance;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.topology.OutputFieldsGetter;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.support.CapturingCollector;
import org.topicstorm.topic.TopicException;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TopicStormConfig;
import org.topicstorm.topology.TupleFields;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.support.Pages.page;
import static org.topicstorm.support.Tuples.tuple;

class RelevanceBoltTest {

    static final String TOPIC = """
            name: cloud
            languages: [en]
            keywords: {cloud: 1.0, kubernetes: 2.0}
            seeds: [https://example.org/]
            threshold: 0.5
            """;
    static final Fields INPUT = new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.METADATA);
    static final String URL = "https://example.org/page";

    private final CapturingCollector out = new CapturingCollector();
    private final RelevanceBolt bolt = new RelevanceBolt();

    @BeforeEach
    void prepare(@TempDir Path dir) throws IOException {
        Path topic = dir.resolve("cloud.yaml");
        Files.writeString(topic, TOPIC);
        Map<String, Object> conf = new HashMap<>();
        conf.put(TopicStormConfig.TOPIC_FILE, topic.toString());
        bolt.prepare(conf, null, new OutputCollector(out));
    }

    @Test
    void emitsTheScoreAnchoredThenAcks() {
        Metadata metadata = new Metadata();
        metadata.setValue("depth", "2");
        ParsedPage page = page("Cloud and Kubernetes in the cloud.");
        Tuple input = tuple(INPUT, URL, page, metadata);

        bolt.execute(input);

        // a = (cloud 2, kubernetes 1) -> cos = 3 / sqrt(10) (see WeightedKeywordModelTest)
        double score = 3 / Math.sqrt(10);
        assertEquals(1, out.emits.size());
        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(Utils.DEFAULT_STREAM_ID, e.stream());
        assertEquals(List.of(input), e.anchors());
        assertEquals(URL, e.values().get(0));
        assertSame(page, e.values().get(1));
        Relevance relevance = (Relevance) e.values().get(2);
        assertEquals(score, relevance.score(), 1e-12);
        assertTrue(relevance.relevant());
        Metadata md = (Metadata) e.values().get(3);
        assertEquals(Double.toString(relevance.score()), md.getFirstValue(CrawlMetadata.RELEVANCE));
        assertEquals("true", md.getFirstValue(CrawlMetadata.RELEVANT));
        assertEquals("2", md.getFirstValue("depth"));
        // The input's metadata is not changed: it is copied.
        assertFalse(metadata.containsKey(CrawlMetadata.RELEVANCE));
        assertEquals(List.of(e, "ack"), out.events);
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void anIrrelevantPageIsMarkedSo() {
        bolt.execute(tuple(INPUT, URL, page("nothing on topic"), new Metadata()));

        Metadata md = (Metadata) out.emits.get(0).values().get(3);
        assertEquals("0.0", md.getFirstValue(CrawlMetadata.RELEVANCE));
        assertEquals("false", md.getFirstValue(CrawlMetadata.RELEVANT));
    }

    @Test
    void aHubPageWithANullAnchorTextIsScored() {
        ParsedPage hub = new ParsedPage(URL, "", List.of(), "", "", List.of(new Outlink("https://x.org/", null, "")),
                0.9, PageType.HUB, "UTF-8", "en");
        bolt.execute(tuple(INPUT, URL, hub, new Metadata()));
        assertEquals(Utils.DEFAULT_STREAM_ID, out.emits.get(0).stream());
        assertEquals(0.0, ((Relevance) out.emits.get(0).values().get(2)).score());
    }

    @Test
    void aPageThatCannotBeScoredBecomesAnErrorStatus() {
        // Not a ParsedPage at all (a wiring mistake): the cast fails inside the scoring step.
        Tuple input = tuple(INPUT, URL, "not a page", new Metadata());

        bolt.execute(input);

        assertEquals(1, out.emits.size());
        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(TupleFields.STATUS_STREAM, e.stream());
        assertEquals(List.of(input), e.anchors());
        assertEquals(URL, e.values().get(0));
        assertTrue(((Metadata) e.values().get(1)).getFirstValue(Constants.STATUS_ERROR_CAUSE)
                .startsWith("relevance scoring failed: java.lang.ClassCastException"));
        assertEquals(Status.ERROR, e.values().get(2));
        assertEquals(List.of(input), out.acked);
    }

    @Test
    void declaresItsStreams() {
        OutputFieldsGetter getter = new OutputFieldsGetter();
        bolt.declareOutputFields(getter);

        assertEquals(List.of("url", "page", "relevance", "metadata"),
                getter.getFieldsDeclaration().get(Utils.DEFAULT_STREAM_ID).get_output_fields());
        assertEquals(List.of("url", "metadata", "status"),
                getter.getFieldsDeclaration().get(TupleFields.STATUS_STREAM).get_output_fields());
    }

    @Test
    void prepareNeedsAValidTopicFile(@TempDir Path dir) throws IOException {
        RelevanceBolt fresh = new RelevanceBolt();
        OutputCollector collector = new OutputCollector(out);

        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> fresh.prepare(new HashMap<>(), null, collector));
        assertTrue(missing.getMessage().startsWith("config key 'topicstorm.topic.file' is not set"));

        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, TOPIC.replace("0.5", "5"));
        Map<String, Object> conf = new HashMap<>(Map.of(TopicStormConfig.TOPIC_FILE, bad.toString()));
        TopicException invalid = assertThrows(TopicException.class, () -> fresh.prepare(conf, null, collector));
        assertEquals(bad + ": field 'threshold': must be a number between 0 and 1, got the number 5", invalid.getMessage());
    }


    @Test
    void asksForATickEverySecondAndATickIsNotAPage() {
        assertEquals(1, bolt.getComponentConfiguration().get(org.apache.storm.Config.TOPOLOGY_TICK_TUPLE_FREQ_SECS));
        bolt.execute(org.topicstorm.support.Tuples.tick());
        assertTrue(out.emits.isEmpty(), "nothing emitted for a tick");
    }

    @Test
    void aContinuousCrawlsPageCarriesItsSignatureHubnessRepliesAndHeat() {
        org.topicstorm.frontier.RevisitPolicy revisits =
                new org.topicstorm.frontier.RevisitPolicy(org.topicstorm.topic.Revisit.DEFAULT);
        long now = 1_795_595_400_000L;
        String text = "solar panels on the roof of the town hall make power for the street lights and the school "
                + "next door every sunny day";
        ParsedPage thread = new ParsedPage("http://a.test/t", "T", List.of(), text, text, List.of(), 0.1,
                PageType.TOPIC, "UTF-8", "en", null, List.of(), null, null,
                new org.topicstorm.parse.Replies(3, now - 86_400_000L));
        Metadata md = new Metadata();
        md.setValue(CrawlMetadata.FETCHED_AT, Long.toString(now));
        RelevanceBolt.signals(thread, md, revisits);
        assertEquals(Long.toString(org.topicstorm.index.SimHash.of(text).getAsLong()),
                md.getFirstValue(CrawlMetadata.SIGNATURE));
        assertEquals("false", md.getFirstValue(CrawlMetadata.HUB));
        assertEquals("3", md.getFirstValue(CrawlMetadata.REPLIES));
        // (3 + 1)^0.5 x exp(-24 h / 24 h) = 2 / e, the replies' age counted to when the page left the fetcher
        assertEquals(2 * Math.exp(-1), Double.parseDouble(md.getFirstValue(CrawlMetadata.HEAT)), 1e-12);

        ParsedPage shortHub = new ParsedPage("http://a.test/", "Hub", List.of(), "a few links", "", List.of(), 0.9,
                PageType.HUB, "UTF-8", "en");
        Metadata hub = new Metadata();
        RelevanceBolt.signals(shortHub, hub, revisits);
        assertEquals("true", hub.getFirstValue(CrawlMetadata.HUB));
        assertEquals(null, hub.getFirstValue(CrawlMetadata.SIGNATURE), "too short to sign");
        assertEquals(null, hub.getFirstValue(CrawlMetadata.HEAT), "no replies, no heat");
    }
}
