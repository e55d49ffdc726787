package org.topicstorm.bench;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The generated site's content, without starting its servers (URLs need the servers' port only). */
class SyntheticSiteTest {

    private static final Pattern LINK = Pattern.compile("http://127\\.0\\.0\\.(\\d+):\\d+/p(\\d+)\\.html");

    @Test
    void pagesAreReproducibleWithTenLinksWithinTheSite() throws Exception {
        try (SyntheticSite site = new SyntheticSite(3, 40, 0, 7).start()) {
            String html = site.html(1, 5);
            assertEquals(html, site.html(1, 5), "a page is a pure function of seed, host and page");
            Document doc = Jsoup.parse(html);
            List<Element> links = doc.select("a[href]");
            assertEquals(SyntheticSite.LINKS_PER_PAGE, links.size());
            for (Element a : links) {
                Matcher m = LINK.matcher(a.attr("href"));
                assertTrue(m.matches(), a.attr("href"));
                int host = Integer.parseInt(m.group(1)) - 2;
                int page = Integer.parseInt(m.group(2));
                assertTrue(host >= 0 && host < 3 && page >= 0 && page < 40, a.attr("href"));
                // the anchor says what the target is about
                assertEquals(site.onTopic(host, page), a.text().startsWith("solar energy"), a.outerHtml());
            }
        }
    }

    @Test
    void onTopicPagesCarryTheTopicWordsAndOffTopicPagesDoNot() throws Exception {
        try (SyntheticSite site = new SyntheticSite(2, 50, 0, 7).start()) {
            int on = 0;
            for (int p = 0; p < 50; p++) {
                String text = Jsoup.parse(site.html(0, p)).select("p").text();
                boolean solar = text.contains("solar") || text.contains("photovoltaic") || text.contains("energy");
                boolean football = text.contains("football") || text.contains("league") || text.contains("match");
                if (site.onTopic(0, p)) {
                    on++;
                    assertTrue(solar && !football, "page " + p);
                } else {
                    assertTrue(football && !solar, "page " + p);
                }
            }
            assertTrue(site.onTopic(0, 0), "seeds are on topic");
            assertTrue(on > 10 && on < 40, "about half of the pages are on topic: " + on);
        }
    }

    @Test
    void pageNumbers() {
        SyntheticSite site = new SyntheticSite(1, 10, 0, 1);
        assertEquals(0, site.pageNumber("/p0.html"));
        assertEquals(9, site.pageNumber("/p9.html"));
        assertEquals(-1, site.pageNumber("/p10.html"), "beyond the site");
        assertEquals(-1, site.pageNumber("/px.html"));
        assertEquals(-1, site.pageNumber("/robots.txt"));
        site.close();
    }

    @Test
    void badSizesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new SyntheticSite(0, 10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SyntheticSite(251, 10, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SyntheticSite(1, 0, 0, 1));
        assertFalse(SyntheticSite.address(0).equals("127.0.0.1"), "127.0.0.1 is left to everything else");
    }
}
