package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.UrlIds;

import java.io.StringReader;
import java.util.List;
import java.util.OptionalLong;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The content writer's near-duplicate check against a real Elasticsearch node. */
class ContentWriterIT {

    private static ElasticsearchClient client;
    private static CrawlIndices indices;

    @BeforeAll
    static void start() throws Exception {
        client = EsClients.create(EsTestNode.settings());
        indices = new CrawlIndices("content-writer-it");
        indices.delete(client);
        indices.ensure(client, 1);
        // no periodic refresh: what the index shows is what a test refreshed, so the writer's memory is tested alone
        client.indices().putSettings(p -> p.index(indices.content()).settings(st -> st.refreshInterval(t -> t.time("-1"))));
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            indices.delete(client);
            client.close();
        }
    }

    private static ContentWriter.Change store(String url, String text) {
        OptionalLong h = SimHash.of(text);
        return ContentWriter.Change.store(new ContentDoc(url, "h", "t", List.of(), text, "en", "ARTICLE", 0.9,
                List.of(), 1, 0, ContentDoc.signature(text), 0L, null, h.getAsLong(), SimHash.bands(h.getAsLong())));
    }

    private static String text(long seed) {
        Random r = new Random(seed);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            b.append('w').append(r.nextInt(1000)).append(' ');
        }
        return b.toString();
    }

    private boolean stored(String url) throws Exception {
        client.indices().refresh(r -> r.index(indices.content()));
        return client.exists(e -> e.index(indices.content()).id(UrlIds.id(url))).value();
    }

    @Test
    void aCopyIsLeftOutWhetherTheIndexShowsTheOriginalYetOrNot() throws Exception {
        AtomicLong now = new AtomicLong(1_000_000);
        ContentWriter writer = new ContentWriter(client, indices.content(), true, true, now::get);
        String article = text(1);

        // stored, and at once (before any refresh) a copy with a new last line: remembered by the writer
        assertNull(writer.writeAll(List.of(store("http://a/1", article))).get(0).duplicateOf());
        ContentWriter.Written copy = writer.writeAll(List.of(store("http://b/copy", article + " printed"))).get(0);
        assertTrue(copy.applied());
        assertEquals("http://a/1", copy.duplicateOf());

        // long after: the writer has forgotten it, the index's band lookup finds it
        client.indices().refresh(r -> r.index(indices.content()));
        now.addAndGet(DuplicateFinder.RECENT_MS + 1);
        assertEquals("http://a/1", writer.writeAll(List.of(store("http://c/copy", article))).get(0).duplicateOf());

        // a re-fetch of the original replaces its document; another text is stored; the copies never were
        List<ContentWriter.Written> more = writer.writeAll(List.of(store("http://a/1", article),
                store("http://d/other", text(2))));
        assertNull(more.get(0).duplicateOf());
        assertNull(more.get(1).duplicateOf());
        assertTrue(stored("http://a/1"));
        assertTrue(stored("http://d/other"));
        assertFalse(stored("http://b/copy"));
        assertFalse(stored("http://c/copy"));

        // once the original is removed (no longer relevant), a copy is stored
        writer.writeAll(List.of(ContentWriter.Change.remove("http://a/1")));
        client.indices().refresh(r -> r.index(indices.content()));
        assertNull(writer.writeAll(List.of(store("http://e/copy", article))).get(0).duplicateOf());
        assertTrue(stored("http://e/copy"));

        // switched off, every page is stored
        ContentWriter all = new ContentWriter(client, indices.content(), false, true, now::get);
        assertNull(all.writeAll(List.of(store("http://f/copy", article))).get(0).duplicateOf());
        assertTrue(stored("http://f/copy"));
    }

    @Test
    void aBatchSaysWhatBecomesOfItsOwnPages() throws Exception {
        ContentWriter writer = new ContentWriter(client, indices.content(), true, true, () -> 2_000_000);
        String article = text(11);
        writer.writeAll(List.of(store("http://g/1", article)));
        client.indices().refresh(r -> r.index(indices.content()));
        // the original is removed in the same batch as its copy arrives: the copy is stored
        List<ContentWriter.Written> w = writer.writeAll(List.of(ContentWriter.Change.remove("http://g/1"),
                store("http://h/copy", article)));
        assertTrue(w.get(0).applied());
        assertNull(w.get(1).duplicateOf());
        assertTrue(stored("http://h/copy"));
        assertFalse(stored("http://g/1"));
        // a page stored before that is now a copy of another: its old document is removed
        String other = text(12);
        writer.writeAll(List.of(store("http://i/1", other)));
        ContentWriter.Written became = writer.writeAll(List.of(store("http://h/copy", article + " x"),
                store("http://i/2", other))).get(1);
        assertEquals("http://i/1", became.duplicateOf());
        List<ContentWriter.Written> again = writer.writeAll(List.of(store("http://j/new", text(13)),
                store("http://h/copy", other)));
        assertEquals("http://i/1", again.get(1).duplicateOf());
        assertFalse(stored("http://h/copy"), "the re-fetched page that became a copy keeps no document");
    }

    @Test
    void aCopyWhoseOriginalIsRejectedIsTriedAgain() throws Exception {
        // a content index that refuses a text longer than a keyword term (as PoisonTupleIT's)
        CrawlIndices hostile = new CrawlIndices("content-writer-it-hostile");
        hostile.delete(client);
        client.indices().create(c -> c.index(hostile.content()).withJson(new StringReader("""
                {"settings": {"number_of_shards": 1, "number_of_replicas": 0},
                 "mappings": {"properties": {"text": {"type": "text", "fields": {"raw": {"type": "keyword"}}}}}}
                """)));
        hostile.ensure(client, 1);
        try {
            String huge = text(21).repeat(40);   // about 200 KB of words: more than a term may hold
            ContentWriter writer = new ContentWriter(client, hostile.content(), true, true, () -> 3_000_000);
            List<ContentWriter.Written> w = writer.writeAll(List.of(store("http://k/1", huge),
                    store("http://k/copy", huge)));
            assertFalse(w.get(0).applied());
            assertTrue(w.get(0).rejection() != null, "the original is rejected for good");
            assertFalse(w.get(1).applied(), "its copy is not taken for a copy of a page that was never stored");
            assertNull(w.get(1).duplicateOf());
        } finally {
            hostile.delete(client);
        }
    }
}
