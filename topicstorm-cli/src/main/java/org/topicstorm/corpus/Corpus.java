package org.topicstorm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A static HTML site on disk with labelled pages: one host of the offline evaluation web.
 *
 * @param name    the corpus name (lower-case letters, digits, '.', '+', '-'), e.g. {@code python3.11-doc}
 * @param root    the directory served as the host's root ({@code /} of its URLs)
 * @param labels  the ground truth: page path relative to {@code root} -> label
 * @param entries pages a visitor starts from (relative paths); the host's {@code /} leads to them
 * @param hidden  glob patterns (see {@link LabelRule.PathPattern}) of generated navigation pages (indexes, search)
 *                that link almost everything: not served, and disallowed in robots.txt, when navigation is stripped
 */
public record Corpus(String name, Path root, LabelRule labels, List<String> entries, List<String> hidden) {

    /** Compiled {@link #hidden} patterns (records cannot hold derived fields). */
    private static final Map<String, LabelRule.PathPattern> GLOBS = new ConcurrentHashMap<>();
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9.+-]{0,99}");

    public Corpus {
        checkName(name);
        entries = List.copyOf(entries);
        hidden = List.copyOf(hidden);
        if (entries.isEmpty()) {
            throw new IllegalArgumentException("corpus " + name + ": no entry page");
        }
    }

    /** A corpus with one entry page and nothing hidden. */
    public Corpus(String name, Path root, LabelRule labels, String entry) {
        this(name, root, labels, List.of(entry), List.of());
    }

    /** Throws when {@code name} is not a valid corpus name. */
    public static String checkName(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("corpus name '" + name + "': use lower-case letters, digits, '.', '+' "
                    + "and '-', starting with a letter or digit");
        }
        return name;
    }

    /** The label of the page at {@code relativePath} ('/' separated, no leading '/'), or empty. */
    public Optional<String> label(String relativePath) {
        return labels.label(relativePath);
    }

    /** Whether the page is one of the hidden navigation pages. */
    public boolean isHidden(String relativePath) {
        for (String glob : hidden) {
            if (GLOBS.computeIfAbsent(glob, g -> LabelRule.PathPattern.of(g, "hidden")).matches(relativePath)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a file is an HTML page (by its name). */
    public static boolean isHtml(String path) {
        String lower = path.toLowerCase(Locale.ROOT);
        return lower.endsWith(".html") || lower.endsWith(".htm");
    }

    /**
     * Every HTML page under the root, as sorted relative paths; with {@code withoutHidden}, leaving out the
     * {@link #hidden} pages.
     */
    public List<String> htmlPages(boolean withoutHidden) {
        List<String> pages = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(Files::isRegularFile).forEach(f -> {
                String rel = relative(f);
                if (isHtml(rel) && !(withoutHidden && isHidden(rel))) {
                    pages.add(rel);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("corpus " + name + ": cannot list " + root + ": " + e.getMessage(), e);
        }
        pages.sort(null);
        return pages;
    }

    private String relative(Path file) {
        StringBuilder sb = new StringBuilder();
        for (Path part : root.relativize(file)) {
            if (!sb.isEmpty()) {
                sb.append('/');
            }
            sb.append(part);
        }
        return sb.toString();
    }
}
