package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.judge.JudgeCsv;
import org.topicstorm.judge.JudgeImport;
import org.topicstorm.judge.JudgeSession;
import org.topicstorm.judge.JudgeThreshold;
import org.topicstorm.judge.Judgement;
import org.topicstorm.judge.JudgeSampler;
import org.topicstorm.judge.JudgementStore;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code topicstorm judge}: people's relevant / not relevant verdicts on a crawl's pages, in its judgements index. */
@Command(name = "judge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Judge a crawl's fetched pages: relevant or not. The judgements go to the crawl's index "
                + "<crawl>-judgements (one per page; a newer one replaces the older), where they stay.",
                "Without --import or --export: shows pages one at a time (title, URL, the crawler's score and verdict, "
                        + "the terms that made the score, the start of the text) and reads an answer for each: "
                        + "y (relevant), n (not relevant), s (skip), q (quit; the end of the input too). Each y or n "
                        + "is stored at once, so quitting or Ctrl-C loses nothing. The pages are those nearest the "
                        + "threshold (where a judgement teaches most), spread over hosts, leaving out pages already "
                        + "judged."},
        footer = {"", "The threshold sampled around: --threshold, else the crawl's self-tuned threshold (if it has one), "
                + "else the lowest score of a page the crawl judged relevant (with none yet, the highest score of a fetched "
                + "page).",
                "--import FILE.csv: a header row naming the columns url and relevant (other columns are ignored), then "
                        + "one page a row; relevant is yes/no, y/n, true/false, 1/0 or relevant/irrelevant. Every row "
                        + "is checked first: one malformed row (named FILE:LINE) and nothing is imported. A URL must "
                        + "be written as the crawl writes it to count as a page it fetched.",
                "--export FILE.csv: url,relevant,who,judged,score,verdict (judged in ISO-8601; score and verdict are "
                        + "the crawler's when the page was judged, empty when unknown). It reads back with --import."})
final class JudgeCommand implements Callable<Integer> {

    /** Judgements written per request by an import. */
    static final int IMPORT_BATCH = 1000;

    @Spec
    CommandSpec spec;

    @Option(names = "--crawl", required = true, paramLabel = "NAME", description = "Crawl name.")
    String crawlName;

    @ArgGroup(exclusive = true)
    Mode mode;

    static final class Mode {
        @Option(names = "--import", paramLabel = "FILE.csv", description = "Import labels from a CSV file.")
        Path importFile;

        @Option(names = "--export", paramLabel = "FILE.csv",
                description = "Write every judgement of the crawl to a CSV file (replacing it).")
        Path exportFile;
    }

    @Option(names = "--near-only", description = "Only pages nearest the threshold (default: half of them, the "
            + "other half drawn at random from the crawl, so that what is learnt holds far from the threshold too).")
    boolean nearOnly;

    @Option(names = "--sample", paramLabel = "N", description = "Pages to show. Default: ${DEFAULT-VALUE}.")
    int sample = 20;

    @Option(names = "--threshold", paramLabel = "R",
            description = "Sample around this score (0 to 1) instead of the crawl's threshold.")
    Double threshold;

    @Option(names = "--who", paramLabel = "NAME",
            description = "Who judges. Default: the USER environment variable (else \"cli\"); \"import\" for "
                    + "--import.")
    String who;

