package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusCatalog;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.corpus.SiteWalk;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every labelled topic of seeds/eval/ against its real corpora (fetched from their Debian packages into
 * $TOPICSTORM_CORPORA if set, else target/corpora, reused when present), served as the topic asks (split included):
 * the split matches directories, every seed is a served page that answers 200 (or a corpus's root), and |R| and the
 * pages reachable from the entry pages are what seeds/eval/README.md says.
 */
class EvalTopicsIT {

    /** |R| per topic, as in the table of seeds/eval/README.md. */
    private static final Map<String, Integer> TRUTH_SIZE = Map.ofEntries(Map.entry("lo-calc-en", 480),
            Map.entry("lo-basic-en", 420), Map.entry("lo-impress-en", 246), Map.entry("py-networking-en", 47),
            Map.entry("lo-calc-zh", 480), Map.entry("lo-writer-zh", 406), Map.entry("pg-plang-en", 61),
            Map.entry("pg-libpq-en", 64), Map.entry("pg-catalogs-en", 168), Map.entry("pg-textsearch-en", 12),
            Map.entry("pg-replication-en", 23), Map.entry("py-concurrency-en", 11), Map.entry("py-text-en", 9),
            Map.entry("lo-math-en", 81), Map.entry("lo-base-en", 85), Map.entry("lo-writer-en", 406));
    /** Labelled pages reachable from the entry pages, for the PostgreSQL topics (README: every one). */
    private static final Map<String, Integer> REACHABLE = Map.of("pg-plang-en", 61, "pg-libpq-en", 64,
            "pg-catalogs-en", 168, "pg-textsearch-en", 12, "pg-replication-en", 23);

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    @Test
    void everyTopicServesItsSeedsAndItsLabelledSet() throws Exception {
        String env = System.getenv(CorpusCatalog.HOME_ENV);
        CorpusCatalog catalog = new CorpusCatalog(env != null && !env.isBlank() ? Path.of(env)
                : Path.of("target", "corpora"));
        List<Path> files;
        try (Stream<Path> s = Files.list(Path.of("..", "seeds", "eval"))) {
            files = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        assertEquals(TRUTH_SIZE.keySet(), files.stream().map(f -> f.getFileName().toString().replace(".yaml", ""))
                .collect(Collectors.toSet()), "every topic file has its |R| here");
        for (Path f : files) {
            EvalTopic topic = EvalTopic.load(f);
            List<Corpus> corpora = new ArrayList<>();
            for (String name : topic.corpora()) {
                corpora.add(catalog.get(name, System.out::println));
            }
            topic.checkSplit(name -> corpora.get(topic.corpora().indexOf(name)));
            try (CorpusServer server = CorpusServer.start(corpora,
                    CorpusServer.Options.DEFAULTS.withSplit(topic.split()))) {
                for (String name : topic.split().keySet()) {
                    assertEquals(9, server.splitUrls(name).size(), f + ": one host per LibreOffice module");
                }
                List<String> seeds = topic.topic(seed -> server.resolve(seed).toString(), null).seeds();
                for (String seed : seeds) {
                    HttpResponse<String> r = CLIENT.send(HttpRequest.newBuilder(URI.create(seed)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), f + ": seed " + seed);
                    assertTrue(seed.endsWith(":" + server.port() + "/") || server.isPage(seed),
                            f + ": seed " + seed + " is a served page");
                }
                GroundTruth truth = GroundTruth.of(server.labelledPages(), server::label, topic.labels());
                assertEquals(TRUTH_SIZE.get(topic.name()), truth.size(), f + ": |R|");
                if (REACHABLE.containsKey(topic.name())) {
                    List<URI> starts = corpora.stream().map(c -> server.baseUrl(c.name())).toList();
                    SiteWalk.Result walk = new SiteWalk(server, 4).walk(starts, Integer.MAX_VALUE);
                    long reachable = walk.depth().keySet().stream().filter(truth::isRelevant).count();
                    assertEquals((long) REACHABLE.get(topic.name()), reachable, f + ": reachable");
                }
            }
        }
    }
}
