package org.topicstorm.crawl;

import org.junit.jupiter.api.Test;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CrawlRunnerTest {

    /**
     * A configuration built in code (an evaluation, a benchmark, a test) is checked too, before anything starts: the
     * Elasticsearch address here is a closed port and there is no topology, so getting further would fail otherwise.
     */
    @Test
    void aWrongTypedValueStopsTheRunBeforeAnythingStarts() throws Exception {
        Topic topic = TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {solar: 1.0}
                seeds: [https://example.org/]
                """, "t.yaml");
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put("es.addresses", List.of("http://127.0.0.1:9"));
        conf.put("fetcher.threads.number", "lots");
        CrawlRunner.Request request = new CrawlRunner.Request(topic, new CrawlIndices("t"), conf, null, 10, null);
        CrawlConf.ConfException e = assertThrows(CrawlConf.ConfException.class,
                () -> new CrawlRunner(line -> { }).run(request));
        assertEquals("the crawl's configuration: key 'fetcher.threads.number' must be a whole number from 1 to 10000, "
                + "got the string 'lots'", e.getMessage());
    }
}
