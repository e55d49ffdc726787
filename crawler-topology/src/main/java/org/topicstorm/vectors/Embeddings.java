package org.topicstorm.vectors;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;

/**
 * An immutable set of word vectors, kept for fast cosine look-ups.
 *
 * <p>Every vector is stored unit-normalised (L2 length 1) in one flat {@code float[]} (row i = word i), with a
 * hash map from word to row. A cosine is then a plain dot product, with no native code and no per-lookup
 * allocation: this is what the relevance model calls for every page. Training and DL4J's own files go through
 * Deeplearning4j ({@link VectorTrainer}, {@link WordVectorsFiles}), whose INDArray-backed models are far heavier
 * per look-up and are not {@link java.io.Serializable}.
 *
 * <p>Because only directions are kept, the original lengths of the vectors are lost: a file saved from an
 * Embeddings holds unit vectors. Cosines, nearest words and the 002 similarity depend on directions only.
 * A zero vector stays zero (its cosine with anything is 0).
 *
 * <p>Words are case-sensitive and unique: the first vector given for a word wins, later ones are ignored (some
 * published files repeat words). A word may not be empty nor contain white space, which neither word2vec file
 * format can store.
 */
public final class Embeddings {

    private final int dimension;
    private final String[] words;
    /** size * dimension floats, row-major, each row of unit length (or zero). */
    private final float[] unit;
    private final Map<String, Integer> rows;

    private Embeddings(int dimension, String[] words, float[] unit, Map<String, Integer> rows) {
        this.dimension = dimension;
        this.words = words;
        this.unit = unit;
        this.rows = rows;
    }

    /** A builder for vectors of the given dimension. */
    public static Builder builder(int dimension) {
        return new Builder(dimension, 1024);
    }

