package org.topicstorm.judge;

import org.junit.jupiter.api.Test;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.relevance.PageSummary;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JudgeSessionTest {

    private static final long NOW = 1_700_000_000_000L;
    private final StringWriter printed = new StringWriter();
    private final List<Judgement> stored = new ArrayList<>();

    private static JudgeSession.Page page(int i, double score, boolean verdict) {
        return new JudgeSession.Page("http://h" + i + ".test/p", "Page " + i, score, verdict,
                List.of("honey", "bees"), "Text of page " + i + ".");
    }

    private static final List<JudgeSession.Page> FIVE = List.of(page(1, 0.41, true), page(2, 0.39, false),
            page(3, 0.45, true), page(4, 0.30, false), page(5, 0.50, true));

    private JudgeSession.Summary run(String input, List<JudgeSession.Page> pages) throws IOException {
        JudgeSession session = new JudgeSession(new BufferedReader(new StringReader(input)),
                new PrintWriter(printed, true), Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC), stored::add,
                "alice");
        return session.run(pages);
    }

    @Test
    void recordsYesAndNoAsksAgainOnAnythingElseSkipsAndQuits() throws IOException {
        JudgeSession.Summary s = run("y\nn\nbogus\ns\nq\n", FIVE);

        // page 1 yes, page 2 no, page 3: "bogus" is asked again, then skipped; page 4: quit; page 5 never shown
        assertEquals(List.of(Judgement.of("http://h1.test/p", true, "alice", NOW, 0.41, true),
                Judgement.of("http://h2.test/p", false, "alice", NOW, 0.39, false)), stored);
        assertEquals(new JudgeSession.Summary(4, 2, 1, 1, true), s);
        String out = printed.toString();
        assertEquals(1, count(out, JudgeSession.ANSWERS), out);
        // one prompt per answer read: y, n, bogus, s, q
        assertEquals(5, count(out, JudgeSession.PROMPT), out);
        assertTrue(out.contains("(4/5) Page 4"), out);
        assertFalse(out.contains("Page 5"), out);
        assertTrue(out.endsWith("2 judged (1 relevant, 1 not relevant), 1 skipped, quit\n"), out);
    }

    @Test
    void eachJudgementIsStoredBeforeTheNextPageIsShown() throws IOException {
        // what had been printed when each judgement was stored
        List<String> printedWhenStored = new ArrayList<>();
        JudgeSession session = new JudgeSession(new BufferedReader(new StringReader("y\nn\n")),
                new PrintWriter(printed, true), Clock.fixed(Instant.ofEpochMilli(NOW), ZoneOffset.UTC),
                j -> printedWhenStored.add(printed.toString()), "bob");
        session.run(FIVE.subList(0, 2));
        assertEquals(2, printedWhenStored.size());
        assertTrue(printedWhenStored.get(0).contains("(1/2)"));
        assertFalse(printedWhenStored.get(0).contains("(2/2)"));
        assertTrue(printedWhenStored.get(1).contains("(2/2)"));
        assertFalse(printedWhenStored.get(1).contains(" judged ("));
    }

    @Test
    void theEndOfTheInputQuitsKeepingWhatWasAnswered() throws IOException {
        JudgeSession.Summary s = run("Y\n", FIVE);
        assertEquals(1, stored.size());
        assertTrue(stored.get(0).relevant());
        assertEquals(new JudgeSession.Summary(2, 1, 1, 0, true), s);
        assertTrue(printed.toString().endsWith("1 judged (1 relevant, 0 not relevant), 0 skipped, quit\n"));
    }

    @Test
    void answeringEveryPageEndsWithoutQuit() throws IOException {
        JudgeSession.Summary s = run(" yes \nNO\nskip\n", FIVE.subList(0, 3));
        assertEquals(new JudgeSession.Summary(3, 2, 1, 1, false), s);
        assertEquals(List.of(true, false), stored.stream().map(Judgement::relevant).toList());
        assertTrue(printed.toString().endsWith("2 judged (1 relevant, 1 not relevant), 1 skipped\n"));
    }

    @Test
    void anEmptyLineIsAskedAgain() throws IOException {
        run("\n\nn\n", FIVE.subList(0, 1));
        assertEquals(2, count(printed.toString(), JudgeSession.ANSWERS));
        assertEquals(List.of(false), stored.stream().map(Judgement::relevant).toList());
    }

    @Test
    void aStoreFailureStopsTheSessionAfterWhatWasStored() {
        List<String> ok = new ArrayList<>();
        JudgeSession session = new JudgeSession(new BufferedReader(new StringReader("y\ny\ny\n")),
                new PrintWriter(printed, true), Clock.systemUTC(), j -> {
                    if (j.url().contains("h2")) {
                        throw new IOException("ES is gone");
                    }
                    ok.add(j.url());
                }, "alice");
        assertThrows(IOException.class, () -> session.run(FIVE));
        assertEquals(List.of("http://h1.test/p"), ok);
    }

    @Test
    void showsTitleUrlScoreVerdictTermsAndTheWrappedSnippet() throws IOException {
        String snippet = "Honey bees make honey from nectar and store it in wax combs inside the hive, where the "
                + "colony lives through the winter.";
        run("s\n", List.of(new JudgeSession.Page("http://bees.test/honey", "Honey", 0.4123, false,
                List.of("honey", "hive"), snippet)));
        assertEquals("\n(1/1) Honey\n"
                + "    http://bees.test/honey\n"
                + "    crawler: score 0.412, not relevant\n"
                + "    terms:   honey, hive\n"
                + "    Honey bees make honey from nectar and store it in wax combs inside the hive,\n"
                + "    where the colony lives through the winter.\n"
                + JudgeSession.PROMPT
                + "\n0 judged (0 relevant, 0 not relevant), 1 skipped\n", printed.toString());
    }

    @Test
    void aPageWithoutSummaryOrScoreIsStillShown() throws IOException {
        run("n\n", List.of(new JudgeSession.Page("http://x.test/", null, null, null, null, null)));
        String out = printed.toString();
        assertTrue(out.contains("(1/1) (no title)\n    http://x.test/\n    crawler: no score, no verdict\n"
                + "    (no text kept for this page)\n"), out);
        assertEquals(Judgement.of("http://x.test/", false, "alice", NOW, null, null), stored.get(0));
    }

    @Test
    void aPageFromItsStatusDocument() {
        StatusDoc doc = new StatusDoc("http://a.test/", "a.test", "FETCHED", CrawlState.DONE, true, 0.7, 0.7, null,
                1, 0, 0, List.of(), null, null, null, 1, 0, 0, 1L, 1L, 1L, Map.of(), null, null, null, null,
                new PageSummary("Title", "Snippet", List.of("t1"), Map.of()), null);
        assertEquals(new JudgeSession.Page("http://a.test/", "Title", 0.7, true, List.of("t1"), "Snippet"),
                JudgeSession.Page.of(doc));
        StatusDoc old = new StatusDoc("http://a.test/", "a.test", "FETCHED", CrawlState.DISCARDED, false, 0.2, 0.2,
                null, 1, 0, 0, List.of(), null, null, null, 1, 0, 0, 1L, 1L, 1L, Map.of());
        assertEquals(new JudgeSession.Page("http://a.test/", "", 0.2, false, List.of(), ""),
                JudgeSession.Page.of(old));
    }

    @Test
    void wrapsAtSpacesAndCutsWordsLongerThanALine() {
        assertEquals(List.of("aaa bb", "cc d"), JudgeSession.wrap("aaa bb cc d", 6));
        assertEquals(List.of("aaa", "bbbbbb", "bb c"), JudgeSession.wrap("  aaa\n bbbbbbbb  c ", 6));
        assertEquals(List.of(), JudgeSession.wrap("   ", 6));
    }

    private static int count(String s, String part) {
        int n = 0;
        for (int i = s.indexOf(part); i >= 0; i = s.indexOf(part, i + part.length())) {
            n++;
        }
        return n;
    }
}
