package org.topicstorm.os;

import org.apache.commons.exec.CommandLine;
import org.apache.commons.exec.DefaultExecuteResultHandler;
import org.apache.commons.exec.DefaultExecutor;
import org.apache.commons.exec.ExecuteException;
import org.apache.commons.exec.ExecuteWatchdog;
import org.apache.commons.exec.Executor;
import org.apache.commons.exec.PumpStreamHandler;
import org.apache.commons.exec.Watchdog;

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
     * @param exitCode its exit code; -1 when it did not start, was killed or its exit is unknown
     * @param output   its standard output and error together, stripped (or why it did not start)
     * @param started  whether it started at all
     * @param timedOut whether the timeout killed it
     */
    public record Result(int exitCode, String output, boolean started, boolean timedOut) {
        public boolean ok() {
            return exitCode == 0 && !timedOut;
        }

        /** "exited with N", "timed out after ...", or why it did not start or end, for an error message. */
        public String failure(Duration timeout) {
            if (timedOut) {
                return "timed out after " + describe(timeout);
            }
            return exitCode == -1 ? (started ? "failed" : output) : "exited with " + exitCode;
        }
    }

    /** The timeout of {@link #run(List)}: short commands (id, chown, test). */
    public static final Duration SHORT_TIMEOUT = Duration.ofMinutes(1);

    /** Runs a short command (at most {@link #SHORT_TIMEOUT}) in the current directory. */
    public static Result run(List<String> command) {
        return run(command, null, SHORT_TIMEOUT);
    }

    /**
     * Runs a command to its end or until the timeout kills it (and whatever it started). Its standard input is
     * empty; its output (kept in memory: these tools say little) is returned with the exit code. An interrupt kills
     * it too, and is kept for the caller.
     *
     * @param dir the working directory, or null for the current one
     */
    public static Result run(List<String> command, Path dir, Duration timeout) {
        if (command.isEmpty()) {
            throw new IllegalArgumentException("no command");
        }
        CommandLine line = new CommandLine(command.get(0));
        for (String arg : command.subList(1, command.size())) {
            line.addArgument(arg, false); // as they are: commons-exec would otherwise quote arguments with spaces
        }
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        PumpStreamHandler streams = new PumpStreamHandler(output, output, new ByteArrayInputStream(new byte[0]));
        streams.setStopTimeout(PUMP_STOP);
        KillingWatchdog watchdog = new KillingWatchdog(timeout);
        DefaultExecutor executor = DefaultExecutor.builder().get();
        if (dir != null) {
            executor.setWorkingDirectory(dir.toFile());
        }
        executor.setStreamHandler(streams);
        executor.setWatchdog(watchdog);
        executor.setExitValues(null); // every exit code is a result here, not an exception
        DefaultExecuteResultHandler done = new DefaultExecuteResultHandler();
        try {
            executor.execute(line, done);
            done.waitFor();
        } catch (IOException e) {
            String why = e.getMessage();
            return new Result(-1, "cannot run " + command.get(0) + ": " + (why == null ? e : why), false, false);
        } catch (InterruptedException e) {
            watchdog.destroyProcess();
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted", true, false);
        }
        String text = output.toString(StandardCharsets.UTF_8).strip();
        if (!watchdog.started()) {
            ExecuteException e = done.getException();
            Throwable cause = e == null || e.getCause() == null ? e : e.getCause();
            return new Result(-1, "cannot run " + command.get(0) + ": " + (cause == null ? "not started"
                    : cause.getMessage()), false, false);
        }
        if (watchdog.killedProcess()) {
            return new Result(-1, text, true, true);
        }
        int exit = done.getExitValue();
        if (exit == Executor.INVALID_EXITVALUE) {
            // the command ended but its output could not be read to its end (e.g. a background child holds it)
            ExecuteException e = done.getException();
            return new Result(-1, (text + "\n(" + (e == null ? "no exit code" : e.getMessage()) + ")").strip(),
                    true, false);
        }
        return new Result(exit, text, true, false);
    }

    /**
     * commons-exec's watchdog only asks the child to stop (SIGTERM), which a child may ignore while holding the
     * executor; at the timeout this one kills the child and everything it started.
     */
    private static final class KillingWatchdog extends ExecuteWatchdog {
        private volatile Process process;

        @SuppressWarnings("deprecation") // the builder makes only the base class
        KillingWatchdog(Duration timeout) {
            super(timeout.toMillis());
        }

        @Override
        public synchronized void start(Process process) {
            this.process = process;
            super.start(process);
        }

        boolean started() {
            return process != null;
        }

        @Override
        public synchronized void timeoutOccured(Watchdog w) {
            Process p = process;
            List<ProcessHandle> started = p == null ? List.of() : p.descendants().toList();
            super.timeoutOccured(w);
            started.forEach(ProcessHandle::destroyForcibly);
            if (p != null) {
                p.destroyForcibly();
            }
        }
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

    /** The last {@code lines} non-blank lines of a command's output, stripped, for an error message. */
    public static List<String> lastLines(String output, int lines) {
        List<String> kept = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isBlank()) {
                kept.add(line.strip());
            }
        }
        return List.copyOf(kept.subList(Math.max(0, kept.size() - lines), kept.size()));
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
