package org.topicstorm.topic;

import java.util.List;

/**
 * One entry of a topic's {@code seed-sources:}: a search page that finds seeds (002, 003 and 004 take their seeds
 * from search engines). The crawl queries it for each keyword, reads the results with CSS selectors, keeps those
 * whose title and summary score at least {@code minScore} with the topic's keywords (002's K), and follows the
 * next-page link up to {@code maxPages} pages. seeds/README.md documents every field.
 *
 * @param name     what the source is called (in logs and the docs)
 * @param url      the query URL: {@code {keyword}} is replaced by each keyword (URL-encoded), {@code {page}}, if
 *                 there, by the first page's number
 * @param results  CSS selector of one result on a results page
 * @param link     CSS selector, within a result, of the element whose {@code href} is the result's URL
 * @param title    CSS selector, within a result, of its title (null: the link's text)
 * @param summary  CSS selector, within a result, of its summary (null: none)
 * @param next     CSS selector of the next-page link on a results page (null: the first page only)
 * @param maxPages results pages read per query, the first included
 * @param keywords what to query for (empty: the topic's keywords)
 * @param minScore a result enters the frontier if the topic's keyword model scores its title and summary at least
 *                 this (null: the topic's threshold)
 * @param firstPage the number {@code {page}} takes on the first page
 */
public record SeedSource(String name, String url, String results, String link, String title, String summary,
                         String next, int maxPages, List<String> keywords, Double minScore, int firstPage) {

    /** The placeholders of {@link #url}. */
    public static final String KEYWORD = "{keyword}";
    public static final String PAGE = "{page}";

    public SeedSource {
        keywords = keywords == null ? List.of() : List.copyOf(keywords);
    }
}
