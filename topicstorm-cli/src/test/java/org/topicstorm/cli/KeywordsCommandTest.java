package org.topicstorm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KeywordsCommandTest {

    @Test
    void expandFromADirectoryWritesANewTopicAndLeavesTheOriginal(@TempDir Path dir) throws IOException {
        String original = """
                # my topic
                name: t
                languages: [en]
                keywords: {cloud: 1.0}
                seeds: [https://example.org/]
                threshold: 0.5
                relevance: {stemming: false, tag-weights: {title: 1, heading: 1, anchor: 1, body: 1}}
                """;
        Path topic = dir.resolve("t.yaml");
        Files.writeString(topic, original);
        Path pages = Files.createDirectory(dir.resolve("pages"));
        Files.writeString(pages.resolve("1.html"), "<html><body><p>cloud server server</p></body></html>");
        Files.writeString(pages.resolve("2.html"), "<html><body><p>cloud server storage</p></body></html>");
        Files.writeString(pages.resolve("3.htm"), "<html><body><p>garden flower server</p></body></html>");
        StringWriter out = new StringWriter();
        int code = Main.execute(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                "keywords", "expand", "--topic", topic.toString(), "--from", pages.toString(), "--top", "2");
        assertEquals(0, code, out.toString());
        assertEquals(original, Files.readString(topic));
        // The same figures as KeywordExpansionTest's first round.
        Topic expanded = TopicLoader.load(dir.resolve("t-expanded.yaml"));
        assertEquals(Map.of("cloud", 1.0, "server", 0.8, "storage", 0.45), expanded.keywords());
        assertEquals(0.5, expanded.threshold());
        assertTrue(out.toString().contains("Round 1: 2 relevant pages, 2 keywords added"), out.toString());
    }
}
