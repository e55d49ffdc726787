package org.topicstorm.topology;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TopicStormConfigTest {

    @Test
    void theDefaultsFileDocumentsTheKeysWithTheDefaultsTheCodeUses() throws IOException {
        Map<?, ?> defaults;
        try (InputStream in = getClass().getResourceAsStream("/topicstorm-default.yaml")) {
            assertNotNull(in, "topicstorm-default.yaml is not on the classpath");
            // the file keeps its keys under a top-level "config:", as StormCrawler's crawler-default.yaml does
            defaults = (Map<?, ?>) new ObjectMapper(new YAMLFactory()).readValue(in, Map.class).get("config");
        }
        assertEquals("", defaults.get(TopicStormConfig.TOPIC_FILE));
        assertEquals(TopicStormConfig.DEFAULT_SOFT_FOCUS_FACTOR, defaults.get(TopicStormConfig.SOFT_FOCUS_FACTOR));
        // Read through the same code the bolts use.
        @SuppressWarnings("unchecked")
        Map<String, ?> conf = (Map<String, ?>) defaults;
        assertEquals(0.5, TopicStormConfig.softFocusFactor(conf));
        assertEquals((long) TopicStormConfig.DEFAULT_LINK_LEARN_MS, TopicStormConfig.linkLearnMs(conf));
    }

    @Test
    void theLinkLearnersIntervalIsAWholeNumberOfMillisecondsFrom100() {
        assertEquals(1000L, TopicStormConfig.linkLearnMs(Map.of()));
        assertEquals(250L, TopicStormConfig.linkLearnMs(Map.of(TopicStormConfig.LINK_LEARN_MS, 250)));
        IllegalArgumentException tooShort = assertThrows(IllegalArgumentException.class,
                () -> TopicStormConfig.linkLearnMs(Map.of(TopicStormConfig.LINK_LEARN_MS, 50)));
        assertTrue(tooShort.getMessage().contains("topicstorm.link.learn.ms"), tooShort.getMessage());
    }

    @Test
    void topicFile() {
        assertEquals(Path.of("seeds/x.yaml"), TopicStormConfig.topicFile(Map.of(TopicStormConfig.TOPIC_FILE, " seeds/x.yaml ")));
        IllegalArgumentException blank = assertThrows(IllegalArgumentException.class,
                () -> TopicStormConfig.topicFile(Map.of(TopicStormConfig.TOPIC_FILE, "")));
        assertTrue(blank.getMessage().startsWith("config key 'topicstorm.topic.file' is not set"));
    }

    @Test
    void softFactorDefaultsWhenAbsent() {
        assertEquals(0.5, TopicStormConfig.softFocusFactor(Map.of()));
        assertEquals(0.0, TopicStormConfig.softFocusFactor(Map.of(TopicStormConfig.SOFT_FOCUS_FACTOR, 0)));
    }

    @Test
    void theEmbeddedTopicWinsOverTheFileSoWorkersNeedNoCopy(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws IOException {
        Path file = tmp.resolve("t.yaml");
        java.nio.file.Files.writeString(file, "name: from-file\nlanguages: [en]\nkeywords: {alpha: 1}\nseeds: [http://a.test/]\n");
        assertEquals("from-file", TopicStormConfig.topic(Map.of(TopicStormConfig.TOPIC_FILE, file.toString())).name());
        String embedded = "name: embedded\nlanguages: [en]\nkeywords: {beta: 1}\nseeds: [http://b.test/]\n";
        assertEquals("embedded", TopicStormConfig.topic(Map.of(TopicStormConfig.TOPIC_FILE, "/nowhere/t.yaml",
                TopicStormConfig.TOPIC_YAML, embedded)).name());
        // an error in the embedded text still names the file it came from
        org.topicstorm.topic.TopicException e = assertThrows(org.topicstorm.topic.TopicException.class,
                () -> TopicStormConfig.topic(Map.of(TopicStormConfig.TOPIC_FILE, "/x/t.yaml",
                        TopicStormConfig.TOPIC_YAML, "name: x\n")));
        assertTrue(e.getMessage().contains("/x/t.yaml"), e.getMessage());
    }
}
