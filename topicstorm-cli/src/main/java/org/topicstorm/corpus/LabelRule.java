package org.topicstorm.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The ground truth of a corpus: which label a page has, by its path relative to the corpus root ('/' separated, no
 * leading '/', e.g. {@code en-US/text/scalc/01/04060101.html}). Evaluation counts a fetched page as relevant to a
 * topic iff its label is one of the topic's labels; a page without a label is never relevant.
 */
@FunctionalInterface
public interface LabelRule {

    /** The label of the page at {@code relativePath}, or empty when it has none. */
    Optional<String> label(String relativePath);

    /** No page has a label. */
    static LabelRule none() {
        return path -> Optional.empty();
    }

    /** This rule, and where it gives no label, {@code other}. */
    default LabelRule orElse(LabelRule other) {
        return path -> {
            Optional<String> label = label(path);
            return label.isPresent() ? label : other.label(path);
        };
    }

    /** Labels looked up in a table (relative path -> label); paths not in it have none. */
    static LabelRule table(Map<String, String> labels) {
        Map<String, String> copy = Map.copyOf(labels);
        return path -> Optional.ofNullable(copy.get(path));
    }

    /** Path patterns tried in order: the first that matches gives the label. */
    static LabelRule patterns(List<PathPattern> patterns) {
        List<PathPattern> copy = List.copyOf(patterns);
        return path -> {
            for (PathPattern p : copy) {
                if (p.matches(path)) {
                    return Optional.of(p.label());
                }
            }
            return Optional.empty();
        };
    }

    /** Parses each of {@code specs} with {@link PathPattern#parse} and tries them in order. */
    static LabelRule parse(List<String> specs) {
        List<PathPattern> patterns = new ArrayList<>();
        for (String spec : specs) {
            patterns.add(PathPattern.parse(spec));
        }
        return patterns(patterns);
    }

    /**
     * One labelling pattern: a glob or a regular expression over the relative path, and the label of the pages it
     * matches.
     *
     * @param spec  the pattern as written ({@code glob} or {@code regex:expression}), kept for the registry file
     * @param label the label given to matching pages (not empty)
     * @param regex the compiled pattern (the whole path must match)
     */
    record PathPattern(String spec, String label, Pattern regex) {

        /** The prefix that marks a regular expression; anything else is a glob. */
        public static final String REGEX_PREFIX = "regex:";

        public PathPattern {
            if (label == null || label.isBlank()) {
                throw new IllegalArgumentException("label pattern '" + spec + "': the label is empty");
            }
        }

        public boolean matches(String relativePath) {
            return regex.matcher(relativePath).matches();
        }

        /**
         * Parses {@code PATTERN=LABEL} (split at the last '='). PATTERN is a glob over the relative path ({@code *}
         * any characters but '/', {@code **} any characters including '/', {@code ?} one character but '/') or, after
         * {@code regex:}, a Java regular expression that must match the whole path.
         * Example: {@code en-US/text/scalc/**=scalc}, {@code regex:library/(socket|ssl)\.html=networking}.
         */
        public static PathPattern parse(String spec) {
            int eq = spec.lastIndexOf('=');
            if (eq <= 0 || eq == spec.length() - 1) {
                throw new IllegalArgumentException("label pattern '" + spec
                        + "': expected PATTERN=LABEL, e.g. 'docs/calc/**=calc'");
            }
            return of(spec.substring(0, eq), spec.substring(eq + 1).strip());
        }

        /** A pattern ({@code glob} or {@code regex:expression}) and its label. */
        public static PathPattern of(String pattern, String label) {
            String regex = pattern.startsWith(REGEX_PREFIX) ? pattern.substring(REGEX_PREFIX.length())
                    : globToRegex(pattern);
            try {
                return new PathPattern(pattern + "=" + label, label, Pattern.compile(regex));
            } catch (PatternSyntaxException e) {
                throw new IllegalArgumentException("label pattern '" + pattern + "': not a valid regular expression: "
                        + e.getDescription());
            }
        }

        static String globToRegex(String glob) {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < glob.length(); i++) {
                char c = glob.charAt(i);
                if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                    // "**/" also matches no directory at all, so that a/**/b matches a/b
                    if (i + 2 < glob.length() && glob.charAt(i + 2) == '/') {
                        sb.append("(?:.*/)?");
                        i += 2;
                    } else {
                        sb.append(".*");
                        i++;
                    }
                } else if (c == '*') {
                    sb.append("[^/]*");
                } else if (c == '?') {
                    sb.append("[^/]");
                } else {
                    sb.append(Pattern.quote(String.valueOf(c)));
                }
            }
            return sb.toString();
        }
    }
}
