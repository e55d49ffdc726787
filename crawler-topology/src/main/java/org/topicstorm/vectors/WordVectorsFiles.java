package org.topicstorm.vectors;

import org.deeplearning4j.models.embeddings.loader.WordVectorSerializer;
import org.deeplearning4j.models.word2vec.Word2Vec;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * Reads and writes word vectors in the two formats of Google's word2vec tool, which gensim, fastText, DL4J and
 * most published vectors use too.
 *
 * <ul>
 *   <li><b>binary</b> ({@code -binary 1}): an ASCII header line {@code "<words> <dimension>\n"}, then for each word
 *   its UTF-8 bytes, one space, {@code dimension} 32-bit IEEE floats in little-endian order, and a newline.</li>
 *   <li><b>text</b>: the same header line, then one line per word: the word and its values, separated by single
 *   spaces. A text file without the header line (GloVe's format) is read too, and so is Deeplearning4j's text
 *   output (a third number in the header; words that need it written as "B64:" + Base64).</li>
 * </ul>
 * {@link #load(Path)} tells the formats apart by content, not by file name; a gzip-compressed file
 * ({@code .bin.gz}, {@code .txt.gz}) is decompressed on the fly, and a Deeplearning4j model zip
 * ({@code WordVectorSerializer.writeWord2VecModel}) is read through DL4J.
 *
 * <p>The Google formats are read and written here, streaming straight into {@link Embeddings}' flat array: DL4J's
 * reader would first build an INDArray model (twice the memory of the vectors, plus native code) that
 * would then be copied out. Files written here are read by DL4J's {@code readWord2VecModel} and by gensim
 * ({@code KeyedVectors.load_word2vec_format}); the tests check the DL4J direction.
 */
public final class WordVectorsFiles {

    /** The two formats of Google's word2vec tool. */
    public enum Format { BINARY, TEXT }

    /** Longest word accepted (bytes), as a guard against reading a non-vector file as one huge word. */
    static final int MAX_WORD_BYTES = 10_000;

    private WordVectorsFiles() {
    }

    /**
     * Loads a word-vector file, detecting its format.
     *
     * @throws IOException with the file name and the problem (bad header, truncated file, wrong number of values
     *                     on a line, ...)
     */
    public static Embeddings load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("word-vector file " + file.toAbsolutePath() + " does not exist or is not a file");
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            raw.mark(4);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            if (b0 == 'P' && b1 == 'K') {
                return loadDl4jModel(file);
            }
            InputStream in = raw;
            if (b0 == 0x1f && b1 == 0x8b) {
                in = new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16);
            }
            return read(in, file.toString());
        }
    }

    /** The format of a (not compressed) word-vector file, as {@link #load(Path)} would detect it. */
    public static Format detect(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return detect(in, file.toString()).format;
        }
    }

    /** Writes the embeddings in Google's binary format (atomically: a temporary file, then a rename). */
    public static void saveBinary(Embeddings embeddings, Path file) throws IOException {
        write(file, out -> {
            int dim = embeddings.dimension();
            out.write((embeddings.size() + " " + dim + "\n").getBytes(StandardCharsets.US_ASCII));
            float[] unit = embeddings.unitVectors();
            ByteBuffer buffer = ByteBuffer.allocate(4 * dim).order(ByteOrder.LITTLE_ENDIAN);
            List<String> words = embeddings.words();
            for (int r = 0; r < words.size(); r++) {
                out.write(words.get(r).getBytes(StandardCharsets.UTF_8));
                out.write(' ');
                buffer.clear();
                buffer.asFloatBuffer().put(unit, r * dim, dim);
                out.write(buffer.array(), 0, 4 * dim);
                out.write('\n');
            }
        });
    }

    /**
     * Writes the embeddings in the text format. Values are written with {@link Float#toString(float)}, the shortest
     * decimal that reads back as the same float, so a text round trip is exact.
     */
    public static void saveText(Embeddings embeddings, Path file) throws IOException {
        write(file, out -> {
            Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
            int dim = embeddings.dimension();
            w.write(embeddings.size() + " " + dim + "\n");
            float[] unit = embeddings.unitVectors();
            List<String> words = embeddings.words();
            StringBuilder line = new StringBuilder(16 * dim);
            for (int r = 0; r < words.size(); r++) {
                line.setLength(0);
                line.append(words.get(r));
                for (int i = 0; i < dim; i++) {
                    line.append(' ').append(unit[r * dim + i]);
                }
                line.append('\n');
                w.write(line.toString());
            }
            w.flush();
        });
    }

    // ---- reading ----

    private record Detected(Format format, long count, int dimension, boolean header) {
    }

    private static Embeddings read(InputStream in, String name) throws IOException {
        Detected d = detect(in, name);
        return d.format == Format.BINARY ? readBinary(in, name, d) : readText(in, name, d);
    }

    /**
     * Reads the header line (consuming it when there is one) and peeks at the first record to tell binary from
     * text: in a text file the first word is followed by a line of {@code dimension} decimal numbers; in a binary
     * file by raw floats.
     */
    private static Detected detect(InputStream in, String name) throws IOException {
        in.mark(1 << 16);
        String first = readAsciiLine(in, name);
        String[] parts = first.strip().split(" +");
        // "<words> <dimension>"; Deeplearning4j adds a third number (of documents), ignored here.
        if ((parts.length == 2 || parts.length == 3) && Arrays.stream(parts).allMatch(WordVectorsFiles::isCount)) {
            long count = Long.parseLong(parts[0]);
            int dim = Integer.parseInt(parts[1]);
            if (count == 0 || dim == 0) {
                throw new IOException(name + ": header says " + count + " words of dimension " + dim + ": no vectors");
            }
            int peekLength = 32 * dim + 64;
            in.mark(MAX_WORD_BYTES + peekLength + 16);
            readWord(in, name, 0);
            byte[] peek = in.readNBytes(peekLength);
            in.reset();
            return new Detected(isTextRecord(peek, dim) ? Format.TEXT : Format.BINARY, count, dim, true);
        }
        // No "<count> <dimension>" header: a text file with the vectors from the first line (GloVe).
        in.reset();
        if (parts.length < 2) {
            throw new IOException(name + ": not a word-vector file: the first line is neither a '<words> <dimension>' "
                    + "header nor a word followed by numbers");
        }
        return new Detected(Format.TEXT, -1, parts.length - 1, false);
    }

    /**
     * True when the first record continues as text: a line of exactly {@code dim} numbers, or at least a line of
     * printable ASCII (a malformed text file, reported line by line by the text reader). Raw floats of a binary
     * record are next to never a run of printable ASCII ending in a newline.
     */
    private static boolean isTextRecord(byte[] bytes, int dim) {
        int end = 0;
        while (end < bytes.length && bytes[end] != '\n') {
            byte b = bytes[end];
            if (!((b >= 0x20 && b < 0x7f) || b == '\r' || b == '\t')) {
                return false;
            }
            end++;
        }
        String[] values = new String(bytes, 0, end, StandardCharsets.US_ASCII).strip().split("[ \t]+");
        if (values.length == dim) {
            try {
                for (String v : values) {
                    Float.parseFloat(v);
                }
                return true;
            } catch (NumberFormatException e) {
                // printable but not numbers: decided below
            }
        }
        return end < bytes.length && end > 0;
    }

    private static boolean isCount(String s) {
        return !s.isEmpty() && s.length() < 11 && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static Embeddings readBinary(InputStream in, String name, Detected d) throws IOException {
        int dim = d.dimension;
        if (d.count > Integer.MAX_VALUE / dim) {
            throw new IOException(name + ": header says " + d.count + " words of dimension " + dim
                    + ", more than one array can hold");
        }
        Embeddings.Builder builder = new Embeddings.Builder(dim, (int) d.count);
        byte[] bytes = new byte[4 * dim];
        float[] vector = new float[dim];
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (long k = 0; k < d.count; k++) {
            String word = readWord(in, name, k);
            int n = in.readNBytes(bytes, 0, bytes.length);
            if (n < bytes.length) {
                throw new IOException(name + ": file ends inside the vector of word " + (k + 1) + " ('" + word
                        + "') of " + d.count + " announced by the header");
            }
            buffer.clear();
            buffer.asFloatBuffer().get(vector);
            addChecked(builder, word, vector, name, "word " + (k + 1));
        }
        return builder.build();
    }

    /**
     * Reads a binary record's word: bytes up to a space, skipping the newline that ends the previous record (some
     * writers omit it, so it is optional).
     */
    private static String readWord(InputStream in, String name, long index) throws IOException {
        ByteArrayOutputStream word = new ByteArrayOutputStream(32);
        while (true) {
            int b = in.read();
            if (b < 0) {
                throw new IOException(name + ": file ends before word " + (index + 1) + " announced by the header");
            }
            if (b == ' ') {
                if (word.size() == 0) {
                    throw new IOException(name + ": empty word at record " + (index + 1));
                }
                return word.toString(StandardCharsets.UTF_8);
            }
            if ((b == '\n' || b == '\r') && word.size() == 0) {
                continue;
            }
            if (word.size() >= MAX_WORD_BYTES) {
                throw new IOException(name + ": record " + (index + 1) + " has no space within " + MAX_WORD_BYTES
                        + " bytes: not a word2vec binary file, or a corrupt one");
            }
            word.write(b);
        }
    }

    private static Embeddings readText(InputStream in, String name, Detected d) throws IOException {
        int dim = d.dimension;
        Embeddings.Builder builder = new Embeddings.Builder(dim, d.count > 0 ? (int) Math.min(d.count, 1 << 20) : 1024);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        float[] vector = new float[dim];
        long lineNumber = d.header ? 1 : 0;
        long records = 0;
        String line;
        while ((line = reader.readLine()) != null) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            String where = "line " + lineNumber;
            int space = line.indexOf(' ');
            if (space <= 0) {
                throw new IOException(name + ": " + where + ": expected a word and " + dim + " values");
            }
            String word = decodeWord(line.substring(0, space));
            int count = 0;
            int start = space + 1;
            while (start < line.length()) {
                int end = line.indexOf(' ', start);
                if (end < 0) {
                    end = line.length();
                }
                if (end > start) {
                    if (count == dim) {
                        throw new IOException(name + ": " + where + ": more than " + dim + " values for '" + word + "'");
                    }
                    try {
                        vector[count++] = Float.parseFloat(line.substring(start, end));
                    } catch (NumberFormatException e) {
                        throw new IOException(name + ": " + where + ": '" + line.substring(start, end)
                                + "' is not a number (value " + count + " of '" + word + "')");
                    }
                }
                start = end + 1;
            }
            if (count != dim) {
                throw new IOException(name + ": " + where + ": " + count + " values for '" + word + "', expected "
                        + dim);
            }
            addChecked(builder, word, vector, name, where);
            records++;
        }
        if (d.count > 0 && records != d.count) {
            throw new IOException(name + ": header announces " + d.count + " words but the file has " + records);
        }
        if (records == 0) {
            throw new IOException(name + ": no word vectors in the file");
        }
        return builder.build();
    }

    /** DL4J writes words that need it as "B64:" + Base64 of their UTF-8 bytes; other words are as they are. */
    private static String decodeWord(String word) {
        if (word.startsWith("B64:")) {
            try {
                return new String(java.util.Base64.getDecoder().decode(word.substring(4)), StandardCharsets.UTF_8);
            } catch (IllegalArgumentException notBase64) {
                return word;
            }
        }
        return word;
    }

    private static void addChecked(Embeddings.Builder builder, String word, float[] vector, String name, String where)
            throws IOException {
        try {
            builder.add(word, vector);
        } catch (IllegalArgumentException e) {
            throw new IOException(name + ": " + where + ": " + e.getMessage(), e);
        }
    }

    private static String readAsciiLine(InputStream in, String name) throws IOException {
        StringBuilder line = new StringBuilder();
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (line.length() == 0) {
                    throw new EOFException(name + ": empty file");
                }
                return line.toString();
            }
            if (b == '\n') {
                return line.toString();
            }
            if (line.length() > 1 << 15) {
                throw new IOException(name + ": first line longer than " + (1 << 15) + " bytes: not a word-vector file");
            }
            line.append((char) b);
        }
    }

    private static Embeddings loadDl4jModel(Path file) throws IOException {
        Word2Vec model;
        try {
            model = WordVectorSerializer.readWord2VecModel(file.toFile());
        } catch (RuntimeException e) {
            throw new IOException(file + ": a zip file but not a readable Deeplearning4j word2vec model: " + e, e);
        }
        return Dl4jVectors.toEmbeddings(model);
    }

    // ---- writing ----

    private interface Body {
        void write(OutputStream out) throws IOException;
    }

    private static void write(Path file, Body body) throws IOException {
        Path absolute = file.toAbsolutePath();
        if (absolute.getParent() != null) {
            Files.createDirectories(absolute.getParent());
        }
        Path tmp = absolute.resolveSibling(absolute.getFileName() + ".tmp");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
            body.write(out);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
