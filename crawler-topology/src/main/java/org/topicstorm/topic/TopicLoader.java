package org.topicstorm.topic;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextAnalyzer;

/**
 * Reads and validates a topic YAML file (the format is documented field by field in seeds/README.md).
 *
 * <p>Every field is checked and every problem is collected before failing, so that one run shows the user all
 * that is wrong with the file. Each message names the file and the field.
 */
public final class TopicLoader {

    public static final double DEFAULT_THRESHOLD = 0.25;
    public static final Topic.Strategy DEFAULT_STRATEGY = Topic.Strategy.LEARNED;
    public static final Topic.Focus DEFAULT_FOCUS = Topic.Focus.SOFT;

    /** The top-level fields, in the order they are documented. */
    public static final List<String> FIELDS =
            List.of("name", "languages", "keywords", "seeds", "threshold", "strategy", "focus", "limits", "relevance",
                    "links", "mode", "revisit", "seed-sources");
    /** The fields of an entry of {@code seed-sources}. */
    public static final List<String> SEED_SOURCE_FIELDS = List.of("name", "url", "results", "link", "title",
            "summary", "next", "max-pages", "keywords", "min-score", "first-page");
    /** The fields of {@code revisit}. */
    public static final List<String> REVISIT_FIELDS = List.of("relevant", "hubs", "irrelevant", "min", "max",
            "sooner", "later", "heat");
    /** The fields of {@code revisit.heat}. */
    public static final List<String> HEAT_FIELDS = List.of("exponent", "scale", "hot");
    /** The longest revisit interval: a year (so that no interval arithmetic can overflow). */
    static final Duration MAX_REVISIT = Duration.ofDays(365);
    /** What {@code revisit.irrelevant} says for "not fetched again". */
    static final String NEVER = "never";
    /** The fields of {@code limits}. */
    public static final List<String> LIMIT_FIELDS = List.of("max-pages", "max-depth", "max-time",
            "max-pages-per-host");

    /** The fields of {@code relevance}. */
    public static final List<String> RELEVANCE_FIELDS = List.of("model", "combination", "stemming", "segmenter",
            "hub-share",
            "tag-weights", "seed-pages", "centroid", "seed-set", "word2vec", "classifier", "self-tuning");
    public static final List<String> CLASSIFIER_FIELDS = List.of("features", "terms", "min-judgements", "threshold",
            "url-words");
    public static final List<String> SELF_TUNING_FIELDS = List.of("target", "tolerance", "step", "min-step",
            "min-pages");
    public static final List<String> TAG_FIELDS = List.of("title", "heading", "anchor", "body");
    public static final List<String> CENTROID_FIELDS = List.of("features", "update-similarity");
    public static final List<String> SEED_SET_FIELDS = List.of("max-size", "join-threshold", "terms");
    public static final List<String> WORD2VEC_FIELDS = List.of("vectors", "page-words");
    /** The fields of {@code links}. */
    public static final List<String> LINK_FIELDS = List.of("tau", "tunnel-alpha", "hub-weight", "boilerplate-pages",
            "learned", "sibling-demotion");
    public static final List<String> SIBLING_FIELDS = List.of("after", "factor");
    public static final List<String> TAU_FIELDS = List.of("extends", "same-shape", "boilerplate", "other");
    public static final List<String> LEARNED_FIELDS = List.of("retrain-every", "min-examples", "max-examples",
            "rescore", "target", "prior", "child-credit", "region-pages");
    private static final Map<String, LinkSettings.Target> TARGETS = Map.of(
            "verdict", LinkSettings.Target.VERDICT, "score", LinkSettings.Target.SCORE);
    private static final Map<String, LinkSettings.Prior> PRIORS = Map.of(
            "link-topology", LinkSettings.Prior.LINK_TOPOLOGY, "best-first", LinkSettings.Prior.BEST_FIRST);
    private static final Map<String, RelevanceSettings.Model> MODELS = new LinkedHashMap<>();
    private static final Map<String, ChineseSegmenter> SEGMENTERS = ChineseSegmenter.byName();

    static {
        for (RelevanceSettings.Model m : RelevanceSettings.Model.values()) {
            MODELS.put(m.yamlName, m);
        }
    }

