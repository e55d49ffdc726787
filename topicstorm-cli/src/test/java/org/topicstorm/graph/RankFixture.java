package org.topicstorm.graph;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.Schedule;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.index.ContentDoc;
import org.topicstorm.index.ContentWriter;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A small crawl in Elasticsearch, written by the crawler's own writers ({@link StatusWriter} for the links,
 * {@link ContentWriter} for the relevant pages), whose HITS scores are solved by hand in {@link HitsTest}:
 * <pre>
 *   content (relevance): A 0.9, B 0.8, C 0.7, D 0.6, F 0.5        (E and X were fetched but are not relevant)
 *   links (time found):  A -> B, C, D (1000)    B -> C, D (2000)    B -> E (3000: a second document for B)
 *                        C -> D (4000)          D -> D (4000)       E -> D (5000)      X -> B (6000)
 * </pre>
 * With root set t = 2 ({A, B}) and d = 1, the base set is A..E: B's first in-linker is A (found at 1000, before X),
 * and its graph is HitsTest's five pages (D -> D is a self-link); F is in no link.
 */
public final class RankFixture {

    public static final String BASE = "http://127.0.0.1:9/";
    public static final String A = BASE + "A";
    public static final String B = BASE + "B";
    public static final String C = BASE + "C";
    public static final String D = BASE + "D";
    public static final String E = BASE + "E";
    public static final String F = BASE + "F";
    public static final String X = BASE + "X";

    private static final double S15 = Math.sqrt(15);
    private static final double S10 = Math.sqrt(10);

    /** HitsTest's hand-solved scores: authority (0, 1, 2, 3, 1)/sqrt(15), hub (2, 2, 1, 0, 1)/sqrt(10). */
    public static final double AUTH_B = 1 / S15;
    public static final double AUTH_C = 2 / S15;
    public static final double AUTH_D = 3 / S15;
    public static final double AUTH_E = 1 / S15;
    public static final double HUB_A = 2 / S10;
    public static final double HUB_B = 2 / S10;
    public static final double HUB_C = 1 / S10;
    public static final double HUB_E = 1 / S10;

    private RankFixture() {
    }

    /** Creates the crawl's indices (deleting any older ones) and writes its pages and links. */
    public static void write(ElasticsearchClient es, CrawlIndices indices) throws IOException {
        indices.delete(es);
        indices.ensure(es, 1);
        fill(es, indices);
    }

    /** Writes the pages and links into the crawl's existing indices. */
    public static void fill(ElasticsearchClient es, CrawlIndices indices) throws IOException {
        List<ContentWriter.Change> pages = new ArrayList<>();
        String[] urls = {A, B, C, D, F};
        double[] relevance = {0.9, 0.8, 0.7, 0.6, 0.5};
        for (int i = 0; i < urls.length; i++) {
            pages.add(ContentWriter.Change.store(page(urls[i], relevance[i])));
        }
        for (boolean ok : new ContentWriter(es, indices.content()).write(pages)) {
            assertTrue(ok, "content write failed");
        }
        links(es, indices, 1000, A, B, C, D);
        links(es, indices, 2000, B, C, D);
        links(es, indices, 3000, B, E);
        links(es, indices, 4000, C, D);
        links(es, indices, 4000, D, D);
        links(es, indices, 5000, E, D);
        links(es, indices, 6000, X, B);
        es.indices().refresh(r -> r.index(indices.content(), indices.links(), indices.status()));
    }

    /** A content document as the indexer writes it. */
    public static ContentDoc page(String url, double relevance) {
        String text = "Page " + url.substring(BASE.length()) + " about honey bees.";
        return new ContentDoc(url, UrlIds.host(url), "Page " + url.substring(BASE.length()), List.of(), text, "en",
                "TOPIC", relevance, List.of("honey"), 1, 0, "sig-" + url.hashCode(), 1_700_000_000_000L);
    }

    /** The outlinks of one page in one status batch, written by the status updater's writer at time t. */
    private static void links(ElasticsearchClient es, CrawlIndices indices, long t, String from, String... to) {
        Clock clock = Clock.fixed(Instant.ofEpochMilli(t), ZoneOffset.UTC);
        StatusWriter writer = new StatusWriter(es, indices.status(), indices.links(),
                new StatusMerge(new Schedule(null, null, Duration.ofMinutes(120), 3)), clock);
        List<StatusUpdate> batch = new ArrayList<>();
        for (String target : to) {
            batch.add(StatusUpdate.discovered(target, 0.5, 1, 0, from, "link to " + target));
        }
        for (boolean ok : writer.write(batch)) {
            assertTrue(ok, "link write failed");
        }
    }
}
