package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.Schedule;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.judge.Judgement;
import org.topicstorm.judge.JudgementStore;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.PageSummary;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code topicstorm judge} against a real Elasticsearch node, on a crawl whose status documents (with the page
 * summaries the crawl keeps) are written by the crawler's own {@link StatusWriter}:
 * <pre>
 *   fetched   a.test/1 0.50 relevant   a.test/2 0.30   a.test/3 0.10
 *             b.test/1 0.45 relevant   b.test/2 0.40 relevant
 *             c.test/1 0.38            c.test/2 0.90 relevant
 *   waiting   d.test/1 (never a candidate)
 * </pre>
 * The crawl's threshold is then the lowest score of a relevant page, 0.40 (b.test/2).
 */
class JudgeCommandIT extends CliTest {

    private static final String CRAWL = "judge-cli-it";
    private static final String A1 = "http://a.test/1";
    private static final String A2 = "http://a.test/2";
    private static final String A3 = "http://a.test/3";
    private static final String B1 = "http://b.test/1";
    private static final String B2 = "http://b.test/2";
    private static final String C1 = "http://c.test/1";
    private static final String C2 = "http://c.test/2";
    private static final String D1 = "http://d.test/1";

    private final CrawlIndices indices = new CrawlIndices(CRAWL);
    private final InputStream stdin = System.in;
    private ElasticsearchClient es;
    private String url;

    @TempDir
    Path dir;

    @BeforeEach
    void crawl() throws Exception {
        url = EsTestNode.url().toString();
        es = EsClients.create(EsTestNode.settings());
        indices.delete(es);
        indices.ensure(es, 1);
        StatusWriter writer = new StatusWriter(es, indices.status(), indices.links(),
                new StatusMerge(new Schedule(null, null, Duration.ofMinutes(120), 3)), Clock.systemUTC());
        List<StatusUpdate> found = new ArrayList<>();
        for (String u : List.of(A1, A2, A3, B1, B2, C1, C2, D1)) {
            found.add(StatusUpdate.discovered(u, 0.5, 1, 0, null, null));
        }
        write(writer, found);
        write(writer, List.of(fetched(A1, 0.50, true), fetched(A2, 0.30, false), fetched(A3, 0.10, false),
                fetched(B1, 0.45, true), fetched(B2, 0.40, true), fetched(C1, 0.38, false),
                fetched(C2, 0.90, true)));
        es.indices().refresh(r -> r.index(indices.status()));
    }

    @AfterEach
    void cleanUp() throws Exception {
        System.setIn(stdin);
        indices.delete(es);
        es.close();
    }

    /** A fetch outcome as the relevance bolt reports it, with the page's summary. */
    private static StatusUpdate fetched(String u, double score, boolean relevant) {
        String name = u.substring("http://".length()).replace(".test", "");
        return new StatusUpdate(u, Status.FETCHED, 0, 1, 0, null, null, score, relevant, null, Map.of())
                .withPage(new PageSummary("Page " + name + " about bees", "The text of page " + name
                        + " about honey bees and their hives.", List.of("bees", "honey"), Map.of()));
    }

    private static void write(StatusWriter writer, List<StatusUpdate> updates) {
        for (boolean ok : writer.write(updates)) {
            assertTrue(ok, "status write failed");
        }
    }

