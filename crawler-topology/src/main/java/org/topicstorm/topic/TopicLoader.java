package org.topicstorm.topic;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.topic.RelevanceSettings.Model;
import org.topicstorm.topic.TopicSchema.Field;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
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

/**
 * Reads and validates a topic YAML file (the format is documented field by field in seeds/README.md).
 *
 * <p>Every problem is collected before failing, so that one run shows the user all that is wrong with the file, each
 * message naming the file and the field, in the order the fields are documented. Reading goes in three steps:
 * <ol>
 *   <li>{@link TopicSchema}: the JSON Schema topic.schema.json checks structure, types, allowed values and ranges,
 *       and names unknown fields; the values it refuses are taken out;</li>
 *   <li>Jackson binds what is left to the {@link TopicFile} records;</li>
 *   <li>{@link Reader} checks what a schema cannot say (URLs, language codes, durations, files, keywords after
 *       normalisation and analysis, rules between fields) and builds the {@link Topic} with the defaults.</li>
 * </ol>
 */
public final class TopicLoader {

    public static final double DEFAULT_THRESHOLD = 0.25;
    public static final Topic.Strategy DEFAULT_STRATEGY = Topic.Strategy.LEARNED;
    public static final Topic.Focus DEFAULT_FOCUS = Topic.Focus.SOFT;

    /**
     * Every strategy name a topic file may give, in the order they are documented: the schema's own list, so that
     * tools iterating over strategies (e.g. {@code topicstorm eval --suite}) see a new one at once.
     */
    public static final List<String> STRATEGY_NAMES = TopicSchema.INSTANCE.enumValues("strategy");

    /**
     * Characters a seed URL may have at most: the URL filters (BasicURLFilter's maxLength in
     * storm-conf/urlfilters.json) drop longer URLs, so a longer seed would be dropped at injection instead of refused
     * here.
     */
    public static final int MAX_URL_LENGTH = 1024;
    /** The longest revisit interval: a year (so that no interval arithmetic can overflow). */
    static final Duration MAX_REVISIT = Duration.ofDays(365);
    /** What {@code revisit.irrelevant} says for "not fetched again". */
    static final String NEVER = "never";

    private static final Pattern WHITE_SPACE = Pattern.compile("(?U)\\s+");
    private static final Set<String> ISO_639_1 = Set.of(Locale.getISOLanguages());

