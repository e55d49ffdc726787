package org.topicstorm.relevance;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SeedPagesTest {

    private final SeedPages seedPages = new SeedPages(ParseConfig.defaults());

    @Test
    void fromADirectoryEveryHtmlFileInNameOrder(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("b.htm"), "<html><title>B</title><body>beta</body></html>");
        Files.writeString(dir.resolve("a.html"), "<html><title>A</title><body>alpha</body></html>");
        Files.writeString(dir.resolve("notes.txt"), "not a page");
        List<ParsedPage> pages = seedPages.fromDirectory(dir);
        assertEquals(List.of("A", "B"), pages.stream().map(ParsedPage::title).toList());
    }

    @Test
    void theSeedUrlsAreFetchedOnceAndFailuresSkipped() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            boolean found = exchange.getRequestURI().getPath().equals("/ok");
            byte[] body = (found ? "<html><title>Seed</title><body>cloud computing</body></html>" : "gone")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=UTF-8");
            exchange.sendResponseHeaders(found ? 200 : 404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort();
            Topic topic = TopicLoader.fromString("""
                    name: t
                    languages: [en]
                    keywords: {cloud: 1}
                    seeds: [%s/ok, %s/missing]
                    relevance: {model: centroid}
                    """.formatted(base, base), "t.yaml");
            List<ParsedPage> pages = seedPages.load(topic);
            assertEquals(1, pages.size());
            assertEquals("Seed", pages.get(0).title());

            Topic none = TopicLoader.fromString("""
                    name: t
                    languages: [en]
                    keywords: {cloud: 1}
                    seeds: [%s/missing]
                    relevance: {model: seed-set}
                    """.formatted(base), "t.yaml");
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> seedPages.load(none));
            assertTrue(e.getMessage().contains("none of the 1 seed URLs could be fetched as HTML"), e.getMessage());
        } finally {
            server.stop(0);
        }
    }
}
