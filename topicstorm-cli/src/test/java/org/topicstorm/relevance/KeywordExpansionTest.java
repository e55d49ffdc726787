package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.topicstorm.support.Pages.page;

class KeywordExpansionTest {

    private static final Topic TOPIC = TopicLoader.fromString("""
            name: t
            languages: [en]
            keywords: {cloud: 1.0}
            seeds: [https://example.org/]
            threshold: 0.5
            relevance:
              stemming: false
              tag-weights: {title: 1, heading: 1, anchor: 1, body: 1}
            """, "t.yaml");

    @Test
    void tagWeightedTfIdfOverTheRelevantPagesRoundByRound() {
        var pages = List.of(page("cloud server server"), page("cloud server storage"), page("garden flower server"));
        KeywordExpansion.Result r = new KeywordExpansion(TOPIC).expand(pages, 2, 2, false);

        // Round 1: relevant = pages 1 and 2 (they contain "cloud"). N = 3; df: server 3, storage 1.
        // idf(server) = ln(4/4) + 1 = 1; idf(storage) = ln(4/2) + 1 = 1.693147.
        // score(server) = (2*1 + 1*1) / 2 = 1.5; score(storage) = (0 + 1*1.693147) / 2 = 0.846574.
        // weights: server 0.8; storage 0.8 * 0.846574 / 1.5 = 0.4515 -> 0.45.
        KeywordExpansion.Round first = r.rounds().get(0);
        assertEquals(2, first.relevantPages());
        assertEquals(List.of("server", "storage"), first.added().stream().map(KeywordExpansion.Added::keyword).toList());
        assertEquals(1.5, first.added().get(0).score(), 1e-12);
        assertEquals((Math.log(2) + 1) / 2, first.added().get(1).score(), 1e-12);

        // Round 2: D = (cloud 1, server 0.8, storage 0.45); page 3 has only "server": cos = 0.8 / |D| = 0.589 >= 0.5,
        // so all 3 pages are relevant. garden and flower: (1 * (ln 2 + 1)) / 3 each: a tie, in term order, weight 0.8.
        KeywordExpansion.Round second = r.rounds().get(1);
        assertEquals(3, second.relevantPages());
        assertEquals(List.of(new KeywordExpansion.Added("flower", 0.8, (Math.log(2) + 1) / 3),
                new KeywordExpansion.Added("garden", 0.8, (Math.log(2) + 1) / 3)), second.added());
        assertEquals(Map.of("cloud", 1.0, "server", 0.8, "storage", 0.45, "flower", 0.8, "garden", 0.8),
                r.keywords());
    }

    @Test
    void aLoneLetterIsNeverProposed() {
        // "x" is the most frequent term of the relevant pages (code), "server" the next: only "server" is added
        var pages = List.of(page("cloud x x x server"), page("cloud x x server"), page("garden flower"));
        KeywordExpansion.Result r = new KeywordExpansion(TOPIC).expand(pages, 1, 1, false);
        assertEquals(List.of("server"), r.rounds().get(0).added().stream().map(KeywordExpansion.Added::keyword).toList());
    }

    @Test
    void aLoneLetterIsNotProposableAndALoneHanCharacterIs() {
        assertFalse(KeywordExpansion.proposable("x"));
        assertFalse(KeywordExpansion.proposable("i"));
        assertTrue(KeywordExpansion.proposable("茶"));
        assertTrue(KeywordExpansion.proposable("𠀀"));   // outside the BMP: one code point, two chars
        assertTrue(KeywordExpansion.proposable("server"));
    }

    @Test
    void stemmedTermsAreWrittenInTheirMostFrequentForm() {
        Topic stemming = TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {cloud: 1.0}
                seeds: [https://example.org/]
                """, "t.yaml");
        var pages = List.of(page("cloud computing computing computed"));
        KeywordExpansion.Result r = new KeywordExpansion(stemming).expand(pages, 1, 1, true);
        // comput <- computing x2, computed x1
        assertEquals(List.of("computing"),
                r.rounds().get(0).added().stream().map(KeywordExpansion.Added::keyword).toList());
    }
}