    private static final ObjectMapper YAML = new ObjectMapper(
            new YAMLFactory().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION));
    /** Binds a validated file: field names are the record components' in kebab case (max-pages: maxPages). */
    private static final ObjectMapper BIND = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE).build();

    private TopicLoader() {
    }

    /** The name a topic file gives a strategy ("best-first", ...). */
    public static String strategyName(Topic.Strategy strategy) {
        return yamlName(strategy);
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
        return parse(yaml, source, file, file.toAbsolutePath().getParent(), true);
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
            throw new TopicException(source, List.of(source + ": must be a YAML mapping of fields ("
                    + String.join(", ", TopicSchema.INSTANCE.properties(Field.ROOT)) + "), got "
                    + TopicSchema.describe(root)));
        }
        Map<Field, String> problems = new LinkedHashMap<>();
        ObjectNode valid = (ObjectNode) root.deepCopy();
        TopicSchema.INSTANCE.validate(valid, (field, message) -> problems.putIfAbsent(field, message));
        TopicFile bound;
        try {
            bound = BIND.treeToValue(valid, TopicFile.class);
        } catch (JsonProcessingException e) {
            // the schema let through what the records cannot hold (TopicSchemaTest keeps their fields in step; a
            // number's range is the schema's): still the user's file, so name it and the field
            Field field = Field.ROOT;
            if (e instanceof com.fasterxml.jackson.databind.JsonMappingException m) {
                for (var r : m.getPath()) {
                    field = r.getFieldName() != null ? field.at(r.getFieldName()) : field.at(r.getIndex());
                }
            }
            throw new TopicException(source, List.of(source + ": field '" + field + "': cannot be read: "
                    + e.getOriginalMessage()));
        }
        Topic topic = new Reader(problems, baseDir, checkFiles).read(bound, file);
        if (!problems.isEmpty()) {
            // one problem per field (the first found: the schema's), in the order the fields are documented
            List<Field> fields = new ArrayList<>(problems.keySet());
            fields.sort((a, b) -> TopicSchema.INSTANCE.compare(a, b, root));
            throw new TopicException(source, fields.stream()
                    .map(f -> source + ": field '" + f + "': " + problems.get(f)).toList());
        }
        return topic;
    }

    /**
     * The checks a schema cannot express, on a file the schema has passed (a value it refused is null here, like a
     * field left out), and the topic built with the defaults. Where a value is wrong its default stands in, so that
     * the rules between fields still run and no settings constructor sees a bad value.
     */
    private static final class Reader {
        private final Map<Field, String> problems;
        private final Path baseDir;
        private final boolean checkFiles;

        Reader(Map<Field, String> problems, Path baseDir, boolean checkFiles) {
            this.problems = problems;
            this.baseDir = baseDir;
            this.checkFiles = checkFiles;
        }

        /** The topic, or null when there are problems. */
        Topic read(TopicFile f, Path file) {
            List<String> languages = languages(f.languages());
            Map<String, Double> keywords = keywords(f.keywords());
            List<String> seeds = seeds(f.seeds());
            Topic.Limits limits = limits(f.limits());
            RelevanceSettings relevance = relevance(f.relevance());
            LinkSettings links = links(f.links());
            Revisit revisit = revisit(f.mode(), f.revisit());
            List<SeedSource> seedSources = seedSources(f.seedSources());
            if (problems.isEmpty()) {
                analysableKeywords(keywords, languages, relevance);
            }
            if (!problems.isEmpty()) {
                return null;
            }
            return new Topic(f.name(), languages, keywords, seeds, or(f.threshold(), DEFAULT_THRESHOLD),
                    constant(Topic.Strategy.class, f.strategy(), DEFAULT_STRATEGY),
                    constant(Topic.Focus.class, f.focus(), DEFAULT_FOCUS), limits, file, relevance, links, revisit,
                    seedSources);
        }

        private List<String> languages(List<String> given) {
            List<String> languages = new ArrayList<>();
            for (int i = 0; given != null && i < given.size(); i++) {
                String code = given.get(i);
                if (code == null) {
                    continue;
                }
                if (!ISO_639_1.contains(code)) {
                    error(Field.of("languages").at(i), "must be a lower-case two-letter ISO 639-1 language code such "
                            + "as en or zh, got '" + code + "'");
                } else if (languages.contains(code)) {
                    error(Field.of("languages").at(i), "'" + code + "' is listed twice");
                } else {
                    languages.add(code);
                }
            }
            return languages;
        }

        /** Keywords lower-cased with white space collapsed; two that become equal so are an error. */
        private Map<String, Double> keywords(Map<String, Double> given) {
            Map<String, Double> keywords = new LinkedHashMap<>();
            Map<String, String> writtenAs = new LinkedHashMap<>();
            (given == null ? Map.<String, Double>of() : given).forEach((written, weight) -> {
                Field field = Field.of("keywords").key(written);
                String keyword = normaliseKeyword(written);
                if (keyword.isEmpty()) {
                    error(field, "a keyword must not be blank");
                } else if (writtenAs.containsKey(keyword)) {
                    error(field, "same keyword as '" + writtenAs.get(keyword)
                            + "' (keywords are compared in lower case with white space collapsed)");
                } else {
                    writtenAs.put(keyword, written);
                    if (weight != null) {
                        keywords.put(keyword, weight);
                    }
                }
            });
            return keywords;
        }

        private List<String> seeds(List<String> given) {
            List<String> seeds = new ArrayList<>();
            for (int i = 0; given != null && i < given.size(); i++) {
                String url = given.get(i);
                if (url == null) {
                    continue;
                }
                Field field = Field.of("seeds").at(i);
                String problem = urlProblem(url);
                if (url.length() > MAX_URL_LENGTH) {
                    // the URL itself is not repeated whole: it may be thousands of characters
                    error(field, "is " + url.length() + " characters long; a seed URL may have at most "
                            + MAX_URL_LENGTH + " (the URL filters drop longer URLs), got '"
                            + url.substring(0, 60) + "...'");
                } else if (problem != null) {
                    error(field, problem + ", got '" + url + "'");
                } else if (seeds.contains(url)) {
                    error(field, "'" + url + "' is listed twice");
                } else {
                    seeds.add(url);
                }
            }
            return seeds;
        }

        private Topic.Limits limits(TopicFile.Limits l) {
            if (l == null) {
                return Topic.Limits.NONE;
            }
            Duration maxTime = null;
            if (l.maxTime() != null) {
                try {
                    maxTime = Durations.parse(l.maxTime());
                } catch (IllegalArgumentException e) {
                    error(Field.of("limits.max-time"), e.getMessage()
                            + (e.getMessage().startsWith("must") ? " (leave it out for no limit)" : ""));
                }
            }
            return new Topic.Limits(or(l.maxPages(), 0L), or(l.maxDepth(), 0), maxTime, or(l.maxPagesPerHost(), 0L));
        }

        private RelevanceSettings relevance(TopicFile.Relevance r) {
            RelevanceSettings d = RelevanceSettings.DEFAULT;
            if (r == null) {
                return d;
            }
            Model model = constant(Model.class, r.model(), d.model());
            Map<Model, Double> combination = combination(r.combination(), model);
            boolean usesW2v = model == Model.WORD2VEC || combination.containsKey(Model.WORD2VEC);
            ChineseSegmenter segmenter = constant(ChineseSegmenter.class, r.segmenter(),
                    usesW2v ? ChineseSegmenter.DEFAULT_WORD2VEC : ChineseSegmenter.DEFAULT);
            RelevanceSettings.Centroid centroid = RelevanceSettings.Centroid.DEFAULT;
            if (r.centroid() != null) {
                centroid = new RelevanceSettings.Centroid(or(r.centroid().features(), centroid.features()),
                        or(r.centroid().updateSimilarity(), centroid.updateSimilarity()));
            }
            RelevanceSettings.SeedSet seedSet = RelevanceSettings.SeedSet.DEFAULT;
            if (r.seedSet() != null) {
                seedSet = new RelevanceSettings.SeedSet(or(r.seedSet().maxSize(), seedSet.maxSize()),
                        r.seedSet().joinThreshold(), or(r.seedSet().terms(), seedSet.terms()));
            }
            RelevanceSettings.Word2Vec word2vec = RelevanceSettings.Word2Vec.DEFAULT;
            if (r.word2vec() != null) {
                word2vec = new RelevanceSettings.Word2Vec(
                        path(r.word2vec().vectors(), Field.of("relevance.word2vec.vectors"), false),
                        or(r.word2vec().pageWords(), word2vec.pageWords()));
            }
            if (usesW2v && word2vec.vectors() == null) {
                error(Field.of("relevance.word2vec.vectors"), "required when the word2vec model is used: the path of "
                        + "a word vectors file (word2vec binary or text format)");
            }
            RelevanceSettings.Classifier classifier = classifier(r.classifier(), model, combination);
            if (classifier.features().contains(Model.WORD2VEC) && word2vec.vectors() == null && !usesW2v) {
                error(Field.of("relevance.word2vec.vectors"), "required when the classifier has word2vec among its "
                        + "features");
            }
            return new RelevanceSettings(model, combination, or(r.stemming(), d.stemming()), segmenter,
                    or(r.hubShare(), d.hubShare()), tagWeights(r.tagWeights()),
                    or(r.keywordDensity(), d.keywordDensity()),
                    path(r.seedPages(), Field.of("relevance.seed-pages"), true), centroid, seedSet, word2vec,
                    classifier, selfTuning(r.selfTuning()));
        }

        /** The weights of model: combination; the section is required with it and refused without it. */
        private Map<Model, Double> combination(Map<String, Double> given, Model model) {
            Map<Model, Double> weights = new LinkedHashMap<>();
            Field field = Field.of("relevance.combination");
            if (given == null) {
                if (model == Model.COMBINATION) {
                    error(field, "required with model: combination: a mapping of model to weight, e.g. "
                            + "{keywords: 0.5, centroid: 0.5}");
                }
            } else if (model != Model.COMBINATION) {
                error(field, "only allowed with model: combination");
            } else {
                given.forEach((name, weight) -> weights.put(constant(Model.class, name, null), weight));
            }
            return weights;
        }

        private RelevanceSettings.Classifier classifier(TopicFile.Classifier c, Model model,
                                                        Map<Model, Double> combination) {
            RelevanceSettings.Classifier d = RelevanceSettings.Classifier.DEFAULT;
            if (c == null) {
                return d;
            }
            if (model != Model.CLASSIFIER && !combination.containsKey(Model.CLASSIFIER)) {
                error(Field.of("relevance.classifier"), "only allowed with model: classifier (or classifier in the "
                        + "combination)");
            }
            List<Model> features = new ArrayList<>();
            for (int i = 0; c.features() != null && i < c.features().size(); i++) {
                Model m = constant(Model.class, c.features().get(i), null);
                if (m != null && features.contains(m)) {
                    error(Field.of("relevance.classifier.features").at(i), "'" + yamlName(m) + "' is listed twice");
                } else if (m != null) {
                    features.add(m);
                }
            }
            return new RelevanceSettings.Classifier(features.isEmpty() ? d.features() : features,
                    or(c.terms(), d.terms()), or(c.minJudgements(), d.minJudgements()), or(c.threshold(), d.threshold()),
                    or(c.urlWords(), d.urlWords()));
        }

        /** Absent: off; a mapping (also an empty one): on, with the defaults for what it does not say. */
        private RelevanceSettings.SelfTuning selfTuning(TopicFile.SelfTuning s) {
            RelevanceSettings.SelfTuning d = RelevanceSettings.SelfTuning.DEFAULT;
            if (s == null) {
                return null;
            }
            double step = or(s.step(), d.step());
            double minStep = or(s.minStep(), d.minStep());
            if (minStep > step) {
                error(Field.of("relevance.self-tuning.min-step"), "must be > 0 and at most the step (" + step + ")");
            }
            return new RelevanceSettings.SelfTuning(or(s.target(), d.target()), or(s.tolerance(), d.tolerance()), step,
                    minStep, or(s.minPages(), d.minPages()));
        }

        private TagWeights tagWeights(TopicFile.TagWeights t) {
            TagWeights d = TagWeights.DEFAULT;
            if (t == null) {
                return d;
            }
            TagWeights w = new TagWeights(or(t.title(), d.title()), or(t.heading(), d.heading()),
                    or(t.anchor(), d.anchor()), or(t.body(), d.body()));
            if (w.title() + w.heading() + w.anchor() + w.body() == 0) {
                error(Field.of("relevance.tag-weights"), "at least one weight must be > 0");
                return d;
            }
            return w;
        }

        private LinkSettings links(TopicFile.Links l) {
            LinkSettings d = LinkSettings.DEFAULT;
            if (l == null) {
                return d;
            }
            LinkSettings.Tau tau = d.tau();
            if (l.tau() != null) {
                tau = new LinkSettings.Tau(or(l.tau().extendsPath(), tau.extendsPath()),
                        or(l.tau().sameShape(), tau.sameShape()), or(l.tau().boilerplate(), tau.boilerplate()),
                        or(l.tau().other(), tau.other()));
            }
            LinkSettings.Learned learned = d.learned();
            TopicFile.Learned given = l.learned();
            if (given != null) {
                int maxExamples = or(given.maxExamples(), learned.maxExamples());
                int minExamples = or(given.minExamples(), learned.minExamples());
                if (minExamples > maxExamples) {
                    error(Field.of("links.learned.min-examples"), "must not exceed links.learned.max-examples ("
                            + maxExamples + "), got " + minExamples);
                }
                learned = new LinkSettings.Learned(or(given.retrainEvery(), learned.retrainEvery()), minExamples,
                        maxExamples, or(given.rescore(), learned.rescore()),
                        constant(LinkSettings.Target.class, given.target(), learned.target()),
                        constant(LinkSettings.Prior.class, given.prior(), learned.prior()),
                        or(given.childCredit(), learned.childCredit()), or(given.regionPages(), learned.regionPages()));
            }
            LinkSettings.Siblings siblings = d.siblings();
            if (l.siblingDemotion() != null) {
                siblings = new LinkSettings.Siblings(or(l.siblingDemotion().after(), siblings.after()),
                        or(l.siblingDemotion().factor(), siblings.factor()));
            }
            return new LinkSettings(tau, or(l.tunnelAlpha(), d.tunnelAlpha()), or(l.hubWeight(), d.hubWeight()),
                    or(l.boilerplatePages(), d.boilerplatePages()), learned, siblings,
                    or(l.keywordlessLinks(), d.keywordlessLinks()));
        }

        /** The revisit settings of a continuous crawl; null for a one-off crawl (mode once, the default). */
        private Revisit revisit(String mode, TopicFile.Revisit r) {
            boolean continuous = "continuous".equals(mode);
            if (r == null) {
                return continuous ? Revisit.DEFAULT : null;
            }
            if (!continuous) {
                error(Field.of("revisit"), "applies to continuous crawls only; add 'mode: continuous' or leave "
                        + "revisit out");
                return null;
            }
            Revisit d = Revisit.DEFAULT;
            Duration min = interval(r.min(), "revisit.min", d.min());
            Duration max = interval(r.max(), "revisit.max", d.max());
            if (max.compareTo(MAX_REVISIT) > 0) {
                error(Field.of("revisit.max"), "must be at most 365d, got " + max);
                max = d.max();
            }
            if (min.compareTo(max) > 0) {
                error(Field.of("revisit.min"), "must not exceed revisit.max (" + max + "), got " + min);
                return d;
            }
            Duration relevant = within(interval(r.relevant(), "revisit.relevant", d.relevant()), "revisit.relevant",
                    min, max);
            Duration hubs = within(interval(r.hubs(), "revisit.hubs", d.hubs()), "revisit.hubs", min, max);
            Duration irrelevant = r.irrelevant() != null && r.irrelevant().strip().equals(NEVER) ? null
                    : within(interval(r.irrelevant(), "revisit.irrelevant", d.irrelevant()), "revisit.irrelevant",
                    min, max);
            return new Revisit(relevant, hubs, irrelevant, min, max, or(r.sooner(), d.sooner()),
                    or(r.later(), d.later()), heat(r.heat()));
        }

        private Revisit.Heat heat(TopicFile.Heat h) {
            Revisit.Heat d = Revisit.Heat.DEFAULT;
            if (h == null) {
                return d;
            }
            Duration scale = interval(h.scale(), "revisit.heat.scale", d.scale());
            if (scale.compareTo(Duration.ofHours(2)) <= 0) {
                error(Field.of("revisit.heat.scale"), "must be longer than 2h (the 003 patent's smoothness exceeds "
                        + "2), got " + scale);
                scale = d.scale();
            }
            return new Revisit.Heat(or(h.exponent(), d.exponent()), scale, or(h.hot(), d.hot()));
        }

        /** A revisit interval (a duration such as 15m), or the default when absent or wrong (with an error). */
        private Duration interval(String text, String field, Duration dflt) {
            if (text == null) {
                return dflt;
            }
            try {
                return Durations.parse(text);
            } catch (IllegalArgumentException e) {
                error(Field.of(field), e.getMessage());
                return dflt;
            }
        }

        private Duration within(Duration d, String field, Duration min, Duration max) {
            if (d != null && (d.compareTo(min) < 0 || d.compareTo(max) > 0)) {
                error(Field.of(field), "must be between revisit.min (" + min + ") and revisit.max (" + max + "), got "
                        + d);
            }
            return d;
        }

        private List<SeedSource> seedSources(List<TopicFile.SeedSource> given) {
            List<SeedSource> sources = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (int i = 0; given != null && i < given.size(); i++) {
                TopicFile.SeedSource s = given.get(i);
                if (s == null) {
                    continue;
                }
                Field f = Field.of("seed-sources").at(i);
                if (s.name() != null && !names.add(s.name())) {
                    error(f.at("name"), "'" + s.name() + "' is used twice");
                }
                List<String> keywords = new ArrayList<>();
                for (int j = 0; s.keywords() != null && j < s.keywords().size(); j++) {
                    String k = s.keywords().get(j);
                    if (k != null && k.isBlank()) {
                        error(f.at("keywords").at(j), "must not be blank");
                    } else if (k != null) {
                        keywords.add(k.strip());
                    }
                }
                String link = selector(s.link(), f.at("link"));
                sources.add(new SeedSource(s.name(), sourceUrl(s.url(), f.at("url")), selector(s.results(),
                        f.at("results")), link == null ? "a[href]" : link, selector(s.title(), f.at("title")),
                        selector(s.summary(), f.at("summary")), selector(s.next(), f.at("next")),
                        or(s.maxPages(), 3), keywords, s.minScore(), or(s.firstPage(), 1)));
            }
            return sources;
        }

        /** A query URL: http(s), with {keyword}; null (with an error) when it is not one. */
        private String sourceUrl(String given, Field field) {
            if (given == null) {
                return null;
            }
            String url = given.strip();
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
        private String selector(String given, Field field) {
            if (given == null) {
                return null;
            }
            String css = given.strip();
            try {
                org.jsoup.select.QueryParser.parse(css);
                return css;
            } catch (RuntimeException e) {
                error(field, "is not a CSS selector jsoup can read (" + e.getMessage() + "), got '" + css + "'");
                return null;
            }
        }

        /** A path, resolved against the topic file's directory; checked to exist when read from a file. */
        private Path path(String given, Field field, boolean directory) {
            if (given == null) {
                return null;
            }
            if (given.isBlank()) {
                error(field, "must not be blank");
                return null;
            }
            Path p;
            try {
                p = Path.of(given);
            } catch (InvalidPathException e) {
                error(field, "is not a valid path: " + e.getMessage());
                return null;
            }
            if (!p.isAbsolute() && baseDir != null) {
                p = baseDir.resolve(p).normalize();
            }
            if (checkFiles && directory && !Files.isDirectory(p)) {
                error(field, "must be a directory of HTML files; " + p + " is not a directory");
            } else if (checkFiles && !directory && !Files.isRegularFile(p)) {
                error(field, "file " + p + " does not exist");
            }
            return p;
        }

        /** Keywords must keep at least one term after analysis (a keyword of stop words never matches). */
        private void analysableKeywords(Map<String, Double> keywords, List<String> languages,
                                        RelevanceSettings relevance) {
            TextAnalyzer analyzer = new TextAnalyzer(relevance.stemming(), relevance.segmenter());
            String language = keywordLanguage(languages);
            for (String k : keywords.keySet()) {
                if (analyzer.terms(k, language).isEmpty()) {
                    error(Field.of("keywords").key(k), "has no terms after analysis: it is made of stop words and "
                            + "numbers only, so it can never match");
                }
            }
        }

        private void error(Field field, String message) {
            problems.putIfAbsent(field, message);
        }
    }

    /** The value given, or the default for a field left out (or refused by the schema). */
    private static <T> T or(T value, T dflt) {
        return value == null ? dflt : value;
    }

    /**
     * The constant a topic file names in kebab case (best-first: BEST_FIRST); null when none is named. The schema's
     * enums allow only names that have a constant (TopicSchemaTest).
     */
    static <E extends Enum<E>> E constant(Class<E> type, String yamlName, E dflt) {
        return yamlName == null ? dflt : Enum.valueOf(type, yamlName.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    /** The name a topic file gives a constant: BEST_FIRST is best-first. */
    static String yamlName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
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
}
