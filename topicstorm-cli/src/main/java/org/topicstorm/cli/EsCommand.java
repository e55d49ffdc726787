package org.topicstorm.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.topicstorm.es.LocalElasticsearch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code topicstorm es start|stop|status}: the local Elasticsearch node. */
@Command(name = "es", mixinStandardHelpOptions = true,
        description = "Start, stop or inspect the local Elasticsearch node.",
        subcommands = {EsCommand.Start.class, EsCommand.Stop.class, EsCommand.Status.class})
final class EsCommand {

    /** The option every es subcommand shares. */
    static final class HomeOption {
        @Option(names = "--home", paramLabel = "DIR",
                description = "Node directory (distribution, data, logs). Default: ~/.topicstorm/elasticsearch, "
                        + "or /var/lib/topicstorm/elasticsearch when run as root.")
        Path home;

        LocalElasticsearch.Builder builder(PrintWriter progress) {
            LocalElasticsearch.Builder builder = LocalElasticsearch.builder().progress(line -> {
                progress.println(line);
                progress.flush();
            });
            return home == null ? builder : builder.home(home);
        }
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = "Start the node (or reuse it if it is running) and wait until it is healthy. "
                    + "It keeps running after this command ends.")
    static final class Start implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;

        @Option(names = "--port", paramLabel = "PORT",
                description = "HTTP port on 127.0.0.1 (0 = any free port). Default: ${DEFAULT-VALUE}.")
        int port = LocalElasticsearch.DEFAULT_PORT;

        @Option(names = "--heap", paramLabel = "SIZE", description = "JVM heap of the node. Default: ${DEFAULT-VALUE}.")
        String heap = LocalElasticsearch.DEFAULT_HEAP;

        @Option(names = "--timeout", paramLabel = "SECONDS",
                description = "How long to wait for the node to become healthy. Default: ${DEFAULT-VALUE}.")
        long timeoutSeconds = LocalElasticsearch.DEFAULT_START_TIMEOUT.toSeconds();

        @Option(names = "--user", paramLabel = "USER",
                description = "When run as root: the unprivileged user that runs the node "
                        + "(Elasticsearch refuses root). Default: ${DEFAULT-VALUE}.")
        String user = LocalElasticsearch.DEFAULT_RUN_AS_USER;

        @Override
        public void run() {
            LocalElasticsearch es = home.builder(spec.commandLine().getErr())
                    .port(port).heap(heap).startTimeout(Duration.ofSeconds(timeoutSeconds)).runAsUser(user).build();
            try {
                es.start();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            printStatus(es.status(), spec.commandLine().getOut());
        }
    }

    @Command(name = "stop", mixinStandardHelpOptions = true, description = "Stop the node.")
    static final class Stop implements Runnable {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;

        @Override
        public void run() {
            LocalElasticsearch es = home.builder(spec.commandLine().getErr()).build();
            boolean wasRunning;
            try {
                wasRunning = es.stop();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            spec.commandLine().getOut().println(wasRunning
                    ? "Elasticsearch stopped (" + es.home() + ")"
                    : "Elasticsearch was not running (" + es.home() + ")");
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Show whether the node runs, its URL, cluster health and data size. Exit code 3 when it "
                    + "is not running (as `cluster status`).")
    static final class Status implements Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        HomeOption home;
        @Option(names = "--json", description = "Print the status as one JSON object, for scripts.")
        boolean json;

        @Override
        public Integer call() throws java.io.IOException {
            LocalElasticsearch.Status status = home.builder(spec.commandLine().getErr()).build().status();
            if (json) {
                printJson(status, spec.commandLine().getOut());
            } else {
                printStatus(status, spec.commandLine().getOut());
            }
            return status.running() ? 0 : NOT_RUNNING;
        }
    }

    /** The exit code of a status command when the thing asked about is not running (LSB's "program is not running"). */
    static final int NOT_RUNNING = 3;

    static void printJson(LocalElasticsearch.Status status, PrintWriter out) throws java.io.IOException {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("running", status.running());
        fields.put("pid", status.running() ? status.pid() : null);
        fields.put("url", status.url() == null ? null : status.url().toString());
        fields.put("health", status.running() ? status.health() : null);
        fields.put("home", status.home().toString());
        fields.put("dataBytes", status.dataBytes());
        out.println(new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(fields));
        out.flush();
    }

    static void printStatus(LocalElasticsearch.Status status, PrintWriter out) {
        out.println("Elasticsearch (local node): " + (status.running() ? "running" : "not running"));
        if (status.running()) {
            out.println("  pid:    " + status.pid());
            out.println("  url:    " + (status.url() == null ? "(not listening yet)" : status.url()));
            out.println("  health: " + status.health());
        }
        out.println("  home:   " + status.home());
        out.println("  data:   " + humanBytes(status.dataBytes()));
        out.flush();
    }

    /** 1536 -> "1.5 KiB". */
    static String humanBytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
