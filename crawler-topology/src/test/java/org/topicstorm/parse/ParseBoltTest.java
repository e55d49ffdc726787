package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.task.GeneralTopologyContext;
import org.apache.storm.task.IOutputCollector;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.topology.OutputFieldsGetter;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.TupleImpl;
import org.apache.storm.utils.Utils;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.topicstorm.topology.TupleFields;

/** The bolt as an adapter: real Storm tuples in, emits and acks captured by a hand-written collector. */
class ParseBoltTest {

    private static final String FETCHER = "fetch";

    private record Emit(String stream, Collection<Tuple> anchors, List<Object> values) {
    }

    /** Records what the bolt does with its collector. */
    private static final class CapturingCollector implements IOutputCollector {
        final List<Emit> emits = new ArrayList<>();
        final List<Tuple> acked = new ArrayList<>();
        final List<Tuple> failed = new ArrayList<>();

        @Override
        public List<Integer> emit(String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            emits.add(new Emit(streamId, anchors, tuple));
            return List.of();
        }

        @Override
        public void emitDirect(int taskId, String streamId, Collection<Tuple> anchors, List<Object> tuple) {
            throw new UnsupportedOperationException("the parse bolt does not emit directly");
        }

        @Override
        public void ack(Tuple input) {
            acked.add(input);
        }

        @Override
        public void fail(Tuple input) {
            failed.add(input);
        }

        @Override
        public void resetTimeout(Tuple input) {
        }

        @Override
        public void flush() {
        }

        @Override
        public void reportError(Throwable error) {
        }
    }

    private CapturingCollector captured;
    private ParseBolt bolt;
    private GeneralTopologyContext context;

    @BeforeEach
    void setUp() {
        Map<String, Map<String, Fields>> fields = new HashMap<>();
        fields.put(FETCHER, Map.of(Utils.DEFAULT_STREAM_ID,
                new Fields(TupleFields.URL, TupleFields.CONTENT, TupleFields.METADATA)));
        context = new GeneralTopologyContext(new StormTopology(), new HashMap<>(), Map.of(1, FETCHER),
                Map.of(FETCHER, List.of(1)), fields, "parse-bolt-test");
        captured = new CapturingCollector();
        bolt = new ParseBolt();
        Map<String, Object> conf = new HashMap<>();
        conf.put(UrlFilterChain.CONFIG_FILE, "urlfilters.json");
        conf.put(ParseConfig.PROTOCOL_MD_PREFIX, "protocol.");
        bolt.prepare(conf, null, new OutputCollector(captured));
    }

    private Tuple fetched(String url, byte[] content, Metadata metadata) {
        return new TupleImpl(context, List.of(url, content, metadata), FETCHER, 1, Utils.DEFAULT_STREAM_ID);
    }

    @Test
    void htmlPageIsEmittedOnTheDefaultStreamAnchoredAndAcked() {
        Metadata md = new Metadata();
        md.setValue("protocol.Content-Type", "text/html; charset=ISO-8859-1"); // mixed-case header name
        md.setValue("protocol.content-language", "fr");
        byte[] content = "<title>Caf\u00e9</title><p><a href=/menu.html>Menu</a> <a href=/photo.jpg>Photo</a></p>"
                .getBytes(StandardCharsets.ISO_8859_1);
        Tuple input = fetched("https://cafe.example.fr/", content, md);

        bolt.execute(input);

        assertEquals(1, captured.emits.size());
        Emit emit = captured.emits.get(0);
        assertEquals(Utils.DEFAULT_STREAM_ID, emit.stream());
        assertEquals(List.of(input), List.copyOf(emit.anchors()));
        assertEquals("https://cafe.example.fr/", emit.values().get(0));
        ParsedPage page = (ParsedPage) emit.values().get(1);
        assertEquals("Café", page.title()); // decoded with the header's charset
        assertEquals("fr", page.language());
        assertEquals(List.of(new Outlink("https://cafe.example.fr/menu.html", "Menu", "Photo")), page.outlinks());
        assertSame(md, emit.values().get(2));
        assertEquals(List.of(input), captured.acked);
        assertEquals(List.of(), captured.failed);
    }

