package org.topicstorm.topic;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import org.junit.jupiter.api.Test;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.topic.TopicSchema.Field;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema is the one description of a topic file's fields: these tests keep the code that depends on it in step
 * (the records Jackson binds to, the enums the names become, the duration wording shared with the command line).
 */
class TopicSchemaTest {

    private static final TopicSchema SCHEMA = TopicSchema.INSTANCE;

    @Test
    void theRecordsNameTheFieldsOfTheSchema() {
        assertMirrors(TopicFile.class, Field.ROOT);
    }

    /** Each record's components, in kebab case, are its mapping's properties, in the same order; nested alike. */
    private static void assertMirrors(Class<?> record, Field field) {
        PropertyNamingStrategies.KebabCaseStrategy kebab = new PropertyNamingStrategies.KebabCaseStrategy();
        RecordComponent[] components = record.getRecordComponents();
        List<String> names = Arrays.stream(components).map(c -> {
            // @JsonProperty does not target record components: Java puts it on the accessor (and field)
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            return p != null ? p.value() : kebab.translate(c.getName());
        }).toList();
        assertEquals(SCHEMA.properties(field), names, record.getSimpleName() + " against the schema at '" + field + "'");
        for (int i = 0; i < components.length; i++) {
            Class<?> type = components[i].getType();
            Type generic = components[i].getGenericType();
            if (type == List.class && generic instanceof ParameterizedType p && p.getActualTypeArguments()[0]
                    instanceof Class<?> item && item.isRecord()) {
                assertMirrors(item, field.at(names.get(i)).at(0));
            } else if (type.isRecord()) {
                assertMirrors(type, field.at(names.get(i)));
            } else if (type == Map.class && !SCHEMA.properties(field.at(names.get(i))).isEmpty()) {
                // a mapping with fixed names read as a map (relevance.combination): the names are enum constants
                assertEquals(SCHEMA.properties(field.at(names.get(i))),
                        names(RelevanceSettings.Model.values()).stream().filter(n -> !n.equals("combination"))
                                .toList());
            }
        }
    }

    @Test
    void everyNameTheSchemaAllowsHasItsConstantAndEveryConstantItsName() {
        assertEquals(names(Topic.Strategy.values()).stream().sorted().toList(),
                SCHEMA.enumValues("strategy").stream().sorted().toList());
        assertEquals(names(Topic.Focus.values()), SCHEMA.enumValues("focus"));
        assertEquals(names(RelevanceSettings.Model.values()), SCHEMA.enumValues("relevance.model"));
        for (RelevanceSettings.Model m : RelevanceSettings.Model.values()) {
            assertEquals(m.yamlName, TopicLoader.yamlName(m));
        }
        assertEquals(names(ChineseSegmenter.values()).stream().sorted().toList(),
                SCHEMA.enumValues("relevance.segmenter"));
        for (ChineseSegmenter s : ChineseSegmenter.values()) {
            assertEquals(s.yamlName, TopicLoader.yamlName(s));
        }
        assertEquals(names(LinkSettings.Target.values()), SCHEMA.enumValues("links.learned.target"));
        assertEquals(names(LinkSettings.Prior.values()), SCHEMA.enumValues("links.learned.prior"));
        assertEquals(List.of("once", "continuous"), SCHEMA.enumValues("mode"));
        // the classifier's features: every model that scores a page by itself
        assertEquals(List.of("keywords", "centroid", "seed-set", "word2vec"),
                SCHEMA.enumValues(Field.of("relevance.classifier.features").at(0)));
        for (String name : SCHEMA.enumValues("strategy")) {
            assertEquals(name, TopicLoader.strategyName(TopicLoader.constant(Topic.Strategy.class, name, null)));
        }
    }

    @Test
    void theStrategiesAreTheSchemasInTheDocumentedOrder() {
        assertEquals(SCHEMA.enumValues("strategy"), TopicLoader.STRATEGY_NAMES);
        assertTrue(TopicLoader.STRATEGY_NAMES.contains(TopicLoader.strategyName(TopicLoader.DEFAULT_STRATEGY)));
    }

    @Test
    void errorsSayWhatADurationIsAsTheCommandLineDoes() {
        assertEquals(Durations.EXPECTED, SCHEMA.mustBe(Field.of("revisit.min")));
        assertEquals(Durations.EXPECTED + " (leave it out for no limit)", SCHEMA.mustBe(Field.of("limits.max-time")));
    }

    @Test
    void phrasesAreMadeFromTypeBoundsAndExamples() {
        assertEquals("a number between 0 and 1", SCHEMA.mustBe(Field.of("threshold")));
        assertEquals("a whole number between 1 and 100", SCHEMA.mustBe(Field.of("seed-sources").at(0).at("max-pages")));
        assertEquals("a number between 0 and 1 (both excluded)", SCHEMA.mustBe(Field.of("revisit.sooner")));
        assertEquals("a number > 0 and at most 1", SCHEMA.mustBe(Field.of("relevance.self-tuning.step")));
        assertEquals("a number > 0", SCHEMA.mustBe(Field.of("keywords").key("cloud")));
        assertEquals("true or false", SCHEMA.mustBe(Field.of("relevance.stemming")));
        assertEquals("a mapping such as {max-pages: 1000, max-time: 2h}", SCHEMA.mustBe(Field.of("limits")));
        assertEquals("a non-empty list such as [{name: news, url: 'https://news.example/search?q={keyword}', "
                + "results: div.result}]", SCHEMA.mustBe(Field.of("seed-sources")));
    }

    @Test
    void fieldsAreWrittenAsInTheFile() {
        assertEquals("seed-sources[1].keywords[0]", Field.of("seed-sources").at(1).at("keywords").at(0).toString());
        assertEquals("keywords['cloud computing']", Field.of("keywords").key("cloud computing").toString());
    }

    private static List<String> names(Enum<?>[] constants) {
        return Arrays.stream(constants).map(TopicLoader::yamlName).toList();
    }
}
