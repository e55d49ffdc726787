package org.topicstorm.corpus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The labelled topics in seeds/eval/ are valid topics once their evaluation section is removed and their corpus://
 * seeds resolved, name known corpora and labels those corpora have, and start outside the labelled region.
 */
class EvalTopicsTest {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private static Path evalDir() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isDirectory(p.resolve("seeds/eval"))) {
                return p.resolve("seeds/eval");
            }
        }
        throw new IllegalStateException("no seeds/eval above " + Path.of("").toAbsolutePath());
    }

    /** Labels a known corpus can give (library chapters of the Python docs are checked by their form). */
    private static boolean isLabelOf(String corpus, String label) {
        if (corpus.startsWith("libreoffice-help-")) {
            return KnownCorpora.LIBREOFFICE_MODULES.contains(label);
        }
        if (corpus.equals("postgresql-doc-15")) {
            return KnownCorpora.POSTGRESQL_LABELS.stream().anyMatch(p -> p.endsWith("=" + label));
        }
        return label.matches("library/[a-z_]+|[a-z-]+");
    }

    @Test
    void everyEvaluationTopicIsValidAndLabelled() throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(evalDir())) {
            files = s.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
        }
        int english = 0;
        int chinese = 0;
        for (Path f : files) {
            ObjectNode root = (ObjectNode) YAML.readTree(f.toFile());
            JsonNode evaluation = root.remove("evaluation");
            assertTrue(evaluation != null && evaluation.isObject(), f + ": evaluation section");
            List<String> corpora = new ArrayList<>();
            evaluation.get("corpora").forEach(c -> corpora.add(c.asText()));
            assertFalse(corpora.isEmpty(), f + ": corpora");
            assertTrue(CorpusCatalog.knownNames().containsAll(corpora), f + ": unknown corpus in " + corpora);
            List<String> labels = new ArrayList<>();
            evaluation.get("labels").forEach(l -> labels.add(l.asText()));
            assertFalse(labels.isEmpty(), f + ": labels");
            for (String label : labels) {
                assertTrue(isLabelOf(corpora.get(0), label), f + ": label " + label + " of " + corpora.get(0));
            }
            // resolve corpus://NAME/path seeds as a server would (one loopback address per corpus)
            ArrayNode seeds = (ArrayNode) root.get("seeds");
            for (int i = 0; i < seeds.size(); i++) {
                URI seed = URI.create(seeds.get(i).asText());
                assertEquals(CorpusServer.CORPUS_SCHEME, seed.getScheme(), f + ": seed " + seed);
                assertTrue(corpora.contains(seed.getAuthority()), f + ": seed " + seed + " not on a listed corpus");
                int host = CorpusServer.FIRST_HOST + corpora.indexOf(seed.getAuthority());
                seeds.set(i, "http://127.0.0." + host + ":8080" + (seed.getPath().isEmpty() ? "/" : seed.getPath()));
            }
            // a split names a corpus of the topic and a valid directory glob; the LibreOffice help is split by module
            Map<String, String> split = new LinkedHashMap<>();
            if (evaluation.has("split")) {
                evaluation.get("split").fields().forEachRemaining(e -> split.put(e.getKey(), e.getValue().asText()));
            }
            split.forEach((corpus, glob) -> {
                assertTrue(corpora.contains(corpus), f + ": split of " + corpus);
                HostSplit.checkGlob(glob);
            });
            for (String corpus : corpora) {
                if (corpus.startsWith("libreoffice-help-") && corpora.size() == 1) {
                    String lang = corpus.endsWith("-en-us") ? "en-US" : "zh-CN";
                    assertEquals(Map.of(corpus, lang + "/text/*"), split, f + ": one host per module");
                }
            }
            assertTrue(seeds.size() >= 2, f + ": a realistic start has the front page and an on-topic page");
            assertTrue(seeds.toString().contains(":8080/\""), f + ": one seed is a corpus's front page");
            Topic topic = TopicLoader.fromString(YAML.writeValueAsString(root), f.toString());
            assertTrue(topic.keywords().size() >= 8, f + ": weighted keywords");
            assertEquals(f.getFileName().toString().replace(".yaml", ""), topic.name());
            if (topic.languages().contains("zh")) {
                chinese++;
            } else if (topic.languages().contains("en")) {
                english++;
            }
        }
        assertTrue(english >= 7 && chinese >= 2, "7 English and 2 Chinese topics, got " + english + " and " + chinese);
        assertTrue(files.stream().filter(p -> p.getFileName().toString().startsWith("pg-")).count() >= 2,
                "at least two topics on the PostgreSQL manual");
        assertTrue(Set.copyOf(files.stream().map(p -> p.getFileName().toString()).toList()).contains("lo-calc-en.yaml"));
    }
}