    private int judge(String input, String... args) {
        System.setIn(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)));
        List<String> all = new ArrayList<>(List.of("judge", "--crawl", CRAWL, "--es-url", url));
        all.addAll(List.of(args));
        return run(all.toArray(String[]::new));
    }

    private String output() {
        String s = out.toString();
        out.getBuffer().setLength(0);
        return s;
    }

    /** The crawl's judgements, read by a client of its own: they live in Elasticsearch. */
    private static Map<String, Judgement> stored() throws Exception {
        try (ElasticsearchClient fresh = EsClients.create(EsTestNode.settings())) {
            return new JudgementStore(fresh, new CrawlIndices(CRAWL)).all().stream()
                    .collect(Collectors.toMap(Judgement::url, j -> j, (a, b) -> b, TreeMap::new));
        }
    }

    @Test
    void judgesInTheTerminalStoringEachAnswerAndLeavingOutJudgedPages() throws Exception {
        // judged before: not in the sample
        new JudgementStore(es, indices).put(List.of(Judgement.of(B2, true, "earlier", 1000L, 0.40, true)));
        // threshold 0.40; distances c1 .02, b1 .05, a1 .10, a2 .10, a3 .30, c2 .50. Pass 1, each host's nearest:
        // c1, b1, a1 (before a2: nearer, 0.5 - 0.4 < 0.4 - 0.3 in doubles, and first by URL anyway); pass 2: a2, c2.
        // Answers: c1 yes, b1 no, "bogus" asked again, a1 skipped, a2 quit.
        assertEquals(0, judge("y\nn\nbogus\ns\nq\n", "--sample", "5", "--who", "tester", "--near-only"),
                err.toString());
        String o = output();
        assertTrue(o.startsWith("Crawl 'judge-cli-it', threshold 0.400 (the lowest score of a page the crawl judged "
                + "relevant)\n5 pages nearest the threshold, over 3 hosts; answers are stored in judge-cli-it-judgements"
                + " as 'tester'\n"), o);
        assertTrue(o.contains("(1/5) Page c/1 about bees\n    http://c.test/1\n    crawler: score 0.380, not relevant\n"
                + "    terms:   bees, honey\n    The text of page c/1 about honey bees and their hives.\n"), o);
        int[] at = {o.indexOf("(1/5) Page c/1"), o.indexOf("(2/5) Page b/1"), o.indexOf("(3/5) Page a/1"),
                o.indexOf("(4/5) Page a/2")};
        for (int i = 0; i < at.length; i++) {
            assertTrue(at[i] > 0 && (i == 0 || at[i] > at[i - 1]), "page " + (i + 1) + " not in order: " + o);
        }
        assertTrue(o.contains("Please answer y (relevant), n (not relevant), s (skip) or q (quit)."), o);
        assertTrue(!o.contains("(5/5)"), o);
        assertTrue(o.endsWith("2 judged (1 relevant, 1 not relevant), 1 skipped, quit\n"), o);

        Map<String, Judgement> stored = stored();
        assertEquals(List.of(B1, B2, C1), new ArrayList<>(stored.keySet()));
        assertJudgement(stored.get(C1), true, "tester", 0.38, false);
        assertJudgement(stored.get(B1), false, "tester", 0.45, true);
        assertEquals(Judgement.of(B2, true, "earlier", 1000L, 0.40, true), stored.get(B2));

        // the next session leaves out what this one judged: a1 (skipped) comes first now; the end of the input quits
        assertEquals(0, judge("", "--sample", "2", "--near-only"), err.toString());
        o = output();
        assertTrue(o.contains("(1/2) Page a/1 about bees"), o);
        assertTrue(o.endsWith("0 judged (0 relevant, 0 not relevant), 0 skipped, quit\n"), o);
        assertEquals(3, stored().size());
    }

    private static void assertJudgement(Judgement j, boolean relevant, String who, Double score, Boolean verdict) {
        assertEquals(relevant, j.relevant(), j.toString());
        assertEquals(who, j.who(), j.toString());
        assertEquals(score, j.score(), j.toString());
        assertEquals(verdict, j.verdict(), j.toString());
        assertTrue(j.judged() > 1_700_000_000_000L, j.toString());
    }

    @Test
    void samplesAroundTheSelfTunedThresholdOrTheGivenOne() throws Exception {
        // the self-tuning state (written by the crawl when self-tuning is on): r = 0.9, nearest c2
        new EsModelStateStore(es, indices.model()).save("threshold",
                Map.of("r", 0.9, "history", List.of(Map.of("r", 0.4))));
        assertEquals(0, judge("q\n", "--sample", "3"), err.toString());
        String o = output();
        assertTrue(o.startsWith("Crawl 'judge-cli-it', threshold 0.900 (the crawl's self-tuned threshold)\n"), o);
        assertTrue(o.contains("(1/3) Page c/2 about bees"), o);
        // given: 0.1, nearest a3
        assertEquals(0, judge("q\n", "--sample", "3", "--threshold", "0.1"), err.toString());
        o = output();
        assertTrue(o.startsWith("Crawl 'judge-cli-it', threshold 0.100 (given)\n"), o);
        assertTrue(o.contains("(1/3) Page a/3 about bees"), o);
    }

    @Test
    void aMalformedCsvNamesItsLineAndImportsNothing() throws Exception {
        Path csv = Files.writeString(dir.resolve("labels.csv"),
                "url,relevant\n" + A1 + ",yes\n" + A2 + ",no\n" + C1 + "\n" + C2 + ",yes\n");
        assertEquals(1, judge("", "--import", csv.toString()));
        assertEquals("topicstorm: " + csv + ": 1 malformed line, nothing imported:\n  " + csv
                + ":4: missing column relevant (column 2)", err.toString().strip());
        assertEquals(Map.of(), stored());
    }

    @Test
    void importFillsTheCrawlersScoreOfFetchedPagesAndExportReadsBack() throws Exception {
        Path labels = Files.writeString(dir.resolve("labels.csv"),
                "url,relevant,note\n" + A1 + ",no,off topic\n" + C2 + ",Yes,\n" + D1 + ",1,\n"
                        + "http://elsewhere.test/x,irrelevant,not in the crawl\n");
        assertEquals(0, judge("", "--import", labels.toString()), err.toString());
        assertEquals("Imported 4 judgements from " + labels + " into judge-cli-it-judgements as 'import'; the crawl "
                + "has fetched 2 of these pages (the others have no crawler score or verdict)\n", output());
        Map<String, Judgement> stored = stored();
        assertEquals(4, stored.size());
        assertJudgement(stored.get(A1), false, "import", 0.50, true);
        assertJudgement(stored.get(C2), true, "import", 0.90, true);
        assertJudgement(stored.get(D1), true, "import", null, null);
        assertNull(stored.get("http://elsewhere.test/x").score());

        Path export = dir.resolve("export.csv");
        assertEquals(0, judge("", "--export", export.toString()), err.toString());
        assertEquals("Exported 4 judgements of crawl 'judge-cli-it' to " + export + "\n", output());
        List<String> lines = Files.readAllLines(export);
        assertEquals("url,relevant,who,judged,score,verdict", lines.get(0));
        assertEquals(5, lines.size(), lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.matches(
                "http://a\\.test/1,false,import,\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z,0\\.5,true")), lines.toString());
        assertTrue(lines.contains("http://d.test/1,true,import," + lines.stream().filter(l -> l.startsWith(D1))
                .findFirst().orElseThrow().split(",")[3] + ",,"), lines.toString());

        // the judgements gone (a crawl made before judgements were kept has no index at all): the export imports
        // back to the same labels, the scores filled again from the status documents
        es.indices().delete(d -> d.index(indices.judgements()));
        assertEquals(0, judge("", "--import", export.toString(), "--who", "restored"), err.toString());
        assertTrue(output().startsWith("Imported 4 judgements"));
        Map<String, Judgement> back = stored();
        assertEquals(stored.keySet(), back.keySet());
        for (String u : stored.keySet()) {
            assertEquals(stored.get(u).relevant(), back.get(u).relevant(), u);
            assertEquals(stored.get(u).score(), back.get(u).score(), u);
            assertEquals(stored.get(u).verdict(), back.get(u).verdict(), u);
            assertEquals("restored", back.get(u).who(), u);
        }
    }

    @Test
    void aMissingCrawlIsAClearError() throws Exception {
        new CrawlIndices("no-such-judge-crawl").delete(es);
        assertEquals(1, run("judge", "--crawl", "no-such-judge-crawl", "--es-url", url));
        assertEquals("topicstorm: no crawl named 'no-such-judge-crawl' (index no-such-judge-crawl-status does not "
                + "exist)", err.toString().strip());
    }
}
