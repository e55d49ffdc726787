package org.topicstorm.eval;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * {@link Reachability} results kept on disk between evaluation runs. Walking the served corpora from a topic's seeds
 * parses every reachable page: 4-16 s a topic, most of a simulated suite's time and a fifth of a real one's
 * (docs/benchmarks.md, session 29), for a result that is the same as long as the corpora, the topic's seeds, labels
 * and depth, the crawl configuration and the code are. The key is a SHA-256 over all of them, so a change to any is
 * a new key and a new walk; a result is never updated in place.
 *
 * <p>The code's part is every entry of the class path: a jar by its name, size and modification time, a class
 * directory (the launcher runs the command-line classes from target/classes) by the number, sizes and newest
 * modification time of its files. A rebuilt crawler walks again. A file that cannot be read or written only costs a
 * walk.
 */
public final class WalkCache {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final String code;

    /**
     * @param dir  where the results are kept (created on the first write)
     * @param code the code's fingerprint ({@link #classPathFingerprint}); null caches nothing
     */
    WalkCache(Path dir, String code) {
        this.dir = dir;
        this.code = code;
    }

    /** A cache that keeps nothing: every walk is done. */
    static WalkCache disabled() {
        return new WalkCache(null, null);
    }

    /** The cache in {@code dir} for the code this JVM runs (disabled when its class path cannot be read). */
    public static WalkCache forThisCode(Path dir) {
        String code = classPathFingerprint(System.getProperty("java.class.path", ""));
        return code == null ? disabled() : new WalkCache(dir, code);
    }

    boolean enabled() {
        return code != null;
    }

    /**
     * The fingerprint of a class path, one line per entry: a file's name, size and modification time; a directory's
     * name, and the number, total size and newest modification time of the files in it. An entry that does not
     * exist holds no code and is left out. Null when an entry cannot be read, or the class path is empty.
     */
    static String classPathFingerprint(String classPath) {
        List<String> parts = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            try {
                if (Files.isRegularFile(p)) {
                    parts.add(p + " " + Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
                } else if (Files.isDirectory(p)) {
                    parts.add(p + " " + directoryFingerprint(p));
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                return null;
            }
        }
        return parts.isEmpty() ? null : String.join("\n", parts);
    }

    /** Files, their total size and the newest modification time under {@code dir}. */
    private static String directoryFingerprint(Path dir) throws IOException {
        long[] filesSizeNewest = new long[3];
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                try {
                    filesSizeNewest[0]++;
                    filesSizeNewest[1] += Files.size(f);
                    filesSizeNewest[2] = Math.max(filesSizeNewest[2], Files.getLastModifiedTime(f).toMillis());
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
        }
        return filesSizeNewest[0] + " files " + filesSizeNewest[1] + " bytes newest " + filesSizeNewest[2];
    }

    /** The key of a walk described by {@code parts} (each a line of what decides the result), with the code's. */
    String key(List<String> parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                sha.update(part.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            }
            sha.update(String.valueOf(code).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }

    /** The result kept under {@code key}, if any (none when disabled or unreadable). */
    Optional<Reachability> get(String key) {
        if (!enabled()) {
            return Optional.empty();
        }
        Path f = file(key);
        if (!Files.isRegularFile(f)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(f.toFile(), Reachability.class));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Keeps a result under {@code key} (written to a temporary file, then moved: a reader never sees half). */
    void put(String key, Reachability result) {
        if (!enabled()) {
            return;
        }
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, key, ".tmp");
            try {
                JSON.writeValue(tmp.toFile(), result);
                try {
                    Files.move(tmp, file(key), StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, file(key), StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            // only a later walk is lost
        }
    }

    private Path file(String key) {
        return dir.resolve(key + ".json");
    }
}
