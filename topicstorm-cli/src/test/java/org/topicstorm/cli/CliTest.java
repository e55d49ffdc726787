package org.topicstorm.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs the topicstorm command line in-process and keeps what it printed, for the CLI tests. */
abstract class CliTest {

    protected final StringWriter out = new StringWriter();
    protected final StringWriter err = new StringWriter();

    /** Runs {@code topicstorm ARGS}; returns its exit code. */
    protected int run(String... args) {
        return Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }
}
