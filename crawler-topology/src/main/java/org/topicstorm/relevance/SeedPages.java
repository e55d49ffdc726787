package org.topicstorm.relevance;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The seed pages the adaptive models learn the topic from (001, 003). They are read once, when a crawl starts without
 * a stored model state ({@link ModelBootstrap}):
 * <ul>
 *   <li>from the topic's {@code relevance.seed-pages} directory: every *.html / *.htm file in it (not recursive),
 *       in name order, when the field is set;</li>
 *   <li>else by fetching the topic's seed URLs once (plain HTTP GET, redirects followed, {@value #TIMEOUT_SECONDS} s
 *       timeout each). A seed that cannot be fetched or is not HTML is skipped with a warning.</li>
 * </ul>
 */
public final class SeedPages {

    private static final Logger LOG = LoggerFactory.getLogger(SeedPages.class);
    static final int TIMEOUT_SECONDS = 20;

    private final PageParser parser;

    public SeedPages(ParseConfig parseConfig) {
        this.parser = new PageParser(parseConfig);
    }

    /**
     * @throws IllegalStateException when not a single seed page could be read
     */
    public List<ParsedPage> load(Topic topic) {
        Path dir = topic.relevance().seedPages();
        List<ParsedPage> pages = dir != null ? fromDirectory(dir) : fetch(topic.seeds());
        if (pages.isEmpty()) {
            throw new IllegalStateException("topic " + topic.name() + ": no seed page could be read ("
                    + (dir != null ? "no HTML file in " + dir : "none of the " + topic.seeds().size()
                    + " seed URLs could be fetched as HTML") + "); the " + topic.relevance().model().yamlName
                    + " model needs them");
        }
        return pages;
    }

    /** Every *.html and *.htm file of the directory, parsed as UTF-8 unless the page declares otherwise. */
    public List<ParsedPage> fromDirectory(Path dir) {
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return Files.isRegularFile(p) && (n.endsWith(".html") || n.endsWith(".htm"));
            }).sorted().toList();
        } catch (IOException e) {
            throw new IllegalStateException("cannot list the seed pages in " + dir + ": " + e, e);
        }
        List<ParsedPage> pages = new ArrayList<>();
        for (Path f : files) {
            try {
                pages.add(parser.parse(f.toUri().toString(), Files.readAllBytes(f), "text/html", null));
            } catch (IOException | NotHtmlException e) {
                LOG.warn("Seed page {} skipped: {}", f, e.getMessage());
            }
        }
        return pages;
    }

    /** Fetches each URL once; failures are skipped. */
    public List<ParsedPage> fetch(List<String> urls) {
        HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(TIMEOUT_SECONDS)).build();
        List<ParsedPage> pages = new ArrayList<>();
        for (String url : urls) {
            try {
                HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url))
                        .timeout(Duration.ofSeconds(TIMEOUT_SECONDS))
                        .header("User-Agent", "TopicStorm (seed pages for the topic model)").build(),
                        HttpResponse.BodyHandlers.ofByteArray());
                if (r.statusCode() != 200) {
                    LOG.warn("Seed page {} skipped: HTTP {}", url, r.statusCode());
                    continue;
                }
                pages.add(parser.parse(r.uri().toString(), r.body(),
                        r.headers().firstValue("Content-Type").orElse(null),
                        r.headers().firstValue("Content-Language").orElse(null)));
            } catch (IOException | NotHtmlException | IllegalArgumentException e) {
                LOG.warn("Seed page {} skipped: {}", url, e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return pages;
    }
}
