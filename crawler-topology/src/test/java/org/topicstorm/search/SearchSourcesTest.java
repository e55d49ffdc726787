package org.topicstorm.search;

import org.junit.jupiter.api.Test;
import org.topicstorm.topic.SeedSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class SearchSourcesTest {

    private static SeedSource source(String name, String url, List<String> keywords, int firstPage) {
        return new SeedSource(name, url, "div.r", "a[href]", null, null, "a.next", 3, keywords, null, firstPage);
    }

    private final SeedSource query = source("news", "https://news.test/search?q={keyword}&page={page}", List.of(), 1);
    private final SeedSource path = source("tags", "https://blog.test/tag/{keyword}/", List.of("food safety"), 0);
    private final SearchSources sources = new SearchSources(List.of(query, path), List.of("recall", "salmonella"));

    @Test
    void eachSourceIsQueriedForItsKeywordsOrTheTopics() {
        assertEquals(List.of("https://news.test/search?q=recall&page=1", "https://news.test/search?q=salmonella&page=1",
                "https://blog.test/tag/food%20safety/"), sources.firstPages());
        assertEquals("https://news.test/search?q=%E9%A3%9F%E5%93%81%20%26%20x&page=1",
                SearchSources.query(query, "食品 & x"));
    }

    @Test
    void aResultsPageIsKnownByItsFormWhateverTheOrderOrTheOtherParameters() {
        assertEquals(query, sources.sourceOf("https://news.test/search?q=recall&page=2"));
        assertEquals(query, sources.sourceOf("https://news.test/search?page=3&q=recall"), "normalised order");
        assertEquals(query, sources.sourceOf("https://news.test/search?q=recall&start=20"), "another pager");
        assertNull(sources.sourceOf("https://news.test/search?page=2"), "no keyword");
        assertNull(sources.sourceOf("https://news.test/search?q=&page=2"), "an empty keyword");
        assertNull(sources.sourceOf("https://news.test/article?q=recall"), "another path");
        assertNull(sources.sourceOf("http://news.test/search?q=recall"), "another scheme");
        assertEquals(path, sources.sourceOf("https://blog.test/tag/food%20safety/"));
        assertEquals(path, sources.sourceOf("https://blog.test/tag/recall/?page=2"));
        assertNull(sources.sourceOf("https://blog.test/tag/food/safety/"));
    }
}
