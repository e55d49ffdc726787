package org.topicstorm.relevance;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.topicstorm.parse.ParsedPage;

import java.util.List;
import java.util.Map;

/**
 * What the crawl keeps of every judged page in its status document (field {@code page}), stored, not indexed: enough
 * for a person to judge the page without opening it ({@code topicstorm judge}: title, snippet, the terms that made
 * the score) and, for the page classifier, the features it scored the page on, so that a judgement becomes a
 * training example without fetching the page again. Travels from the relevance bolt to the status updater as JSON
 * in the metadata ({@link org.topicstorm.topology.CrawlMetadata#PAGE}).
 *
 * @param title    the page's title, at most {@link #MAX_TITLE} characters
 * @param snippet  the start of its text, at most {@link #MAX_SNIPPET} characters
 * @param terms    the terms that contributed most to its score, best first
 * @param features the page classifier's features of the page (empty for other models)
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record PageSummary(String title, String snippet, List<String> terms, Map<String, Double> features) {

    public static final int MAX_TITLE = 300;
    public static final int MAX_SNIPPET = 400;
    private static final ObjectMapper JSON = new ObjectMapper();

    public PageSummary {
        title = cut(title == null ? "" : title, MAX_TITLE);
        snippet = cut(snippet == null ? "" : snippet, MAX_SNIPPET);
        terms = terms == null ? List.of() : List.copyOf(terms);
        features = features == null ? Map.of() : Map.copyOf(features);
    }

    /** The summary of a scored page. */
    public static PageSummary of(ParsedPage page, Relevance relevance) {
        String text = page.textWithoutAnchors().isBlank() ? page.text() : page.textWithoutAnchors();
        return new PageSummary(page.title(), text,
                relevance.topTerms().stream().map(Relevance.TermContribution::term).toList(), relevance.features());
    }

    public String toJson() {
        try {
            return JSON.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a page summary", e);
        }
    }

    /** The summary in JSON, or null when absent or unreadable (a page is never lost over its summary). */
    public static PageSummary fromJson(String json) {
        if (json == null || json.isBlank()) {
            return null;
        }
        try {
            return JSON.readValue(json, PageSummary.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    /** At most {@code max} characters, not splitting a surrogate pair. */
    static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end);
    }
}
