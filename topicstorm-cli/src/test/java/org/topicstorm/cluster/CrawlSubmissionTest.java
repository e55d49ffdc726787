package org.topicstorm.cluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CrawlSubmissionTest {

    /** On a cluster a wrong value would only restart the worker, again and again: it is refused before submitting. */
    @Test
    void aWrongTypedValueIsRefusedBeforeAnythingIsSubmitted(@TempDir Path tmp) throws Exception {
        Path topicFile = Files.writeString(tmp.resolve("t.yaml"), """
                name: t
                languages: [en]
                keywords: {solar: 1.0}
                seeds: [https://example.org/]
                """);
        Map<String, Object> conf = new HashMap<>(CrawlConf.defaults());
        conf.put("topicstorm.parallelism.fetcher", 2.5);
        CrawlSubmission.Request request = new CrawlSubmission.Request(TopicLoader.load(topicFile), topicFile,
                Files.readString(topicFile), null, conf, "my.yaml (over the defaults)", null, 0, null);
        CrawlConf.ConfException e = assertThrows(CrawlConf.ConfException.class,
                () -> new CrawlSubmission(line -> { }).prepare(request));
        assertEquals("my.yaml (over the defaults): key 'topicstorm.parallelism.fetcher' must be a whole number from 1 "
                + "to 1000, got the number 2.5", e.getMessage());
    }
}
