package org.topicstorm.bench;

import org.topicstorm.corpus.Corpus;
import org.topicstorm.corpus.CorpusCatalog;
import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Real labelled pages from a corpus (a documentation site from a Debian package, {@link CorpusCatalog}), parsed like
 * the crawler parses them: the material of the model separation test and the model benchmarks.
 */
public final class LabelledPages {

    private LabelledPages() {
    }

    /** A parsed page and its corpus label. */
    public record Page(String path, String label, int bytes, ParsedPage parsed) {
    }

    /** The corpus, fetched into the default cache first if needed. */
    public static Corpus corpus(String name, Consumer<String> progress) {
        try {
            return CorpusCatalog.openDefault().get(name, progress);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot get corpus " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Up to {@code count} pages with the label whose size is within [minBytes, maxBytes], spread evenly over the
     * label's pages in path order (deterministic).
     */
    public static List<Page> pages(Corpus corpus, String label, int count, int minBytes, int maxBytes) {
        List<String> candidates = new ArrayList<>();
        for (String rel : corpus.htmlPages(true)) {
            if (corpus.label(rel).filter(label::equals).isPresent()) {
                long size = size(corpus.root().resolve(rel));
                if (size >= minBytes && size <= maxBytes) {
                    candidates.add(rel);
                }
            }
        }
        List<String> rest = candidates;
        List<Page> pages = new ArrayList<>();
        PageParser parser = new PageParser(ParseConfig.defaults());
        int n = Math.min(count, rest.size());
        for (int i = 0; i < n; i++) {
            String rel = rest.get((int) ((long) i * rest.size() / n));
            Path file = corpus.root().resolve(rel);
            try {
                byte[] bytes = Files.readAllBytes(file);
                pages.add(new Page(rel, label, bytes.length,
                        parser.parse("http://" + corpus.name() + ".test/" + rel, bytes, "text/html", null)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NotHtmlException e) {
                // not a page after all: left out
            }
        }
        return pages;
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * ROC AUC of scores for positives against negatives: the probability that a random positive scores above a
     * random negative, ties counting one half (the Mann-Whitney statistic).
     */
    public static double rocAuc(double[] positives, double[] negatives) {
        if (positives.length == 0 || negatives.length == 0) {
            throw new IllegalArgumentException("ROC AUC needs positives and negatives");
        }
        double wins = 0;
        for (double p : positives) {
            for (double n : negatives) {
                wins += p > n ? 1 : p == n ? 0.5 : 0;
            }
        }
        return wins / ((double) positives.length * negatives.length);
    }
}
