package org.topicstorm.vectors;

import org.deeplearning4j.models.word2vec.Word2Vec;
import org.deeplearning4j.text.sentenceiterator.SentenceIterator;
import org.deeplearning4j.text.sentenceiterator.SentencePreProcessor;
import org.deeplearning4j.text.tokenization.tokenizerfactory.DefaultTokenizerFactory;

import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Trains word2vec (skip-gram, Deeplearning4j) on sentences and returns the vectors as {@link Embeddings}.
 *
 * <p>Sentences are tokenised here, by {@link SimpleTokenizer} unless another tokenizer is given, and handed to DL4J
 * as space-separated tokens, so DL4J's own tokenisation plays no part. The sentences are read several times (once
 * to count words, once per epoch): the {@code Iterable} must give a fresh iterator each time, e.g. one reading files
 * again ({@link TextCorpus}).
 *
 * <p>With {@code workers = 1} and a fixed seed training is deterministic (the tests rely on it); more workers train
 * faster but in an order that varies from run to run.
 */
public final class VectorTrainer {

    /**
     * Training parameters.
     *
     * @param dimension vector length (word2vec's -size)
     * @param minCount  words seen fewer times are left out of the vocabulary (-min-count)
     * @param epochs    passes over the corpus (-iter)
     * @param window    words of context on each side (-window)
     * @param seed      random seed of the initial vectors and of sampling
     * @param workers   training threads
     */
    public record Options(int dimension, int minCount, int epochs, int window, long seed, int workers) {

        public Options {
            positive("dimension", dimension);
            positive("min count", minCount);
            positive("epochs", epochs);
            positive("window", window);
            positive("workers", workers);
        }

        /** 100 dimensions, min count 5, 5 epochs, window 5, seed 42, one worker per core. */
        public static Options defaults() {
            return new Options(100, 5, 5, 5, 42, Math.max(1, Runtime.getRuntime().availableProcessors()));
        }

        public Options withDimension(int value) {
            return new Options(value, minCount, epochs, window, seed, workers);
        }

        public Options withMinCount(int value) {
            return new Options(dimension, value, epochs, window, seed, workers);
        }

        public Options withEpochs(int value) {
            return new Options(dimension, minCount, value, window, seed, workers);
        }

        public Options withWindow(int value) {
            return new Options(dimension, minCount, epochs, value, seed, workers);
        }

        public Options withSeed(long value) {
            return new Options(dimension, minCount, epochs, window, value, workers);
        }

        public Options withWorkers(int value) {
            return new Options(dimension, minCount, epochs, window, seed, value);
        }

        private static void positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be at least 1, not " + value);
            }
        }
    }

    private final Options options;
    private final Function<String, List<String>> tokenizer;

    /** A trainer with {@link SimpleTokenizer}. */
    public VectorTrainer(Options options) {
        this(options, new SimpleTokenizer());
    }

    /** A trainer with the given tokenizer (text in, tokens out; tokens must not contain white space). */
    public VectorTrainer(Options options, Function<String, List<String>> tokenizer) {
        this.options = Objects.requireNonNull(options, "options");
        this.tokenizer = Objects.requireNonNull(tokenizer, "tokenizer");
    }

    public Options options() {
        return options;
    }

    /**
     * Trains on the sentences (or paragraphs, or whole documents: a context window never needs more than a line).
     *
     * @throws IllegalArgumentException when no word occurs at least minCount times
     */
    public Embeddings train(Iterable<String> sentences) {
        Word2Vec word2vec = new Word2Vec.Builder()
                .layerSize(options.dimension())
                .minWordFrequency(options.minCount())
                .epochs(options.epochs())
                .iterations(1)
                .windowSize(options.window())
                .seed(options.seed())
                .workers(options.workers())
                .allowParallelTokenization(options.workers() > 1)
                .iterate(new TokenisedSentences(sentences, tokenizer))
                .tokenizerFactory(new DefaultTokenizerFactory())
                .build();
        try {
            word2vec.fit();
        } catch (IllegalStateException e) {
            // DL4J: "You can't fit() model with empty Vocabulary or WeightLookupTable"
            if (word2vec.getVocab() == null || word2vec.getVocab().numWords() == 0) {
                throw tooLittleText();
            }
            throw e;
        }
        if (word2vec.getVocab().numWords() == 0) {
            throw tooLittleText();
        }
        return Dl4jVectors.toEmbeddings(word2vec);
    }

    private IllegalArgumentException tooLittleText() {
        return new IllegalArgumentException("no word occurs at least " + options.minCount()
                + " times in the training text: give more text or a lower minimum count");
    }

    /** DL4J's sentence iterator over an Iterable, giving each sentence as its tokens joined by single spaces. */
    private static final class TokenisedSentences implements SentenceIterator {
        private final Iterable<String> source;
        private final Function<String, List<String>> tokenizer;
        private Iterator<String> iterator;
        private String next;
        private SentencePreProcessor preProcessor;

        TokenisedSentences(Iterable<String> source, Function<String, List<String>> tokenizer) {
            this.source = source;
            this.tokenizer = tokenizer;
            reset();
        }

        @Override
        public boolean hasNext() {
            // Sentences without a token are skipped: DL4J would count them as empty sequences.
            while (next == null && iterator.hasNext()) {
                String sentence = iterator.next();
                if (sentence == null) {
                    continue;
                }
                List<String> tokens = tokenizer.apply(sentence);
                if (!tokens.isEmpty()) {
                    next = String.join(" ", tokens);
                }
            }
            return next != null;
        }

        @Override
        public String nextSentence() {
            if (!hasNext()) {
                throw new java.util.NoSuchElementException();
            }
            String sentence = next;
            next = null;
            return preProcessor == null ? sentence : preProcessor.preProcess(sentence);
        }

        @Override
        public void reset() {
            iterator = source.iterator();
            next = null;
        }

        @Override
        public void finish() {
            // Nothing held open between sentences.
        }

        @Override
        public SentencePreProcessor getPreProcessor() {
            return preProcessor;
        }

        @Override
        public void setPreProcessor(SentencePreProcessor preProcessor) {
            this.preProcessor = preProcessor;
        }
    }
}
