package org.topicstorm.eval;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.LabelRule;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvalTopicTest {

    private static final String FILE = """
            name: calc
            languages: [en]
            keywords: {spreadsheet: 1.0, cell: 0.5}
            seeds:
              - corpus://lo-help/en-US/text/scalc/main0000.html
              - http://example.test/
            strategy: best-first
            evaluation:
              corpora: [lo-help]
              labels: [scalc, schart]
            """;

    /** Stands in for the corpus server: corpus://lo-help/P -> http://127.0.0.2:8000/P. */
    private static final Function<String, String> SERVER = seed -> {
        if (!seed.startsWith("corpus://lo-help/")) {
            throw new IllegalArgumentException("corpus not served: " + seed);
        }
        return "http://127.0.0.2:8000/" + seed.substring("corpus://lo-help/".length());
    };

    @Test
    void theEvaluationSectionIsTakenOutAndCorpusSeedsResolved() {
        EvalTopic e = EvalTopic.fromString(FILE, "calc.yaml");
        assertEquals(List.of("lo-help"), e.corpora());
        assertEquals(List.of("scalc", "schart"), e.labels());
        assertEquals("calc", e.name());
        assertEquals("best-first", e.strategy());
        Topic t = e.topic(SERVER, null);
        assertEquals(List.of("http://127.0.0.2:8000/en-US/text/scalc/main0000.html", "http://example.test/"),
                t.seeds());
        assertEquals(Topic.Strategy.BEST_FIRST, t.strategy());
        assertEquals(2, t.keywords().size());
        assertEquals(Topic.Strategy.BREADTH_FIRST, e.topic(SERVER, "breadth-first").strategy());
        assertTrue(!e.topicYaml(SERVER, null).contains("evaluation"));
    }

    @Test
    void aMeasurementCanChangeTheRelevanceSettingsOfEveryTopicAlike() {
        EvalTopic e = EvalTopic.fromString(FILE, "calc.yaml");
        String yaml = e.topicYaml(SERVER, null, "classifier", true,
                Map.of("relevance.classifier.url-words", "false", "relevance.classifier.terms", "20"));
        Topic t = org.topicstorm.topic.TopicLoader.fromString(yaml, "calc.yaml");
        assertEquals(org.topicstorm.topic.RelevanceSettings.Model.CLASSIFIER, t.relevance().model());
        assertEquals(org.topicstorm.topic.RelevanceSettings.SelfTuning.DEFAULT, t.relevance().selfTuning());
        assertEquals(false, t.relevance().classifier().urlWords());
        assertEquals(20, t.relevance().classifier().terms());
        TopicException notMapping = assertThrows(TopicException.class,
                () -> e.topicYaml(SERVER, null, null, false, Map.of("name.x", "1")));
        assertEquals(List.of("calc.yaml: cannot set 'name.x': 'name' is not a mapping"), notMapping.errors());
        // a wrong value is named by the topic loader, with the file
        TopicException wrong = assertThrows(TopicException.class,
                () -> e.topicYaml(SERVER, null, "classifier", false, Map.of("relevance.classifier.terms", "0")));
        assertTrue(wrong.errors().get(0).contains("relevance.classifier.terms"), wrong.errors().toString());
    }

    @Test
    void aMissingOrMalformedSectionNamesTheFileAndField() {
        TopicException missing = assertThrows(TopicException.class,
                () -> EvalTopic.fromString("name: x\nlanguages: [en]\nkeywords: {a: 1}\nseeds: [http://a.test/]\n",
                        "x.yaml"));
        assertTrue(missing.getMessage().startsWith("x.yaml: field 'evaluation': missing"), missing.getMessage());

        TopicException bad = assertThrows(TopicException.class, () -> EvalTopic.fromString(
                FILE.replace("labels: [scalc, schart]", "labels: []\n  colour: red"), "calc.yaml"));
        assertEquals(List.of(
                "calc.yaml: field 'evaluation.colour': unknown field; allowed fields are: corpora, labels, split",
                "calc.yaml: field 'evaluation.labels': must be a non-empty list of names, e.g. [a, b]"), bad.errors());
    }

    @Test
    void aSplitNamesCorporaOfTheTopicAndDirectoryGlobs() {
        EvalTopic e = EvalTopic.fromString(FILE.replace("labels: [scalc, schart]",
                "labels: [scalc, schart]\n  split: {lo-help: 'en-US/text/*'}"), "calc.yaml");
        assertEquals(Map.of("lo-help", "en-US/text/*"), e.split());
        assertEquals(Map.of(), EvalTopic.fromString(FILE, "calc.yaml").split(), "no split: one host per corpus");
        assertTrue(!e.topicYaml(SERVER, null).contains("split"), "the split is not part of the topic");

        TopicException bad = assertThrows(TopicException.class, () -> EvalTopic.fromString(FILE.replace(
                "labels: [scalc, schart]", "labels: [scalc]\n  split: {python3.11-doc: library, lo-help: '/en-US'}"),
                "calc.yaml"));
        assertEquals(List.of("calc.yaml: field 'evaluation.split.python3.11-doc': corpus 'python3.11-doc' is not "
                        + "listed in evaluation.corpora [lo-help]",
                "calc.yaml: field 'evaluation.split.lo-help': '/en-US': write the directories relative to the corpus "
                        + "root, without a leading or trailing '/', e.g. 'en-US/text/*'"), bad.errors());

        TopicException notText = assertThrows(TopicException.class, () -> EvalTopic.fromString(FILE.replace(
                "labels: [scalc, schart]", "labels: [scalc]\n  split: {lo-help: [a, b]}"), "calc.yaml"));
        assertEquals(List.of("calc.yaml: field 'evaluation.split.lo-help': must be a directory pattern (text), e.g. "
                + "'en-US/text/*'"), notText.errors());
        TopicException notMap = assertThrows(TopicException.class, () -> EvalTopic.fromString(FILE.replace(
                "labels: [scalc, schart]", "labels: [scalc]\n  split: 'en-US/text/*'"), "calc.yaml"));
        assertTrue(notMap.errors().get(0).startsWith("calc.yaml: field 'evaluation.split': must be a mapping"),
                notMap.errors().toString());
    }

    @Test
    void aSplitThatMatchesNoDirectoryOnDiskNamesTheFileAndField(@TempDir Path root) throws IOException {
        Files.createDirectories(root.resolve("en-US/text/scalc"));
        Corpus corpus = new Corpus("lo-help", root, LabelRule.none(), "index.html");
        EvalTopic ok = EvalTopic.fromString(FILE.replace("labels: [scalc, schart]",
                "labels: [scalc]\n  split: {lo-help: 'en-US/text/*'}"), "calc.yaml");
        ok.checkSplit(name -> corpus);
        EvalTopic none = EvalTopic.fromString(FILE.replace("labels: [scalc, schart]",
                "labels: [scalc]\n  split: {lo-help: 'zh-CN/text/*'}"), "calc.yaml");
        TopicException e = assertThrows(TopicException.class, () -> none.checkSplit(name -> corpus));
        assertEquals(1, e.errors().size());
        assertTrue(e.errors().get(0).startsWith("calc.yaml: field 'evaluation.split.lo-help': 'zh-CN/text/*' "
                + "matches no directory of corpus lo-help"), e.errors().toString());
    }

    @Test
    void aCorpusSeedMustNameACorpusOfTheTopic() {
        TopicException e = assertThrows(TopicException.class,
                () -> EvalTopic.fromString(FILE.replace("corpora: [lo-help]", "corpora: [python3.11-doc]"), "c.yaml"));
        assertEquals(List.of("c.yaml: field 'seeds[0]': corpus 'lo-help' is not listed in evaluation.corpora "
                + "[python3.11-doc]"), e.errors());
    }

    @Test
    void topicErrorsStillNameTheFileAndField() {
        EvalTopic e = EvalTopic.fromString(FILE.replace("strategy: best-first", "threshold: 1.5"), "calc.yaml");
        TopicException t = assertThrows(TopicException.class, () -> e.topic(SERVER, null));
        assertTrue(t.getMessage().startsWith("calc.yaml: field 'threshold'"), t.getMessage());
        TopicException s = assertThrows(TopicException.class,
                () -> EvalTopic.fromString(FILE, "calc.yaml").topic(SERVER, "sideways"));
        assertTrue(s.getMessage().startsWith("calc.yaml: field 'strategy'"), s.getMessage());
        TopicException r = assertThrows(TopicException.class, () -> e.topic(seed -> {
            throw new IllegalArgumentException("no page en-US/text/scalc/main0000.html in corpus lo-help");
        }, null));
        assertEquals(List.of("calc.yaml: field 'seeds[0]': no page en-US/text/scalc/main0000.html in corpus lo-help"),
                r.errors());
    }
}
