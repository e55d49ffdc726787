package org.topicstorm.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code topicstorm} command line. Each feature is a subcommand class registered in the annotation below.
 *
 * <p>Exit codes: 0 success, 1 error (one line on stderr; the stack trace too with --verbose), 2 bad usage.
 */
@Command(name = "topicstorm", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "A topic-focused web crawler on Apache Storm and Elasticsearch.",
        subcommands = {DemoCommand.class, CrawlCommand.class, StatsCommand.class, RankCommand.class, JudgeCommand.class, EsCommand.class,
                BenchCommand.class, CorpusCommand.class, EvalCommand.class, KeywordsCommand.class, VectorsCommand.class, SubmitCommand.class,
                KillCommand.class, ClusterCommand.class})
public final class Main implements Runnable {

    @Spec
    CommandSpec spec;

    @Option(names = "--verbose", scope = ScopeType.INHERIT, description = "Show stack traces of errors.")
    boolean verbose;

    @Override
    public void run() {
        // No subcommand given: show what there is.
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing a command");
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given output streams and returns the exit code (for tests). */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler(Main::handleError);
        return commandLine.execute(args);
    }

    private static int handleError(Exception e, CommandLine commandLine, ParseResult parseResult) {
        PrintWriter err = commandLine.getErr();
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        err.println("topicstorm: " + message);
        if (verboseRequested(parseResult)) {
            e.printStackTrace(err);
        }
        err.flush();
        return 1;
    }

    /** --verbose may be given after any (sub)command, so look at every level of the parse. */
    private static boolean verboseRequested(ParseResult parseResult) {
        for (ParseResult level = parseResult; level != null; level = level.subcommand()) {
            if (level.hasMatchedOption("--verbose")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The version and build time written by the build into {@code version.properties} (resource filtering), so that
     * a run from target/classes (bin/topicstorm) says which build it is, as the packaged jar does.
     */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"topicstorm " + describe(Main.class.getResourceAsStream("version.properties")),
                    "Java " + Runtime.version()};
        }

        /** "0.1.0 (built 2026-11-24T12:58:01Z)"; "(development build)" when the file is missing or unfiltered. */
        static String describe(java.io.InputStream in) {
            java.util.Properties p = new java.util.Properties();
            try (in) {
                if (in != null) {
                    p.load(in);
                }
            } catch (java.io.IOException e) {
                return "(development build)";
            }
            String version = p.getProperty("version", "");
            if (version.isEmpty() || version.startsWith("${")) {
                return "(development build)";
            }
            String built = p.getProperty("built", "");
            return built.isEmpty() || built.startsWith("${") ? version : version + " (built " + built + ")";
        }
    }
}
