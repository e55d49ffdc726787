package org.topicstorm.corpus;

import org.topicstorm.os.Processes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * Gets the files of a Debian package without installing it: {@code apt-get download} (no root needed, nothing
 * installed) and {@code dpkg-deb -x} into a directory.
 */
final class DebianPackages {

    private static final long TIMEOUT_MINUTES = 10;

    private DebianPackages() {
    }

    /** Downloads {@code pkg}'s .deb into {@code dir} and returns its path. */
    static Path download(String pkg, Path dir) throws IOException {
        requireTool("apt-get");
        Files.createDirectories(dir);
        String failure = "download of Debian package " + pkg
                + " failed (if apt says it cannot locate the package, run 'apt-get update' first)";
        try {
            run(dir, failure, "apt-get", "download", pkg);
        } catch (IOException e) {
            // A fresh machine may have no package lists yet. As root we may fetch them (only apt's lists change,
            // nothing is installed); any other user gets the hint above.
            if (!isRoot() || !String.valueOf(e.getMessage()).contains("Unable to locate package")) {
                throw e;
            }
            run(dir, "'apt-get update' failed", "apt-get", "update");
            run(dir, failure, "apt-get", "download", pkg);
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().startsWith(pkg + "_")
                            && f.getFileName().toString().endsWith(".deb"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("apt-get download " + pkg + " left no " + pkg + "_*.deb in "
                            + dir));
        }
    }

    /** Extracts the files of a .deb into {@code dir} (as {@code dir/usr/...}). */
    static void extract(Path deb, Path dir) throws IOException {
        requireTool("dpkg-deb");
        Files.createDirectories(dir);
        run(dir, "extracting " + deb.getFileName() + " failed", "dpkg-deb", "-x", deb.toString(), dir.toString());
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static void requireTool(String tool) throws IOException {
        if (Processes.findOnPath(tool) == null) {
            throw new IOException(tool + " not found on the PATH: fetching a corpus needs a Debian or Ubuntu system "
                    + "with apt-get and dpkg-deb; elsewhere, register a directory of HTML pages with "
                    + "'topicstorm corpus register NAME DIR --label PATTERN=LABEL'");
        }
    }

    private static void run(Path dir, String failure, String... command) throws IOException {
        Duration timeout = Duration.ofMinutes(TIMEOUT_MINUTES);
        Processes.Result r = Processes.run(List.of(command), dir, timeout);
        if (!r.ok()) {
            List<String> last = r.started() ? Processes.lastLines(r.output(), 3) : List.of();
            throw new IOException(failure + ": '" + String.join(" ", command) + "' " + r.failure(timeout)
                    + (last.isEmpty() ? "" : ": " + String.join(" | ", last)));
        }
    }
}
