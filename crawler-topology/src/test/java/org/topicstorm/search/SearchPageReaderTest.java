package org.topicstorm.search;

import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.topicstorm.priority.LinkPrioritizer;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.topic.SeedSource;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SearchPageReaderTest {

    private static final Topic TOPIC = TopicLoader.fromString("""
            name: solar
            languages: [en]
            keywords: {solar: 1.0, photovoltaic: 0.8}
            threshold: 0.2
            seed-sources:
              - name: site
                url: http://search.test/find?q={keyword}&p={page}
                results: li.hit
                link: a.u
                summary: p
                next: a[rel=next]
                max-pages: 2
            """, "t.yaml");
    private static final String PAGE = """
            <ul>
              <li class="hit"><a class="u" href="/solar-roofs">Solar roofs</a><p>Photovoltaic panels on roofs.</p></li>
              <li class="hit"><a class="u" href="/cakes">Baking cakes</a><p>Flour, sugar and eggs.</p></li>
              <li class="hit"><a class="u" href="https://elsewhere.test/pv">News</a><p>Solar photovoltaic news.</p></li>
              <li class="hit"><a class="u" href="/solar-roofs">Solar roofs again</a><p>Solar.</p></li>
              <li class="hit"><p>A result without a link: solar</p></li>
              <li class="hit"><a class="u" href="mailto:x@search.test">Solar mail</a></li>
            </ul>
            <a rel="next" href="/find?q=solar&p=2">next</a>
            """;

    private final SearchPageReader reader = new SearchPageReader(TOPIC);
    private final SeedSource source = TOPIC.seedSources().get(0);

    @Test
    void resultsAboveKBecomeSeedsAndTheNextPageIsFollowedWhilePagesAreLeft() {
        assertEquals(source, reader.sourceOf("http://search.test/find?q=solar&p=1"));
        assertNull(reader.sourceOf("http://search.test/solar-roofs"));
        SearchPageReader.Read read = reader.read(source, Jsoup.parse(PAGE, "http://search.test/find?q=solar&p=1"), 0,
                url -> url);
        // 3 results: one URL listed twice counts once; no link and a mailto: link are no results
        assertEquals(3, read.listed());
        assertEquals(2, read.kept());
        assertEquals(List.of(new ScoredLink("http://search.test/solar-roofs", "Solar roofs",
                        LinkPrioritizer.SEED_PRIORITY, 0, 0),
                new ScoredLink("https://elsewhere.test/pv", "News", LinkPrioritizer.SEED_PRIORITY, 0, 0),
                new ScoredLink("http://search.test/find?q=solar&p=2", "", LinkPrioritizer.SEED_PRIORITY, 1, 0)),
                read.outlinks());
        // the second page is the last of max-pages 2: its next link is not followed
        SearchPageReader.Read last = reader.read(source, Jsoup.parse(PAGE, "http://search.test/find?q=solar&p=2"), 1,
                url -> url);
        assertTrue(last.outlinks().stream().noneMatch(l -> l.url().contains("find?")));
        // the crawl's URL filters apply to results and next pages alike
        SearchPageReader.Read filtered = reader.read(source, Jsoup.parse(PAGE, "http://search.test/find?q=solar&p=1"),
                0, url -> url.contains("elsewhere") || url.contains("find?") ? null : url);
        assertEquals(List.of("http://search.test/solar-roofs"), filtered.outlinks().stream().map(ScoredLink::url)
                .toList());
    }

    @Test
    void kIsTheSourcesMinScoreOrTheTopicsThreshold() {
        SearchResults.Result solar = new SearchResults.Result("http://x.test/", "Solar roofs", "Photovoltaic.");
        SearchResults.Result cakes = new SearchResults.Result("http://x.test/c", "Baking cakes", "Flour and eggs.");
        assertTrue(reader.score(solar) >= 0.2, "" + reader.score(solar));
        assertEquals(0.0, reader.score(cakes));
        // "Solar roofs" / "Photovoltaic panels on roofs.": solar in the title (tag weight 3), photovoltaic once in the
        // text: a = (3, 1), x = (1, 1/3), T = (1, 0.8/3), D = (1, 0.8):
        // cos = (1 + 0.64/3) / (sqrt(1 + 0.64/9) x sqrt(1.64)) = 0.91547; "News" / "Solar photovoltaic news.": T = D, 1
        SearchResults.Result roofs = new SearchResults.Result("http://x.test/r", "Solar roofs",
                "Photovoltaic panels on roofs.");
        assertEquals((1 + 0.64 / 3) / (Math.sqrt(1 + 0.64 / 9) * Math.sqrt(1.64)), reader.score(roofs), 1e-9);
        for (double k : new double[] {0.9, 0.95}) {
            SeedSource strict = new SeedSource("s", source.url(), "li.hit", "a.u", null, "p", null, 1, List.of(), k,
                    1);
            assertEquals(k < 0.91547 ? 2 : 1, reader.read(strict, Jsoup.parse(PAGE,
                    "http://search.test/find?q=solar&p=1"), 0, u -> u).kept(), "K = " + k);
        }
    }
}