    @Mixin
    CrawlConnection.Options connection;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path importFile = mode == null ? null : mode.importFile;
        Path exportFile = mode == null ? null : mode.exportFile;
        checkOptions(importFile != null || exportFile != null);
        // a malformed file fails before any connection
        List<JudgeCsv.Label> labels = importFile == null ? null : readLabels(importFile);
        CrawlIndices indices = new CrawlIndices(crawlName);
        try (ElasticsearchClient client = EsClients.create(connection.settings())) {
            CrawlConnection.requireIndex(client, crawlName, indices.status());
            indices.ensureJudgements(client);
            JudgementStore store = new JudgementStore(client, indices);
            if (labels != null) {
                importLabels(out, store, labels, importFile);
            } else if (exportFile != null) {
                export(out, store, exportFile);
            } else {
                judge(out, client, indices, store);
            }
        }
        out.flush();
        return 0;
    }

    private void checkOptions(boolean bulk) {
        if (bulk && spec.commandLine().getParseResult().hasMatchedOption("--sample")) {
            throw new IllegalArgumentException("--sample applies only when judging in the terminal, not with "
                    + "--import or --export");
        }
        if (bulk && threshold != null) {
            throw new IllegalArgumentException("--threshold applies only when judging in the terminal, not with "
                    + "--import or --export");
        }
        if (sample < 1) {
            throw new IllegalArgumentException("--sample must be at least 1, got " + sample);
        }
        if (threshold != null && !(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("--threshold must be between 0 and 1, got " + threshold);
        }
        if (who != null && who.isBlank()) {
            throw new IllegalArgumentException("--who must not be empty");
        }
    }

    /** The terminal session: the sample, then one page at a time. */
    private void judge(PrintWriter out, ElasticsearchClient client, CrawlIndices indices, JudgementStore store)
            throws IOException {
        JudgeThreshold r;
        try {
            r = JudgeThreshold.of(client, indices, threshold);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("crawl '" + crawlName + "': " + e.getMessage(), e);
        }
        List<StatusDoc> picked = new JudgeSampler(client, indices).sample(r.value(), sample, nearOnly,
                System.currentTimeMillis());
        out.printf(Locale.ROOT, "Crawl '%s', threshold %s%n", crawlName, r);
        if (picked.isEmpty()) {
            out.printf("No page left to judge: every fetched page near the threshold%s is judged (%d judgements in "
                    + "%s)%n", nearOnly ? "" : " or drawn at random", store.count(), indices.judgements());
            return;
        }
        String judge = who != null ? who : defaultWho(System.getenv("USER"));
        out.printf(Locale.ROOT, "%d pages %s, over %d hosts; answers are stored in %s as '%s'%n",
                picked.size(), nearOnly ? "nearest the threshold" : "half nearest the threshold, half at random",
                picked.stream().map(StatusDoc::host).distinct().count(), indices.judgements(), judge);
        List<JudgeSession.Page> pages = picked.stream().map(JudgeSession.Page::of).toList();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, Charset.defaultCharset()));
        new JudgeSession(in, out, Clock.systemUTC(), j -> store.put(List.of(j)), judge).run(pages);
    }

    /** {@code --who} when not given: the user's name, else "cli". */
    static String defaultWho(String user) {
        return user == null || user.isBlank() ? "cli" : user;
    }

    private static List<JudgeCsv.Label> readLabels(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no such file: " + file);
        }
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return JudgeCsv.read(reader, file.toString());
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(file + ": not UTF-8 text, nothing imported");
        }
    }

    private void importLabels(PrintWriter out, JudgementStore store, List<JudgeCsv.Label> labels, Path file)
            throws IOException {
        String judge = who != null ? who : "import";
        List<String> urls = labels.stream().map(JudgeCsv.Label::url).toList();
        JudgeImport.Result result = JudgeImport.judgements(labels, store.statusOf(urls), judge,
                System.currentTimeMillis());
        List<Judgement> all = result.judgements();
        for (int from = 0; from < all.size(); from += IMPORT_BATCH) {
            store.put(new ArrayList<>(all.subList(from, Math.min(all.size(), from + IMPORT_BATCH))));
        }
        out.printf(Locale.ROOT, "Imported %d judgements from %s into %s as '%s'; the crawl has fetched %d of these "
                        + "pages%s%n", all.size(), file, new CrawlIndices(crawlName).judgements(), judge,
                result.fetched(), result.fetched() < all.size() ? " (the others have no crawler score or verdict)"
                        : "");
    }

    private void export(PrintWriter out, JudgementStore store, Path file) throws IOException {
        List<Judgement> all = store.all();
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            JudgeCsv.write(writer, all);
        }
        out.printf(Locale.ROOT, "Exported %d judgements of crawl '%s' to %s%n", all.size(), crawlName, file);
    }
}
