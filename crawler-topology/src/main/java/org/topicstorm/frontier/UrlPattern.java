package org.topicstorm.frontier;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The path pattern of a URL, the unit of the crawl's per-pattern budgets ({@link PatternBudget}): its host and port,
 * its path with every run of digits written {@code N}, and its query's parameter names with their values so
 * generalised, e.g.
 * <pre>
 *   http://127.0.0.4:8080/en-US/text/scalc/01/04060106.html  ->  127.0.0.4:8080/en-US/text/scalc/N/N.html
 *   https://forum.example.org/thread.php?id=5123&page=2      ->  forum.example.org/thread.php?id=N&page=N
 * </pre>
 * The pages a crawler trap generates share one pattern (they differ only in numbers), however many of them there are.
 *
 * <p>A date written in the URL makes it calendar-like, and the date becomes {@value #DATE} (the crawl gives such
 * patterns a small budget of their own): in the path, a year (1900-2199) followed by a month (1-12) and optionally a
 * day (1-31), as segments ({@code /2026/11/24}) or in one segment ({@code /2026-11-24}, {@code /2026_11},
 * {@code /20261124.html}); in the query, a value that is such a date ({@code date=2026-11-24}) or a year given to a
 * year parameter ({@code year=2026}, {@code y=2026}, {@code calYear=2026}). A lone year in a path ({@code /2026/},
 * also a product number) or a month without a year ({@code month=11}, twelve values at most) is not a date here.
 *
 * <p>The pattern is a pure function of the URL, so every status updater task computes the same one for the same URL
 * with no coordination; it is stored in the URL's status document (field {@code pattern}) where the spout counts it.
 */
public final class UrlPattern {

    /** What a date becomes in a pattern; a pattern that holds it is calendar-like. */
    public static final String DATE = "{date}";

    private static final String YEAR = "(?:19|20|21)\\d\\d";
    // the longer alternatives first, and no digit may follow: "11" is month 11, not month 1 followed by a 1
    private static final String MONTH = "(?:1[0-2]|0?[1-9])(?!\\d)";
    private static final String DAY = "(?:3[01]|[12]\\d|0?[1-9])(?!\\d)";
    /**
     * A date in one path segment or one value, not inside a longer number (04060106 is none, nor is 120261124):
     * 2026-11-24, 2026_11, 2026.11.24, 2026/11/24, or compact 20261124.
     */
    private static final Pattern DATE_TEXT = Pattern.compile("(?<!\\d)(?:"
            + YEAR + "[-_./]" + MONTH + "(?:[-_./]" + DAY + ")?"
            + "|" + YEAR + "(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])(?!\\d))");
    private static final Pattern YEAR_ONLY = Pattern.compile(YEAR);
    private static final Pattern MONTH_ONLY = Pattern.compile(MONTH);
    private static final Pattern DAY_ONLY = Pattern.compile(DAY);
    private static final Pattern DIGITS = Pattern.compile("\\d+");
    /** Names of query parameters that hold a year: year, yr, y, and names ending in "year" (calYear, fromyear). */
    private static final Pattern YEAR_PARAM = Pattern.compile("(?i)y|yr|yyyy|.*year");

    private UrlPattern() {
    }

    /**
     * The URL's pattern; a string that is not an absolute http(s) URL is generalised as a whole (never null).
     */
    public static String of(String url) {
        if (url == null) {
            return "";
        }
        int scheme = url.indexOf("://");
        if (scheme < 0) {
            return digits(url);
        }
        String rest = url.substring(scheme + 3);
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            rest = rest.substring(0, hash);
        }
        int slash = indexOfAny(rest, '/', '?');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String pathAndQuery = slash < 0 ? "" : rest.substring(slash);
        int q = pathAndQuery.indexOf('?');
        String path = q < 0 ? pathAndQuery : pathAndQuery.substring(0, q);
        String query = q < 0 ? null : pathAndQuery.substring(q + 1);
        StringBuilder sb = new StringBuilder(authority.toLowerCase(Locale.ROOT));
        sb.append(path(path));
        if (query != null) {
            sb.append('?').append(query(query));
        }
        return sb.toString();
    }

    /** Whether a pattern is calendar-like (it holds a date). */
    public static boolean isCalendar(String pattern) {
        return pattern != null && pattern.contains(DATE);
    }

    /** The path with its dates written {@value #DATE} and its other digit runs {@code N}. */
    static String path(String path) {
        if (path.isEmpty()) {
            return path;
        }
        // split keeping empty segments (a trailing slash is part of the pattern)
        String[] segments = path.split("/", -1);
        List<String> out = new ArrayList<>(segments.length);
        int i = 0;
        while (i < segments.length) {
            String s = segments[i];
            // year / month [/ day] as consecutive segments
            if (YEAR_ONLY.matcher(s).matches() && i + 1 < segments.length
                    && MONTH_ONLY.matcher(stem(segments[i + 1])).matches()) {
                int end = i + 2;
                if (end < segments.length && DAY_ONLY.matcher(stem(segments[end])).matches()) {
                    end++;
                }
                // what follows the number in the last segment (an extension) stays
                String last = segments[end - 1];
                out.add(DATE + last.substring(stem(last).length()));
                i = end;
                continue;
            }
            out.add(segment(s));
            i++;
        }
        return String.join("/", out);
    }

    /** One segment: a date in it becomes {@value #DATE}, then digit runs become N. */
    private static String segment(String s) {
        Matcher m = DATE_TEXT.matcher(s);
        StringBuilder sb = new StringBuilder();
        int at = 0;
        while (m.find()) {
            sb.append(digits(s.substring(at, m.start()))).append(DATE);
            at = m.end();
        }
        sb.append(digits(s.substring(at)));
        return sb.toString();
    }

    /** The query, parameter by parameter in their order, each value generalised. */
    static String query(String query) {
        if (query.isEmpty()) {
            return query;
        }
        List<String> out = new ArrayList<>();
        for (String param : query.split("&", -1)) {
            int eq = param.indexOf('=');
            if (eq < 0) {
                out.add(digits(param));
                continue;
            }
            String name = param.substring(0, eq);
            String value = param.substring(eq + 1);
            String decoded = value.replace("%2F", "/").replace("%2f", "/");
            String generalised;
            if (DATE_TEXT.matcher(decoded).matches()
                    || (YEAR_PARAM.matcher(name).matches() && YEAR_ONLY.matcher(value).matches())) {
                generalised = DATE;
            } else {
                generalised = segment(value);
            }
            out.add(digits(name) + "=" + generalised);
        }
        return String.join("&", out);
    }

    private static String digits(String s) {
        return DIGITS.matcher(s).replaceAll("N");
    }

    /** The leading digits of a segment ("24.html" -> "24"), or the whole segment when it has none. */
    private static String stem(String s) {
        int end = 0;
        while (end < s.length() && Character.isDigit(s.charAt(end))) {
            end++;
        }
        if (end == 0) {
            return s;
        }
        // a number followed by an extension or nothing: "24", "24.html"; not "24abc" (then the whole segment)
        return end == s.length() || s.charAt(end) == '.' ? s.substring(0, end) : s;
    }

    private static int indexOfAny(String s, char a, char b) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == a || s.charAt(i) == b) {
                return i;
            }
        }
        return -1;
    }
}
