package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.parse.Outlink;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkFeaturesTest {

    /** A keyword score that is the share of words that are "calc": easy to compute by hand. */
    private static double calcShare(String text) {
        String[] words = text.isBlank() ? new String[0] : text.strip().toLowerCase().split("\\s+");
        long calc = java.util.Arrays.stream(words).filter("calc"::equals).count();
        return words.length == 0 ? 0 : (double) calc / words.length;
    }

    private static List<String> words(String text) {
        return List.of(text.toLowerCase().split("\\s+"));
    }

    @Test
    void numbersBecomeCumulativeTokens() {
        List<String> t = new ArrayList<>();
        LinkFeatures.atLeast(t, "prel", 0.35, 0.1);
        assertEquals(List.of("prel>=0.1", "prel>=0.2", "prel>=0.3"), t);
        t.clear();
        LinkFeatures.atLeast(t, "akw", 1.0, 0.2);
        assertEquals(List.of("akw>=0.2", "akw>=0.4", "akw>=0.6", "akw>=0.8", "akw>=1.0"), t);
        t.clear();
        LinkFeatures.atLeast(t, "hub", 0.19, 0.2);
        assertEquals(List.of(), t);
    }

    @Test
    void tokensOfALink() {
        LinkFeatures f = new LinkFeatures(0.5, 0.0, 0.2, PathRelation.EXTENDS, 0.25, true, 0.4, 0, 2, true,
                List.of("calc", "functions", "calc"), List.of("text", "scalc"), "help.example");
        assertEquals(List.of("rel:extends", "parent:relevant", "host:same", "h:help.example", "dist:0", "depth:2",
                "prel>=0.1", "prel>=0.2", "akw>=0.2", "akw>=0.4", "ukw>=0.2", "hub>=0.2", "hub>=0.4",
                "a:calc", "a:functions", "u:text", "u:scalc"), f.tokens());
        LinkFeatures far = new LinkFeatures(0, 0, 0, PathRelation.BOILERPLATE, 0, false, 0, 7, 9, false,
                List.of(), List.of(), "");
        assertEquals(List.of("rel:boilerplate", "parent:irrelevant", "host:other", "dist:3", "depth:6", "a:<none>"),
                far.tokens());
    }

    @Test
    void urlWordsLeaveOutExtensionsAndIds() {
        assertEquals(List.of("en", "us", "text", "scalc", "01"),
                LinkFeatureExtractor.urlWords("http://127.0.0.2:8080/en-US/text/scalc/01/04060101.html"));
        assertEquals(List.of("library", "urllib", "request", "q", "socket"),
                LinkFeatureExtractor.urlWords("http://h/library/urllib.request.html?q=socket"));
    }

    @Test
    void featuresOfOneLink() {
        LinkFeatureExtractor x = new LinkFeatureExtractor(LinkFeaturesTest::calcShare, LinkFeaturesTest::words, 3);
        ParentInfo parent = new ParentInfo("http://h/calc/index.html", 0.7, true, 1, 0);
        double hub = x.hubness(4); // Cmax = 4: 4 / 4
        assertEquals(1.0, hub);
        assertEquals(0.5, x.hubness(2)); // 2 / 4
        LinkFeatures f = x.features(parent, new Outlink("http://h/calc/sum.html", "Calc sum", "the calc sum of cells"),
                0.5, 2, 0);
        assertEquals(0.5, f.anchorScore());      // calc in "calc sum": 1 of 2 words
        assertEquals(0.2, f.nearbyScore(), 1e-12); // 1 of 5 words
        assertEquals(0.5, f.urlScore());          // url words [calc, sum]: 1 of 2
        assertEquals(PathRelation.EXTENDS, f.relation());
        assertEquals(0.7, f.parentRelevance());
        assertTrue(f.parentRelevant());
        assertEquals(0.5, f.parentHubness());
        assertEquals(2, f.depth());
        assertTrue(f.sameHost());
        assertEquals(List.of("calc", "sum"), f.anchorTerms());
        assertEquals(List.of("calc", "sum"), f.urlTerms());
        assertEquals("h", f.host());
        LinkFeatures away = x.features(parent, new Outlink("http://other/calc/sum.html", "", ""), 0.5, 2, 0);
        assertFalse(away.sameHost());
        assertEquals(PathRelation.OTHER, away.relation());
        assertEquals(List.of(), away.anchorTerms());
    }

    @Test
    void aTargetLinkedFromManyPagesOfItsHostIsBoilerplate() {
        LinkFeatureExtractor x = new LinkFeatureExtractor(t -> 0, t -> List.of(), 3);
        Outlink nav = new Outlink("http://h/about.html", "About", "");
        List<PathRelation> seen = new ArrayList<>();
        for (String page : List.of("http://h/a.html", "http://h/a.html", "http://h/b.html", "http://h/c.html",
                "http://h/d.html")) {
            seen.add(x.features(new ParentInfo(page, 0.5, true, 0, 0), nav, 0, 1, 0).relation());
        }
        // the same page twice counts once; the third distinct page makes it boilerplate
        assertEquals(List.of(PathRelation.SAME_SHAPE, PathRelation.SAME_SHAPE, PathRelation.SAME_SHAPE,
                PathRelation.BOILERPLATE, PathRelation.BOILERPLATE), seen);
        // links from other hosts are not counted
        assertEquals(PathRelation.OTHER, x.features(new ParentInfo("http://elsewhere/x.html", 0.5, true, 0, 0),
                new Outlink("http://h/other.html", "", ""), 0, 1, 0).relation());
    }
}
