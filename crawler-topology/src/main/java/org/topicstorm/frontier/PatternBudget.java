package org.topicstorm.frontier;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * How many pages of one {@link UrlPattern} the crawl fetches at most, so that a crawler trap (a calendar, endlessly
 * numbered pages: pages that differ only in numbers) takes a bounded share of the crawl:
 * <ul>
 *   <li>a calendar-like pattern: {@code calendarPages} (a calendar's pages are generated; a few years of months are
 *       all a crawl gains from one);</li>
 *   <li>any other pattern: {@code patternPages}, or {@code share} of the whole crawl's fetched pages when that is
 *       more: {@code max(patternPages, floor(share x fetched))}. The floor keeps small crawls of a site whose pages
 *       share a pattern whole (the largest pattern of the LibreOffice help, en-US/text/shared/N/N.html, has 438
 *       pages), the share lets a large crawl of such a site grow while a trap never takes more than that share.</li>
 * </ul>
 * 0 turns a limit off. Pure: {@link PatternCaps} applies it to the counts of the status index.
 *
 * @param patternPages  pages of a pattern at least allowed (0: no per-pattern limit)
 * @param share         share of the crawl's fetched pages a pattern may take beyond {@code patternPages}, in [0, 1]
 * @param calendarPages pages of a calendar-like pattern (0: no calendar limit; such patterns then count as others)
 */
public record PatternBudget(long patternPages, double share, long calendarPages) {

    public static final String PATTERN_PAGES = "frontier.budget.pattern.pages";
    public static final String PATTERN_SHARE = "frontier.budget.pattern.share";
    public static final String CALENDAR_PAGES = "frontier.budget.calendar.pages";

    public static final long DEFAULT_PATTERN_PAGES = 1000;
    public static final double DEFAULT_SHARE = 0.25;
    public static final long DEFAULT_CALENDAR_PAGES = 100;

    /** No limits at all. */
    public static final PatternBudget NONE = new PatternBudget(0, 0, 0);

    public PatternBudget {
        if (patternPages < 0 || calendarPages < 0) {
            throw new IllegalArgumentException("budgets must be >= 0, got " + patternPages + ", " + calendarPages);
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("share must be in [0, 1], got " + share);
        }
    }

    /** The keys above, with their defaults; an error names the key. */
    public static PatternBudget fromConf(Map<String, Object> conf) {
        long pages = whole(conf, PATTERN_PAGES, DEFAULT_PATTERN_PAGES);
        long calendar = whole(conf, CALENDAR_PAGES, DEFAULT_CALENDAR_PAGES);
        Object raw = conf.get(PATTERN_SHARE);
        double share;
        try {
            share = raw == null ? DEFAULT_SHARE
                    : raw instanceof Number n ? n.doubleValue() : Double.parseDouble(raw.toString().strip());
        } catch (NumberFormatException e) {
            share = Double.NaN;
        }
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("configuration key '" + PATTERN_SHARE + "' must be a number in [0, 1], "
                    + "got '" + raw + "'");
        }
        return new PatternBudget(pages, share, calendar);
    }

    private static long whole(Map<String, Object> conf, String key, long dflt) {
        Object raw = conf.get(key);
        if (raw == null) {
            return dflt;
        }
        long v;
        if (raw instanceof Integer || raw instanceof Long || raw instanceof Short) {
            v = ((Number) raw).longValue();
        } else {
            try {
                v = Long.parseLong(raw.toString().strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("configuration key '" + key + "' must be a whole number >= 0, got '"
                        + raw + "'");
            }
        }
        if (v < 0) {
            throw new IllegalArgumentException("configuration key '" + key + "' must be a whole number >= 0, got " + v);
        }
        return v;
    }

    /** Whether any limit is on. */
    public boolean enabled() {
        return patternPages > 0 || calendarPages > 0;
    }

    /**
     * Pages of {@code pattern} allowed when the crawl has fetched {@code crawlFetched} pages;
     * {@link Long#MAX_VALUE} when it has no limit.
     */
    public long limit(String pattern, long crawlFetched) {
        if (calendarPages > 0 && UrlPattern.isCalendar(pattern)) {
            return calendarPages;
        }
        if (patternPages == 0) {
            return Long.MAX_VALUE;
        }
        return Math.max(patternPages, (long) Math.floor(share * crawlFetched));
    }

    /**
     * The patterns that have had their pages: {@code counted} fetched pages (from the index) plus {@code emitted}
     * since that count, against {@link #limit}.
     */
    public Set<String> capped(Map<String, Long> counted, Map<String, Long> emitted, long crawlFetched) {
        Set<String> capped = new HashSet<>();
        Set<String> patterns = new HashSet<>(counted.keySet());
        patterns.addAll(emitted.keySet());
        for (String p : patterns) {
            long pages = counted.getOrDefault(p, 0L) + emitted.getOrDefault(p, 0L);
            if (pages >= limit(p, crawlFetched)) {
                capped.add(p);
            }
        }
        return capped;
    }
}
