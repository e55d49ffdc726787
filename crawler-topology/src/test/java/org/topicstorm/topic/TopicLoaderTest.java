package org.topicstorm.topic;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TopicLoaderTest {

    private static final String VALID = """
            name: cloud-computing
            languages: [en]
            keywords:
              Cloud   Computing: 1.0
              kubernetes: 0.8
              iaas: 2
            seeds:
              - https://example.org/
              - http://example.com/a?b=c
            threshold: 0.3
            strategy: breadth-first
            focus: hard
            limits: {max-pages: 1000, max-depth: 3, max-time: 2h, max-pages-per-host: 50}
            """;

    /** The minimal file: only the required fields. */
    private static final String MINIMAL = """
            name: t
            languages: [zh]
            keywords: {食品安全: 1.0}
            seeds: [https://example.org/]
            """;

    @Test
    void readsEveryField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("cloud.yaml");
        Files.writeString(file, VALID);

        Topic t = TopicLoader.load(file);

        assertEquals("cloud-computing", t.name());
        assertEquals(List.of("en"), t.languages());
        // Keywords lower-cased with white space collapsed; an integer weight is a weight.
        assertEquals(Map.of("cloud computing", 1.0, "kubernetes", 0.8, "iaas", 2.0), t.keywords());
        assertEquals(List.of("https://example.org/", "http://example.com/a?b=c"), t.seeds());
        assertEquals(0.3, t.threshold());
        assertEquals(Topic.Strategy.BREADTH_FIRST, t.strategy());
        assertEquals(Topic.Focus.HARD, t.focus());
        assertEquals(new Topic.Limits(1000, 3, Duration.ofHours(2), 50), t.limits());
        assertEquals(file, t.source());
    }

    @Test
    void defaultsForOptionalFields() {
        Topic t = TopicLoader.fromString(MINIMAL, "minimal.yaml");

        assertEquals(Map.of("食品安全", 1.0), t.keywords());
        assertEquals(0.25, t.threshold());
        assertEquals(Topic.Strategy.LEARNED, t.strategy());
        assertEquals(Topic.Focus.SOFT, t.focus());
        assertEquals(Topic.Limits.NONE, t.limits());
        assertNull(t.source());
    }

    @Test
    void durations() {
        assertEquals(Duration.ofSeconds(90), maxTime("90s"));
        assertEquals(Duration.ofMinutes(15), maxTime("15m"));
        assertEquals(Duration.ofHours(2), maxTime("2h"));
        assertEquals(Duration.ofDays(1), maxTime("1d"));
        assertError("limits: {max-time: 2 h}", "field 'limits.max-time'", "90s, 15m, 2h, 1d", "got '2 h'");
        assertError("limits: {max-time: 1w}", "field 'limits.max-time'", "got '1w'");
        assertError("limits: {max-time: 0s}", "field 'limits.max-time'", "duration > 0");
        assertError("limits: {max-time: 90}", "field 'limits.max-time'", "got the number 90");
        assertError("limits: {max-time: 99999999999999999999d}", "field 'limits.max-time'", "too large");
        assertError("limits: {max-time: 999999999999999d}", "field 'limits.max-time'", "too large");
    }

    @Test
    void missingRequiredFieldsAreAllReported() {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString("threshold: 0.5", "x.yaml"));

        assertEquals(List.of(
                "x.yaml: field 'name': required field is missing",
                "x.yaml: field 'languages': required field is missing",
                "x.yaml: field 'keywords': required field is missing",
                "x.yaml: field 'seeds': required field is missing"), e.errors());
        assertTrue(e.getMessage().startsWith("4 errors in topic x.yaml:"), e.getMessage());
    }

    @Test
    void everyErrorInOneFileIsReported() {
        String yaml = """
                name: Cloud
                languages: [english]
                keywords: {cloud: -1}
                seeds: [ftp://example.org/]
                threshold: 1.5
                strategy: depth-first
                focus: medium
                limits: {max-pages: -5}
                colour: blue
                """;
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(yaml, "seeds/x.yaml"));

        List<String> errors = e.errors();
        assertEquals(9, errors.size(), errors.toString());
        assertTrue(errors.contains("seeds/x.yaml: field 'threshold': must be a number between 0 and 1, got the number 1.5"),
                errors.toString());
        for (String field : List.of("colour", "name", "languages[0]", "keywords['cloud']", "seeds[0]", "strategy",
                "focus", "limits.max-pages")) {
            assertTrue(errors.stream().anyMatch(m -> m.startsWith("seeds/x.yaml: field '" + field + "': ")),
                    field + " not named in " + errors);
        }
    }

    @Test
    void unknownFieldsListTheAllowedOnes() {
        assertError("thresold: 0.3", "field 'thresold': unknown field; allowed fields are: name, languages, keywords, "
                + "seeds, threshold, strategy, focus, limits, relevance, links");
        assertError("limits: {pages: 3}", "field 'limits.pages': unknown field; allowed fields are: max-pages, "
                + "max-depth, max-time, max-pages-per-host");
    }

    @Test
    void wrongTypes() {
        assertErrorIn("name: 42", "field 'name': must be lower-case letters", "got the number 42");
        assertErrorIn("name: [a]", "field 'name': must be lower-case letters", "got a list");
        assertError("threshold: '0.3'", "field 'threshold': must be a number between 0 and 1, got the string '0.3'");
        assertError("threshold: true", "field 'threshold': must be a number between 0 and 1, got the boolean true");
        assertError("strategy: 1", "field 'strategy': must be a string, got the number 1");
        assertError("limits: 5", "field 'limits': must be a mapping");
        assertError("limits: {max-pages: 1.5}", "field 'limits.max-pages': must be a whole number between 0 and "
                + "9007199254740991 (0 = no limit), got the number 1.5");
        // a whole number past what a double holds exactly is refused by the schema, not a crash when bound
        assertError("limits: {max-pages: 1e19}", "field 'limits.max-pages': must be a whole number between 0 and "
                + "9007199254740991");
        // YAML's not-a-number is refused by the parser, with its place (the schema's number checks have no NaN)
        TopicException nan = assertThrows(TopicException.class,
                () -> TopicLoader.fromString(MINIMAL + "threshold: .nan", "t.yaml"));
        assertEquals(List.of("t.yaml: not valid YAML at line 5, column 16: Malformed numeric value '.nan'"),
                nan.errors());
        // an empty list item or weight has no default to fall back on
        assertErrorIn("languages: [en, ~]", "field 'languages[1]': must be a string, got no value");
        assertErrorIn("keywords: {cloud: }", "field 'keywords['cloud']': must be a number > 0, got no value");
        assertError("limits: {max-depth: '3'}", "field 'limits.max-depth': must be a whole number between 0 and "
                + "2147483647 (0 = no limit), got the string '3'");
        // JSON Schema's integer: a number without a fractional part, as 3.0
        assertEquals(3, TopicLoader.fromString(MINIMAL + "limits: {max-depth: 3.0}", "t.yaml").limits().maxDepth());
        assertErrorIn("languages: en", "field 'languages': must be a non-empty list such as [en], got the string 'en'");
        assertErrorIn("languages: [1]", "field 'languages[0]': must be a string, got the number 1");
        assertErrorIn("keywords: [cloud]", "field 'keywords': must be a non-empty mapping of keyword to weight");
        assertErrorIn("keywords: {cloud: high}", "field 'keywords['cloud']': must be a number > 0, "
                + "got the string 'high'");
        assertErrorIn("seeds: https://example.org/", "field 'seeds': must be a non-empty list");
        assertErrorIn("seeds: [{url: x}]", "field 'seeds[0]': must be a string, got a mapping");
    }

    @Test
    void badValues() {
        assertErrorIn("name: -cloud", "field 'name': must be lower-case letters", "got '-cloud'");
        assertErrorIn("name: cloud.computing", "field 'name'", "got 'cloud.computing'");
        assertErrorIn("name: " + "a".repeat(101), "field 'name': must be at most 100 characters, got 101");
        assertError("threshold: -0.1", "field 'threshold': must be a number between 0 and 1, got the number -0.1");
        assertError("strategy: Best-First", "field 'strategy': must be one of best-first, breadth-first, hub, learned, link-topology, got 'Best-First'");
        assertError("focus: medium", "field 'focus': must be one of hard, soft, got 'medium'");
        assertError("limits: {max-pages-per-host: -1}", "field 'limits.max-pages-per-host'", "whole number");
        assertError("limits: {max-depth: 3000000000}", "field 'limits.max-depth': must be a whole number between 0 and 2147483647");
        assertError("threshold:", "field 'threshold': has no value (leave the field out to use its default)");
        assertErrorIn("languages: [EN]", "field 'languages[0]': must be a lower-case two-letter ISO 639-1 language code",
                "got 'EN'");
        assertErrorIn("languages: [xx]", "field 'languages[0]'", "got 'xx'");
        assertErrorIn("languages: [en, en]", "field 'languages[1]': 'en' is listed twice");
        assertErrorIn("languages: []", "field 'languages': must be a non-empty list such as [en], got an empty list");
        assertErrorIn("keywords: {}", "field 'keywords': must be a non-empty mapping", "got an empty mapping");
        assertErrorIn("keywords: {cloud: 0}", "field 'keywords['cloud']': must be a number > 0, got the number 0");
        // YAML reads 1e400 as infinity, which JSON (and so no schema) has
        assertErrorIn("keywords: {cloud: 1e400}", "field 'keywords['cloud']': must be a number > 0, got the number "
                + "Infinity");
        assertErrorIn("keywords: {' ': 1}", "field 'keywords[' ']': a keyword must not be blank");
        assertErrorIn("keywords: {Cloud: 1, cloud: 2}", "field 'keywords['cloud']': same keyword as 'Cloud'");
        assertErrorIn("seeds: []", "field 'seeds': must be a non-empty list");
        assertErrorIn("seeds: [example.org]", "field 'seeds[0]': must be an absolute http or https URL, got 'example.org'");
        assertErrorIn("seeds: ['https:///path']", "field 'seeds[0]'", "with a host name");
        assertErrorIn("seeds: ['https://exa mple.org/']", "field 'seeds[0]': must be a valid absolute http or https URL");
        assertErrorIn("seeds: [https://a.org/, https://a.org/]", "field 'seeds[1]': 'https://a.org/' is listed twice");
        // an internationalised host name: java.net.URI has no host for it; say what to write instead
        assertErrorIn("seeds: ['https://bücher.example/katalog?q=1']", "field 'seeds[0]': must have its host name in "
                + "ASCII: write an internationalised name in punycode, as 'https://xn--bcher-kva.example/katalog?q=1', "
                + "got 'https://bücher.example/katalog?q=1'");
        assertErrorIn("seeds: ['http://user@例え.jp:8080/']", "field 'seeds[0]': must have its host name in ASCII: write "
                + "an internationalised name in punycode, as 'http://user@xn--r8jz45g.jp:8080/'");
        // the longest seed the URL filters keep passes; one character more is refused, without the whole URL
        String longest = "https://example.org/" + "a".repeat(TopicLoader.MAX_URL_LENGTH - 20);
        assertEquals(TopicLoader.MAX_URL_LENGTH, longest.length());
        assertEquals(List.of(longest), TopicLoader.fromString(MINIMAL.replace("https://example.org/", longest),
                "t.yaml").seeds());
        assertErrorIn("seeds: [" + longest + "a]", "field 'seeds[0]': is 1025 characters long; a seed URL may have at "
                + "most 1024 (the URL filters drop longer URLs), got 'https://example.org/" + "a".repeat(40) + "...'");
    }

    @Test
    void notATopicAtAll() {
        TopicException empty = assertThrows(TopicException.class, () -> TopicLoader.fromString("", "e.yaml"));
        assertTrue(empty.getMessage().startsWith("e.yaml: the file is empty"), empty.getMessage());

        TopicException list = assertThrows(TopicException.class, () -> TopicLoader.fromString("- a\n- b", "l.yaml"));
        assertTrue(list.getMessage().startsWith("l.yaml: must be a YAML mapping of fields"), list.getMessage());

        TopicException syntax = assertThrows(TopicException.class,
                () -> TopicLoader.fromString("name: [unclosed", "s.yaml"));
        assertTrue(syntax.getMessage().startsWith("s.yaml: not valid YAML at line "), syntax.getMessage());

        TopicException dup = assertThrows(TopicException.class,
                () -> TopicLoader.fromString(MINIMAL + "name: again\n", "d.yaml"));
        assertTrue(dup.getMessage().startsWith("d.yaml: not valid YAML at line 5"), dup.getMessage());
        assertTrue(dup.getMessage().contains("'name'"), dup.getMessage());
    }

    @Test
    void unreadableFileIsNamed(@TempDir Path dir) throws IOException {
        Path missing = dir.resolve("missing.yaml");
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.load(missing));
        assertTrue(e.getMessage().startsWith(missing + ": cannot read the file"), e.getMessage());

        Path latin1 = dir.resolve("latin1.yaml");
        Files.write(latin1, (MINIMAL + "# caf\u00e9\n").getBytes(StandardCharsets.ISO_8859_1));
        TopicException enc = assertThrows(TopicException.class, () -> TopicLoader.load(latin1));
        assertEquals(latin1 + ": is not UTF-8 text", enc.getMessage());
    }

    @Test
    void shippedTopicsLoad() {
        Path seeds = shippedSeedsDir();

        Topic cloud = TopicLoader.load(seeds.resolve("cloud-computing.yaml"));
        assertEquals("cloud-computing", cloud.name());
        assertEquals(List.of("en"), cloud.languages());
        assertTrue(cloud.keywords().containsKey("cloud computing"));
        assertTrue(cloud.seeds().contains("https://en.wikipedia.org/wiki/Cloud_computing"));
        assertTrue(cloud.seeds().size() >= 8 && cloud.seeds().size() <= 15, cloud.seeds().toString());

        Topic food = TopicLoader.load(seeds.resolve("food-safety-zh.yaml"));
        assertEquals("food-safety-zh", food.name());
        assertEquals(List.of("zh"), food.languages());
        for (String k : List.of("食品安全", "食品添加剂", "农药残留", "食品召回", "食源性疾病")) {
            assertTrue(food.keywords().containsKey(k), k);
        }
        assertTrue(food.seeds().contains("https://zh.wikipedia.org/zh-cn/%E9%A3%9F%E5%93%81%E5%AE%89%E5%85%A8"));
    }

    /**
     * Every topic under seeds/ loads and is named as its file. An evaluation topic (seeds/eval) is read as the
     * evaluation reads it (EvalTopic, module topicstorm-cli): without its evaluation section, its corpus:// seeds
     * standing for the served pages' URLs.
     */
    @Test
    void everyShippedTopicLoads() throws IOException {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        List<Path> files;
        try (Stream<Path> walk = Files.walk(shippedSeedsDir())) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertTrue(files.size() >= 18, files.toString());
        for (Path file : files) {
            ObjectNode node = (ObjectNode) yaml.readTree(file.toFile());
            Topic t;
            if (node.remove("evaluation") != null) {
                ArrayNode seeds = (ArrayNode) node.get("seeds");
                for (int i = 0; i < seeds.size(); i++) {
                    seeds.set(i, seeds.get(i).asText().replace("corpus://", "http://corpus.test/"));
                }
                t = TopicLoader.fromString(yaml.writeValueAsString(node), file.toString(), file.getParent());
            } else {
                t = TopicLoader.load(file);
            }
            assertEquals(file.getFileName().toString().replace(".yaml", ""), t.name());
        }
    }

    /** seeds/ at the repository root; Surefire runs in the module directory. */
    static Path shippedSeedsDir() {
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("seeds/cloud-computing.yaml"))) {
                return p.resolve("seeds");
            }
        }
        throw new IllegalStateException("no seeds/ directory above " + here);
    }

    @Test
    void linkSettingsDefaultAndGiven() {
        Topic plain = TopicLoader.fromString(MINIMAL, "d.yaml");
        assertEquals(LinkSettings.DEFAULT, plain.links());
        assertEquals(new LinkSettings.Tau(0.6, 0.5, 0.4, 0.5), plain.links().tau());

        Topic t = TopicLoader.fromString(MINIMAL + """
                strategy: link-topology
                links:
                  tau: {extends: 0.55, same-shape: 0.45, boilerplate: 0.41, other: 0.42}
                  tunnel-alpha: 3
                  hub-weight: 0.3
                  boilerplate-pages: 7
                  learned: {retrain-every: 50, min-examples: 20, max-examples: 800, rescore: 0}
                  sibling-demotion: {after: 4, factor: 0.25}
                  keywordless-links: 0.8
                """, "d.yaml");
        assertEquals(Topic.Strategy.LINK_TOPOLOGY, t.strategy());
        assertEquals(new LinkSettings(new LinkSettings.Tau(0.55, 0.45, 0.41, 0.42), 3, 0.3, 7,
                new LinkSettings.Learned(50, 20, 800, 0), new LinkSettings.Siblings(4, 0.25), 0.8), t.links());
        // a partly given section keeps the other defaults
        Topic partial = TopicLoader.fromString(MINIMAL + "links: {tau: {extends: 0.59}}", "d.yaml");
        assertEquals(new LinkSettings.Tau(0.59, 0.5, 0.4, 0.5), partial.links().tau());
        assertEquals(2, partial.links().tunnelAlpha());
        assertEquals(0.5, partial.links().keywordlessLinks());
        assertEquals(List.of("best-first", "breadth-first", "link-topology", "hub", "learned"),
                TopicLoader.STRATEGY_NAMES);
        assertEquals(Topic.Strategy.HUB, TopicLoader.fromString(MINIMAL + "strategy: hub", "d.yaml").strategy());
        assertEquals(LinkSettings.Target.SCORE, TopicLoader.fromString(MINIMAL + "links: {learned: {target: score}}",
                "d.yaml").links().learned().target());
        assertEquals(LinkSettings.Prior.LINK_TOPOLOGY, TopicLoader.fromString(MINIMAL, "d.yaml").links().learned()
                .prior());
        assertEquals(LinkSettings.Prior.BEST_FIRST, TopicLoader.fromString(MINIMAL
                + "links: {learned: {prior: best-first}}", "d.yaml").links().learned().prior());
        // the score target: min(1, s / 2r)
        assertEquals(0.75, LinkSettings.Target.SCORE.of(true, 0.3, 0.2), 1e-12);
        assertEquals(0.25, LinkSettings.Target.SCORE.of(false, 0.1, 0.2), 1e-12);
        assertEquals(1.0, LinkSettings.Target.SCORE.of(true, 0.5, 0.2));
        assertEquals(1.0, LinkSettings.Target.VERDICT.of(true, 0.3, 0.2));
        assertEquals(0.0, LinkSettings.Target.VERDICT.of(false, 0.19, 0.2));
        // the child credit: off by default; at 0.5 an irrelevant page that led to a relevant one teaches 0.5, a
        // relevant one 1
        assertEquals(0.0, LinkSettings.Learned.DEFAULT.childCredit());
        assertEquals(0.0, LinkSettings.Learned.DEFAULT.example(false, 0.1, 0.2, true));
        LinkSettings.Learned d = new LinkSettings.Learned(100, 40, 5000, 2000, LinkSettings.Target.VERDICT,
                LinkSettings.Prior.LINK_TOPOLOGY, 0.5);
        assertEquals(1.0, d.example(true, 0.3, 0.2, true));
        assertEquals(0.5, d.example(false, 0.1, 0.2, true));
        assertEquals(0.0, d.example(false, 0.1, 0.2, false));
        LinkSettings.Learned scored = new LinkSettings.Learned(100, 40, 5000, 2000, LinkSettings.Target.SCORE,
                LinkSettings.Prior.LINK_TOPOLOGY, 0.5);
        // score target 0.15 / 0.4 = 0.375, raised to the credit 0.5; 0.35 / 0.4 = 0.875 stays
        assertEquals(0.5, scored.example(false, 0.15, 0.2, true), 1e-12);
        assertEquals(0.875, scored.example(true, 0.35, 0.2, true), 1e-12);
        assertEquals(0.375, scored.example(false, 0.15, 0.2, false), 1e-12);
        assertEquals(0.25, TopicLoader.fromString(MINIMAL + "links: {learned: {child-credit: 0.25}}", "d.yaml")
                .links().learned().childCredit());
        assertEquals(Topic.Strategy.LEARNED,
                TopicLoader.fromString(MINIMAL + "strategy: learned", "d.yaml").strategy());
    }

    @Test
    void badLinkSettingsAreNamed() {
        assertError("links: 3", "field 'links': must be a mapping");
        assertError("links: {tunnel: 2}", "field 'links.tunnel': unknown field; allowed fields are: tau, "
                + "tunnel-alpha, hub-weight, boilerplate-pages, learned, sibling-demotion, keywordless-links");
        assertError("links: {tau: {extend: 0.5}}", "field 'links.tau.extend': unknown field");
        assertError("links: {tau: {extends: 1.5}}", "field 'links.tau.extends'", "between 0 and 1");
        assertError("links: {tunnel-alpha: -1}", "field 'links.tunnel-alpha'", "between 0 and 100");
        assertError("links: {sibling-demotion: {after: 3, factor: 2}}", "field 'links.sibling-demotion.factor'");
        assertError("links: {hub-weight: 2}", "field 'links.hub-weight'", "between 0 and 1");
        assertError("links: {keywordless-links: 1.5}", "field 'links.keywordless-links'", "between 0 and 1");
        assertError("links: {boilerplate-pages: 0}", "field 'links.boilerplate-pages'", "between 1 and");
        assertError("links: {learned: {retrain-every: 0}}", "field 'links.learned.retrain-every'");
        assertError("links: {learned: {target: label}}", "field 'links.learned.target'", "score, verdict");
        assertError("links: {learned: {prior: hub}}", "field 'links.learned.prior'", "best-first, link-topology");
        assertError("links: {learned: {child-credit: 2}}", "field 'links.learned.child-credit'");
        assertError("links: {learned: {max-examples: 20000}}", "field 'links.learned.max-examples'",
                "between 1 and 10000");
        assertError("links: {learned: {min-examples: 50, max-examples: 40}}", "field 'links.learned.min-examples'",
                "must not exceed links.learned.max-examples (40)");
    }

    @Test
    void continuousModeAndItsRevisits() {
        assertNull(TopicLoader.fromString(MINIMAL, "d.yaml").revisit(), "a one-off crawl by default");
        assertFalse(TopicLoader.fromString(MINIMAL + "mode: once", "d.yaml").continuous());
        Topic t = TopicLoader.fromString(MINIMAL + "mode: continuous", "d.yaml");
        assertTrue(t.continuous());
        assertEquals(Revisit.DEFAULT, t.revisit());
        assertEquals(Duration.ofHours(1), Revisit.DEFAULT.relevant());
        assertNull(Revisit.DEFAULT.irrelevant(), "irrelevant pages that are not hubs: never again by default");

        Revisit r = TopicLoader.fromString(MINIMAL + """
                mode: continuous
                revisit: {relevant: 30m, hubs: 10m, irrelevant: 1d, min: 1m, max: 2d, sooner: 0.25, later: 2}
                """, "d.yaml").revisit();
        assertEquals(new Revisit(Duration.ofMinutes(30), Duration.ofMinutes(10), Duration.ofDays(1),
                Duration.ofMinutes(1), Duration.ofDays(2), 0.25, 2.0), r);
        assertEquals(Revisit.Heat.DEFAULT, r.heat());
        assertEquals(new Revisit.Heat(0.3, Duration.ofHours(6), 10), TopicLoader.fromString(MINIMAL
                + "mode: continuous\nrevisit: {heat: {exponent: 0.3, scale: 6h, hot: 10}}", "d.yaml").revisit().heat());
        assertNull(TopicLoader.fromString(MINIMAL + "mode: continuous\nrevisit: {irrelevant: never}", "d.yaml")
                .revisit().irrelevant());
    }

    @Test
    void badRevisitSettingsAreNamed() {
        assertError("mode: forever", "field 'mode'", "continuous, once");
        assertError("revisit: {relevant: 1h}", "field 'revisit'", "continuous crawls only", "mode: continuous");
        String c = "mode: continuous\n";
        assertError(c + "revisit: {often: 1h}", "field 'revisit.often': unknown field; allowed fields are: "
                + "relevant, hubs, irrelevant, min, max, sooner, later, heat");
        assertError(c + "revisit: {relevant: 3600}", "field 'revisit.relevant'", "a duration");
        assertError(c + "revisit: {min: 2h, max: 1h}", "field 'revisit.min'", "must not exceed revisit.max");
        assertError(c + "revisit: {relevant: 1m}", "field 'revisit.relevant'", "between revisit.min (PT5M)");
        assertError(c + "revisit: {hubs: 30d}", "field 'revisit.hubs'", "revisit.max (PT168H)");
        assertError(c + "revisit: {irrelevant: sometimes}", "field 'revisit.irrelevant'");
        assertError(c + "revisit: {sooner: 1}", "field 'revisit.sooner'", "between 0 and 1");
        assertError(c + "revisit: {sooner: 0}", "field 'revisit.sooner'", "between 0 and 1");
        assertError(c + "revisit: {later: 0.5}", "field 'revisit.later'", "between 1 and 100");
        assertError(c + "revisit: {max: 400d}", "field 'revisit.max'", "at most 365d");
        assertError(c + "revisit: {heat: {exponent: 1}}", "field 'revisit.heat.exponent'", "both excluded");
        assertError(c + "revisit: {heat: {scale: 2h}}", "field 'revisit.heat.scale'", "longer than 2h");
        assertError(c + "revisit: {heat: {hot: 0}}", "field 'revisit.heat.hot'", "a number > 0");
        assertError(c + "revisit: {heat: {cold: 1}}", "field 'revisit.heat.cold': unknown field; allowed fields "
                + "are: exponent, scale, hot");
    }

    @Test
    void seedSourcesAreReadAndTheSeedsListMayThenBeLeftOut() {
        Topic t = TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {solar: 1.0}
                seed-sources:
                  - name: news
                    url: https://news.test/search?q={keyword}&page={page}
                    results: div.result
                    summary: p.snippet
                    next: a.next
                    max-pages: 5
                    keywords: [solar power]
                    min-score: 0.4
                    first-page: 0
                  - {name: blog, url: 'https://blog.test/tag/{keyword}', results: article}
                """, "d.yaml");
        assertEquals(List.of(), t.seeds());
        assertEquals(new SeedSource("news", "https://news.test/search?q={keyword}&page={page}", "div.result",
                "a[href]", null, "p.snippet", "a.next", 5, List.of("solar power"), 0.4, 0), t.seedSources().get(0));
        assertEquals(new SeedSource("blog", "https://blog.test/tag/{keyword}", "article", "a[href]", null, null, null,
                3, List.of(), null, 1), t.seedSources().get(1));
    }

    @Test
    void badSeedSourcesAreNamed() {
        String ok = "{name: n, url: 'https://s.test/?q={keyword}', results: div.r";
        assertError("seed-sources: [" + ok + ", link: 'a[href'}]", "field 'seed-sources[0].link'",
                "not a CSS selector");
        assertError("seed-sources: [{name: n, url: 'https://s.test/?q=x', results: div.r}]",
                "field 'seed-sources[0].url'", "must contain {keyword}");
        assertError("seed-sources: [{name: n, url: 'ftp://s.test/{keyword}', results: div.r}]",
                "field 'seed-sources[0].url'");
        assertError("seed-sources: [{name: n, url: 'https://s.test/?q={keyword}'}]",
                "field 'seed-sources[0].results': required field is missing");
        assertError("seed-sources: [" + ok + ", pages: 3}]", "field 'seed-sources[0].pages': unknown field");
        assertError("seed-sources: [" + ok + ", max-pages: 0}]", "field 'seed-sources[0].max-pages'");
        assertError("seed-sources: [" + ok + "}, " + ok + "}]", "field 'seed-sources[1].name'", "used twice");
        assertError("seed-sources: []", "field 'seed-sources'", "non-empty list");
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(
                "name: t\nlanguages: [en]\nkeywords: {a: 1}\n", "t.yaml"));
        assertTrue(e.errors().contains("t.yaml: field 'seeds': required field is missing"), e.errors().toString());
    }

    private static Duration maxTime(String value) {
        return TopicLoader.fromString(MINIMAL + "limits: {max-time: " + value + "}", "d.yaml").limits().maxTime();
    }

    /** The seed limit is the URL filters' limit: if one changes, a seed could again pass here and be dropped there. */
    @Test
    void theSeedLengthLimitIsTheUrlFiltersMaxLength() throws IOException {
        com.fasterxml.jackson.databind.JsonNode chain;
        try (java.io.InputStream in = getClass().getClassLoader().getResourceAsStream("urlfilters.json")) {
            chain = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
        }
        int maxLength = -1;
        for (com.fasterxml.jackson.databind.JsonNode filter
                : chain.get("com.digitalpebble.stormcrawler.filtering.URLFilters")) {
            if (filter.get("class").asText().endsWith(".BasicURLFilter")) {
                maxLength = filter.get("params").get("maxLength").asInt();
            }
        }
        assertEquals(maxLength, TopicLoader.MAX_URL_LENGTH);
    }

    /** Adds one line to the minimal valid topic and expects exactly one error containing every part. */
    private static void assertError(String line, String... parts) {
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(MINIMAL + line, "t.yaml"));
        assertEquals(1, e.errors().size(), e.errors().toString());
        assertContainsAll(e.errors().get(0), parts);
    }

    /** Replaces the minimal topic's line for the same field and expects exactly one error containing every part. */
    private static void assertErrorIn(String line, String... parts) {
        String field = line.substring(0, line.indexOf(':'));
        StringBuilder yaml = new StringBuilder();
        for (String l : MINIMAL.split("\n")) {
            yaml.append(l.startsWith(field + ":") ? line : l).append('\n');
        }
        TopicException e = assertThrows(TopicException.class, () -> TopicLoader.fromString(yaml.toString(), "t.yaml"));
        assertEquals(1, e.errors().size(), e.errors().toString());
        assertContainsAll(e.errors().get(0), parts);
    }

    private static void assertContainsAll(String message, String... parts) {
        assertTrue(message.startsWith("t.yaml: field '"), message);
        for (String part : parts) {
            assertTrue(message.contains(part), "'" + part + "' not in: " + message);
        }
    }
}
