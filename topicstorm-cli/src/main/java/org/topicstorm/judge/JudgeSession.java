package org.topicstorm.judge;

import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.relevance.PageSummary;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A person judging pages one at a time in a terminal ({@code topicstorm judge}): shows a page (title, URL, the
 * crawler's score and verdict, the terms that made the score, the start of its text) and reads one answer:
 * y (relevant), n (not relevant), s (skip) or q (quit); anything else asks again. The end of the input quits.
 *
 * <p>Each y or n is stored before the next page is shown, so quitting (or Ctrl-C) loses no answer given.
 */
public final class JudgeSession {

    /** Where each judgement goes as soon as it is made (the crawl's {@link JudgementStore}). */
    @FunctionalInterface
    public interface Recorder {
        void record(Judgement judgement) throws IOException;
    }

    /**
     * A page to judge, as the crawler saw it.
     *
     * @param score   the crawler's score, or null when unknown
     * @param verdict the crawler's verdict, or null when unknown
     */
    public record Page(String url, String title, Double score, Boolean verdict, List<String> terms, String snippet) {

        public Page {
            title = title == null ? "" : title;
            terms = terms == null ? List.of() : List.copyOf(terms);
            snippet = snippet == null ? "" : snippet;
        }

        /** The page as its status document keeps it (a page fetched before summaries were kept has none). */
        public static Page of(StatusDoc doc) {
            PageSummary s = doc.page();
            return s == null ? new Page(doc.url(), "", doc.relevance(), doc.relevant(), List.of(), "")
                    : new Page(doc.url(), s.title(), doc.relevance(), doc.relevant(), s.terms(), s.snippet());
        }
    }

    /** What a session did: pages shown, judged (relevant among them), skipped, and whether the person quit. */
    public record Summary(int shown, int judged, int relevant, int skipped, boolean quit) {
    }

    /** Columns the snippet is wrapped to (an 80-column terminal, less the indent). */
    static final int WIDTH = 76;
    static final String INDENT = "    ";
    static final String PROMPT = "Relevant? [y]es, [n]o, [s]kip, [q]uit: ";
    static final String ANSWERS = "Please answer y (relevant), n (not relevant), s (skip) or q (quit).";

    private final BufferedReader in;
    private final PrintWriter out;
    private final Clock clock;
    private final Recorder recorder;
    private final String who;

    public JudgeSession(BufferedReader in, PrintWriter out, Clock clock, Recorder recorder, String who) {
        this.in = in;
        this.out = out;
        this.clock = clock;
        this.recorder = recorder;
        this.who = who;
    }

    /** Asks about each page in turn until the last or a quit. */
    public Summary run(List<Page> pages) throws IOException {
        int shown = 0;
        int judged = 0;
        int relevant = 0;
        int skipped = 0;
        boolean quit = false;
        for (int i = 0; i < pages.size() && !quit; i++) {
            Page page = pages.get(i);
            show(page, i + 1, pages.size());
            shown++;
            Answer a = answer();
            if (a == Answer.QUIT) {
                quit = true;
            } else if (a == Answer.SKIP) {
                skipped++;
            } else {
                boolean yes = a == Answer.RELEVANT;
                recorder.record(Judgement.of(page.url(), yes, who, clock.millis(), page.score(), page.verdict()));
                judged++;
                relevant += yes ? 1 : 0;
            }
        }
        out.println();
        out.printf(Locale.ROOT, "%d judged (%d relevant, %d not relevant), %d skipped%s%n", judged, relevant,
                judged - relevant, skipped, quit ? ", quit" : "");
        out.flush();
        return new Summary(shown, judged, relevant, skipped, quit);
    }

    private enum Answer { RELEVANT, NOT_RELEVANT, SKIP, QUIT }

    /** Reads lines until one is an answer; the end of the input is a quit. */
    private Answer answer() throws IOException {
        while (true) {
            out.print(PROMPT);
            out.flush();
            String line = in.readLine();
            if (line == null) {
                return Answer.QUIT;
            }
            Answer a = parse(line);
            if (a != null) {
                return a;
            }
            out.println(ANSWERS);
        }
    }

    private static Answer parse(String line) {
        return switch (line.strip().toLowerCase(Locale.ROOT)) {
            case "y", "yes" -> Answer.RELEVANT;
            case "n", "no" -> Answer.NOT_RELEVANT;
            case "s", "skip" -> Answer.SKIP;
            case "q", "quit" -> Answer.QUIT;
            default -> null;
        };
    }

    private void show(Page p, int position, int of) {
        out.println();
        out.printf(Locale.ROOT, "(%d/%d) %s%n", position, of, p.title().isBlank() ? "(no title)" : p.title());
        out.println(INDENT + p.url());
        out.println(INDENT + "crawler: " + scoreAndVerdict(p));
        if (!p.terms().isEmpty()) {
            out.println(INDENT + "terms:   " + String.join(", ", p.terms()));
        }
        if (p.snippet().isBlank()) {
            out.println(INDENT + "(no text kept for this page)");
        } else {
            for (String line : wrap(p.snippet(), WIDTH)) {
                out.println(INDENT + line);
            }
        }
    }

    static String scoreAndVerdict(Page p) {
        String score = p.score() == null ? "no score" : String.format(Locale.ROOT, "score %.3f", p.score());
        String verdict = p.verdict() == null ? "no verdict" : p.verdict() ? "relevant" : "not relevant";
        return score + ", " + verdict;
    }

    /**
     * The text in lines of at most {@code width} characters, broken at spaces (a word longer than a line is cut);
     * runs of white space, line breaks included, count as one space.
     */
    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.strip().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            while (word.length() > width) {
                if (!line.isEmpty()) {
                    lines.add(line.toString());
                    line.setLength(0);
                }
                lines.add(word.substring(0, width));
                word = word.substring(width);
            }
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (!line.isEmpty()) {
                line.append(' ');
            }
            line.append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }
}
