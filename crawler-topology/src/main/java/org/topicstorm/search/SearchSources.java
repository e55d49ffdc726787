package org.topicstorm.search;

import org.topicstorm.topic.SeedSource;
import org.topicstorm.topic.Topic;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A topic's search pages ({@link SeedSource}): the query URLs a crawl starts from, and which fetched URLs are results
 * pages of which source.
 *
 * <p>A URL is a results page of a source when its part before the query matches the template's (with {@code {page}}
 * any number, {@code {keyword}} any path segment text) and, when the keyword goes in the query, its query has the
 * template's keyword parameter. The rest of the query is not compared: URL normalisation may reorder it, and a
 * next-page link may add or change parameters ({@code &start=10}).
 */
public final class SearchSources {

    private record Form(SeedSource source, Pattern before, String keywordParam) {
    }

    private final List<SeedSource> sources;
    private final List<String> topicKeywords;
    private final List<Form> forms = new ArrayList<>();

    public SearchSources(Topic topic) {
        this(topic.seedSources(), topic.keywords().keySet().stream().sorted().toList());
    }

    /** @param topicKeywords what a source without its own keywords queries for */
    public SearchSources(List<SeedSource> sources, List<String> topicKeywords) {
        this.sources = List.copyOf(sources);
        this.topicKeywords = List.copyOf(topicKeywords);
        for (SeedSource s : sources) {
            forms.add(form(s));
        }
    }

    public boolean isEmpty() {
        return sources.isEmpty();
    }

    /** The topic's seeds followed by each source's first results page for each of its keywords, each once. */
    public static List<String> startUrls(Topic topic) {
        Set<String> urls = new LinkedHashSet<>(topic.seeds());
        urls.addAll(new SearchSources(topic).firstPages());
        return List.copyOf(urls);
    }

    /** Each source's first results page for each of its keywords (the topic's keywords unless it lists its own). */
    public List<String> firstPages() {
        List<String> urls = new ArrayList<>();
        for (SeedSource s : sources) {
            for (String keyword : s.keywords().isEmpty() ? topicKeywords : s.keywords()) {
                urls.add(query(s, keyword));
            }
        }
        return urls;
    }

    /** The first results page of a source for a keyword. */
    static String query(SeedSource s, String keyword) {
        // a space as %20 is right in a path and in a query alike; '+' only in a query
        String encoded = URLEncoder.encode(keyword, StandardCharsets.UTF_8).replace("+", "%20");
        return s.url().replace(SeedSource.KEYWORD, encoded).replace(SeedSource.PAGE, Integer.toString(s.firstPage()));
    }

    /** The source whose results page the URL is, or null. */
    public SeedSource sourceOf(String url) {
        int q = url.indexOf('?');
        String before = q < 0 ? url : url.substring(0, q);
        String query = q < 0 ? "" : url.substring(q + 1);
        for (Form f : forms) {
            if (f.before().matcher(before).matches()
                    && (f.keywordParam() == null || hasParam(query, f.keywordParam()))) {
                return f.source();
            }
        }
        return null;
    }

    private static Form form(SeedSource s) {
        String template = s.url();
        int q = template.indexOf('?');
        String before = q < 0 ? template : template.substring(0, q);
        String keywordParam = null;
        if (q >= 0) {
            for (String param : template.substring(q + 1).split("&")) {
                int eq = param.indexOf('=');
                if (eq > 0 && param.substring(eq + 1).contains(SeedSource.KEYWORD)) {
                    keywordParam = param.substring(0, eq);
                }
            }
        }
        return new Form(s, Pattern.compile(regex(before)), keywordParam);
    }

    /** The template's text quoted, {keyword} as path-segment text, {page} as a number. */
    private static String regex(String template) {
        StringBuilder re = new StringBuilder();
        Matcher m = Pattern.compile(Pattern.quote(SeedSource.KEYWORD) + "|" + Pattern.quote(SeedSource.PAGE))
                .matcher(template);
        int at = 0;
        while (m.find()) {
            re.append(Pattern.quote(template.substring(at, m.start())));
            re.append(m.group().equals(SeedSource.KEYWORD) ? "[^/?#]+" : "\\d+");
            at = m.end();
        }
        return re.append(Pattern.quote(template.substring(at))).toString();
    }

    private static boolean hasParam(String query, String name) {
        for (String param : query.split("&")) {
            if (param.startsWith(name + "=") && param.length() > name.length() + 1) {
                return true;
            }
        }
        return false;
    }
}
