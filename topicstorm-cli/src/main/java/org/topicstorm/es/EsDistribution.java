package org.topicstorm.es;

import org.apache.commons.io.FileUtils;
import org.topicstorm.os.Processes;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Enumeration;
import java.util.List;
import java.util.function.Consumer;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The Elasticsearch server distribution used for the local node: the integ-test-zip from the Maven repository
 * (a real, minimal ES node without a bundled JDK), fetched with {@code mvn} if needed and unpacked once.
 */
final class EsDistribution {

    static final String VERSION = "8.19.21";
    static final String GROUP_ID = "org.elasticsearch.distribution.integ-test-zip";
    static final String ARTIFACT_ID = "elasticsearch";
    static final String ARTIFACT = GROUP_ID + ":" + ARTIFACT_ID + ":" + VERSION + ":zip";
    /** Name of the directory the zip unpacks to, inside the node's home. */
    static final String DIRECTORY = "elasticsearch-" + VERSION;

    private static final long DOWNLOAD_TIMEOUT_MINUTES = 30;

    private EsDistribution() {
    }

    /** The local Maven repository: -Dmaven.repo.local if set, else ~/.m2/repository. */
    static Path defaultMavenRepository() {
        String configured = System.getProperty("maven.repo.local");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        return Path.of(System.getProperty("user.home"), ".m2", "repository");
    }

    /** Where Maven keeps the zip inside a local repository. */
    static Path zipIn(Path mavenRepository) {
        return mavenRepository.resolve(GROUP_ID.replace('.', '/')).resolve(ARTIFACT_ID).resolve(VERSION)
                .resolve(ARTIFACT_ID + "-" + VERSION + ".zip");
    }

    /**
     * The unpacked distribution under {@code home}, unpacking it first if needed (and fetching the zip into the
     * Maven repository with {@code mvn} if it is not there).
     */
    static Path ensureUnpacked(Path home, Path mavenRepository, Consumer<String> progress) throws IOException {
        Path target = home.resolve(DIRECTORY);
        if (Files.isRegularFile(target.resolve("bin/elasticsearch"))) {
            return target;
        }
        Path zip = ensureZip(mavenRepository, home, progress);
        progress.accept("Unpacking " + zip.getFileName() + " into " + home);
        Files.createDirectories(home);
        // Unpack beside the target and rename at the end, so an interrupted unpack never looks complete.
        Path staging = Files.createTempDirectory(home, ".unpack-");
        try {
            unzip(zip, staging);
            Path unpacked = staging.resolve(DIRECTORY);
            if (!Files.isRegularFile(unpacked.resolve("bin/elasticsearch"))) {
                throw new IOException(zip + " does not contain " + DIRECTORY + "/bin/elasticsearch");
            }
            Files.move(unpacked, target, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            FileUtils.deleteDirectory(staging.toFile());
        }
        return target;
    }

    private static Path ensureZip(Path mavenRepository, Path workDir, Consumer<String> progress) throws IOException {
        Path zip = zipIn(mavenRepository);
        if (Files.isRegularFile(zip)) {
            return zip;
        }
        Path mvn = Processes.findOnPath("mvn");
        if (mvn == null) {
            throw new IllegalStateException("mvn not found on PATH: it is needed once to fetch " + ARTIFACT
                    + " (107 MB) into the local Maven repository " + mavenRepository);
        }
        progress.accept("Fetching " + ARTIFACT + " (107 MB) with mvn into " + mavenRepository);
        Files.createDirectories(workDir);
        Duration timeout = Duration.ofMinutes(DOWNLOAD_TIMEOUT_MINUTES);
        Processes.Result r = Processes.run(List.of(mvn.toString(), "-B", "-q",
                "-Dmaven.repo.local=" + mavenRepository.toAbsolutePath(),
                "dependency:get", "-Dartifact=" + ARTIFACT, "-Dtransitive=false"), workDir, timeout);
        if (!r.ok() || !Files.isRegularFile(zip)) {
            String why = r.ok() ? "mvn succeeded but " + zip + " is still missing" : "mvn " + r.failure(timeout);
            List<String> last = r.started() ? Processes.lastLines(r.output(), 20) : List.of();
            throw new IllegalStateException("Could not fetch " + ARTIFACT + ": " + why
                    + (last.isEmpty() ? "" : ". Last lines of mvn:\n" + String.join("\n", last)));
        }
        return zip;
    }

    /** Unpacks a zip, keeping the executable bit that the launch scripts under bin/ need (java.util.zip drops it). */
    static void unzip(Path zip, Path into) throws IOException {
        Path root = into.toAbsolutePath().normalize();
        try (ZipFile zipFile = new ZipFile(zip.toFile(), StandardCharsets.UTF_8)) {
            Enumeration<? extends ZipEntry> entries = zipFile.entries();
            while (entries.hasMoreElements()) {
                ZipEntry entry = entries.nextElement();
                Path out = root.resolve(entry.getName()).normalize();
                if (!out.startsWith(root)) {
                    throw new IOException("Zip entry outside the target directory: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(out);
                    continue;
                }
                Files.createDirectories(out.getParent());
                try (InputStream in = zipFile.getInputStream(entry)) {
                    Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
                }
                if (isLaunchScript(root.relativize(out))) {
                    out.toFile().setExecutable(true, false);
                }
            }
        }
    }

    private static boolean isLaunchScript(Path relative) {
        List<String> parts = List.of(relative.toString().split("/"));
        if (parts.size() != 3 || !parts.get(1).equals("bin")) {
            return false;
        }
        String name = parts.get(2);
        return !name.endsWith(".bat") && !name.endsWith(".exe");
    }
}
