package org.topicstorm.eval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.HostSplit;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicException;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A labelled evaluation topic (seeds/eval/*.yaml): an ordinary topic file plus a section
 * <pre>
 * evaluation:
 *   corpora: [libreoffice-help-en-us]     # the corpora to serve (each its own host)
 *   labels: [scalc, schart]               # the ground truth: pages with one of these labels are relevant
 *   split: {libreoffice-help-en-us: 'en-US/text/*'}   # optional: these directories get a host each
 * </pre>
 * Seeds may name served pages as {@code corpus://NAME/path.html}; they become URLs once the corpora are served
 * ({@link #topicYaml}). Everything but the evaluation section is read by {@link TopicLoader}, so errors name the
 * file and the field in the same way.
 */
public final class EvalTopic {

    /** The section this class takes out of the topic file. */
    public static final String SECTION = "evaluation";
    public static final List<String> SECTION_FIELDS = List.of("corpora", "labels", "split");
    static final String CORPUS_PREFIX = "corpus://";

    private static final ObjectMapper YAML = new ObjectMapper(
            YAMLFactory.builder().enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER).build());
    private static final Pattern CORPUS_NAME = Pattern.compile("[a-z0-9][a-z0-9.+-]{0,99}");

    private final String source;
    private final ObjectNode topic;
    private final List<String> corpora;
    private final List<String> labels;
    private final Map<String, String> split;

    private EvalTopic(String source, ObjectNode topic, List<String> corpora, List<String> labels,
                      Map<String, String> split) {
        this.source = source;
        this.topic = topic;
        this.corpora = List.copyOf(corpora);
        this.labels = List.copyOf(labels);
        this.split = Collections.unmodifiableMap(new LinkedHashMap<>(split));
    }

    /** Reads an evaluation topic file (UTF-8). */
    public static EvalTopic load(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TopicException(file.toString(), List.of(file + ": cannot read the file (" + e + ")"));
        }
        return fromString(text, file.toString());
    }

    /** Reads an evaluation topic from YAML text; {@code source} stands for the file name in error messages. */
    public static EvalTopic fromString(String yaml, String source) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            // let the topic loader word it as it does for every topic file
            TopicLoader.fromString(yaml, source);
            throw new TopicException(source, List.of(source + ": not valid YAML: " + e.getOriginalMessage()));
        }
        if (root == null || !root.isObject()) {
            TopicLoader.fromString(yaml, source);
            throw new TopicException(source, List.of(source + ": must be a YAML mapping of fields"));
        }
        ObjectNode topic = ((ObjectNode) root).deepCopy();
        JsonNode section = topic.remove(SECTION);
        List<String> errors = new ArrayList<>();
        List<String> corpora = List.of();
        List<String> labels = List.of();
        Map<String, String> split = Map.of();
        if (section == null || section.isNull()) {
            errors.add(error(source, SECTION, "missing: an evaluation topic needs 'evaluation: {corpora: [NAME, ...], "
                    + "labels: [LABEL, ...]}' (see seeds/eval/README.md)"));
        } else if (!section.isObject()) {
            errors.add(error(source, SECTION, "must be a mapping with the fields " + String.join(", ", SECTION_FIELDS)));
        } else {
            section.fieldNames().forEachRemaining(f -> {
                if (!SECTION_FIELDS.contains(f)) {
                    errors.add(error(source, SECTION + "." + f, "unknown field; allowed fields are: "
                            + String.join(", ", SECTION_FIELDS)));
                }
            });
            corpora = names(section.get("corpora"), source, SECTION + ".corpora", errors);
            for (String c : corpora) {
                if (!CORPUS_NAME.matcher(c).matches()) {
                    errors.add(error(source, SECTION + ".corpora", "'" + c + "' is not a corpus name (lower-case "
                            + "letters, digits, '.', '+' and '-')"));
                }
            }
            labels = names(section.get("labels"), source, SECTION + ".labels", errors);
            split = split(section.get("split"), corpora, source, errors);
        }
        // corpus:// seeds must name a corpus of this topic
        JsonNode seeds = topic.get("seeds");
        if (seeds != null && seeds.isArray()) {
            for (int i = 0; i < seeds.size(); i++) {
                String corpus = corpusOf(seeds.get(i).asText(""));
                if (corpus != null && !corpora.contains(corpus)) {
                    errors.add(error(source, "seeds[" + i + "]", "corpus '" + corpus + "' is not listed in "
                            + SECTION + ".corpora " + corpora));
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new TopicException(source, errors);
        }
        return new EvalTopic(source, topic, corpora, labels, split);
    }

    /** The file (or name) the topic was read from. */
    public String source() {
        return source;
    }

    /** The corpora to serve, in the order given. */
    public List<String> corpora() {
        return corpora;
    }

    /** The labels that make a page relevant. */
    public List<String> labels() {
        return labels;
    }

    /**
     * The corpora served split over hosts: corpus name -> glob of its directories that get a host each
     * ({@link HostSplit}), in the order written; empty when every corpus is one host.
     */
    public Map<String, String> split() {
        return split;
    }

    /**
     * Checks the {@link #split} globs against the corpora as they are on disk: each must match a directory.
     *
     * @param corpus a corpus of this topic by name
     * @throws TopicException naming the file and the field {@code evaluation.split.NAME}
     */
    public void checkSplit(Function<String, Corpus> corpus) {
        List<String> errors = new ArrayList<>();
        split.forEach((name, glob) -> {
            try {
                HostSplit.of(corpus.apply(name), glob);
            } catch (IllegalArgumentException e) {
                errors.add(error(source, SECTION + ".split." + name, e.getMessage()));
            }
        });
        if (!errors.isEmpty()) {
            throw new TopicException(source, errors);
        }
    }

    /** The topic's name. */
    public String name() {
        JsonNode name = topic.get("name");
        return name == null ? "" : name.asText();
    }

    /** The topic's own strategy field, or null when it has none (the loader's default then applies). */
    public String strategy() {
        JsonNode s = topic.get("strategy");
        return s == null || !s.isTextual() ? null : s.textValue();
    }

    /**
     * The topic as an ordinary topic file (what the topology reads): the evaluation section taken out, corpus://
     * seeds resolved to the served pages' URLs, and the strategy replaced when one is given.
     *
     * @param resolve  a corpus:// seed -> its URL (the corpus server's lookup); may throw IllegalArgumentException
     * @param strategy a strategy name as in topic files (e.g. best-first), or null to keep the file's
     * @throws TopicException naming the file and the seed when a seed cannot be resolved, or when the rest of the
     *                        file is not a valid topic
     */
    public String topicYaml(Function<String, String> resolve, String strategy) {
        return topicYaml(resolve, strategy, null, false, Map.of());
    }

    /**
     * As {@link #topicYaml(Function, String)}, and the relevance section changed for a measurement of judgements.
     *
     * @param model      replaces {@code relevance.model} (its combination dropped), or null to keep the file's
     * @param selfTuning adds {@code relevance.self-tuning: {}} (the defaults) when the file has none
     * @param settings   more fields set: dotted path (e.g. relevance.classifier.url-words) -> a YAML value
     * @throws TopicException naming the setting when its value is not YAML or its path goes through a value
     */
    public String topicYaml(Function<String, String> resolve, String strategy, String model, boolean selfTuning,
                            Map<String, String> settings) {
        ObjectNode t = topic.deepCopy();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            set(t, e.getKey(), e.getValue());
        }
        if (model != null || selfTuning) {
            JsonNode r = t.get("relevance");
            ObjectNode relevance = r != null && r.isObject() ? (ObjectNode) r : t.putObject("relevance");
            if (model != null) {
                relevance.put("model", model);
                relevance.remove("combination");
            }
            if (selfTuning && !relevance.has("self-tuning")) {
                relevance.putObject("self-tuning");
            }
        }
        List<String> errors = new ArrayList<>();
        JsonNode seeds = t.get("seeds");
        if (seeds != null && seeds.isArray()) {
            ArrayNode resolved = t.putArray("seeds");
            for (int i = 0; i < seeds.size(); i++) {
                JsonNode seed = seeds.get(i);
                if (seed.isTextual() && corpusOf(seed.textValue()) != null) {
                    try {
                        resolved.add(TextNode.valueOf(resolve.apply(seed.textValue())));
                    } catch (IllegalArgumentException e) {
                        errors.add(error(source, "seeds[" + i + "]", e.getMessage()));
                        resolved.add(seed);
                    }
                } else {
                    resolved.add(seed);
                }
            }
        }
        if (!errors.isEmpty()) {
            throw new TopicException(source, errors);
        }
        if (strategy != null) {
            t.put("strategy", strategy);
        }
        String yaml;
        try {
            yaml = YAML.writeValueAsString(t);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write topic " + source + " back as YAML", e);
        }
        TopicLoader.fromString(yaml, source); // validates: errors name this file and the field
        return yaml;
    }

    /** Sets one field, making the mappings on its path. */
    private void set(ObjectNode root, String path, String value) {
        String[] parts = path.split("\\.");
        ObjectNode node = root;
        for (int i = 0; i < parts.length - 1; i++) {
            JsonNode child = node.get(parts[i]);
            if (child == null || child.isNull()) {
                child = node.putObject(parts[i]);
            }
            if (!child.isObject()) {
                throw new TopicException(source, List.of(source + ": cannot set '" + path + "': '" + parts[i]
                        + "' is not a mapping"));
            }
            node = (ObjectNode) child;
        }
        try {
            node.set(parts[parts.length - 1], YAML.readTree(value));
        } catch (JsonProcessingException e) {
            throw new TopicException(source, List.of(source + ": cannot set '" + path + "': not a YAML value: "
                    + value));
        }
    }

    /** {@link #topicYaml} read as a topic. */
    public Topic topic(Function<String, String> resolve, String strategy) {
        return TopicLoader.fromString(topicYaml(resolve, strategy), source);
    }

    /** The corpus a corpus:// seed names, or null for any other seed. */
    static String corpusOf(String seed) {
        if (!seed.startsWith(CORPUS_PREFIX)) {
            return null;
        }
        String rest = seed.substring(CORPUS_PREFIX.length());
        int slash = rest.indexOf('/');
        return slash < 0 ? rest : rest.substring(0, slash);
    }

    /** The split section: absent = no split; else a mapping of listed corpora to valid directory globs. */
    private static Map<String, String> split(JsonNode node, List<String> corpora, String source,
                                             List<String> errors) {
        Map<String, String> split = new LinkedHashMap<>();
        if (node == null || node.isNull()) {
            return split;
        }
        String field = SECTION + ".split";
        if (!node.isObject()) {
            errors.add(error(source, field, "must be a mapping of corpus name to a directory pattern, e.g. "
                    + "{libreoffice-help-en-us: 'en-US/text/*'}"));
            return split;
        }
        node.fields().forEachRemaining(e -> {
            String name = e.getKey();
            JsonNode glob = e.getValue();
            if (!corpora.contains(name)) {
                errors.add(error(source, field + "." + name, "corpus '" + name + "' is not listed in " + SECTION
                        + ".corpora " + corpora));
            } else if (!glob.isTextual()) {
                errors.add(error(source, field + "." + name, "must be a directory pattern (text), e.g. "
                        + "'en-US/text/*'"));
            } else {
                try {
                    HostSplit.checkGlob(glob.textValue());
                    split.put(name, glob.textValue());
                } catch (IllegalArgumentException x) {
                    errors.add(error(source, field + "." + name, x.getMessage()));
                }
            }
        });
        return split;
    }

    private static List<String> names(JsonNode node, String source, String field, List<String> errors) {
        if (node == null || node.isNull()) {
            errors.add(error(source, field, "missing; give a list, e.g. [a, b]"));
            return List.of();
        }
        if (!node.isArray() || node.isEmpty()) {
            errors.add(error(source, field, "must be a non-empty list of names, e.g. [a, b]"));
            return List.of();
        }
        Set<String> names = new LinkedHashSet<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode n = node.get(i);
            if (!n.isTextual() || n.textValue().isBlank()) {
                errors.add(error(source, field + "[" + i + "]", "must be a non-empty text"));
            } else if (!names.add(n.textValue().strip())) {
                errors.add(error(source, field + "[" + i + "]", "'" + n.textValue() + "' is listed twice"));
            }
        }
        return List.copyOf(names);
    }

    private static String error(String source, String field, String message) {
        return source + ": field '" + field + "': " + message;
    }
}
