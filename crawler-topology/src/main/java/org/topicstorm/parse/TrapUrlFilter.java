package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.filtering.URLFilter;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URL;
import java.util.Map;

/**
 * A StormCrawler URL filter that drops the URLs of two crawler traps by their shape alone, before they reach the
 * frontier (the chain's BasicURLFilter already drops URLs longer than its maxLength and paths that repeat a segment,
 * {@code /a/b/a/b/a/b}):
 * <ul>
 *   <li>paths deeper than {@code maxPathSegments} segments (default {@value #DEFAULT_MAX_PATH_SEGMENTS}, Heritrix's
 *       TooManyPathSegmentsDecideRule's): relative links that add a directory on every page
 *       ({@code /x/y/z/...}) with names that never repeat;</li>
 *   <li>queries of more than {@code maxQueryParams} parameters (default {@value #DEFAULT_MAX_QUERY_PARAMS}):
 *       faceted navigation, where every combination of filters ({@code ?color=red&size=m&brand=...&sort=...}) is a
 *       URL of its own.</li>
 * </ul>
 * Traps whose URLs keep their shape (a calendar's next month, numbered pages) cannot be told by one URL: the
 * frontier's per-pattern budgets bound them ({@link org.topicstorm.frontier.PatternBudget}). 0 turns a limit off.
 */
public final class TrapUrlFilter implements URLFilter {

    public static final int DEFAULT_MAX_PATH_SEGMENTS = 20;
    public static final int DEFAULT_MAX_QUERY_PARAMS = 10;

    private int maxPathSegments = DEFAULT_MAX_PATH_SEGMENTS;
    private int maxQueryParams = DEFAULT_MAX_QUERY_PARAMS;

    public TrapUrlFilter() {
    }

    TrapUrlFilter(int maxPathSegments, int maxQueryParams) {
        this.maxPathSegments = maxPathSegments;
        this.maxQueryParams = maxQueryParams;
    }

    @Override
    public void configure(Map<String, Object> stormConf, JsonNode filterParams) {
        maxPathSegments = param(filterParams, "maxPathSegments", DEFAULT_MAX_PATH_SEGMENTS);
        maxQueryParams = param(filterParams, "maxQueryParams", DEFAULT_MAX_QUERY_PARAMS);
    }

    private int param(JsonNode params, String name, int dflt) {
        JsonNode n = params == null ? null : params.get(name);
        if (n == null) {
            return dflt;
        }
        if (!n.canConvertToInt() || !n.isIntegralNumber() || n.asInt() < 0) {
            throw new IllegalArgumentException(getClass().getSimpleName() + ": parameter '" + name
                    + "' must be a whole number >= 0, got " + n);
        }
        return n.asInt();
    }

    @Override
    public String filter(URL sourceUrl, Metadata sourceMetadata, String urlToFilter) {
        return accepts(urlToFilter) ? urlToFilter : null;
    }

    boolean accepts(String url) {
        String rest = url;
        int hash = rest.indexOf('#');
        if (hash >= 0) {
            rest = rest.substring(0, hash);
        }
        int scheme = rest.indexOf("://");
        if (scheme >= 0) {
            rest = rest.substring(scheme + 3);
        }
        int q = rest.indexOf('?');
        String query = q < 0 ? "" : rest.substring(q + 1);
        String hostAndPath = q < 0 ? rest : rest.substring(0, q);
        int slash = hostAndPath.indexOf('/');
        String path = slash < 0 ? "" : hostAndPath.substring(slash);
        return (maxPathSegments == 0 || segments(path) <= maxPathSegments)
                && (maxQueryParams == 0 || params(query) <= maxQueryParams);
    }

    /** Path segments: "/a/b/" has 2 (a trailing slash adds none), "/" and "" none. */
    static int segments(String path) {
        int n = 0;
        for (String s : path.split("/")) {
            if (!s.isEmpty()) {
                n++;
            }
        }
        return n;
    }

    /** Query parameters: "a=1&b=2" has 2; empty ones ("a=1&&b") are not counted. */
    static int params(String query) {
        int n = 0;
        for (String p : query.split("&")) {
            if (!p.isEmpty()) {
                n++;
            }
        }
        return n;
    }
}
