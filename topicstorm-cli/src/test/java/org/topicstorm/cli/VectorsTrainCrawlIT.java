package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.index.ContentDoc;
import org.topicstorm.index.ContentWriter;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.WordVectorsFiles;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code topicstorm vectors train --crawl NAME} against a real Elasticsearch node: the pages of a crawl's content
 * index, stored by the crawl's own {@link ContentWriter}, are what the word vectors are trained on.
 */
class VectorsTrainCrawlIT extends CliTest {

    @TempDir
    Path dir;

    private static final String[][] PAGES = {
            // title, heading, text
            {"Apiary notes", "Spring swarms", "Honey bees gather nectar. The honey is stored in wax comb. "
                    + "A beekeeper harvests honey in late summer."},
            {"Queen rearing", "Grafting larvae", "The queen lays eggs in the comb. Honey and pollen feed the larvae. "
                    + "Worker bees build queen cells."},
            {"Winter hives", "Cluster", "Bees cluster in winter and eat their honey. The beekeeper leaves enough "
                    + "honey and more honey in the hive."}};

    private static ParsedPage page(String url, String title, String heading, String text) throws Exception {
        String html = "<!DOCTYPE html><html lang=\"en\"><head><title>" + title + "</title></head><body><h2>"
                + heading + "</h2><p>" + text + "</p></body></html>";
        return new PageParser(ParseConfig.defaults()).parse(url, html.getBytes(StandardCharsets.UTF_8),
                "text/html; charset=UTF-8", null);
    }

    /** Stores pages in a crawl's content index as the indexer bolt does, and makes them searchable. */
    private static void store(ElasticsearchClient es, CrawlIndices indices, List<ParsedPage> pages) throws Exception {
        List<ContentWriter.Change> changes = new ArrayList<>();
        for (ParsedPage p : pages) {
            changes.add(ContentWriter.Change.store(ContentDoc.of(p, new Relevance(0.9, true, List.of()), 1,
                    System.currentTimeMillis())));
        }
        boolean[] ok = new ContentWriter(es, indices.content()).write(changes);
        for (boolean b : ok) {
            assertTrue(b, "content write failed");
        }
        es.indices().refresh(r -> r.index(indices.content()));
    }

    @Test
    void trainsOnTheContentIndexOfACrawl() throws Exception {
        CrawlIndices crawl = new CrawlIndices("vectors-it");
        CrawlIndices other = new CrawlIndices("vectors-it-other");
        Set<String> pageWords = new HashSet<>();
        try (ElasticsearchClient es = EsClients.create(EsTestNode.settings())) {
            crawl.delete(es);
            other.delete(es);
            crawl.ensure(es, 1);
            other.ensure(es, 1);
            List<ParsedPage> pages = new ArrayList<>();
            for (int i = 0; i < PAGES.length; i++) {
                String[] p = PAGES[i];
                pages.add(page("http://127.0.0.1:9/bees/" + i, p[0], p[1], p[2]));
                for (String part : p) {
                    pageWords.addAll(Arrays.asList(part.toLowerCase(Locale.ROOT).split("[^a-z]+")));
                }
            }
            store(es, crawl, pages);
            // another crawl in the same Elasticsearch: none of its words may end up in this crawl's vectors
            store(es, other, List.of(page("http://127.0.0.1:9/zeppelin", "Zeppelin airships", "Hydrogen",
                    "Zeppelin airships floated on hydrogen gas.")));

            Path conf = dir.resolve("es.yaml");
            Files.writeString(conf, "es.addresses: [\"" + EsTestNode.url() + "\"]\n");
            Path vectors = dir.resolve("vectors.bin");
            int code = run("vectors", "train", "--crawl", "vectors-it", "--out", vectors.toString(), "--conf",
                    conf.toString(), "--dim", "8", "--min-count", "1", "--epochs", "2", "--window", "2",
                    "--workers", "1");
            assertEquals(0, code, err.toString());
            assertTrue(out.toString().contains("Training on 3 pages of crawl 'vectors-it'"), out.toString());

            assertTrue(Files.size(vectors) > 0);
            assertEquals(WordVectorsFiles.Format.BINARY, WordVectorsFiles.detect(vectors));
            Embeddings e = WordVectorsFiles.load(vectors);
            assertEquals(8, e.dimension());
            // words of the title, a heading and the text of the pages
            for (String w : List.of("apiary", "swarms", "grafting", "nectar", "beekeeper", "honey", "comb")) {
                assertTrue(e.contains(w), w + " missing from " + e.words());
            }
            // only words of this crawl's pages: not the other crawl's, nor URLs, hosts or other fields
            assertFalse(e.contains("zeppelin") || e.contains("hydrogen"), e.words().toString());
            assertTrue(pageWords.containsAll(e.words()), "words not on the pages: " + e.words().stream()
                    .filter(w -> !pageWords.contains(w)).toList());
            assertEquals("honey", e.words().get(0), "the most frequent word first: " + e.words());
            for (String w : e.words()) {
                float[] v = e.vector(w);
                double norm = 0;
                for (float x : v) {
                    assertTrue(Float.isFinite(x), w);
                    norm += x * x;
                }
                assertTrue(norm > 0, w + " has a zero vector");
            }
            crawl.delete(es);
            other.delete(es);
        }
    }

    @Test
    void aMissingOrEmptyCrawlIsAClearError() throws Exception {
        Path conf = dir.resolve("es.yaml");
        Files.writeString(conf, "es.addresses: [\"" + EsTestNode.url() + "\"]\n");
        Path vectors = dir.resolve("vectors.bin");
        CrawlIndices empty = new CrawlIndices("vectors-it-empty");
        try (ElasticsearchClient es = EsClients.create(EsTestNode.settings())) {
            new CrawlIndices("no-such-crawl").delete(es);
            empty.delete(es);

            assertEquals(1, run("vectors", "train", "--crawl", "no-such-crawl", "--out", vectors.toString(),
                    "--conf", conf.toString()));
            assertEquals("topicstorm: no crawl named 'no-such-crawl' (index no-such-crawl-content does not exist)",
                    err.toString().strip());
            assertFalse(Files.exists(vectors), "no vectors file for a missing crawl");

            // a crawl that stored no page yet
            empty.ensure(es, 1);
            err.getBuffer().setLength(0);
            assertEquals(1, run("vectors", "train", "--crawl", "vectors-it-empty", "--out", vectors.toString(),
                    "--conf", conf.toString()));
            assertTrue(err.toString().contains("crawl 'vectors-it-empty'")
                    && err.toString().contains("has no pages to train on"), err.toString());
            assertFalse(Files.exists(vectors), "no vectors file for an empty crawl");
            empty.delete(es);
        }
    }
}
