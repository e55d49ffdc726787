package org.topicstorm.relevance;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.parse.PageParser;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The adaptive models' state in a real Elasticsearch: made from the seed pages at crawl start, saved by the writer,
 * loaded by a reader, and continued by a restarted crawl.
 */
class ModelStateIT {

    private static ParsedPage page(String url, String html) throws Exception {
        return new PageParser(ParseConfig.defaults()).parse(url, html.getBytes(StandardCharsets.UTF_8),
                "text/html; charset=UTF-8", null);
    }

    @Test
    void writerSavesReaderLoadsAndARestartContinues(@TempDir Path dir) throws Exception {
        Path seeds = Files.createDirectory(dir.resolve("seeds"));
        Files.writeString(seeds.resolve("1.html"), "<html><head><title>Cloud computing</title></head><body>"
                + "<p>Cloud computing provides virtual machines and storage on demand.</p></body></html>");
        Files.writeString(seeds.resolve("2.html"), "<html><head><title>Kubernetes</title></head><body>"
                + "<p>Kubernetes schedules containers on virtual machines in the cloud.</p></body></html>");
        Path topicFile = dir.resolve("t.yaml");
        Files.writeString(topicFile, """
                name: model-it
                languages: [en]
                keywords: {cloud computing: 1}
                seeds: [http://127.0.0.1:1/]
                threshold: 0.1
                relevance:
                  model: combination
                  combination: {centroid: 1, seed-set: 1}
                  seed-pages: seeds
                  seed-set: {join-threshold: 0.1}
                """);
        Topic topic = TopicLoader.load(topicFile);
        CrawlIndices indices = new CrawlIndices("model-it");
        try (ElasticsearchClient es = EsClients.create(EsTestNode.settings())) {
            indices.delete(es);
            indices.ensure(es, 1);
            EsModelStateStore store = new EsModelStateStore(es, indices.model());

            assertTrue(ModelBootstrap.ensure(topic, store, ParseConfig.defaults()));
            CentroidState initial = store.load(CentroidModel.KIND, CentroidState.class).orElseThrow();
            assertEquals(2, store.load(SeedSetModel.KIND, SeedSetState.class).orElseThrow().seeds().size());

            RelevanceModels.Built writer = RelevanceModels.build(topic, store, true);
            RelevanceModels.Built reader = RelevanceModels.build(topic, store, false);
            ModelSync writerSync = new ModelSync(store, writer.adaptive(), true, 1000, 0);
            ModelSync readerSync = new ModelSync(store, reader.adaptive(), false, 1000, 0);

            ParsedPage close = page("http://127.0.0.1:1/a", "<html><head><title>Cloud storage</title></head><body>"
                    + "<p>Virtual machines and storage in the cloud, on demand.</p></body></html>");
            double before = reader.model().score(close).score();
            writer.model().score(close);
            assertFalse(writerSync.maybeSync(999)); // the interval has not passed
            assertTrue(writerSync.maybeSync(1000));
            CentroidState learnt = store.load(CentroidModel.KIND, CentroidState.class).orElseThrow();
            assertEquals(1, learnt.updates());
            assertNotEquals(initial.centroid(), learnt.centroid());
            SeedSetState set = store.load(SeedSetModel.KIND, SeedSetState.class).orElseThrow();
            assertEquals(3, set.seeds().size());
            assertEquals(3, set.documents());

            // The reader sees what the writer learnt after its refresh, and scores like the writer's state.
            assertTrue(readerSync.maybeSync(1000));
            assertEquals(learnt, ((CentroidModel) reader.adaptive().get(0)).state());
            assertNotEquals(before, reader.model().score(close).score());

            // A restarted crawl keeps the stored states and continues from them.
            assertFalse(ModelBootstrap.ensure(topic, store, ParseConfig.defaults()));
            RelevanceModels.Built restarted = RelevanceModels.build(topic, store, true);
            assertEquals(learnt, ((CentroidModel) restarted.adaptive().get(0)).state());
            restarted.model().score(close);
            assertEquals(2, ((CentroidModel) restarted.adaptive().get(0)).state().updates());

            // The bolt: a task built from the configuration finds the stored state and scores with it.
            java.util.Map<String, Object> conf = new java.util.HashMap<>();
            conf.put(org.topicstorm.topology.TopicStormConfig.TOPIC_FILE, topicFile.toString());
            conf.put(CrawlIndices.CRAWL_NAME, indices.crawl());
            conf.put(org.topicstorm.es.EsSettings.ADDRESSES, EsTestNode.url().toString());
            RelevanceBolt bolt = new RelevanceBolt();
            org.topicstorm.support.CapturingCollector out = new org.topicstorm.support.CapturingCollector();
            bolt.prepare(conf, null, new org.apache.storm.task.OutputCollector(out));
            bolt.execute(org.topicstorm.support.Tuples.tuple(new org.apache.storm.tuple.Fields(
                            org.topicstorm.topology.TupleFields.URL, org.topicstorm.topology.TupleFields.PAGE,
                            org.topicstorm.topology.TupleFields.METADATA), close.url(), close,
                    new com.digitalpebble.stormcrawler.Metadata()));
            Relevance scored = (Relevance) out.emits.get(0).values().get(2);
            assertEquals(RelevanceModels.build(topic, store, false).model().score(close).score(), scored.score(),
                    1e-12);
            bolt.cleanup(); // the writer (no context: task 0) saves what it learnt
            assertEquals(learnt.updates() + 1,
                    store.load(CentroidModel.KIND, CentroidState.class).orElseThrow().updates());
            indices.delete(es);
        }
    }
}
