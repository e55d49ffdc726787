package org.topicstorm.judge;

import org.junit.jupiter.api.Test;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JudgeImportTest {

    private static StatusDoc doc(String url, String status, Boolean relevant, Double relevance) {
        return new StatusDoc(url, "a.test", status, CrawlState.WAITING, relevant, relevance, 0.5, null, 1, 0, 0,
                List.of(), null, null, null, 0, 0, 0, null, null, 0, Map.of());
    }

    @Test
    void fetchedPagesGetTheCrawlersScoreAndVerdictOthersNone() {
        List<JudgeCsv.Label> labels = List.of(new JudgeCsv.Label("http://a.test/fetched", false, 2),
                new JudgeCsv.Label("http://a.test/waiting", true, 3),
                new JudgeCsv.Label("http://a.test/unknown", true, 4),
                new JudgeCsv.Label("http://a.test/error", false, 5));
        Map<String, StatusDoc> status = Map.of(
                "http://a.test/fetched", doc("http://a.test/fetched", "FETCHED", true, 0.62),
                "http://a.test/waiting", doc("http://a.test/waiting", "DISCOVERED", null, null),
                "http://a.test/error", doc("http://a.test/error", "FETCH_ERROR", null, null));
        JudgeImport.Result r = JudgeImport.judgements(labels, status, "import", 42L);
        assertEquals(1, r.fetched());
        assertEquals(List.of(Judgement.of("http://a.test/fetched", false, "import", 42L, 0.62, true),
                Judgement.of("http://a.test/waiting", true, "import", 42L, null, null),
                Judgement.of("http://a.test/unknown", true, "import", 42L, null, null),
                Judgement.of("http://a.test/error", false, "import", 42L, null, null)), r.judgements());
    }

    @Test
    void aUrlLabelledTwiceCountsOnceWithItsLaterLabel() {
        List<JudgeCsv.Label> labels = List.of(new JudgeCsv.Label("http://a.test/1", true, 2),
                new JudgeCsv.Label("http://a.test/2", true, 3), new JudgeCsv.Label("http://a.test/1", false, 4));
        JudgeImport.Result r = JudgeImport.judgements(labels, Map.of(), "bob", 7L);
        assertEquals(List.of(Judgement.of("http://a.test/2", true, "bob", 7L, null, null),
                Judgement.of("http://a.test/1", false, "bob", 7L, null, null)), r.judgements());
        assertEquals(0, r.fetched());
    }
}
