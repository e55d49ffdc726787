package org.topicstorm.cli;

import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusCatalog;
import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.corpus.HostSplit;
import org.topicstorm.corpus.SiteWalk;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code topicstorm corpus fetch|list|register|serve}: the offline evaluation web (real documentation sites from
 * Debian packages, or any directory of static HTML, served on loopback addresses).
 */
@Command(name = "corpus", mixinStandardHelpOptions = true,
        description = "Real HTML sites for offline evaluation: fetch them, list them, register a directory, serve them.",
        subcommands = {CorpusCommand.Fetch.class, CorpusCommand.ListCorpora.class, CorpusCommand.Register.class,
                CorpusCommand.Serve.class, CorpusCommand.Check.class})
final class CorpusCommand {

    /** The cache and registry directory, for every subcommand. */
    static final class Home {
        @Option(names = "--home", paramLabel = "DIR",
                description = "Corpus cache and registry directory. Default: $" + CorpusCatalog.HOME_ENV
                        + ", else ~/.topicstorm/corpora.")
        Path dir;

        CorpusCatalog catalog() {
            return dir == null ? CorpusCatalog.openDefault() : new CorpusCatalog(dir);
        }
    }

    private static PrintWriter out(CommandSpec spec) {
        return spec.commandLine().getOut();
    }

    /** The --split option of serve and check. */
    static final class Split {
        @Option(names = "--split", paramLabel = "NAME=DIRS",
                description = "Serve corpus NAME split over hosts: every directory matching the glob DIRS (relative "
                        + "to the corpus root; * within a directory name, ** across directories) on a loopback "
                        + "address of its own, the rest on the corpus's address. Repeatable. Example: "
                        + "--split 'libreoffice-help-en-us=en-US/text/*'.")
        List<String> specs = new ArrayList<>();

