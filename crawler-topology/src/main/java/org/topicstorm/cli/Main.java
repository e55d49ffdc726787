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

    /** Version from the jar manifest when packaged; from target/classes there is none. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {"topicstorm " + (version == null ? "(development build)" : version),
                    "Java " + Runtime.version()};
        }
    }
}
