package org.topicstorm.search;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.topicstorm.parse.Texts;
import org.topicstorm.topic.SeedSource;

import java.util.ArrayList;
import java.util.List;

/**
 * What a results page of a {@link SeedSource} lists, read with its CSS selectors: each result's URL, title and
 * summary, in page order, and the next page's URL.
 *
 * @param results the results with a URL (an http(s) link), each URL once
 * @param next    the next results page (absolute), or null
 */
public record SearchResults(List<Result> results, String next) {

    /** Results kept per page at most: a page of thousands is not a results page. */
    public static final int MAX_RESULTS = 200;

    /** One result: its URL (absolute), title and summary (whitespace collapsed; empty when absent). */
    public record Result(String url, String title, String summary) {
    }

    public static SearchResults read(Document doc, SeedSource source) {
        List<Result> results = new ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Element r : doc.select(source.results())) {
            Element link = r.selectFirst(source.link());
            String url = link == null ? "" : link.absUrl("href");
            if (!url.startsWith("http://") && !url.startsWith("https://") || !seen.add(url)) {
                continue;
            }
            Element title = source.title() == null ? link : r.selectFirst(source.title());
            Element summary = source.summary() == null ? null : r.selectFirst(source.summary());
            results.add(new Result(url, title == null ? "" : Texts.collapse(title.text()),
                    summary == null ? "" : Texts.collapse(summary.text())));
            if (results.size() == MAX_RESULTS) {
                break;
            }
        }
        String next = null;
        if (source.next() != null) {
            Element n = doc.selectFirst(source.next());
            String href = n == null ? "" : n.absUrl("href");
            next = href.startsWith("http://") || href.startsWith("https://") ? href : null;
        }
        return new SearchResults(List.copyOf(results), next);
    }
}