    /** Embeddings of the given words and vectors (same order, same length); vectors are copied and normalised. */
    public static Embeddings of(List<String> words, List<float[]> vectors) {
        if (words.size() != vectors.size()) {
            throw new IllegalArgumentException(words.size() + " words but " + vectors.size() + " vectors");
        }
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no words");
        }
        Builder builder = new Builder(vectors.get(0).length, words.size());
        for (int i = 0; i < words.size(); i++) {
            builder.add(words.get(i), vectors.get(i));
        }
        return builder.build();
    }

    /** Length of every vector. */
    public int dimension() {
        return dimension;
    }

    /** Number of words. */
    public int size() {
        return words.length;
    }

    /** True when the word has a vector (exact, case-sensitive match). */
    public boolean contains(String word) {
        return rows.containsKey(word);
    }

    /** The word's unit-length vector (a copy), or null when the word is out of vocabulary. */
    public float[] vector(String word) {
        int row = row(word);
        return row < 0 ? null : Arrays.copyOfRange(unit, row * dimension, (row + 1) * dimension);
    }

    /** The words in file/insertion order (for trained vectors and most published files: most frequent first). */
    public List<String> words() {
        return Collections.unmodifiableList(Arrays.asList(words));
    }

    /** The cosine of two words' vectors, or NaN when either is out of vocabulary. */
    public double cosine(String a, String b) {
        int ra = row(a);
        int rb = row(b);
        if (ra < 0 || rb < 0) {
            return Double.NaN;
        }
        return dot(unit, ra * dimension, unit, rb * dimension, dimension);
    }

    /** The n words closest to the given word by cosine, best first, the word itself excluded; empty when OOV. */
    public List<String> nearest(String word, int n) {
        return new AbstractList<>() {
            private final List<Neighbour> neighbours = neighbours(word, n);

            @Override
            public String get(int index) {
                return neighbours.get(index).word();
            }

            @Override
            public int size() {
                return neighbours.size();
            }
        };
    }

    /** As {@link #nearest(String, int)}, with the cosines. */
    public List<Neighbour> neighbours(String word, int n) {
        int row = row(word);
        if (row < 0) {
            return List.of();
        }
        return neighbours(Arrays.copyOfRange(unit, row * dimension, (row + 1) * dimension), n, row);
    }

    /** The n words closest by cosine to a vector of this dimension (need not be unit length), best first. */
    public List<Neighbour> neighbours(float[] vector, int n) {
        if (vector.length != dimension) {
            throw new IllegalArgumentException("vector of dimension " + vector.length + ", expected " + dimension);
        }
        float[] query = vector.clone();
        normalise(query, 0, dimension);
        return neighbours(query, n, -1);
    }

    private List<Neighbour> neighbours(float[] query, int n, int excludedRow) {
        if (n <= 0) {
            return List.of();
        }
        // A min-heap of the n best so far: a full scan, which for 100k x 100 takes a few milliseconds.
        PriorityQueue<Neighbour> best = new PriorityQueue<>(n + 1, Neighbour.ORDER.reversed());
        for (int r = 0; r < words.length; r++) {
            if (r == excludedRow) {
                continue;
            }
            double c = dot(query, 0, unit, r * dimension, dimension);
            if (best.size() < n) {
                best.add(new Neighbour(words[r], c));
            } else if (c > best.peek().cosine()) {
                best.poll();
                best.add(new Neighbour(words[r], c));
            }
        }
        List<Neighbour> result = new ArrayList<>(best);
        result.sort(Neighbour.ORDER);
        return List.copyOf(result);
    }

    /** A word and its cosine with a query. */
    public record Neighbour(String word, double cosine) {
        /** Highest cosine first, then by word (so that ties come out the same every time). */
        static final java.util.Comparator<Neighbour> ORDER =
                java.util.Comparator.comparingDouble(Neighbour::cosine).reversed().thenComparing(Neighbour::word);
    }

    // ---- fast paths for the similarity (same package) ----

    /** Row of the word, or -1 when out of vocabulary. */
    int row(String word) {
        Integer row = rows.get(word);
        return row == null ? -1 : row;
    }

    /** The backing unit vectors (not copied: callers in this package only read it). */
    float[] unitVectors() {
        return unit;
    }

    /** Dot product of a[aOff..aOff+len) and b[bOff..bOff+len), with four partial sums (lets the CPU overlap them). */
    static float dot(float[] a, int aOff, float[] b, int bOff, int len) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int i = 0;
        for (; i + 3 < len; i += 4) {
            s0 += a[aOff + i] * b[bOff + i];
            s1 += a[aOff + i + 1] * b[bOff + i + 1];
            s2 += a[aOff + i + 2] * b[bOff + i + 2];
            s3 += a[aOff + i + 3] * b[bOff + i + 3];
        }
        for (; i < len; i++) {
            s0 += a[aOff + i] * b[bOff + i];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** Scales v[off..off+len) to unit length in place; a zero vector stays zero. */
    static void normalise(float[] v, int off, int len) {
        double sum = 0;
        for (int i = off; i < off + len; i++) {
            sum += (double) v[i] * v[i];
        }
        if (sum == 0) {
            return;
        }
        double inverse = 1 / Math.sqrt(sum);
        for (int i = off; i < off + len; i++) {
            v[i] = (float) (v[i] * inverse);
        }
    }

    @Override
    public String toString() {
        return "Embeddings[" + words.length + " words x " + dimension + "]";
    }

    /** Collects vectors, growing one flat array; builds one Embeddings; not thread-safe. */
    public static final class Builder {
        private final int dimension;
        private final Map<String, Integer> rows;
        private final List<String> words;
        private float[] data;
        private int size;
        private boolean built;

        Builder(int dimension, int expectedSize) {
            if (dimension <= 0) {
                throw new IllegalArgumentException("vector dimension must be positive, not " + dimension);
            }
            this.dimension = dimension;
            int capacity = Math.max(16, expectedSize);
            this.rows = new HashMap<>(capacity * 4 / 3 + 1);
            this.words = new ArrayList<>(capacity);
            this.data = new float[Math.multiplyExact(capacity, dimension)];
        }

        public int dimension() {
            return dimension;
        }

        /** Number of distinct words added so far. */
        public int size() {
            return size;
        }

        /**
         * Adds a word's vector (copied, then normalised). Returns false, changing nothing, when the word is already
         * there.
         *
         * @throws IllegalArgumentException for a wrong dimension, a non-finite value, or an empty word or one with
         *                                  white space
         */
        public boolean add(String word, float[] vector) {
            return add(word, vector, 0);
        }

        /** As {@link #add(String, float[])}, reading {@link #dimension()} floats of {@code source} from offset. */
        public boolean add(String word, float[] source, int offset) {
            Objects.requireNonNull(word, "word");
            if (built) {
                throw new IllegalStateException("build() was called: a builder makes one Embeddings");
            }
            checkWord(word);
            if (offset == 0 && source.length != dimension) {
                throw new IllegalArgumentException("vector of '" + word + "' has dimension " + source.length
                        + ", expected " + dimension);
            }
            for (int i = offset; i < offset + dimension; i++) {
                if (!Float.isFinite(source[i])) {
                    throw new IllegalArgumentException("vector of '" + word + "' has a non-finite value "
                            + source[i] + " at position " + (i - offset));
                }
            }
            if (rows.putIfAbsent(word, size) != null) {
                return false;
            }
            if ((long) (size + 1) * dimension > data.length) {
                long grown = Math.max((long) data.length * 3 / 2, (long) (size + 1) * dimension);
                if (grown > Integer.MAX_VALUE - 16) {
                    throw new IllegalStateException("too many vectors for one array: " + size + " x " + dimension);
                }
                data = Arrays.copyOf(data, (int) grown);
            }
            System.arraycopy(source, offset, data, size * dimension, dimension);
            normalise(data, size * dimension, dimension);
            words.add(word);
            size++;
            return true;
        }

        public Embeddings build() {
            if (size == 0) {
                throw new IllegalStateException("no word vectors were added");
            }
            float[] unit = data.length == size * dimension ? data : Arrays.copyOf(data, size * dimension);
            // Word i is row i: the map keeps the rows given in add().
            Embeddings result = new Embeddings(dimension, words.toArray(String[]::new), unit, new HashMap<>(rows));
            built = true;
            data = new float[0];
            return result;
        }

        private static void checkWord(String word) {
            if (word.isEmpty()) {
                throw new IllegalArgumentException("empty word");
            }
            for (int i = 0; i < word.length(); i++) {
                if (Character.isWhitespace(word.charAt(i))) {
                    throw new IllegalArgumentException("word '" + word + "' contains white space, which word2vec "
                            + "files cannot store (join phrases with '_')");
                }
            }
        }
    }
}
