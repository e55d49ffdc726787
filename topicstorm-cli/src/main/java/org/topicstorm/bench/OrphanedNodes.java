package org.topicstorm.bench;

import org.apache.commons.io.FileUtils;
import org.topicstorm.es.LocalElasticsearch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Throwaway benchmark nodes whose benchmark died without stopping them. A benchmark killed by SIGKILL (a harness's
 * time-out) never runs its {@link BenchNode#close()}, and its Elasticsearch node, a process of its own, goes on
 * taking a gigabyte and CPU from every later measurement on the machine. Each throwaway home therefore names its
 * owner, the benchmark's process (pid and start time, since pids are reused); the next benchmark stops the node of
 * every home whose owner is gone and deletes the home, before it starts its own.
 */
final class OrphanedNodes {

    /** The file in a throwaway home that names its owner: "pid start-instant". */
    static final String OWNER_FILE = "owner";
    /**
     * A home without an owner file is taken for an orphan only after this long: a benchmark writes the file right
     * after creating the directory, so a younger one may be another benchmark's that is starting.
     */
    static final Duration UNOWNED_GRACE = Duration.ofMinutes(10);

    /** A process as an owner file names it. */
    record Owner(long pid, Instant started) {

        static Owner current() {
            ProcessHandle self = ProcessHandle.current();
            return new Owner(self.pid(), self.info().startInstant().orElse(Instant.EPOCH));
        }

        String line() {
            return pid + " " + started;
        }

        /** null for a line that is not an owner's */
        static Owner parse(String line) {
            String[] parts = line.strip().split(" ");
            if (parts.length != 2) {
                return null;
            }
            try {
                return new Owner(Long.parseLong(parts[0]), Instant.parse(parts[1]));
            } catch (RuntimeException e) {
                return null;
            }
        }

        /** Whether this process still runs: a live pid that started at the recorded instant (not a reused pid). */
        boolean alive() {
            Optional<ProcessHandle> process = ProcessHandle.of(pid);
            return process.isPresent() && process.get().isAlive()
                    && process.get().info().startInstant().map(started::equals).orElse(true);
        }
    }

    private OrphanedNodes() {
    }

    /** Records the current process as the owner of a throwaway home. */
    static void own(Path home) throws IOException {
        Files.writeString(home.resolve(OWNER_FILE), Owner.current().line() + "\n", StandardCharsets.UTF_8);
    }

    /**
     * Whether a throwaway home is an orphan: its owner file names a process that is gone, or it has none and was
     * last modified more than {@link #UNOWNED_GRACE} before {@code now}.
     *
     * @param owner the owner file's content, or null when there is none
     */
    static boolean isOrphan(String owner, Instant modified, Instant now) {
        if (owner == null) {
            return modified.plus(UNOWNED_GRACE).isBefore(now);
        }
        Owner o = Owner.parse(owner);
        // a file that names no process: nothing will ever stop this node but us
        return o == null || !o.alive();
    }

    /**
     * Stops the node of each orphaned home under {@code parent} (homes are named es-*) and deletes the home.
     *
     * @return the homes swept
     */
    static List<Path> sweep(Path parent, Consumer<String> progress) {
        List<Path> swept = new ArrayList<>();
        if (!Files.isDirectory(parent)) {
            return swept;
        }
        try (DirectoryStream<Path> homes = Files.newDirectoryStream(parent, "es-*")) {
            for (Path home : homes) {
                Path ownerFile = home.resolve(OWNER_FILE);
                String owner = Files.isRegularFile(ownerFile) ? Files.readString(ownerFile) : null;
                if (!Files.isDirectory(home)
                        || !isOrphan(owner, Files.getLastModifiedTime(home).toInstant(), Instant.now())) {
                    continue;
                }
                progress.accept("A benchmark node left behind by a benchmark that did not stop it: " + home);
                try {
                    LocalElasticsearch.builder().home(home).progress(progress).build().stop();
                } catch (IOException | RuntimeException e) {
                    progress.accept("could not stop the node of " + home + ": " + e);
                    continue;
                }
                if (FileUtils.deleteQuietly(home.toFile())) {
                    swept.add(home);
                } else {
                    progress.accept("could not delete " + home);
                }
            }
        } catch (IOException e) {
            progress.accept("could not look for benchmark nodes left behind in " + parent + ": " + e);
        }
        return swept;
    }
}
