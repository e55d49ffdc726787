package org.topicstorm.vectors;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Trains word2vec on real English text of two unrelated domains (software licences and the Python language
 * reference, {@link RealEnglishText}) and checks that the vectors and the 002 similarity separate them. Two texts
 * are held out of training and scored as pages: the Artistic licence and the pydoc topic on sequence types.
 */
class VectorTrainerTest {

    private static final List<String> LICENCE_WORDS = List.of("copyright", "license", "warranty", "distribute",
            "liability", "permission", "licensee", "redistribution");
    private static final List<String> PYTHON_WORDS = List.of("integer", "exception", "function", "string", "object",
            "method", "argument", "variable");
    /** Stop words left out of the page vectors, as the text pipeline does. */
    private static final Set<String> STOP = Set.of("the", "a", "an", "of", "to", "and", "or", "in", "is", "are", "be",
            "by", "for", "on", "that", "this", "it", "as", "with", "any", "not", "if", "you", "your", "may", "such",
            "which", "from", "at", "its", "can", "all", "other", "no", "but", "these", "those", "has", "have", "was");

    private static Embeddings vectors;
    private static String heldOutLicence;
    private static String heldOutPython;

    @BeforeAll
    static void train() throws Exception {
        Map<String, String> licences = RealEnglishText.licenses();
        Map<String, String> python = RealEnglishText.pythonTopics();
        heldOutLicence = licences.remove("Artistic");
        heldOutPython = python.remove("typesseq");
        List<String> sentences = new ArrayList<>();
        licences.values().forEach(t -> sentences.addAll(TextCorpus.sentences(t)));
        python.values().forEach(t -> sentences.addAll(TextCorpus.sentences(t)));
        // Small and single-threaded: deterministic, and quick on a shared 2-core machine.
        vectors = new VectorTrainer(new VectorTrainer.Options(40, 3, 4, 5, 7, 1)).train(sentences);
    }

    @Test
    void wordsOfOneDomainAreCloserThanWordsOfTheOther() {
        double licence = meanCosine(LICENCE_WORDS, LICENCE_WORDS);
        double python = meanCosine(PYTHON_WORDS, PYTHON_WORDS);
        double across = meanCosine(LICENCE_WORDS, PYTHON_WORDS);
        assertTrue(licence > across + 0.1, "licence " + licence + " across " + across);
        assertTrue(python > across + 0.1, "python " + python + " across " + across);
        // Each listed word's closest listed word is of its own domain.
        List<String> all = new ArrayList<>(LICENCE_WORDS);
        all.addAll(PYTHON_WORDS);
        for (String w : all) {
            String best = all.stream().filter(o -> !o.equals(w))
                    .max((a, b) -> Double.compare(vectors.cosine(w, a), vectors.cosine(w, b))).orElseThrow();
            assertEquals(LICENCE_WORDS.contains(w), LICENCE_WORDS.contains(best), w + " is closest to " + best);
        }
    }

    @Test
    void nearestWordsStayInTheDomain() {
        // Of the 10 nearest words to "copyright", most come from licence text (they are absent from the Python
        // reference), and vice versa for "exception".
        Set<String> pythonWords = vocabulary(RealEnglishText::pythonTopics);
        Set<String> licenceWords = vocabulary(RealEnglishText::licenses);
        long licenceLike = vectors.nearest("copyright", 10).stream().filter(w -> !pythonWords.contains(w)).count();
        long pythonLike = vectors.nearest("exception", 10).stream().filter(w -> !licenceWords.contains(w)).count();
        assertTrue(licenceLike >= 6, "copyright -> " + vectors.nearest("copyright", 10));
        assertTrue(pythonLike >= 6, "exception -> " + vectors.nearest("exception", 10));
    }

    @Test
    void theSimilarityRanksAnOnTopicPageAboveAnOffTopicPage() {
        var licenceTopic = new Word2VecSimilarity(vectors, List.of("license", "copyright", "warranty"), 30);
        var pythonTopic = new Word2VecSimilarity(vectors, List.of("integer", "string", "exception"), 30);
        Map<String, Double> licencePage = termWeights(heldOutLicence);
        Map<String, Double> pythonPage = termWeights(heldOutPython);
        double ll = licenceTopic.score(licencePage).score();
        double lp = licenceTopic.score(pythonPage).score();
        double pp = pythonTopic.score(pythonPage).score();
        double pl = pythonTopic.score(licencePage).score();
        assertTrue(ll > lp, "licence topic: licence page " + ll + ", python page " + lp);
        assertTrue(pp > pl, "python topic: python page " + pp + ", licence page " + pl);
        assertEquals(30, licenceTopic.score(licencePage).m());
    }

    @Test
    void trainingIsDeterministicWithOneWorkerAndASeed() {
        List<String> text = List.of("the cat sat on the mat", "the dog sat on the log", "a cat and a dog",
                "the cat saw the dog");
        VectorTrainer trainer = new VectorTrainer(new VectorTrainer.Options(8, 1, 2, 2, 11, 1));
        Embeddings a = trainer.train(text);
        Embeddings b = trainer.train(text);
        assertEquals(a.words(), b.words());
        for (String w : a.words()) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(a.vector(w), b.vector(w), w);
        }
        // Most frequent first: "the" (6 times).
        assertEquals("the", a.words().get(0));
    }

    @Test
    void tooLittleTextIsAClearError() {
        VectorTrainer trainer = new VectorTrainer(new VectorTrainer.Options(8, 5, 1, 2, 1, 1));
        RuntimeException e = assertThrows(RuntimeException.class, () -> trainer.train(List.of("one two three")));
        assertTrue(e.getMessage().contains("minimum count"), e.getMessage());
    }

    private static double meanCosine(List<String> as, List<String> bs) {
        double sum = 0;
        int n = 0;
        for (String a : as) {
            for (String b : bs) {
                if (!a.equals(b)) {
                    double c = vectors.cosine(a, b);
                    assertTrue(!Double.isNaN(c), "no vector for " + a + " or " + b);
                    sum += c;
                    n++;
                }
            }
        }
        return sum / n;
    }

    /** Plain term counts without stop words (all text counts once: no tags here). */
    private static Map<String, Double> termWeights(String text) {
        Map<String, Double> counts = new HashMap<>();
        for (String t : new SimpleTokenizer().apply(text)) {
            if (!STOP.contains(t) && t.length() > 1) {
                counts.merge(t, 1.0, Double::sum);
            }
        }
        return counts;
    }

    private interface Texts {
        Map<String, String> read() throws java.io.IOException;
    }

    private static Set<String> vocabulary(Texts texts) {
        try {
            Set<String> words = new java.util.HashSet<>();
            texts.read().values().forEach(t -> words.addAll(new SimpleTokenizer().apply(t)));
            return words;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
