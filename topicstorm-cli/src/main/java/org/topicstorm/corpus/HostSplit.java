package org.topicstorm.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How a corpus is split over hosts: every directory that matches a glob (e.g. {@code en-US/text/*}: the LibreOffice
 * help's module directories) is served by a host of its own; the rest of the corpus stays on the corpus's main
 * host. A page belongs to the split directory that contains it; when split directories are nested (a glob with
 * {@code **}), the innermost one. Paths are relative to the corpus root, '/' separated, without a leading '/'.
 * Holds no state beyond the directory list: safe to share between threads.
 */
public final class HostSplit {

    private static final HostSplit NONE = new HostSplit("", List.of());

    private final String glob;
    /** The split directories, sorted. */
    private final List<String> directories;

    private HostSplit(String glob, List<String> directories) {
        this.glob = glob;
        this.directories = directories.stream().sorted().toList();
    }

    /** No split: the whole corpus on its main host. */
    public static HostSplit none() {
        return NONE;
    }

    /**
     * The split of {@code corpus} by the directories under its root that match {@code glob}.
     *
     * @throws IllegalArgumentException when the glob is not valid ({@link #checkGlob}) or matches no directory
     */
    public static HostSplit of(Corpus corpus, String glob) {
        checkGlob(glob);
        LabelRule.PathPattern pattern = LabelRule.PathPattern.of(glob, "split");
        List<String> matching = new ArrayList<>();
        try (Stream<Path> files = Files.walk(corpus.root())) {
            files.filter(Files::isDirectory).map(d -> relative(corpus.root(), d))
                    .filter(rel -> !rel.isEmpty() && pattern.matches(rel)).forEach(matching::add);
        } catch (IOException e) {
            throw new UncheckedIOException("corpus " + corpus.name() + ": cannot list " + corpus.root() + ": "
                    + e.getMessage(), e);
        }
        if (matching.isEmpty()) {
            throw new IllegalArgumentException("'" + glob + "' matches no directory of corpus " + corpus.name()
                    + " (under " + corpus.root() + ")");
        }
        return new HostSplit(glob, matching);
    }

    /** A split over the given directories (as found for {@code glob}). */
    static HostSplit ofDirectories(String glob, Collection<String> directories) {
        return new HostSplit(glob, List.copyOf(directories));
    }

    /**
     * Checks a split glob as written in a topic file or on the command line: a glob over directory paths relative to
     * the corpus root ({@code *} within one directory name, {@code **} across directories, {@code ?} one
     * character), e.g. {@code en-US/text/*} or {@code library}.
     *
     * @throws IllegalArgumentException saying what is wrong
     */
    public static void checkGlob(String glob) {
        if (glob == null || glob.isBlank()) {
            throw new IllegalArgumentException("the directory pattern is empty; e.g. 'en-US/text/*'");
        }
        if (glob.startsWith(LabelRule.PathPattern.REGEX_PREFIX)) {
            throw new IllegalArgumentException("'" + glob + "': a glob, not a regular expression, e.g. 'en-US/text/*'");
        }
        if (glob.startsWith("/") || glob.endsWith("/")) {
            throw new IllegalArgumentException("'" + glob + "': write the directories relative to the corpus root, "
                    + "without a leading or trailing '/', e.g. 'en-US/text/*'");
        }
        for (String part : glob.split("/", -1)) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new IllegalArgumentException("'" + glob + "': empty, '.' or '..' directory names are not "
                        + "allowed");
            }
        }
    }

    /** The glob the split was made from ("" for no split). */
    public String glob() {
        return glob;
    }

    /** The split directories, sorted; empty for no split. */
    public List<String> directories() {
        return directories;
    }

    /** The split directory whose host serves {@code relativePath}, or empty when the main host serves it. */
    public Optional<String> directoryOf(String relativePath) {
        String best = null;
        for (String dir : directories) {
            if (relativePath.startsWith(dir + "/") && (best == null || dir.length() > best.length())) {
                best = dir;
            }
        }
        return Optional.ofNullable(best);
    }

    private static String relative(Path root, Path dir) {
        StringBuilder sb = new StringBuilder();
        for (Path part : root.relativize(dir)) {
            if (!part.toString().isEmpty()) {
                if (!sb.isEmpty()) {
                    sb.append('/');
                }
                sb.append(part);
            }
        }
        return sb.toString();
    }
}
