package org.topicstorm.vectors;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class Word2VecSimilarityTest {

    private static final double EPS = 1e-6;

    /**
     * Tiny 3-d vectors, all already of unit length:
     * solar (1,0,0), wind (0,1,0), power (0.6,0.8,0), football (0,0,1), goal (0,0.6,0.8), anti (-1,0,0).
     */
    private static Embeddings tiny() {
        Embeddings.Builder b = Embeddings.builder(3);
        b.add("solar", new float[] {1, 0, 0});
        b.add("wind", new float[] {0, 1, 0});
        b.add("power", new float[] {0.6f, 0.8f, 0});
        b.add("football", new float[] {0, 0, 1});
        b.add("goal", new float[] {0, 0.6f, 0.8f});
        b.add("anti", new float[] {-1, 0, 0});
        return b.build();
    }

    private static Map<String, Double> page(Object... wordWeight) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < wordWeight.length; i += 2) {
            m.put((String) wordWeight[i], ((Number) wordWeight[i + 1]).doubleValue());
        }
        return m;
    }

    @Test
    void meanOfTheBestCosineOfEachTopPageWord() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar", "wind"), 2);
        // Top two page words by weight: power (5), football (3); goal (1) is the third, not taken.
        // power:    cos(power, solar) = 0.6*1 = 0.6; cos(power, wind) = 0.8*1 = 0.8 -> max 0.8 (wind)
        // football: cos(football, solar) = 0;       cos(football, wind) = 0     -> max 0 (solar: first of the tie)
        // sim = (0.8 + 0) / 2 = 0.4
        var r = sim.score(page("goal", 1, "power", 5, "football", 3));
        assertEquals(0.4, r.score(), EPS);
        assertEquals(2, r.m());
        assertEquals("power", r.matches().get(0).pageWord());
        assertEquals(5.0, r.matches().get(0).weight());
        assertEquals("wind", r.matches().get(0).topicTerm());
        assertEquals(0.8, r.matches().get(0).cosine(), EPS);
        assertEquals("football", r.matches().get(1).pageWord());
        assertEquals("solar", r.matches().get(1).topicTerm());
        assertEquals(0.0, r.matches().get(1).cosine(), EPS);
    }

    @Test
    void outOfVocabularyPageWordsAreSkippedAndTheNextWordIsTaken() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar", "wind"), 2);
        // "zzz" has the highest weight but no vector: skipped; power and football are taken as before -> 0.4.
        var r = sim.score(page("zzz", 10, "power", 5, "football", 3, "goal", 1));
        assertEquals(0.4, r.score(), EPS);
        assertEquals(List.of("power", "football"), r.matches().stream().map(Word2VecSimilarity.Match::pageWord).toList());
    }

    @Test
    void mShrinksWhenThePageHasFewerUsableWords() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar", "wind"), 3);
        // Usable: power only (zzz is out of vocabulary) -> m = 1, sim = 0.8 / 1.
        var r = sim.score(page("power", 5, "zzz", 2));
        assertEquals(1, r.m());
        assertEquals(0.8, r.score(), EPS);
    }

    @Test
    void aPageWithoutUsableWordsScoresZero() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar"), 3);
        assertEquals(0, sim.score(Map.of()).score());
        var r = sim.score(page("zzz", 5, "power", 0, "goal", -1, "wind", Double.NaN));
        assertEquals(0, r.m());
        assertEquals(0, r.score());
    }

    @Test
    void aPhraseIsTheMeanOfItsWordVectors() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar wind"), 5);
        assertEquals(Word2VecSimilarity.TopicTerm.Kind.PHRASE_MEAN, sim.topicTerms().get(0).kind());
        assertEquals(List.of("solar", "wind"), sim.topicTerms().get(0).words());
        // s = ((1,0,0) + (0,1,0)) / 2 = (0.5, 0.5, 0), unit: (1/sqrt2, 1/sqrt2, 0)
        // cos(power, s) = 0.6/sqrt2 + 0.8/sqrt2 = 1.4/sqrt2 = 0.989949...
        var r = sim.score(page("power", 1));
        assertEquals(1.4 / Math.sqrt(2), r.score(), EPS);
        assertEquals("solar wind", r.matches().get(0).topicTerm());
        // A hyphenated term splits the same way.
        assertEquals(Word2VecSimilarity.TopicTerm.Kind.PHRASE_MEAN,
                new Word2VecSimilarity(tiny(), List.of("solar-wind"), 5).topicTerms().get(0).kind());
    }

    @Test
    void anUnknownTopicTermMatchesOnlyTheIdenticalPageWordWithCosineOne() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar", "Kubernetes", "solar zzz"), 2);
        var kinds = sim.topicTerms().stream().map(Word2VecSimilarity.TopicTerm::kind).toList();
        // "solar zzz": a phrase with an unknown word is not reduced to "solar".
        assertEquals(List.of(Word2VecSimilarity.TopicTerm.Kind.WORD, Word2VecSimilarity.TopicTerm.Kind.EXACT_ONLY,
                Word2VecSimilarity.TopicTerm.Kind.EXACT_ONLY), kinds);
        // kubernetes (no vector) is usable because it equals an exact-only term (ignoring case): cos 1.
        // football: max over the vector terms = cos(football, solar) = 0. sim = (1 + 0) / 2 = 0.5
        var r = sim.score(page("kubernetes", 4, "football", 2, "goal", 1));
        assertEquals(0.5, r.score(), EPS);
        assertEquals("Kubernetes", r.matches().get(0).topicTerm());
        assertEquals(1.0, r.matches().get(0).cosine());
        // A near miss is just an unknown page word: skipped. Top two: football (0), goal (cos(goal, solar) = 0).
        assertEquals(0.0, sim.score(page("kubernete", 4, "football", 2, "goal", 1)).score(), EPS);
    }

    @Test
    void withOnlyUnknownTopicTermsOtherWordsContributeZero() {
        var sim = new Word2VecSimilarity(tiny(), List.of("zzz"), 3);
        // power has a vector but no topic term has one: no candidate, contributes 0; m = 1.
        var r = sim.score(page("power", 3));
        assertEquals(1, r.m());
        assertEquals(0, r.score());
        assertNull(r.matches().get(0).topicTerm());
    }

    @Test
    void cosinesKeepTheirSign() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar"), 2);
        // anti = -solar: cos = -1; power: 0.6. sim = (-1 + 0.6) / 2 = -0.2
        assertEquals(-0.2, sim.score(page("anti", 2, "power", 1)).score(), EPS);
    }

    @Test
    void tiesInWeightGoByWordAndCaseFallsBackToLowerCase() {
        var sim = new Word2VecSimilarity(tiny(), List.of("solar"), 1);
        // wind and power both weigh 2: "power" < "wind", so power is d_1: cos(power, solar) = 0.6
        assertEquals(0.6, sim.score(page("wind", 2, "power", 2)).score(), EPS);
        // "Power" is not in the vocabulary, "power" is.
        assertEquals(0.6, sim.score(page("Power", 2)).score(), EPS);
        // Topic terms too, and duplicates are merged.
        var upper = new Word2VecSimilarity(tiny(), List.of("SOLAR", " SOLAR "), 1);
        assertEquals(1, upper.topicTerms().size());
        assertEquals(List.of("solar"), upper.topicTerms().get(0).words());
    }

    @Test
    void selectsTheSameTopWordsAsAFullSort() {
        // A page of 300 words with random weights against a plain sort-then-score computation.
        Random random = new Random(3);
        Embeddings.Builder b = Embeddings.builder(4);
        for (int i = 0; i < 200; i++) {
            b.add("w" + i, new float[] {random.nextFloat() - 0.5f, random.nextFloat() - 0.5f,
                    random.nextFloat() - 0.5f, random.nextFloat() - 0.5f});
        }
        Embeddings e = b.build();
        List<String> topic = List.of("w1", "w2", "w3");
        var sim = new Word2VecSimilarity(e, topic, 20);
        Map<String, Double> page = new HashMap<>();
        for (int i = 0; i < 300; i++) {
            page.put("w" + i, (double) random.nextInt(40)); // w200.. have no vector; many ties, some zero weights
        }
        List<Map.Entry<String, Double>> sorted = new ArrayList<>(page.entrySet());
        sorted.removeIf(en -> en.getValue() <= 0 || !e.contains(en.getKey()));
        sorted.sort(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        double sum = 0;
        List<String> expectedWords = new ArrayList<>();
        for (var en : sorted.subList(0, 20)) {
            expectedWords.add(en.getKey());
            sum += topic.stream().mapToDouble(t -> e.cosine(en.getKey(), t)).max().orElseThrow();
        }
        var r = sim.score(page);
        assertEquals(expectedWords, r.matches().stream().map(Word2VecSimilarity.Match::pageWord).toList());
        assertEquals(sum / 20, r.score(), 1e-5);
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new Word2VecSimilarity(tiny(), List.of(), 3));
        assertThrows(IllegalArgumentException.class, () -> new Word2VecSimilarity(tiny(), List.of(" "), 3));
        assertThrows(IllegalArgumentException.class, () -> new Word2VecSimilarity(tiny(), List.of("solar"), 0));
    }
}