    @Test
    void binaryContentGoesToTheStatusStreamAsError() {
        byte[] png = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n', 0, 0, 0, 13};
        Metadata md = new Metadata();
        md.setValue("protocol.content-type", "text/html");
        Tuple input = fetched("https://a.example/logo", png, md);

        bolt.execute(input);

        assertEquals(1, captured.emits.size());
        Emit emit = captured.emits.get(0);
        assertEquals(TupleFields.STATUS_STREAM, emit.stream());
        assertEquals(List.of(input), List.copyOf(emit.anchors()));
        assertEquals("https://a.example/logo", emit.values().get(0));
        Metadata emitted = (Metadata) emit.values().get(1);
        assertEquals("Not HTML: binary content (image/png)", emitted.getFirstValue("error.cause"));
        assertEquals("text/html", emitted.getFirstValue("protocol.content-type"));
        assertNull(md.getFirstValue("error.cause"), "the fetcher's metadata object is not modified");
        assertEquals(Status.ERROR, emit.values().get(2));
        assertEquals(List.of(input), captured.acked);
    }

    @Test
    void unexpectedFailureIsAnErrorStatusNotAnException() {
        // a tuple whose content field holds the wrong type: the bolt must still answer and ack
        Tuple input = new TupleImpl(context, List.of("https://a.example/", "not bytes", new Metadata()), FETCHER, 1,
                Utils.DEFAULT_STREAM_ID);

        bolt.execute(input);

        Emit emit = captured.emits.get(0);
        assertEquals(TupleFields.STATUS_STREAM, emit.stream());
        String cause = ((Metadata) emit.values().get(1)).getFirstValue("error.cause");
        assertTrue(cause.startsWith("parse failure: java.lang.ClassCastException"), cause);
        assertEquals(Status.ERROR, emit.values().get(2));
        assertEquals(List.of(input), captured.acked);
    }

    @Test
    void declaresBothStreams() {
        OutputFieldsGetter getter = new OutputFieldsGetter();
        bolt.declareOutputFields(getter);
        assertEquals(List.of(TupleFields.URL, TupleFields.PAGE, TupleFields.METADATA),
                getter.getFieldsDeclaration().get(Utils.DEFAULT_STREAM_ID).get_output_fields());
        assertEquals(List.of(TupleFields.URL, TupleFields.METADATA, TupleFields.STATUS, TupleFields.OUTLINKS,
                        TupleFields.DEMOTIONS),
                getter.getFieldsDeclaration().get(TupleFields.STATUS_STREAM).get_output_fields());
    }

    @Test
    void xRobotsTagHeadersAddToTheMetaTagsAndAreNotedInTheMetadata() {
        Metadata md = new Metadata();
        md.setValue("protocol.content-type", "text/html");
        md.setValues("protocol.x-robots-tag", new String[] {"otherbot: noindex", "nofollow"});
        // left from an earlier fetch of the page (persisted with its status): dropped, the page no longer asks it
        md.setValue("robots.noIndex", "true");
        bolt.execute(fetched("https://a.example/", "<p>text <a href=/b>b</a></p>".getBytes(StandardCharsets.UTF_8),
                md));
        ParsedPage page = (ParsedPage) captured.emits.get(0).values().get(1);
        assertEquals(new RobotsDirectives(false, true), page.robots());
        Metadata emitted = (Metadata) captured.emits.get(0).values().get(2);
        assertEquals("true", emitted.getFirstValue("robots.noFollow"));
        assertNull(emitted.getFirstValue("robots.noIndex"));

        Metadata both = new Metadata();
        both.setValue("protocol.X-Robots-Tag", "noindex");
        bolt.execute(fetched("https://a.example/c", ("<meta name=robots content=nofollow><p>text</p>")
                .getBytes(StandardCharsets.UTF_8), both));
        ParsedPage second = (ParsedPage) captured.emits.get(1).values().get(1);
        assertEquals(new RobotsDirectives(true, true), second.robots());
        assertEquals("true", both.getFirstValue("robots.noIndex"));
    }

    @Test
    void xRobotsTagHeadersAreIgnoredWhenConfigured() {
        ParseBolt skipping = new ParseBolt();
        Map<String, Object> conf = new HashMap<>();
        conf.put(UrlFilterChain.CONFIG_FILE, "urlfilters.json");
        conf.put(ParseConfig.ROBOTS_HEADERS_SKIP, true);
        skipping.prepare(conf, null, new OutputCollector(captured));
        Metadata md = new Metadata();
        md.setValue("protocol.x-robots-tag", "none");
        skipping.execute(fetched("https://a.example/", "<p>text</p>".getBytes(StandardCharsets.UTF_8), md));
        assertEquals(RobotsDirectives.NONE, ((ParsedPage) captured.emits.get(0).values().get(1)).robots());
    }

    @Test
    void headerNamesMatchInAnyCase() {
        Metadata md = new Metadata();
        md.setValue("protocol.CONTENT-TYPE", "text/html");
        assertEquals("text/html", ParseBolt.header(md, "protocol.", "content-type"));
        assertNull(ParseBolt.header(md, "protocol.", "content-language"));
    }
}
