package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.index.ContentDoc;
import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.PageType;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.KeywordExpansion;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/** {@code topicstorm keywords expand}: new keywords for a topic from pages on it (002 patent). */
@Command(name = "keywords", mixinStandardHelpOptions = true, description = "Work on a topic's keywords.",
        subcommands = KeywordsCommand.Expand.class)
final class KeywordsCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "expand", mixinStandardHelpOptions = true,
            description = {"Add keywords to a topic: tag-weighted TF-IDF over its relevant pages (002 patent).",
                    "Writes a new topic file; the original is left untouched."})
    static final class Expand implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--topic", required = true, paramLabel = "FILE", description = "Topic file to expand.")
        Path topicFile;

        @ArgGroup(exclusive = true, multiplicity = "1")
        Source source;

        static final class Source {
            @Option(names = "--crawl", paramLabel = "NAME",
                    description = "Learn from the relevant pages of this crawl (its content index).")
            String crawl;

            @Option(names = "--from", paramLabel = "DIR",
                    description = "Learn from the HTML files (*.html, *.htm) under this directory; the pages the "
                            + "topic's keywords find relevant are used.")
            Path dir;
        }

        @Option(names = "--rounds", paramLabel = "R", description = "Rounds of expansion. Default: ${DEFAULT-VALUE}.")
        int rounds = 1;

        @Option(names = "--top", paramLabel = "N", description = "Keywords added per round. Default: ${DEFAULT-VALUE}.")
        int top = 10;

        @Option(names = "--max-pages", paramLabel = "N",
                description = "Pages read at most (the most relevant first with --crawl). Default: ${DEFAULT-VALUE}.")
        int maxPages = 5000;

        @Option(names = "--out", paramLabel = "FILE",
                description = "The new topic file. Default: <topic>-expanded.yaml next to the topic file.")
        Path out;

        @Option(names = "--conf", paramLabel = "FILE", description = "Configuration file (for a remote Elasticsearch).")
        Path confFile;

        @Override
        public Integer call() throws Exception {
            PrintWriter w = spec.commandLine().getOut();
            if (rounds < 1 || top < 1 || maxPages < 1) {
                throw new IllegalArgumentException("--rounds, --top and --max-pages must be at least 1");
            }
            Topic topic = TopicLoader.load(topicFile);
            Path target = out != null ? out : expandedName(topicFile);
            if (Files.exists(topicFile) && Files.exists(target) && Files.isSameFile(topicFile, target)) {
                throw new IllegalArgumentException("--out must not be the topic file itself: the original stays "
                        + "untouched");
            }
            List<ParsedPage> pages = source.dir != null ? fromDirectory(source.dir) : fromCrawl(source.crawl);
            w.printf("Read %d pages from %s%n", pages.size(), source.dir != null ? source.dir : "crawl " + source.crawl);
            KeywordExpansion.Result result = new KeywordExpansion(topic).expand(pages, rounds, top, source.dir == null);
            int r = 1;
            for (KeywordExpansion.Round round : result.rounds()) {
                w.printf("Round %d: %d relevant pages, %d keywords added%n", r++, round.relevantPages(),
                        round.added().size());
                for (KeywordExpansion.Added a : round.added()) {
                    w.printf(Locale.ROOT, "  %-30s %.2f%n", a.keyword(), a.weight());
                }
            }
            write(target, result.keywords());
            TopicLoader.load(target); // the new file must be a valid topic
            w.printf("Wrote %s (%d keywords)%n", target, result.keywords().size());
            w.flush();
            return 0;
        }

        private void write(Path target, Map<String, Double> keywords) throws IOException {
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory().disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
                    .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES));
            ObjectNode root = (ObjectNode) yaml.readTree(Files.readString(topicFile, StandardCharsets.UTF_8));
            ObjectNode k = root.putObject("keywords"); // replaces, keeping the field's position
            keywords.forEach(k::put);
            String header = "# Expanded from " + topicFile.getFileName() + " by 'topicstorm keywords expand' ("
                    + rounds + " round(s), top " + top + ", from " + (source.dir != null ? "pages in " + source.dir
                    : "crawl " + source.crawl) + ").\n";
            Files.writeString(target, header + yaml.writeValueAsString(root), StandardCharsets.UTF_8);
        }

        static Path expandedName(Path topicFile) {
            String name = topicFile.getFileName().toString();
            String base = name.endsWith(".yaml") ? name.substring(0, name.length() - 5)
                    : name.endsWith(".yml") ? name.substring(0, name.length() - 4) : name;
            return topicFile.resolveSibling(base + "-expanded.yaml");
        }

        private List<ParsedPage> fromDirectory(Path dir) throws IOException {
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("--from: " + dir + " is not a directory");
            }
            PageParser parser = new PageParser(ParseConfig.defaults());
            List<ParsedPage> pages = new ArrayList<>();
            List<Path> files;
            try (Stream<Path> s = Files.walk(dir)) {
                files = s.filter(Files::isRegularFile).filter(p -> {
                    String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                    return n.endsWith(".html") || n.endsWith(".htm");
                }).sorted().limit(maxPages).toList();
            }
            for (Path f : files) {
                try {
                    pages.add(parser.parse(f.toUri().toString(), Files.readAllBytes(f), "text/html", null));
                } catch (NotHtmlException e) {
                    // not a page: skipped
                }
            }
            if (pages.isEmpty()) {
                throw new IllegalArgumentException("--from: no HTML page under " + dir);
            }
            return pages;
        }

        private List<ParsedPage> fromCrawl(String crawl) throws IOException {
            EsSettings settings = CrawlConnection.settings(confFile);
            CrawlIndices indices = new CrawlIndices(crawl);
            try (ElasticsearchClient client = EsClients.create(settings)) {
                CrawlConnection.requireIndex(client, crawl, indices.content());
                SearchResponse<ContentDoc> r = client.search(s -> s.index(indices.content())
                        .size(Math.min(maxPages, 10_000))
                        .sort(o -> o.field(f -> f.field("relevance").order(SortOrder.Desc))), ContentDoc.class);
                List<ParsedPage> pages = new ArrayList<>();
                for (Hit<ContentDoc> h : r.hits().hits()) {
                    ContentDoc d = h.source();
                    if (d != null) {
                        String text = d.text() == null ? "" : d.text();
                        pages.add(new ParsedPage(d.url(), d.title() == null ? "" : d.title(),
                                d.headings() == null ? List.of() : d.headings(), text, text, List.of(), 0,
                                PageType.TOPIC, "UTF-8", d.language() == null ? "" : d.language()));
                    }
                }
                if (pages.isEmpty()) {
                    throw new IllegalStateException("crawl '" + crawl + "' has no relevant page yet");
                }
                return pages;
            }
        }
    }
}
