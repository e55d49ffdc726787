package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.text.TagWeights;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TextSelection;
import org.topicstorm.vectors.Embeddings;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.topicstorm.relevance.ModelTestSupport.ANALYZER;
import static org.topicstorm.support.Pages.page;

class Word2VecModelTest {

    /** 2-d vectors: cloud (1, 0), server (0.6, 0.8), garden (0, 1). */
    private static final Embeddings VECTORS = Embeddings.of(List.of("cloud", "server", "garden"),
            List.of(new float[] {1, 0}, new float[] {0.6f, 0.8f}, new float[] {0, 1}));

    @Test
    void theMeanOverTheTopPageWordsOfTheBestCosineToATopicWord() {
        Word2VecModel model = new Word2VecModel(VECTORS, List.of("cloud"), 2, ANALYZER, TagWeights.UNIFORM, 0.5);
        // Page words by weight: server 2, garden 1 (m = 2). cos(server, cloud) = 0.6; cos(garden, cloud) = 0.
        // sim = (0.6 + 0) / 2 = 0.3; only server explains it (garden's share is 0).
        Relevance r = model.score(page("server server garden"));
        assertEquals((0.6 + 0) / 2, r.score(), 1e-6);
        assertEquals(1, r.topTerms().size());
        assertEquals("server", r.topTerms().get(0).term());
        assertEquals(0.3, r.topTerms().get(0).contribution(), 1e-6);
        // With m = 1 only "server" counts: 0.6 / 1; an out-of-vocabulary page word ("rack") is skipped.
        Word2VecModel one = new Word2VecModel(VECTORS, List.of("cloud"), 1, ANALYZER, TagWeights.UNIFORM, 0.5);
        assertEquals(0.6, one.score(page("rack rack rack server server garden")).score(), 1e-6);
    }

    @Test
    void pageWordsMustBeUnstemmed() {
        PageAnalyzer stemming = new PageAnalyzer(new TextAnalyzer(true), new TextSelection(0.6), List.of("en"));
        assertThrows(IllegalArgumentException.class,
                () -> new Word2VecModel(VECTORS, List.of("cloud"), 2, stemming, TagWeights.UNIFORM, 0.5));
    }
}
