package org.topicstorm.vectors;

import org.deeplearning4j.models.embeddings.wordvectors.WordVectors;
import org.deeplearning4j.models.word2vec.wordstore.VocabCache;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Copies a Deeplearning4j model's vectors into {@link Embeddings} (the model can then be dropped). */
final class Dl4jVectors {

    private Dl4jVectors() {
    }

    /** Words ordered by frequency (most frequent first, as word2vec files are), ties by word. */
    static Embeddings toEmbeddings(WordVectors model) {
        VocabCache<?> vocab = model.vocab();
        List<String> words = new ArrayList<>(vocab.words());
        if (words.isEmpty()) {
            throw new IllegalStateException("the word2vec model has no words (corpus too small for the minimum "
                    + "word count?)");
        }
        words.sort(Comparator.<String>comparingLong(w -> -(long) vocab.wordFrequency(w)).thenComparing(w -> w));
        Embeddings.Builder builder = null;
        for (String word : words) {
            float[] vector = model.getWordVectorMatrix(word).toFloatVector();
            if (builder == null) {
                builder = new Embeddings.Builder(vector.length, words.size());
            }
            builder.add(word, vector);
        }
        return builder.build();
    }
}
