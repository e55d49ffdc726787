package org.topicstorm.vectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The converter on a package of the real layout (made with the system's tar), in miniature: 4 words x 2. */
class WinkImporterTest {

    @TempDir
    Path dir;

    private Path pack(String json) throws Exception {
        Path pkg = dir.resolve("package");
        Files.createDirectories(pkg);
        Files.writeString(pkg.resolve("README.md"), "readme first, as in the real package");
        Files.writeString(pkg.resolve(WinkImporter.PACKAGE + ".json"), json);
        Path tgz = dir.resolve("wink.tgz");
        Process tar = new ProcessBuilder("tar", "-czf", tgz.toString(), "-C", dir.toString(), "package/README.md",
                "package/" + WinkImporter.PACKAGE + ".json").inheritIO().start();
        assertEquals(0, tar.waitFor());
        return tgz;
    }

    private static final String JSON = "{\"precision\":8,\"l2NormIndex\":2,\"wordIndex\":3,\"size\":4,\"dimensions\":2,"
            + "\"words\":[\"the\",\"of\",\"new york\",\"cat\"],"
            // each vector: 2 values, then its L2 norm and the word's index (ignored)
            + "\"vectors\":{\"the\":[3,4,5,0],\"of\":[0,-2,2,1],\"new york\":[1,1,1.41,2],\"cat\":[1,0,1,3]},"
            + "\"unkVector\":[0,0,-1]}";

    @Test
    void convertsInThePackagesOrderSkippingWordsWithSpaces() throws Exception {
        Path out = dir.resolve("out/wink.bin");
        assertEquals(3, WinkImporter.convert(pack(JSON), out, 0));
        assertEquals(WordVectorsFiles.Format.BINARY, WordVectorsFiles.detect(out));
        Embeddings e = WordVectorsFiles.load(out);
        assertEquals(List.of("the", "of", "cat"), e.words());
        // (3,4) / 5 = (0.6, 0.8): the norm and index values were not read as vector values.
        assertArrayEquals(new float[] {0.6f, 0.8f}, e.vector("the"), 1e-7f);
        assertArrayEquals(new float[] {0, -1}, e.vector("of"));
        // The original values are in the file: "4 2\n"... header says 3 words; the first record holds 3.0f, 4.0f.
        byte[] bytes = Files.readAllBytes(out);
        assertTrue(new String(bytes, 0, 4).startsWith("3 2\n"));
        assertEquals(3.0f, java.nio.ByteBuffer.wrap(bytes, 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getFloat());
    }

    @Test
    void limitKeepsTheMostFrequentWords() throws Exception {
        Path out = dir.resolve("wink2.bin");
        assertEquals(2, WinkImporter.convert(pack(JSON), out, 2));
        assertEquals(List.of("the", "of"), WordVectorsFiles.load(out).words());
    }

    @Test
    void badPackagesAreClearErrors() throws Exception {
        Path out = dir.resolve("bad.bin");
        IOException e = assertThrows(IOException.class, () -> WinkImporter.convert(
                pack("{\"vectors\":{\"the\":[1,2]}, \"dimensions\":2}"), out, 0));
        assertTrue(e.getMessage().contains("before a positive \"dimensions\""), e.getMessage());
        e = assertThrows(IOException.class, () -> WinkImporter.convert(
                pack("{\"dimensions\":3,\"vectors\":{\"the\":[1,2]}}"), out, 0));
        assertTrue(e.getMessage().contains("'the' has 2 values, expected 3"), e.getMessage());
        assertFalse(Files.exists(out));
        Path notPackage = dir.resolve("other.tgz");
        new ProcessBuilder("tar", "-czf", notPackage.toString(), "-C", dir.toString(), "package/README.md")
                .inheritIO().start().waitFor();
        e = assertThrows(IOException.class, () -> WinkImporter.convert(notPackage, out, 0));
        assertTrue(e.getMessage().contains("holds no package/" + WinkImporter.PACKAGE + ".json"), e.getMessage());
    }
}
