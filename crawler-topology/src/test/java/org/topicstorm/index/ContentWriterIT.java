package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;

import java.util.List;
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
    }

    @AfterAll
    static void stop() throws Exception {
        if (client != null) {
            indices.delete(client);
            client.close();
        }
    }

    private static ContentWriter.Change store(String url, String text) {
        java.util.OptionalLong h = SimHash.of(text);
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
        return client.exists(e -> e.index(indices.content()).id(org.topicstorm.frontier.UrlIds.id(url))).value();
    }

    @Test
    void aCopyIsLeftOutWhetherTheIndexShowsTheOriginalYetOrNot() throws Exception {
        AtomicLong now = new AtomicLong(1_000_000);
        ContentWriter writer = new ContentWriter(client, indices.content(), true, now::get);
        String article = text(1);

        // stored, and at once (before any refresh) a copy with a new last line: remembered by the writer
        assertNull(writer.writeAll(List.of(store("http://a/1", article))).get(0).duplicateOf());
        ContentWriter.Written copy = writer.writeAll(List.of(store("http://b/copy", article + " printed"))).get(0);
        assertTrue(copy.applied());
        assertEquals("http://a/1", copy.duplicateOf());

        // long after: the writer has forgotten it, the index's band lookup finds it
        client.indices().refresh(r -> r.index(indices.content()));
        now.addAndGet(ContentWriter.RECENT_MS + 1);
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
        ContentWriter all = new ContentWriter(client, indices.content(), false, now::get);
        assertNull(all.writeAll(List.of(store("http://f/copy", article))).get(0).duplicateOf());
        assertTrue(stored("http://f/copy"));
    }
}
