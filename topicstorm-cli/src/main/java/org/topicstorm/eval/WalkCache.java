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
 * <p>The code's part is the class path: a library jar by its name, size and modification time; the crawler's own
 * jars ({@link #OWN_JARS}) and class directories (the launcher runs the command-line classes from target/classes) by
 * their resources and the classes of the packages a walk runs ({@link #WALK_PACKAGES}), so that a change to the link
 * strategies, the frontier or the relevance models, what an evaluation is run to measure, keeps the walks. A
 * rebuilt parser walks again. A file that cannot be read or written only costs a walk.
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

    public boolean enabled() {
        return code != null;
    }

    /**
     * The crawler's packages whose classes a walk runs: the parser and URL filters, the corpus server and its site
     * walk, the evaluation's reachability and informed crawl. Found with {@code jdeps -verbose:class} over both
     * modules: the classes reachable from Reachability, SiteWalk, CorpusServer, PageParser, UrlFilterChain,
     * ParseConfig, InformedCrawl and GroundTruth lie in these packages and no others (the URL filters the chain loads
     * by name are StormCrawler's, in a library jar, and the parse package's). The simulation's classes are left out.
     */
    static final List<String> WALK_PACKAGES = List.of("org/topicstorm/parse/", "org/topicstorm/corpus/",
            "org/topicstorm/site/", "org/topicstorm/eval/");

    /** Where the crawler's own code lies in a jar or class directory. */
    private static final String OWN_CODE = "org/topicstorm/";

    /**
     * Whether a jar or class directory entry is part of the fingerprint: the classes and resources of the walk's
     * packages ({@link #WALK_PACKAGES}), and every resource outside the crawler's packages (the URL filters'
     * configuration) except the build's own records (the manifest, Maven's properties), which change with every build.
     */
    static boolean counts(String entry) {
        if (entry.startsWith(OWN_CODE)) {
            return WALK_PACKAGES.stream().anyMatch(entry::startsWith) && !entry.startsWith("org/topicstorm/eval/sim/");
        }
        return !entry.equals("META-INF/MANIFEST.MF") && !entry.startsWith("META-INF/maven/");
    }

    /**
     * The fingerprint of a class path, one line per entry: a library jar's name, size and modification time; a jar
     * or directory holding the crawler's own classes by the entries that {@link #counts} (name, size and CRC). An
     * entry that does not exist holds no code and is left out.
     * Null when an entry cannot be read, or the class path is empty.
     */
    static String classPathFingerprint(String classPath) {
        List<String> parts = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry).toAbsolutePath();
            try {
                if (Files.isDirectory(p)) {
                    parts.add(p + " " + directoryFingerprint(p));
                } else if (Files.isRegularFile(p)) {
                    parts.add(p + " " + jarFingerprint(p));
                }
            } catch (IOException | java.io.UncheckedIOException e) {
                return null;
            }
        }
        return parts.isEmpty() ? null : String.join("\n", parts);
    }

    /** The crawler's own jars, by their names' start: every other jar is a library. */
    static final List<String> OWN_JARS = List.of("crawler-topology-", "topicstorm-");

    /**
     * A library jar (or any file) by its size and time; one of the crawler's own jars ({@link #OWN_JARS}) by the
     * entries that count.
     */
    private static String jarFingerprint(Path jar) throws IOException {
        String name = jar.getFileName().toString();
        if (!name.endsWith(".jar") || OWN_JARS.stream().noneMatch(name::startsWith)) {
            return Files.size(jar) + " " + Files.getLastModifiedTime(jar).toMillis();
        }
        List<String> entries = new ArrayList<>();
        try (java.util.zip.ZipFile zip = new java.util.zip.ZipFile(jar.toFile())) {
            for (var e = zip.entries(); e.hasMoreElements(); ) {
                java.util.zip.ZipEntry z = e.nextElement();
                if (counts(z.getName())) {
                    entries.add(z.getName() + " " + z.getSize() + " " + z.getCrc());
                }
            }
        }
        java.util.Collections.sort(entries);
        return String.join(";", entries);
    }

    /**
     * The files that {@link #counts} under a class directory, each by name, size and CRC of its content (a build
     * recompiles a module's every class when one of its dependencies changed: new times, the same bytes).
     */
    private static String directoryFingerprint(Path dir) throws IOException {
        return String.join(";", fileLines(dir, WalkCache::counts, f -> {
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(Files.readAllBytes(f));
            return Files.size(f) + " " + crc.getValue();
        }));
    }

    /** How a file is described in a fingerprint (after its name). */
    private interface FileDescription {
        String of(Path file) throws IOException;
    }

    /**
     * One line per regular file under {@code root} whose name ('/'-separated, relative to the root) {@code keep}
     * accepts: its name and description, sorted by name (a walk's order is the file system's).
     */
    private static List<String> fileLines(Path root, java.util.function.Predicate<String> keep,
                                          FileDescription describe) throws IOException {
        List<String> lines = new ArrayList<>();
        try (java.util.stream.Stream<Path> files = Files.walk(root)) {
            for (Path f : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String name = root.relativize(f).toString().replace(File.separatorChar, '/');
                if (keep.test(name)) {
                    lines.add(name + " " + describe.of(f));
                }
            }
        }
        java.util.Collections.sort(lines);
        return lines;
    }

    /** {@code text} with every {@code :port} written as {@code :PORT} (a served corpus's port changes per run). */
    static String portless(String text, int port) {
        return text.replaceAll(":" + port + "(?![0-9])", ":PORT");
    }

    /**
     * A digest of the files under a corpus's root, each by its path, size and modification time: a page changed in
     * place is a new walk.
     */
    static String filesDigest(Path root) throws IOException {
        return sha256(fileLines(root, name -> true,
                f -> Files.size(f) + " " + Files.getLastModifiedTime(f).toMillis()), "");
    }

    /** The key of a walk described by {@code parts} (each a line of what decides the result), with the code's. */
    String key(List<String> parts) {
        return sha256(parts, String.valueOf(code));
    }

    /** SHA-256 of the lines (each ended by a newline: "ab", "c" is not "a", "bc"), then {@code last}, in hex. */
    private static String sha256(List<String> lines, String last) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String line : lines) {
                sha.update(line.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            }
            sha.update(last.getBytes(StandardCharsets.UTF_8));
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
