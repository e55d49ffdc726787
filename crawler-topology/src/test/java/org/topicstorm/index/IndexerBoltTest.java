package org.topicstorm.index;

import com.digitalpebble.stormcrawler.Metadata;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.support.CapturingCollector;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.TupleFields;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.support.Pages.page;
import static org.topicstorm.support.Tuples.tuple;

/** The indexer's handling of a tuple it cannot read (no Elasticsearch is reached: such a tuple never gets there). */
class IndexerBoltTest {

    private static final Fields INPUT =
            new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.RELEVANCE, TupleFields.METADATA);
    private static final String URL = "https://example.org/page";

    private final CapturingCollector out = new CapturingCollector();

    private IndexerBolt bolt() {
        Map<String, Object> conf = new HashMap<>();
        conf.put("es.addresses", List.of("http://127.0.0.1:1")); // never contacted by these tests
        conf.put(CrawlIndices.CRAWL_NAME, "indexer-test");
        IndexerBolt bolt = new IndexerBolt();
        bolt.prepare(conf, null, new OutputCollector(out));
        return bolt;
    }

    @Test
    void aTupleItCannotReadGoesOnWithTheCauseInsteadOfFailingForEver() {
        IndexerBolt bolt = bolt();
        Metadata md = new Metadata();
        md.setValue(CrawlMetadata.DEPTH, "1");
        Tuple input = tuple(INPUT, URL, page("text", List.of(), "text"), "not a relevance", md);
        bolt.execute(input);
        CapturingCollector.Emit e = out.emits.get(0);
        assertEquals(List.of(input), e.anchors());
        assertEquals(URL, e.values().get(0));
        Metadata passed = (Metadata) e.values().get(3);
        assertTrue(passed.getFirstValue(CrawlMetadata.NOT_INDEXED).startsWith("cannot index: java.lang.ClassCast"),
                passed.toString());
        assertEquals("1", passed.getFirstValue(CrawlMetadata.DEPTH));
        assertEquals(null, md.getFirstValue(CrawlMetadata.NOT_INDEXED), "the upstream metadata is not changed");
        assertEquals(List.of(input), out.acked);

        // not even its metadata can be read: it goes on as it came (the link-priority bolt records the error)
        Tuple worse = tuple(INPUT, URL, "not a page", "not a relevance", "not metadata");
        bolt.execute(worse);
        assertEquals(List.of(URL, "not a page", "not a relevance", "not metadata"), out.emits.get(1).values());
        assertEquals(List.of(input, worse), out.acked);
        assertEquals(List.of(), out.failed);
        bolt.cleanup();
    }
}