    /** Lower case only: the name becomes part of Elasticsearch index names, which must be lower case. */
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]*");
    /** Index names may have 255 bytes; this leaves room for the crawl's suffixes ("-status", ...). */
    private static final int MAX_NAME_LENGTH = 100;
    /**
     * Characters a seed URL may have at most: the URL filters (BasicURLFilter's maxLength in
     * storm-conf/urlfilters.json) drop longer URLs, so a longer seed would be dropped at injection instead of refused
     * here.
     */
    public static final int MAX_URL_LENGTH = 1024;
    private static final Pattern WHITE_SPACE = Pattern.compile("(?U)\\s+");
    private static final Set<String> ISO_639_1 = Set.of(Locale.getISOLanguages());
    private static final Map<String, Topic.Strategy> STRATEGIES = new LinkedHashMap<>();

    static {
        STRATEGIES.put("best-first", Topic.Strategy.BEST_FIRST);
        STRATEGIES.put("breadth-first", Topic.Strategy.BREADTH_FIRST);
        STRATEGIES.put("link-topology", Topic.Strategy.LINK_TOPOLOGY);
        STRATEGIES.put("hub", Topic.Strategy.HUB);
        STRATEGIES.put("learned", Topic.Strategy.LEARNED);
    }

    /**
     * Every strategy name a topic file may give, in the order they are documented: read from the loader's own table,
     * so that tools iterating over strategies (e.g. {@code topicstorm eval --suite}) see a new one at once.
     */
    public static final List<String> STRATEGY_NAMES = List.copyOf(STRATEGIES.keySet());

    /** The name a topic file gives a strategy ("best-first", ...). */
    public static String strategyName(Topic.Strategy strategy) {
        return STRATEGIES.entrySet().stream().filter(e -> e.getValue() == strategy).map(Map.Entry::getKey)
                .findFirst().orElseThrow();
    }
    /** {@code mode}: whether the crawl is continuous. */
    private static final Map<String, Boolean> MODES = Map.of("once", false, "continuous", true);
    private static final Map<String, Topic.Focus> FOCUSES = Map.of(
            "hard", Topic.Focus.HARD,
            "soft", Topic.Focus.SOFT);

    private static final ObjectMapper YAML = new ObjectMapper(
            new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION));

    private TopicLoader() {
    }

    /** Reads a topic file (UTF-8). */
    public static Topic load(Path file) {
        String source = file.toString();
        String yaml;
        try {
            yaml = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new TopicException(source, List.of(source + ": is not UTF-8 text"));
        } catch (IOException e) {
            throw new TopicException(source, List.of(source + ": cannot read the file (" + e + ")"));
        }
        return parse(yaml, source, file);
    }

    /**
     * Reads a topic from YAML text; {@code sourceName} stands for the file name in error messages, and relative
     * paths in the topic (seed-pages, word2vec vectors) are resolved against its directory. Files named in the
     * topic are not required to exist here (the text may have been shipped to a worker without them).
     */
    public static Topic fromString(String yaml, String sourceName, Path baseDir) {
        return parse(yaml, sourceName, null, baseDir, false);
    }

    /** Reads a topic from YAML text; {@code sourceName} stands for the file name in error messages. */
    public static Topic fromString(String yaml, String sourceName) {
        return parse(yaml, sourceName, null, null, false);
    }

    private static Topic parse(String yaml, String source, Path file) {
        Path dir = file.toAbsolutePath().getParent();
        return parse(yaml, source, file, dir, true);
    }

    private static Topic parse(String yaml, String source, Path file, Path baseDir, boolean checkFiles) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr();
            throw new TopicException(source, List.of(source + ": not valid YAML" + where + ": " + e.getOriginalMessage()));
        }
        if (root == null || root.isMissingNode() || root.isNull()) {
            throw new TopicException(source, List.of(source + ": the file is empty; a topic needs at least the fields "
                    + "name, languages, keywords and seeds"));
        }
        if (!root.isObject()) {
            throw new TopicException(source, List.of(source + ": must be a YAML mapping of fields (" + String.join(", ", FIELDS)
                    + "), got " + describe(root)));
        }
        return new Reader(source, baseDir, checkFiles).read(root, file);
    }

    /** Validates one document; collects errors instead of stopping at the first. */
    private static final class Reader {
        private final String source;
        private final List<String> errors = new ArrayList<>();
        private final Path baseDir;
        private final boolean checkFiles;

        Reader(String source, Path baseDir, boolean checkFiles) {
            this.source = source;
            this.baseDir = baseDir;
            this.checkFiles = checkFiles;
        }

        Topic read(JsonNode root, Path file) {
            root.fieldNames().forEachRemaining(f -> {
                if (!FIELDS.contains(f)) {
                    error(f, "unknown field; allowed fields are: " + String.join(", ", FIELDS));
                }
            });
            String name = name(root.get("name"));
            List<String> languages = languages(root.get("languages"));
            Map<String, Double> keywords = keywords(root.get("keywords"));
            // seed sources find seeds of their own: then the list may be left out
            List<String> seeds = seeds(root.get("seeds"), root.get("seed-sources") == null);
            double threshold = threshold(root.get("threshold"));
            Topic.Strategy strategy = choice(root.get("strategy"), "strategy", STRATEGIES, DEFAULT_STRATEGY);
            Topic.Focus focus = choice(root.get("focus"), "focus", FOCUSES, DEFAULT_FOCUS);
            Topic.Limits limits = limits(root.get("limits"));
            RelevanceSettings relevance = relevance(root.get("relevance"));
            LinkSettings links = links(root.get("links"));
            Revisit revisit = revisit(root.get("mode"), root.get("revisit"));
            List<SeedSource> seedSources = seedSources(root.get("seed-sources"));
            if (errors.isEmpty()) {
                analysableKeywords(keywords, languages, relevance.stemming(), relevance.segmenter());
            }
            if (!errors.isEmpty()) {
                throw new TopicException(source, errors);
            }
            return new Topic(name, languages, keywords, seeds, threshold, strategy, focus, limits, file, relevance,
                    links, revisit, seedSources);
        }

        private List<SeedSource> seedSources(JsonNode node) {
            List<SeedSource> sources = new ArrayList<>();
            if (!present(node, "seed-sources", false) || !isNonEmptyList(node, "seed-sources",
                    "[{name: news, url: 'https://news.example/search?q={keyword}', results: div.result}]")) {
                return sources;
            }
            Set<String> names = new HashSet<>();
            for (int i = 0; i < node.size(); i++) {
                String f = "seed-sources[" + i + "]";
                JsonNode s = node.get(i);
                if (!isMapping(s, f, "{name: news, url: 'https://news.example/search?q={keyword}', results: "
                        + "div.result}", SEED_SOURCE_FIELDS)) {
                    continue;
                }
                String name = present(s.get("name"), f + ".name", true) && isString(s.get("name"), f + ".name")
                        ? s.get("name").textValue() : null;
                if (name != null && !NAME.matcher(name).matches()) {
                    error(f + ".name", "must be lower-case letters, digits, '-' and '_', got '" + name + "'");
                } else if (name != null && !names.add(name)) {
                    error(f + ".name", "'" + name + "' is used twice");
                }
                String url = sourceUrl(s.get("url"), f + ".url");
                String results = selector(s.get("results"), f + ".results", true);
                String link = selector(s.get("link"), f + ".link", false);
                List<String> keywords = new ArrayList<>();
                JsonNode k = s.get("keywords");
                if (present(k, f + ".keywords", false) && isNonEmptyList(k, f + ".keywords", "[solar power]")) {
                    for (int j = 0; j < k.size(); j++) {
                        if (isString(k.get(j), f + ".keywords[" + j + "]")) {
                            if (k.get(j).textValue().isBlank()) {
                                error(f + ".keywords[" + j + "]", "must not be blank");
                            } else {
                                keywords.add(k.get(j).textValue().strip());
                            }
                        }
                    }
                }
                JsonNode ms = s.get("min-score");
                Double minScore = present(ms, f + ".min-score", false) ? fraction(ms, f + ".min-score", 0) : null;
                JsonNode fp = s.get("first-page");
                int firstPage = present(fp, f + ".first-page", false)
                        ? (int) wholeNumber(fp, f + ".first-page", 1_000_000) : 1;
                sources.add(new SeedSource(name, url, results, link == null ? "a[href]" : link,
                        selector(s.get("title"), f + ".title", false), selector(s.get("summary"), f + ".summary", false),
                        selector(s.get("next"), f + ".next", false),
                        (int) positive(s.get("max-pages"), f + ".max-pages", 3, 100), keywords, minScore, firstPage));
            }
            return sources;
        }

        /** A query URL: http(s), with {keyword}; null (with an error) when it is not one. */
        private String sourceUrl(JsonNode node, String field) {
            if (!present(node, field, true) || !isString(node, field)) {
                return null;
            }
            String url = node.textValue().strip();
            if (!url.contains(SeedSource.KEYWORD)) {
                error(field, "must contain " + SeedSource.KEYWORD + " where the keyword goes, got '" + url + "'");
                return null;
            }
            String problem = urlProblem(url.replace(SeedSource.KEYWORD, "k").replace(SeedSource.PAGE, "1"));
            if (problem != null) {
                error(field, problem + ", got '" + url + "'");
                return null;
            }
            return url;
        }

        /** A CSS selector (jsoup's syntax), checked by parsing it; null when absent (or wrong: with an error). */
        private String selector(JsonNode node, String field, boolean required) {
            if (!present(node, field, required) || !isString(node, field)) {
                return null;
            }
            String css = node.textValue().strip();
            try {
                org.jsoup.select.QueryParser.parse(css);
                return css;
            } catch (RuntimeException e) {
                error(field, "is not a CSS selector jsoup can read (" + e.getMessage() + "), got '" + css + "'");
                return null;
            }
        }

        /** The revisit settings of a continuous crawl; null for a one-off crawl (mode once, the default). */
        private Revisit revisit(JsonNode modeNode, JsonNode node) {
            boolean continuous = choice(modeNode, "mode", MODES, false);
            if (!present(node, "revisit", false)) {
                return continuous ? Revisit.DEFAULT : null;
            }
            if (!continuous) {
                error("revisit", "applies to continuous crawls only; add 'mode: continuous' or leave revisit out");
                return null;
            }
            if (!isMapping(node, "revisit", "{relevant: 1h, min: 5m}", REVISIT_FIELDS)) {
                return Revisit.DEFAULT;
            }
            Revisit d = Revisit.DEFAULT;
            Duration min = interval(node.get("min"), "revisit.min", d.min());
            Duration max = interval(node.get("max"), "revisit.max", d.max());
            if (max.compareTo(MAX_REVISIT) > 0) {
                error("revisit.max", "must be at most 365d, got " + max);
                max = d.max();
            }
            if (min.compareTo(max) > 0) {
                error("revisit.min", "must not exceed revisit.max (" + max + "), got " + min);
                return d;
            }
            Duration relevant = within(interval(node.get("relevant"), "revisit.relevant", d.relevant()),
                    "revisit.relevant", min, max);
            Duration hubs = within(interval(node.get("hubs"), "revisit.hubs", d.hubs()), "revisit.hubs", min, max);
            JsonNode i = node.get("irrelevant");
            Duration irrelevant = i != null && i.isTextual() && i.textValue().strip().equals(NEVER) ? null
                    : within(interval(i, "revisit.irrelevant", d.irrelevant()), "revisit.irrelevant", min, max);
            double sooner = fraction(node.get("sooner"), "revisit.sooner", d.sooner());
            if (!(sooner > 0 && sooner < 1)) {
                error("revisit.sooner", "must be a number between 0 and 1 (both excluded), got " + sooner);
                sooner = d.sooner();
            }
            double later = d.later();
            JsonNode l = node.get("later");
            if (present(l, "revisit.later", false)) {
                if (!l.isNumber() || !(l.doubleValue() >= 1 && l.doubleValue() <= 100)) {
                    error("revisit.later", "must be a number between 1 and 100, got " + describe(l));
                } else {
                    later = l.doubleValue();
                }
            }
            return new Revisit(relevant, hubs, irrelevant, min, max, sooner, later, heat(node.get("heat")));
        }

        private Revisit.Heat heat(JsonNode node) {
            Revisit.Heat d = Revisit.Heat.DEFAULT;
            if (!present(node, "revisit.heat", false)
                    || !isMapping(node, "revisit.heat", "{exponent: 0.5, scale: 24h, hot: 15}", HEAT_FIELDS)) {
                return d;
            }
            double exponent = fraction(node.get("exponent"), "revisit.heat.exponent", d.exponent());
            if (!(exponent > 0 && exponent < 1)) {
                error("revisit.heat.exponent", "must be a number between 0 and 1 (both excluded), got " + exponent);
                exponent = d.exponent();
            }
            Duration scale = interval(node.get("scale"), "revisit.heat.scale", d.scale());
            if (scale.compareTo(Duration.ofHours(2)) <= 0) {
                error("revisit.heat.scale", "must be longer than 2h (the 003 patent's smoothness exceeds 2), got "
                        + scale);
                scale = d.scale();
            }
            double hot = d.hot();
            JsonNode h = node.get("hot");
            if (present(h, "revisit.heat.hot", false)) {
                if (!h.isNumber() || !(h.doubleValue() > 0) || !Double.isFinite(h.doubleValue())) {
                    error("revisit.heat.hot", "must be a number > 0 (the patent's heat lies between 0 and 30), got "
                            + describe(h));
                } else {
                    hot = h.doubleValue();
                }
            }
            return new Revisit.Heat(exponent, scale, hot);
        }

        /** A revisit interval (a duration such as 15m), or the default when absent or wrong (with an error). */
        private Duration interval(JsonNode node, String field, Duration dflt) {
            if (!present(node, field, false)) {
                return dflt;
            }
            if (!node.isTextual()) {
                error(field, "must be " + Durations.EXPECTED + ", got " + describe(node));
                return dflt;
            }
            try {
                return Durations.parse(node.textValue());
            } catch (IllegalArgumentException e) {
                error(field, e.getMessage());
                return dflt;
            }
        }

        private Duration within(Duration d, String field, Duration min, Duration max) {
            if (d != null && (d.compareTo(min) < 0 || d.compareTo(max) > 0)) {
                error(field, "must be between revisit.min (" + min + ") and revisit.max (" + max + "), got " + d);
            }
            return d;
        }

        private String name(JsonNode node) {
            if (!present(node, "name", true) || !isString(node, "name")) {
                return null;
            }
            String name = node.textValue();
            if (!NAME.matcher(name).matches()) {
                error("name", "must be lower-case letters, digits, '-' and '_', starting with a letter or digit "
                        + "(it becomes part of Elasticsearch index names), got '" + name + "'");
            } else if (name.length() > MAX_NAME_LENGTH) {
                error("name", "must be at most " + MAX_NAME_LENGTH + " characters, got " + name.length());
            }
            return name;
        }

        private List<String> languages(JsonNode node) {
            List<String> languages = new ArrayList<>();
            if (!present(node, "languages", true) || !isNonEmptyList(node, "languages", "[en]")) {
                return languages;
            }
            for (int i = 0; i < node.size(); i++) {
                String field = "languages[" + i + "]";
                JsonNode item = node.get(i);
                if (!isString(item, field)) {
                    continue;
                }
                String code = item.textValue();
                if (!ISO_639_1.contains(code)) {
                    error(field, "must be a lower-case two-letter ISO 639-1 language code such as en or zh, got '"
                            + code + "'");
                } else if (languages.contains(code)) {
                    error(field, "'" + code + "' is listed twice");
                } else {
                    languages.add(code);
                }
            }
            return languages;
        }

        private Map<String, Double> keywords(JsonNode node) {
            Map<String, Double> keywords = new LinkedHashMap<>();
            if (!present(node, "keywords", true)) {
                return keywords;
            }
            if (!node.isObject() || node.isEmpty()) {
                error("keywords", "must be a non-empty mapping of keyword to weight, e.g. {cloud computing: 1.0}, got "
                        + describe(node));
                return keywords;
            }
            Map<String, String> writtenAs = new LinkedHashMap<>();
            node.fields().forEachRemaining(e -> {
                String field = "keywords['" + e.getKey() + "']";
                String keyword = normaliseKeyword(e.getKey());
                JsonNode weight = e.getValue();
                if (keyword.isEmpty()) {
                    error(field, "a keyword must not be blank");
                    return;
                }
                if (writtenAs.containsKey(keyword)) {
                    error(field, "same keyword as '" + writtenAs.get(keyword)
                            + "' (keywords are compared in lower case with white space collapsed)");
                    return;
                }
                writtenAs.put(keyword, e.getKey());
                if (!weight.isNumber()) {
                    error(field, "the weight must be a number > 0, got " + describe(weight));
                } else if (!(weight.doubleValue() > 0) || Double.isInfinite(weight.doubleValue())) {
                    error(field, "the weight must be a number > 0, got " + weight.asText());
                } else {
                    keywords.put(keyword, weight.doubleValue());
                }
            });
            return keywords;
        }

        private List<String> seeds(JsonNode node, boolean required) {
            List<String> seeds = new ArrayList<>();
            if (!present(node, "seeds", required) || !isNonEmptyList(node, "seeds", "[https://example.org/]")) {
                return seeds;
            }
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < node.size(); i++) {
                String field = "seeds[" + i + "]";
                JsonNode item = node.get(i);
                if (!isString(item, field)) {
                    continue;
                }
                String url = item.textValue();
                String problem = urlProblem(url);
                if (url.length() > MAX_URL_LENGTH) {
                    // the URL itself is not repeated whole: it may be thousands of characters
                    error(field, "is " + url.length() + " characters long; a seed URL may have at most "
                            + MAX_URL_LENGTH + " (the URL filters drop longer URLs), got '"
                            + url.substring(0, 60) + "...'");
                } else if (problem != null) {
                    error(field, problem + ", got '" + url + "'");
                } else if (!seen.add(url)) {
                    error(field, "'" + url + "' is listed twice");
                } else {
                    seeds.add(url);
                }
            }
            return seeds;
        }

        private double threshold(JsonNode node) {
            if (!present(node, "threshold", false)) {
                return DEFAULT_THRESHOLD;
            }
            if (!node.isNumber()) {
                error("threshold", "must be a number between 0 and 1, got " + describe(node));
                return DEFAULT_THRESHOLD;
            }
            double r = node.doubleValue();
            if (!(r >= 0 && r <= 1)) {
                error("threshold", "must be between 0 and 1, got " + node.asText());
            }
            return r;
        }

        private <E> E choice(JsonNode node, String field, Map<String, E> allowed, E dflt) {
            if (!present(node, field, false) || !isString(node, field)) {
                return dflt;
            }
            E value = allowed.get(node.textValue());
            if (value == null) {
                error(field, "must be one of " + String.join(", ", allowed.keySet().stream().sorted().toList())
                        + ", got '" + node.textValue() + "'");
                return dflt;
            }
            return value;
        }

        private Topic.Limits limits(JsonNode node) {
            if (!present(node, "limits", false)) {
                return Topic.Limits.NONE;
            }
            if (!node.isObject()) {
                error("limits", "must be a mapping such as {max-pages: 1000, max-time: 2h}, got " + describe(node));
                return Topic.Limits.NONE;
            }
            node.fieldNames().forEachRemaining(f -> {
                if (!LIMIT_FIELDS.contains(f)) {
                    error("limits." + f, "unknown field; allowed fields are: " + String.join(", ", LIMIT_FIELDS));
                }
            });
            long maxPages = wholeNumber(node.get("max-pages"), "limits.max-pages", Long.MAX_VALUE);
            long maxDepth = wholeNumber(node.get("max-depth"), "limits.max-depth", Integer.MAX_VALUE);
            Duration maxTime = duration(node.get("max-time"), "limits.max-time");
            long perHost = wholeNumber(node.get("max-pages-per-host"), "limits.max-pages-per-host", 1_000_000_000);
            return new Topic.Limits(maxPages, (int) maxDepth, maxTime, perHost);
        }

        private LinkSettings links(JsonNode node) {
            LinkSettings d = LinkSettings.DEFAULT;
            if (!present(node, "links", false) || !isMapping(node, "links", "{tunnel-alpha: 2}", LINK_FIELDS)) {
                return d;
            }
            LinkSettings.Tau tau = d.tau();
            JsonNode t = node.get("tau");
            if (present(t, "links.tau", false) && isMapping(t, "links.tau", "{extends: 0.6}", TAU_FIELDS)) {
                tau = new LinkSettings.Tau(fraction(t.get("extends"), "links.tau.extends", tau.extendsPath()),
                        fraction(t.get("same-shape"), "links.tau.same-shape", tau.sameShape()),
                        fraction(t.get("boilerplate"), "links.tau.boilerplate", tau.boilerplate()),
                        fraction(t.get("other"), "links.tau.other", tau.other()));
            }
            JsonNode a = node.get("tunnel-alpha");
            int alpha = present(a, "links.tunnel-alpha", false)
                    ? (int) wholeNumber(a, "links.tunnel-alpha", 100) : d.tunnelAlpha();
            double hubWeight = fraction(node.get("hub-weight"), "links.hub-weight", d.hubWeight());
            int boilerplate = (int) positive(node.get("boilerplate-pages"), "links.boilerplate-pages",
                    d.boilerplatePages(), 1_000_000);
            LinkSettings.Learned learned = d.learned();
            JsonNode l = node.get("learned");
            if (present(l, "links.learned", false)
                    && isMapping(l, "links.learned", "{retrain-every: 100}", LEARNED_FIELDS)) {
                // Elasticsearch returns at most 10,000 hits per search
                int maxExamples = (int) positive(l.get("max-examples"), "links.learned.max-examples",
                        learned.maxExamples(), 10_000);
                int minExamples = (int) positive(l.get("min-examples"), "links.learned.min-examples",
                        learned.minExamples(), 100_000);
                if (minExamples > maxExamples) {
                    error("links.learned.min-examples", "must not exceed links.learned.max-examples ("
                            + maxExamples + "), got " + minExamples);
                }
                JsonNode r = l.get("rescore");
                learned = new LinkSettings.Learned(
                        (int) positive(l.get("retrain-every"), "links.learned.retrain-every", learned.retrainEvery(),
                                1_000_000),
                        minExamples, maxExamples,
                        present(r, "links.learned.rescore", false)
                                ? (int) wholeNumber(r, "links.learned.rescore", 10_000) : learned.rescore(),
                        choice(l.get("target"), "links.learned.target", TARGETS, learned.target()),
                        choice(l.get("prior"), "links.learned.prior", PRIORS, learned.prior()),
                        fraction(l.get("child-credit"), "links.learned.child-credit", learned.childCredit()),
                        nonNegative(l.get("region-pages"), "links.learned.region-pages", learned.regionPages(),
                                LinkSettings.Learned.MAX_REGION_PAGES));
            }
            LinkSettings.Siblings siblings = d.siblings();
            JsonNode sd = node.get("sibling-demotion");
            if (present(sd, "links.sibling-demotion", false)
                    && isMapping(sd, "links.sibling-demotion", "{after: 3, factor: 0.5}", SIBLING_FIELDS)) {
                JsonNode after = sd.get("after");
                siblings = new LinkSettings.Siblings(
                        present(after, "links.sibling-demotion.after", false)
                                ? (int) wholeNumber(after, "links.sibling-demotion.after", 1000) : siblings.after(),
                        fraction(sd.get("factor"), "links.sibling-demotion.factor", siblings.factor()));
            }
            return new LinkSettings(tau, alpha, hubWeight, boilerplate, learned, siblings);
        }

        private RelevanceSettings relevance(JsonNode node) {
            RelevanceSettings d = RelevanceSettings.DEFAULT;
            if (!present(node, "relevance", false)) {
                return d;
            }
            if (!isMapping(node, "relevance", "{model: centroid}", RELEVANCE_FIELDS)) {
                return d;
            }
            RelevanceSettings.Model model = choice(node.get("model"), "relevance.model", MODELS, d.model());
            Map<RelevanceSettings.Model, Double> combination = combination(node.get("combination"), model);
            boolean stemming = bool(node.get("stemming"), "relevance.stemming", d.stemming());
            boolean usesW2v = model == RelevanceSettings.Model.WORD2VEC
                    || combination.containsKey(RelevanceSettings.Model.WORD2VEC);
            ChineseSegmenter segmenter = choice(node.get("segmenter"), "relevance.segmenter", SEGMENTERS,
                    usesW2v ? ChineseSegmenter.DEFAULT_WORD2VEC : ChineseSegmenter.DEFAULT);
            double hubShare = fraction(node.get("hub-share"), "relevance.hub-share", d.hubShare());
            TagWeights tagWeights = tagWeights(node.get("tag-weights"));
            Path seedPages = path(node.get("seed-pages"), "relevance.seed-pages", true);
            RelevanceSettings.Centroid centroid = RelevanceSettings.Centroid.DEFAULT;
            JsonNode c = node.get("centroid");
            if (present(c, "relevance.centroid", false)
                    && isMapping(c, "relevance.centroid", "{features: 100}", CENTROID_FIELDS)) {
                centroid = new RelevanceSettings.Centroid(
                        (int) positive(c.get("features"), "relevance.centroid.features", centroid.features(), 100_000),
                        fraction(c.get("update-similarity"), "relevance.centroid.update-similarity",
                                centroid.updateSimilarity()));
            }
            RelevanceSettings.SeedSet seedSet = RelevanceSettings.SeedSet.DEFAULT;
            JsonNode s = node.get("seed-set");
            if (present(s, "relevance.seed-set", false)
                    && isMapping(s, "relevance.seed-set", "{max-size: 50}", SEED_SET_FIELDS)) {
                JsonNode jt = s.get("join-threshold");
                seedSet = new RelevanceSettings.SeedSet(
                        (int) positive(s.get("max-size"), "relevance.seed-set.max-size", seedSet.maxSize(), 10_000),
                        present(jt, "relevance.seed-set.join-threshold", false)
                                ? fraction(jt, "relevance.seed-set.join-threshold", 0) : null,
                        (int) positive(s.get("terms"), "relevance.seed-set.terms", seedSet.terms(), 100_000));
            }
            RelevanceSettings.Word2Vec word2vec = RelevanceSettings.Word2Vec.DEFAULT;
            JsonNode w = node.get("word2vec");
            if (present(w, "relevance.word2vec", false)
                    && isMapping(w, "relevance.word2vec", "{vectors: vectors.bin}", WORD2VEC_FIELDS)) {
                word2vec = new RelevanceSettings.Word2Vec(path(w.get("vectors"), "relevance.word2vec.vectors", false),
                        (int) positive(w.get("page-words"), "relevance.word2vec.page-words", word2vec.pageWords(),
                                10_000));
            }
            if (usesW2v && word2vec.vectors() == null) {
                error("relevance.word2vec.vectors", "required when the word2vec model is used: the path of a word "
                        + "vectors file (word2vec binary or text format)");
            }
            RelevanceSettings.Classifier classifier = classifier(node.get("classifier"), model, combination);
            if (classifier.features().contains(RelevanceSettings.Model.WORD2VEC) && word2vec.vectors() == null
                    && !usesW2v) {
                error("relevance.word2vec.vectors", "required when the classifier has word2vec among its features");
            }
            return new RelevanceSettings(model, combination, stemming, segmenter, hubShare, tagWeights, seedPages,
                    centroid, seedSet, word2vec, classifier, selfTuning(node.get("self-tuning")));
        }

        private RelevanceSettings.Classifier classifier(JsonNode node, RelevanceSettings.Model model,
                                                        Map<RelevanceSettings.Model, Double> combination) {
            RelevanceSettings.Classifier d = RelevanceSettings.Classifier.DEFAULT;
            if (!present(node, "relevance.classifier", false)
                    || !isMapping(node, "relevance.classifier", "{features: [keywords, centroid], terms: 50}",
                    CLASSIFIER_FIELDS)) {
                return d;
            }
            if (model != RelevanceSettings.Model.CLASSIFIER
                    && !combination.containsKey(RelevanceSettings.Model.CLASSIFIER)) {
                error("relevance.classifier", "only allowed with model: classifier (or classifier in the combination)");
            }
            List<RelevanceSettings.Model> features = d.features();
            JsonNode f = node.get("features");
            if (present(f, "relevance.classifier.features", false)) {
                if (!f.isArray() || f.isEmpty()) {
                    error("relevance.classifier.features", "must be a non-empty list of models, e.g. [keywords, "
                            + "centroid, seed-set], got " + describe(f));
                } else {
                    List<RelevanceSettings.Model> list = new ArrayList<>();
                    for (int i = 0; i < f.size(); i++) {
                        RelevanceSettings.Model m = f.get(i).isTextual() ? MODELS.get(f.get(i).textValue()) : null;
                        if (m == null || m == RelevanceSettings.Model.COMBINATION
                                || m == RelevanceSettings.Model.CLASSIFIER) {
                            error("relevance.classifier.features[" + i + "]", "unknown model " + describe(f.get(i))
                                    + "; allowed: keywords, centroid, seed-set, word2vec");
                        } else if (list.contains(m)) {
                            error("relevance.classifier.features[" + i + "]", "'" + m.yamlName + "' is listed twice");
                        } else {
                            list.add(m);
                        }
                    }
                    if (!list.isEmpty()) {
                        features = list;
                    }
                }
            }
            return new RelevanceSettings.Classifier(features,
                    (int) positive(node.get("terms"), "relevance.classifier.terms", d.terms(), 10_000),
                    (int) positive(node.get("min-judgements"), "relevance.classifier.min-judgements",
                            d.minJudgements(), 100_000),
                    fraction(node.get("threshold"), "relevance.classifier.threshold", d.threshold()),
                    bool(node.get("url-words"), "relevance.classifier.url-words", d.urlWords()));
        }

        /** Absent: off; a mapping (also an empty one): on, with the defaults for what it does not say. */
        private RelevanceSettings.SelfTuning selfTuning(JsonNode node) {
            RelevanceSettings.SelfTuning d = RelevanceSettings.SelfTuning.DEFAULT;
            if (!present(node, "relevance.self-tuning", false)) {
                return null;
            }
            if (!isMapping(node, "relevance.self-tuning", "{target: 0.9}", SELF_TUNING_FIELDS)) {
                return null;
            }
            double step = fraction(node.get("step"), "relevance.self-tuning.step", d.step());
            double minStep = fraction(node.get("min-step"), "relevance.self-tuning.min-step", d.minStep());
            if (!(step > 0)) {
                error("relevance.self-tuning.step", "must be > 0");
            }
            if (!(minStep > 0) || minStep > step) {
                error("relevance.self-tuning.min-step", "must be > 0 and at most the step (" + step + ")");
            }
            return new RelevanceSettings.SelfTuning(
                    fraction(node.get("target"), "relevance.self-tuning.target", d.target()),
                    fraction(node.get("tolerance"), "relevance.self-tuning.tolerance", d.tolerance()),
                    step, minStep,
                    (int) positive(node.get("min-pages"), "relevance.self-tuning.min-pages", d.minPages(), 10_000));
        }

        private Map<RelevanceSettings.Model, Double> combination(JsonNode node, RelevanceSettings.Model model) {
            Map<RelevanceSettings.Model, Double> weights = new LinkedHashMap<>();
            boolean combined = model == RelevanceSettings.Model.COMBINATION;
            if (node == null) {
                if (combined) {
                    error("relevance.combination", "required with model: combination: a mapping of model to "
                            + "weight, e.g. {keywords: 0.5, centroid: 0.5}");
                }
                return weights;
            }
            if (!combined) {
                error("relevance.combination", "only allowed with model: combination");
                return weights;
            }
            if (!node.isObject() || node.isEmpty()) {
                error("relevance.combination", "must be a non-empty mapping of model to weight, e.g. "
                        + "{keywords: 0.5, centroid: 0.5}, got " + describe(node));
                return weights;
            }
            node.fields().forEachRemaining(e -> {
                String field = "relevance.combination." + e.getKey();
                RelevanceSettings.Model m = MODELS.get(e.getKey());
                if (m == null || m == RelevanceSettings.Model.COMBINATION) {
                    error(field, "unknown model; allowed: keywords, centroid, seed-set, word2vec, classifier");
                    return;
                }
                JsonNode v = e.getValue();
                if (!v.isNumber() || !(v.doubleValue() > 0) || Double.isInfinite(v.doubleValue())) {
                    error(field, "the weight must be a number > 0, got " + describe(v));
                    return;
                }
                weights.put(m, v.doubleValue());
            });
            return weights;
        }

        private TagWeights tagWeights(JsonNode node) {
            TagWeights d = TagWeights.DEFAULT;
            if (!present(node, "relevance.tag-weights", false)
                    || !isMapping(node, "relevance.tag-weights", "{title: 3, heading: 2, anchor: 1.5, body: 1}",
                    TAG_FIELDS)) {
                return d;
            }
            double[] w = new double[TAG_FIELDS.size()];
            double[] dflt = {d.title(), d.heading(), d.anchor(), d.body()};
            double sum = 0;
            for (int i = 0; i < w.length; i++) {
                String field = "relevance.tag-weights." + TAG_FIELDS.get(i);
                JsonNode v = node.get(TAG_FIELDS.get(i));
                w[i] = dflt[i];
                if (present(v, field, false)) {
                    if (!v.isNumber() || !(v.doubleValue() >= 0) || v.doubleValue() > 1e6) {
                        error(field, "must be a number between 0 and 1000000, got " + describe(v));
                    } else {
                        w[i] = v.doubleValue();
                    }
                }
                sum += w[i];
            }
            if (sum == 0) {
                error("relevance.tag-weights", "at least one weight must be > 0");
                return d;
            }
            return new TagWeights(w[0], w[1], w[2], w[3]);
        }

        /** Keywords must keep at least one term after analysis (a keyword of stop words never matches). */
        private void analysableKeywords(Map<String, Double> keywords, List<String> languages, boolean stemming,
                ChineseSegmenter segmenter) {
            TextAnalyzer analyzer = new TextAnalyzer(stemming, segmenter);
            String language = keywordLanguage(languages);
            for (String k : keywords.keySet()) {
                if (analyzer.terms(k, language).isEmpty()) {
                    error("keywords['" + k + "']", "has no terms after analysis: it is made of stop words, numbers "
                            + "or single letters only, so it can never match");
                }
            }
        }

        private boolean bool(JsonNode node, String field, boolean dflt) {
            if (!present(node, field, false)) {
                return dflt;
            }
            if (!node.isBoolean()) {
                error(field, "must be true or false, got " + describe(node));
                return dflt;
            }
            return node.booleanValue();
        }

        private double fraction(JsonNode node, String field, double dflt) {
            if (!present(node, field, false)) {
                return dflt;
            }
            if (!node.isNumber() || !(node.doubleValue() >= 0 && node.doubleValue() <= 1)) {
                error(field, "must be a number between 0 and 1, got " + describe(node));
                return dflt;
            }
            return node.doubleValue();
        }

        /** A number in [0, max]. */
        private double nonNegative(JsonNode node, String field, double dflt, double max) {
            if (!present(node, field, false)) {
                return dflt;
            }
            if (!node.isNumber() || !(node.doubleValue() >= 0 && node.doubleValue() <= max)) {
                error(field, "must be a number between 0 and " + new java.math.BigDecimal(max).toPlainString()
                        + ", got " + describe(node));
                return dflt;
            }
            return node.doubleValue();
        }

        private long positive(JsonNode node, String field, long dflt, long max) {
            if (!present(node, field, false)) {
                return dflt;
            }
            if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < 1
                    || node.longValue() > max) {
                error(field, "must be a whole number between 1 and " + max + ", got " + describe(node));
                return dflt;
            }
            return node.longValue();
        }

        /** A path, resolved against the topic file's directory; checked to exist when read from a file. */
        private Path path(JsonNode node, String field, boolean directory) {
            if (!present(node, field, false) || !isString(node, field)) {
                return null;
            }
            if (node.textValue().isBlank()) {
                error(field, "must not be blank");
                return null;
            }
            Path p;
            try {
                p = Path.of(node.textValue());
            } catch (java.nio.file.InvalidPathException e) {
                error(field, "is not a valid path: " + e.getMessage());
                return null;
            }
            if (!p.isAbsolute() && baseDir != null) {
                p = baseDir.resolve(p).normalize();
            }
            if (checkFiles) {
                if (directory && !Files.isDirectory(p)) {
                    error(field, "must be a directory of HTML files; " + p + " is not a directory");
                } else if (!directory && !Files.isRegularFile(p)) {
                    error(field, "file " + p + " does not exist");
                }
            }
            return p;
        }

        private boolean isMapping(JsonNode node, String field, String example, List<String> allowed) {
            if (!node.isObject()) {
                error(field, "must be a mapping such as " + example + ", got " + describe(node));
                return false;
            }
            node.fieldNames().forEachRemaining(f -> {
                if (!allowed.contains(f)) {
                    error(field + "." + f, "unknown field; allowed fields are: " + String.join(", ", allowed));
                }
            });
            return true;
        }

        /** A whole number in [0, max]; 0 when absent (0 = no limit). */
        private long wholeNumber(JsonNode node, String field, long max) {
            if (!present(node, field, false)) {
                return 0;
            }
            if (!node.isIntegralNumber()) {
                error(field, "must be a whole number >= 0 (0 = no limit), got " + describe(node));
                return 0;
            }
            if (!node.canConvertToLong() || node.longValue() < 0 || node.longValue() > max) {
                error(field, "must be a whole number between 0 and " + max + " (0 = no limit), got " + node.asText());
                return 0;
            }
            return node.longValue();
        }

        /** A duration such as 90s, 15m, 2h or 1d; null when absent (no limit). */
        private Duration duration(JsonNode node, String field) {
            if (!present(node, field, false)) {
                return null;
            }
            if (!node.isTextual()) {
                error(field, "must be " + Durations.EXPECTED + " (leave it out for no limit), got " + describe(node));
                return null;
            }
            try {
                return Durations.parse(node.textValue());
            } catch (IllegalArgumentException e) {
                error(field, e.getMessage() + (e.getMessage().startsWith("must") ? " (leave it out for no limit)" : ""));
                return null;
            }
        }

        /** False (and an error when required) when the field is absent; an explicit null is an error. */
        private boolean present(JsonNode node, String field, boolean required) {
            if (node == null) {
                if (required) {
                    error(field, "required field is missing");
                }
                return false;
            }
            if (node.isNull()) {
                error(field, "has no value" + (required ? "" : " (leave the field out to use its default)"));
                return false;
            }
            return true;
        }

        private boolean isString(JsonNode node, String field) {
            if (!node.isTextual()) {
                error(field, "must be a string, got " + describe(node));
                return false;
            }
            return true;
        }

        private boolean isNonEmptyList(JsonNode node, String field, String example) {
            if (!node.isArray() || node.isEmpty()) {
                error(field, "must be a non-empty list such as " + example + ", got " + describe(node));
                return false;
            }
            return true;
        }

        private void error(String field, String message) {
            errors.add(source + ": field '" + field + "': " + message);
        }
    }

    /**
     * Lower case (locale-independent) with white space (any Unicode space, e.g. U+3000) trimmed and collapsed:
     * how keywords are compared and stored.
     */
    static String normaliseKeyword(String keyword) {
        return WHITE_SPACE.matcher(keyword).replaceAll(" ").strip().toLowerCase(Locale.ROOT);
    }

    /**
     * The language a topic's keywords are analysed in (for text outside Han runs): its first language that is not
     * Chinese, else English. Pages without a declared language default to the same (see PageAnalyzer).
     */
    public static String keywordLanguage(List<String> languages) {
        return languages.stream().filter(l -> !l.equals("zh")).findFirst().orElse("en");
    }

    /** Why a seed is not an absolute http(s) URL with a host, or null when it is one. */
    private static String urlProblem(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return "must be a valid absolute http or https URL (" + e.getReason() + ")";
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            return "must be an absolute http or https URL";
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            String punycode = punycode(url, uri);
            if (punycode != null) {
                return "must have its host name in ASCII: write an internationalised name in punycode, as '"
                        + punycode + "'";
            }
            return "must be an absolute http or https URL with a host name";
        }
        return null;
    }

    /**
     * The URL with its host in punycode (java.net.IDN), or null when the host is not an internationalised name.
     * java.net.URI takes a non-ASCII host for a registry name and has no host then.
     */
    private static String punycode(String url, URI uri) {
        String authority = uri.getRawAuthority();
        if (authority == null) {
            return null;
        }
        String host = authority.substring(authority.lastIndexOf('@') + 1).replaceFirst(":[0-9]*$", "");
        if (host.isEmpty() || host.chars().allMatch(c -> c < 128)) {
            return null;
        }
        String ascii;
        try {
            ascii = java.net.IDN.toASCII(host, java.net.IDN.ALLOW_UNASSIGNED);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int at = url.indexOf(host, url.indexOf("//"));
        return url.substring(0, at) + ascii + url.substring(at + host.length());
    }

    /** A short description of a YAML value for error messages. */
    private static String describe(JsonNode node) {
        if (node.isNull()) {
            return "no value";
        }
        if (node.isTextual()) {
            return "the string '" + node.textValue() + "'";
        }
        if (node.isNumber()) {
            return "the number " + node.asText();
        }
        if (node.isBoolean()) {
            return "the boolean " + node.asText();
        }
        if (node.isArray()) {
            return node.isEmpty() ? "an empty list" : "a list";
        }
        if (node.isObject()) {
            return node.isEmpty() ? "an empty mapping" : "a mapping";
        }
        return node.getNodeType().name().toLowerCase(Locale.ROOT);
    }
}