        /** corpus name -> glob; a malformed spec is a parameter error naming it. */
        Map<String, String> byCorpus(CommandSpec spec) {
            Map<String, String> split = new LinkedHashMap<>();
            for (String s : specs) {
                int eq = s.indexOf('=');
                if (eq <= 0 || eq == s.length() - 1) {
                    throw new ParameterException(spec.commandLine(), "--split '" + s + "': expected NAME=DIRS, e.g. "
                            + "'libreoffice-help-en-us=en-US/text/*'");
                }
                String name = s.substring(0, eq).strip();
                try {
                    HostSplit.checkGlob(s.substring(eq + 1).strip());
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), "--split '" + s + "': " + e.getMessage());
                }
                if (split.put(name, s.substring(eq + 1).strip()) != null) {
                    throw new ParameterException(spec.commandLine(), "--split: corpus '" + name + "' given twice");
                }
            }
            return split;
        }
    }

    /** Starts the server, turning a split that names no served corpus or matches no directory into a parameter error. */
    private static CorpusServer start(CommandSpec spec, List<Corpus> corpora, CorpusServer.Options options)
            throws java.io.IOException {
        try {
            return CorpusServer.start(corpora, options);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--split: " + e.getMessage());
        }
    }

    /** Prints a corpus's split hosts, if any. */
    private static void printSplit(PrintWriter out, CorpusServer server, String corpus) {
        server.splitUrls(corpus).forEach((dir, url) -> out.printf(Locale.ROOT, "  %-22s %s%n", dir + "/", url));
    }

    @Command(name = "fetch", mixinStandardHelpOptions = true,
            description = "Download a known corpus (a Debian package: apt-get download + dpkg-deb -x, nothing is "
                    + "installed) into the cache, unless it is there already.")
    static final class Fetch implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Home home = new Home();

        @Parameters(paramLabel = "NAME", arity = "1..*",
                description = "python3.11-doc, libreoffice-help-en-us, libreoffice-help-zh-cn or postgresql-doc-15.")
        List<String> names;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = out(spec);
            CorpusCatalog catalog = home.catalog();
            for (String name : names) {
                Corpus c = catalog.get(name, line -> {
                    out.println(line);
                    out.flush();
                });
                out.printf(Locale.ROOT, "%s: %,d pages in %s%n", name, c.htmlPages(false).size(), c.root());
            }
            return 0;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Known and registered corpora, whether they are available, and their page counts.")
    static final class ListCorpora implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Home home = new Home();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = out(spec);
            CorpusCatalog catalog = home.catalog();
            out.println("corpora in " + catalog.home());
            for (CorpusCatalog.Listing l : catalog.list()) {
                out.printf(Locale.ROOT, "  %-24s %-14s %s%n    %s%n", l.name(),
                        l.available() ? String.format(Locale.ROOT, "%,d pages", l.pages()) : "not fetched",
                        l.source(), l.description());
            }
            return 0;
        }
    }

    @Command(name = "register", mixinStandardHelpOptions = true,
            description = "Register a directory of static HTML as a corpus, with labelling patterns.")
    static final class Register implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Home home = new Home();

        @Parameters(index = "0", paramLabel = "NAME", description = "Corpus name (lower case, digits, '.', '-').")
        String name;

        @Parameters(index = "1", paramLabel = "DIR", description = "The directory served as the site's root.")
        Path dir;

        @Option(names = "--label", paramLabel = "PATTERN=LABEL",
                description = "Pages whose path (relative to DIR) matches PATTERN get LABEL; the first matching "
                        + "pattern wins. PATTERN is a glob (* within a directory, ** across directories) or "
                        + "regex:EXPRESSION. Repeatable. Example: --label 'docs/calc/**=calc'.")
        List<String> labels = new ArrayList<>();

        @Option(names = "--entry", paramLabel = "PAGE",
                description = "An entry page relative to DIR (repeatable). Default: index.html, else the first page.")
        List<String> entries = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = out(spec);
            CorpusCatalog catalog = home.catalog();
            Corpus c = catalog.register(name, dir, labels, entries);
            List<String> pages = c.htmlPages(false);
            Map<String, Integer> counts = new TreeMap<>();
            for (String p : pages) {
                counts.merge(c.label(p).orElse("(none)"), 1, Integer::sum);
            }
            out.printf(Locale.ROOT, "registered %s: %,d pages in %s; entry %s%n", name, pages.size(), c.root(),
                    String.join(", ", c.entries()));
            counts.forEach((label, n) -> out.printf(Locale.ROOT, "  %-30s %,6d pages%n", label, n));
            return 0;
        }
    }

    @Command(name = "serve", mixinStandardHelpOptions = true,
            description = "Serve corpora on 127.0.0.2, 127.0.0.3, ... (one address each, one port) and a hub page on "
                    + "127.0.0.1, until Ctrl-C. Fetches known corpora that are not in the cache yet.")
    static final class Serve implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Home home = new Home();

        @Parameters(paramLabel = "NAME", arity = "0..*",
                description = "Corpora to serve. Default: every known corpus and every registered one.")
        List<String> names = new ArrayList<>();

        @Option(names = "--latency-ms", paramLabel = "N", description = "Delay of every response. Default: 0.")
        long latencyMs;

        @Option(names = "--keep-sidebar",
                description = "Serve the pages with their navigation (sidebars, breadcrumbs, generated indexes). "
                        + "By default it is stripped so that the link structure is web-like.")
        boolean keepSidebar;

        @Option(names = "--port", paramLabel = "PORT", description = "Port of every host. Default: a free one.")
        int port;

        @picocli.CommandLine.Mixin
        Split split = new Split();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = out(spec);
            CorpusCatalog catalog = home.catalog();
            List<String> wanted = new ArrayList<>(names);
            if (wanted.isEmpty()) {
                catalog.list().forEach(l -> wanted.add(l.name()));
            }
            List<Corpus> corpora = new ArrayList<>();
            for (String name : wanted) {
                corpora.add(catalog.get(name, line -> {
                    out.println(line);
                    out.flush();
                }));
            }
            CorpusServer.Options options = new CorpusServer.Options(latencyMs, !keepSidebar, port,
                    split.byCorpus(spec));
            CountDownLatch stopped = new CountDownLatch(1);
            try (CorpusServer server = start(spec, corpora, options)) {
                Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
                Map<String, String> pages = server.labelledPages();
                out.println("hub: " + server.hub());
                for (Corpus c : corpora) {
                    URI base = server.baseUrl(c.name());
                    long n = pages.keySet().stream().filter(u -> server.corpusOf(u).map(Corpus::name).orElse("").equals(c.name()))
                            .count();
                    out.printf(Locale.ROOT, "%-24s %s  (%,d pages; entry %s)%n", c.name(), base, n,
                            server.entryUrls(c.name()).get(0));
                    printSplit(out, server, c.name());
                }
                out.println("navigation " + (keepSidebar ? "kept" : "stripped") + ", latency " + latencyMs
                        + " ms; Ctrl-C stops");
                out.flush();
                stopped.await();
            }
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Serve corpora and walk them breadth-first from their entry pages over HTTP: reachable "
                    + "pages per label and per hop, links per page, share of links within the same label.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @picocli.CommandLine.Mixin
        Home home = new Home();

        @Parameters(paramLabel = "NAME", arity = "1..*", description = "Corpora to check (served together).")
        List<String> names = new ArrayList<>();

        @Option(names = "--keep-sidebar", description = "Check the pages with their navigation kept.")
        boolean keepSidebar;

        @picocli.CommandLine.Mixin
        Split split = new Split();

        @Override
        public Integer call() throws Exception {
            PrintWriter out = out(spec);
            CorpusCatalog catalog = home.catalog();
            List<Corpus> corpora = new ArrayList<>();
            for (String name : names) {
                corpora.add(catalog.get(name, out::println));
            }
            try (CorpusServer server = start(spec, corpora,
                    CorpusServer.Options.DEFAULTS.withStripNavigation(!keepSidebar).withSplit(split.byCorpus(spec)))) {
                List<URI> starts = new ArrayList<>();
                corpora.forEach(c -> starts.add(server.baseUrl(c.name())));
                long t0 = System.nanoTime();
                SiteWalk.Result r = new SiteWalk(server, 4).walk(starts, Integer.MAX_VALUE);
                Map<String, String> truth = server.labelledPages();
                Map<String, int[]> perLabel = new TreeMap<>(); // label -> {served, reached}
                truth.forEach((url, label) -> {
                    int[] n = perLabel.computeIfAbsent(label.isEmpty() ? "(none)" : label, k -> new int[2]);
                    n[0]++;
                    if (r.depth().containsKey(url)) {
                        n[1]++;
                    }
                });
                long reached = truth.keySet().stream().filter(r.depth()::containsKey).count();
                out.printf(Locale.ROOT, "walked in %.1f s: %,d of %,d served pages reached from the entry pages; "
                                + "%.2f links to served pages per page, %.0f %% of them within the same label, "
                                + "%,d to another host; %,d links to unserved URLs; %,d fetch failures%n",
                        (System.nanoTime() - t0) / 1e9, reached, truth.size(),
                        (double) r.links() / Math.max(1, reached), 100.0 * r.sameLabel() / Math.max(1, r.links()),
                        r.otherHost(), r.broken(), r.fetchFailures());
                out.println("pages per hop from the start: " + r.histogram());
                out.println("label: reached / served");
                perLabel.forEach((label, n) -> out.printf(Locale.ROOT, "  %-28s %,6d / %,6d%n", label, n[1], n[0]));
                if (server.hostAuthorities().size() > corpora.size()) {
                    Map<String, String> hostNames = new LinkedHashMap<>(); // host:port -> corpus (and directory)
                    for (Corpus c : corpora) {
                        hostNames.put(server.baseUrl(c.name()).getAuthority(), c.name());
                        server.splitUrls(c.name()).forEach((dir, url) -> hostNames.put(url.getAuthority(), dir + "/"));
                    }
                    Map<String, int[]> perHost = new LinkedHashMap<>(); // host:port -> {served, reached}
                    server.hostAuthorities().forEach(h -> perHost.put(h, new int[2]));
                    truth.keySet().forEach(url -> {
                        int[] n = perHost.get(URI.create(url).getAuthority());
                        n[0]++;
                        if (r.depth().containsKey(url)) {
                            n[1]++;
                        }
                    });
                    out.println("host: reached / served");
                    perHost.forEach((host, n) -> out.printf(Locale.ROOT, "  %-22s %-28s %,6d / %,6d%n", host,
                            hostNames.get(host), n[1], n[0]));
                }
            }
            return 0;
        }
    }
}
