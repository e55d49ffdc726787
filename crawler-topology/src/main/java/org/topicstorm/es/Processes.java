package org.topicstorm.es;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Small helpers for running and inspecting operating-system processes. */
final class Processes {

    private Processes() {
    }

    /** The first executable named {@code name} on PATH, or null. */
    static Path findOnPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** Result of a short command: exit code and its combined output. */
    record Result(int exitCode, String output) {
        boolean ok() {
            return exitCode == 0;
        }
    }

    /** Runs a short command to completion (at most one minute) and returns its exit code and output. */
    static Result run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(1, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                return new Result(-1, output + "\n(timed out)");
            }
            return new Result(process.exitValue(), output.strip());
        } catch (IOException e) {
            return new Result(-1, "cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    /** The last {@code lines} lines of a text file, or a note saying why there are none. */
    static String tail(Path file, int lines) {
        if (!Files.isRegularFile(file)) {
            return "(" + file + " does not exist)";
        }
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            List<String> last = new ArrayList<>(all.subList(Math.max(0, all.size() - lines), all.size()));
            return last.isEmpty() ? "(" + file + " is empty)" : String.join("\n", last);
        } catch (IOException | UncheckedIOException e) {
            return "(cannot read " + file + ": " + e.getMessage() + ")";
        }
    }

    /** The effective user id of this JVM (0 = root). */
    static long currentUid() {
        return new com.sun.security.auth.module.UnixSystem().getUid();
    }
}
