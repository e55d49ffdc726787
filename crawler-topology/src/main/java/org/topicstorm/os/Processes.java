package org.topicstorm.os;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.PumpStreamHandler;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Running short external commands (id, chown, apt-get, dpkg-deb, npm, mvn) for the tools, with a timeout that
 * fires. Reading a child's output to its end before waiting, as a plain ProcessBuilder loop does, never lets the
 * timeout act on a child that hangs with its output open; commons-exec's watchdog kills it while the output is
 * pumped on its own threads.
 */
public final class Processes {

    /** How long the pumps may take to drain after the child is gone (a grandchild may hold the pipe open). */
    private static final Duration PUMP_STOP = Duration.ofSeconds(2);

    private Processes() {
    }

    /**
     * What a command did.
     *
     * @param exitCode its exit code; -1 when it did not start or was killed
     * @param output   its standard output and error together, stripped (or why it did not start)
     * @param timedOut whether the timeout killed it
     */
    public record Result(int exitCode, String output, boolean timedOut) {
        public boolean ok() {
            return exitCode == 0 && !timedOut;
        }

        /** "exited with N", "timed out after ...", or why it did not start, for an error message. */
        public String failure(Duration timeout) {
            if (timedOut) {
                return "timed out after " + describe(timeout);
            }
            return exitCode == -1 ? output : "exited with " + exitCode;
        }
    }

    /** Runs a short command (at most one minute) in the current directory. */
    public static Result run(List<String> command) {
        return run(command, null, Duration.ofMinutes(1));
    }

    /**
     * Runs a command to its end or until the timeout kills it. Its standard input is empty; its output (kept in
     * memory: these tools say little) is returned with the exit code.
     *
     * @param dir the working directory, or null for the current one
     */
    public static Result run(List<String> command, Path dir, Duration timeout) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        CommandLine line = new CommandLine(command.get(0));
        for (String arg : command.subList(1, command.size())) {
            line.addArgument(arg, false); // arguments go as they are: no quoting, no ${} substitution
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PumpStreamHandler streams = new PumpStreamHandler(output, output, new ByteArrayInputStream(new byte[0]));
        streams.setStopTimeout(PUMP_STOP);
        ExecuteWatchdog watchdog = ExecuteWatchdog.builder().setTimeout(timeout).get();
        DefaultExecutor executor = DefaultExecutor.builder().get();
        if (dir != null) {
            executor.setWorkingDirectory(dir.toFile());
        }
        executor.setStreamHandler(streams);
        executor.setWatchdog(watchdog);
        executor.setExitValues(null); // every exit code is a result here, not an exception
        int exit;
        try {
            exit = executor.execute(line);
        } catch (ExecuteException e) {
            exit = e.getExitValue();
        } catch (IOException e) {
            String why = e.getMessage();
            return new Result(-1, "cannot run " + command.get(0) + ": " + (why == null ? e : why), false);
        }
        String text = output.toString(StandardCharsets.UTF_8).strip();
        boolean killed = watchdog.killedProcess();
        return new Result(killed ? -1 : exit, text, killed);
    }

    /** The first executable named {@code name} on PATH, or null. */
    public static Path findOnPath(String name) {
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

    /** The last {@code lines} lines of a text file, or a note saying why there are none. */
    public static String tail(Path file, int lines) {
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

    /** The last {@code lines} non-blank lines of a command's output joined with " | ", for an error message. */
    public static String lastLines(String output, int lines) {
        List<String> kept = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isBlank()) {
                kept.add(line.strip());
            }
        }
        return String.join(" | ", kept.subList(Math.max(0, kept.size() - lines), kept.size()));
    }

    /** The effective user id of this JVM (0 = root). */
    public static long currentUid() {
        return new com.sun.security.auth.module.UnixSystem().getUid();
    }

    private static String describe(Duration d) {
        long s = d.toSeconds();
        return s >= 60 && s % 60 == 0 ? (s / 60) + " min" : d.toMillis() >= 1000 ? s + " s" : d.toMillis() + " ms";
    }
}
