package org.topicstorm.vectors;

import org.deeplearning4j.models.embeddings.loader.WordVectorSerializer;
import org.deeplearning4j.models.word2vec.Word2Vec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WordVectorsFilesTest {

    @TempDir
    Path dir;

    /** Words with non-ASCII bytes and an underscore phrase, vectors of dimension 3. */
    private static Embeddings sample() {
        return Embeddings.of(List.of("solar", "café", "数据", "cloud_computing"), List.of(
                new float[] {1, 2, 2}, new float[] {-0.5f, 0.25f, 1e-6f}, new float[] {0, 0, 3},
                new float[] {0.1f, -0.2f, 0.3f}));
    }

    private static void assertSame(Embeddings expected, Embeddings actual) {
        assertEquals(expected.words(), actual.words());
        assertEquals(expected.dimension(), actual.dimension());
        for (String w : expected.words()) {
            assertArrayEquals(expected.vector(w), actual.vector(w), "vector of " + w);
        }
    }

    @Test
    void binaryRoundTripIsExact() throws IOException {
        Path file = dir.resolve("v.bin");
        WordVectorsFiles.saveBinary(sample(), file);
        assertEquals(WordVectorsFiles.Format.BINARY, WordVectorsFiles.detect(file));
        // Header "4 3\n", then per word: UTF-8 bytes, a space, 3 floats (12 bytes), a newline.
        long wordBytes = "solar".length() + "café".getBytes(StandardCharsets.UTF_8).length
                + "数据".getBytes(StandardCharsets.UTF_8).length + "cloud_computing".length();
        assertEquals(4 + wordBytes + 4 * (1 + 12 + 1), Files.size(file));
        assertSame(sample(), WordVectorsFiles.load(file));
    }

    @Test
    void textRoundTripIsExact() throws IOException {
        Path file = dir.resolve("v.txt");
        WordVectorsFiles.saveText(sample(), file);
        assertEquals(WordVectorsFiles.Format.TEXT, WordVectorsFiles.detect(file));
        List<String> lines = Files.readAllLines(file);
        assertEquals("4 3", lines.get(0));
        // solar (1,2,2) has length 3: unit (1/3, 2/3, 2/3) as floats
        assertEquals("solar " + (1f / 3) + " " + (float) (2 / 3.0) + " " + (float) (2 / 3.0), lines.get(1));
        assertSame(sample(), WordVectorsFiles.load(file));
    }

    @Test
    void readsGzipAndHeaderlessTextAndBinaryWithoutLineBreaks() throws IOException {
        Path bin = dir.resolve("v.bin");
        WordVectorsFiles.saveBinary(sample(), bin);
        Path gz = dir.resolve("v.bin.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(Files.readAllBytes(bin));
        }
        assertSame(sample(), WordVectorsFiles.load(gz));

        // GloVe's text format: no header line. (3,4) -> (0.6, 0.8); (0,-2) -> (0,-1)
        Path glove = dir.resolve("glove.txt");
        Files.writeString(glove, "the 3 4\ncat 0 -2\n");
        Embeddings g = WordVectorsFiles.load(glove);
        assertEquals(List.of("the", "cat"), g.words());
        assertArrayEquals(new float[] {0.6f, 0.8f}, g.vector("the"), 1e-7f);
        assertArrayEquals(new float[] {0, -1}, g.vector("cat"));

        // Some writers leave out the newline after each binary vector.
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes("2 2\n".getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes("a ".getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(floats(0.6f, 0.8f));
        raw.writeBytes("b ".getBytes(StandardCharsets.US_ASCII));
        raw.writeBytes(floats(1, 0));
        Path noBreaks = dir.resolve("nobreaks.bin");
        Files.write(noBreaks, raw.toByteArray());
        Embeddings nb = WordVectorsFiles.load(noBreaks);
        assertEquals(List.of("a", "b"), nb.words());
        assertArrayEquals(new float[] {0.6f, 0.8f}, nb.vector("a"));
    }

    private static byte[] floats(float... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (float v : values) {
            b.putFloat(v);
        }
        return b.array();
    }

    @Test
    void badFilesGiveErrorsNamingTheProblem() throws IOException {
        Path bin = dir.resolve("v.bin");
        WordVectorsFiles.saveBinary(sample(), bin);
        byte[] all = Files.readAllBytes(bin);
        Path cut = dir.resolve("cut.bin");
        Files.write(cut, Arrays.copyOf(all, all.length - 8));
        IOException e = assertThrows(IOException.class, () -> WordVectorsFiles.load(cut));
        assertTrue(e.getMessage().contains("ends inside the vector of word 4"), e.getMessage());

        Path shortLine = dir.resolve("short.txt");
        Files.writeString(shortLine, "2 3\na 1 2 3\nb 1 2\n");
        e = assertThrows(IOException.class, () -> WordVectorsFiles.load(shortLine));
        assertTrue(e.getMessage().contains("line 3: 2 values for 'b', expected 3"), e.getMessage());

        Path notNumber = dir.resolve("nan.txt");
        Files.writeString(notNumber, "1 2\na 1 x\n");
        e = assertThrows(IOException.class, () -> WordVectorsFiles.load(notNumber));
        assertTrue(e.getMessage().contains("line 2: 'x' is not a number"), e.getMessage());

        Path fewer = dir.resolve("fewer.txt");
        Files.writeString(fewer, "3 2\na 1 2\nb 1 2\n");
        e = assertThrows(IOException.class, () -> WordVectorsFiles.load(fewer));
        assertTrue(e.getMessage().contains("header announces 3 words but the file has 2"), e.getMessage());

        Path empty = dir.resolve("empty.bin");
        Files.write(empty, new byte[0]);
        e = assertThrows(IOException.class, () -> WordVectorsFiles.load(empty));
        assertTrue(e.getMessage().contains("empty file"), e.getMessage());

        e = assertThrows(IOException.class, () -> WordVectorsFiles.load(dir.resolve("missing.bin")));
        assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
    }

    @Test
    void deeplearning4jReadsOurFilesAndWeReadItsFiles() throws IOException {
        Path bin = dir.resolve("v.bin");
        Path txt = dir.resolve("v.txt");
        WordVectorsFiles.saveBinary(sample(), bin);
        WordVectorsFiles.saveText(sample(), txt);
        Word2Vec fromBinary = WordVectorSerializer.readWord2VecModel(bin.toFile());
        Word2Vec fromText = WordVectorSerializer.readWord2VecModel(txt.toFile());
        for (String w : sample().words()) {
            assertArrayEquals(sample().vector(w), fromBinary.getWordVectorMatrix(w).toFloatVector(), 1e-7f, w);
            assertArrayEquals(sample().vector(w), fromText.getWordVectorMatrix(w).toFloatVector(), 1e-7f, w);
        }
        // DL4J's own writers: its text format and its model zip.
        Path dl4jText = dir.resolve("dl4j.txt");
        WordVectorSerializer.writeWordVectors(fromBinary, dl4jText.toFile());
        Embeddings t = WordVectorsFiles.load(dl4jText);
        Path zip = dir.resolve("dl4j.zip");
        WordVectorSerializer.writeWord2VecModel(fromBinary, zip.toFile());
        Embeddings z = WordVectorsFiles.load(zip);
        for (String w : sample().words()) {
            assertArrayEquals(sample().vector(w), t.vector(w), 1e-6f, w);
            assertArrayEquals(sample().vector(w), z.vector(w), 1e-6f, w);
        }
        assertEquals(4, t.size());
        assertEquals(4, z.size());
    }
}
