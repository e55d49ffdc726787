package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.judge.Judgement;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.judge.JudgementStore;
import org.topicstorm.text.TagWeights;
import org.topicstorm.topic.RelevanceSettings;
import org.topicstorm.topic.RelevanceSettings.Model;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JudgementRoundsTest {

    private static final double EPS = 1e-9;
    private static final RelevanceSettings.SelfTuning TUNING = new RelevanceSettings.SelfTuning(0.85, 0.05, 0.05,
            0.01, 3);

    /** Judgements and status documents in memory, read as from Elasticsearch (in (judged, url) order). */
    static final class Memory implements JudgementRounds.Source {
        final List<Judgement> judgements = new ArrayList<>();
        final Map<String, StatusDoc> docs = new HashMap<>();

        void judge(String url, boolean relevant, long at) {
            judgements.add(Judgement.of(url, relevant, "test", at, null, null));
        }

        void page(String url, double score, Map<String, Double> features) {
            docs.put(url, new StatusDoc(url, "a.test", "FETCHED", CrawlState.DONE, score >= 0.2, score, score, null,
                    1, 0, 1, List.of(), null, null, null, 1, 0, 0, 0L, 0L, 0, Map.of(), null, null, null, null,
                    new PageSummary("t", "s", List.of(), features), null));
        }

        @Override
        public List<Judgement> since(JudgementStore.Cursor after) {
            return judgements.stream()
                    .sorted(Comparator.comparingLong(Judgement::judged).thenComparing(Judgement::url))
                    .filter(j -> j.judged() > after.judged()
                            || j.judged() == after.judged() && j.url().compareTo(after.url()) > 0)
                    .toList();
        }

        @Override
        public List<Judgement> all() {
            return since(JudgementStore.Cursor.START);
        }

        final List<JudgementRounds.Verdict> written = new ArrayList<>();

        @Override
        public List<StatusDoc> recentlyFetched(int max) {
            return docs.values().stream().limit(max).toList();
        }

        @Override
        public void verdicts(List<JudgementRounds.Verdict> verdicts) {
            written.addAll(verdicts);
            for (JudgementRounds.Verdict v : verdicts) {
                StatusDoc d = docs.get(v.url());
                docs.put(v.url(), new StatusDoc(d.url(), d.host(), d.status(), d.state(), v.relevant(), v.relevance(),
                        v.relevance(), null, 1, 0, 1, List.of(), null, null, null, 1, 0, 0, 0L, 0L, 0, Map.of(), null,
                        null, null, null, d.page(), null));
            }
        }

        @Override
        public Map<String, StatusDoc> statusOf(Collection<String> urls) {
            Map<String, StatusDoc> out = new HashMap<>();
            urls.forEach(u -> {
                if (docs.containsKey(u)) {
                    out.put(u, docs.get(u));
                }
            });
            return out;
        }
    }

    private static Topic classifierTopic(double threshold) {
        return TopicLoader.fromString("""
                name: t
                languages: [en]
                keywords: {cloud: 1.0}
                seeds: [http://a.test/seed]
                threshold: %s
                relevance: {model: classifier}
                """.formatted(threshold), "t.yaml");
    }

    /** The topic's classifier over its keyword score, no URL words, threshold 0.5 on P, not trained. */
    private static PageClassifier untrained(Topic topic) {
        return new PageClassifier(List.of(new PageClassifier.Feature(Model.KEYWORDS,
                new WeightedKeywordModel(topic, RelevanceModels.analyzer(topic)))), TagWeights.DEFAULT, 50, false,
                topic.threshold(), 0.5, PageClassifier.State.UNTRAINED);
    }

    @Test
    void eachRoundTunesOnTheNewJudgementsOnlyAndRemembersWhereItIs() throws Exception {
        Memory m = new Memory();
        // r = 0.2: four kept pages, two relevant: precision 0.5 < 0.8 -> up to 0.25
        m.page("http://a.test/1", 0.3, Map.of());
        m.page("http://a.test/2", 0.4, Map.of());
        m.page("http://a.test/3", 0.5, Map.of());
        m.page("http://a.test/4", 0.6, Map.of());
        m.page("http://a.test/5", 0.1, Map.of());
        m.judge("http://a.test/1", false, 10);
        m.judge("http://a.test/2", false, 11);
        m.judge("http://a.test/3", true, 12);
        m.judge("http://a.test/4", true, 12);
        m.judge("http://a.test/5", false, 13);
        ThresholdTuner tuner = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.2, "prior"));
        JudgementRounds rounds = new JudgementRounds(m, tuner, null, 10, List.of(), JudgementRounds.Progress.START);
        assertEquals(5, rounds.round(100));
        assertEquals(0.25, tuner.threshold(), EPS);
        // the judged pages took the person's verdict where it differed from the crawler's (score >= 0.2)
        assertEquals(List.of(new JudgementRounds.Verdict("http://a.test/1", 0.3, false),
                new JudgementRounds.Verdict("http://a.test/2", 0.4, false)), m.written);
        assertEquals(false, m.docs.get("http://a.test/1").relevant());
        assertEquals(new JudgementRounds.Progress(13, 5, List.of(), List.of(seen("http://a.test/1", 10),
                seen("http://a.test/2", 11), seen("http://a.test/3", 12), seen("http://a.test/4", 12),
                seen("http://a.test/5", 13))), rounds.state());
        // nothing new: nothing moves
        assertEquals(0, rounds.round(200));
        assertEquals(0.25, tuner.threshold(), EPS);
        // a resumed crawl starts where the last left off: only the new judgement is read
        m.judge("http://a.test/6", true, 14);
        m.page("http://a.test/6", 0.9, Map.of());
        JudgementRounds resumed = new JudgementRounds(m, tuner, null, 10, List.of(), rounds.state());
        assertEquals(1, resumed.round(300));
        // one kept page is too few (min 3): it waits for the next round
        assertEquals(List.of("http://a.test/6"), resumed.state().pending());
        assertEquals(0.25, tuner.threshold(), EPS);
        m.judge("http://a.test/7", true, 15);
        m.page("http://a.test/7", 0.8, Map.of());
        m.judge("http://a.test/8", true, 16);
        m.page("http://a.test/8", 0.7, Map.of());
        assertEquals(2, resumed.round(400));
        // pages 6, 7, 8 all relevant: precision 1 -> down; the direction turned, so half the step: 0.25 - 0.025
        assertEquals(0.225, tuner.threshold(), EPS);
        assertTrue(resumed.state().pending().isEmpty());
        assertEquals(8, resumed.state().read());
    }

    private static JudgementRounds.Seen seen(String url, long at) {
        return new JudgementRounds.Seen(UrlIds.id(url), at);
    }

    @Test
    void aJudgementThatBecomesVisibleAfterALaterOneIsReadOnceWithinTheLookBack() throws Exception {
        Memory m = new Memory();
        for (int i = 1; i <= 6; i++) {
            m.page("http://a.test/" + i, 0.5, Map.of());
        }
        JudgementRounds rounds = new JudgementRounds(m, null, null, 10, List.of(), JudgementRounds.Progress.START);
        long t = 1_000_000;
        // one bulk of four judgements at t, made visible in two parts: the later URLs first
        m.judge("http://a.test/3", true, t);
        m.judge("http://a.test/4", true, t);
        assertEquals(2, rounds.round(t + 10));
        m.judge("http://a.test/1", true, t);
        m.judge("http://a.test/2", true, t);
        assertEquals(2, rounds.round(t + 20)); // a cursor at (t, /4) would never read /1 and /2
        assertEquals(0, rounds.round(t + 30));
        assertEquals(4, rounds.state().read());
        assertEquals(t, rounds.state().judged());
        // a judgement from a clock a little behind, inside the look-back: read
        m.judge("http://a.test/5", false, t - JudgementRounds.LOOK_BACK_MS);
        assertEquals(1, rounds.round(t + 40));
        // one beyond the look-back is not read by the rounds (the classifier would still train on it)
        m.judge("http://a.test/6", false, t - JudgementRounds.LOOK_BACK_MS - 1);
        assertEquals(0, rounds.round(t + 50));
        assertEquals(5, rounds.state().read());
        // what is remembered is only what the look-back still reaches: after a judgement at t + 60 000, /5 (at
        // t - 120 000) has left the window, the four at t stay (in the order read)
        m.judge("http://a.test/7", true, t + 60_000);
        assertEquals(1, rounds.round(t + 60_000));
        assertEquals(List.of(seen("http://a.test/3", t), seen("http://a.test/4", t), seen("http://a.test/1", t),
                seen("http://a.test/2", t), seen("http://a.test/7", t + 60_000)), rounds.state().recent());
        // a clock an hour ahead: its judgement is read, but the newest time moves only to now, so a judgement
        // from a right clock a minute later is still read
        m.judge("http://a.test/8", true, t + 3_600_000);
        assertEquals(1, rounds.round(t + 70_000));
        assertEquals(t + 70_000, rounds.state().judged());
        m.judge("http://a.test/9", true, t + 80_000);
        assertEquals(1, rounds.round(t + 90_000));
        assertEquals(8, rounds.state().read());
    }

    @Test
    void aProgressSavedByAnEarlierVersionStillLoads() throws Exception {
        JudgementRounds.Progress p = new com.fasterxml.jackson.databind.ObjectMapper().readValue(
                "{\"judged\":13,\"url\":\"http://a.test/5\",\"read\":5,\"pending\":[]}",
                JudgementRounds.Progress.class);
        assertEquals(new JudgementRounds.Progress(13, 5, List.of(), List.of()), p);
    }

    @Test
    void theClassifierLearnsOnceEnoughJudgementsOfBothVerdictsAndTheThresholdStartsAgainOnItsScale() throws Exception {
        Topic topic = classifierTopic(0.2);
        PageClassifier classifier = untrained(topic);
        ThresholdTuner tuner = new ThresholdTuner(TUNING, ThresholdTuner.initialState(TUNING, 0.2, "prior"));
        Memory m = new Memory();
        m.page("http://a.test/seed", 0.9, Map.of("m:keywords", 0.9, "t:cloud", 0.8));
        JudgementRounds rounds = new JudgementRounds(m, tuner, classifier, 3, topic.seeds(),
                JudgementRounds.Progress.START);
        // the prior (keywords >= 0.2) keeps the menu pages (0.3): they are judged irrelevant
        for (int i = 0; i < 3; i++) {
            m.page("http://a.test/n" + i, 0.3, Map.of("m:keywords", 0.3, "t:menu", 0.9));
            m.judge("http://a.test/n" + i, false, i);
        }
        rounds.round(10);
        // 3 judgements + the seed: only one relevant example, fewer than 3 of each verdict: no training
        assertFalse(classifier.trained());
        for (int i = 0; i < 2; i++) {
            m.page("http://a.test/r" + i, 0.8, Map.of("m:keywords", 0.8, "t:cloud", 0.9));
            m.judge("http://a.test/r" + i, true, 5 + i);
        }
        rounds.round(20);
        // 3 of each; in cross-validation the classifier tells menu from cloud pages, while the prior's balanced
        // accuracy is (1 + 0) / 2 = 0.5 (it keeps every page): it replaces the prior
        assertTrue(classifier.trained());
        assertEquals(6, classifier.state().examples());
        assertEquals(3, classifier.state().positives());
        assertEquals("classifier", tuner.state().basis());
        assertEquals(0.5, tuner.threshold(), EPS);
        assertTrue(classifier.probability(Map.of("m:keywords", 0.9, "t:cloud", 0.8)) > 0.5);
        // every fetched page was judged again by the classifier: its score is now P(relevant) and its verdict
        // P >= the threshold, except where a person judged it
        for (StatusDoc d : m.docs.values()) {
            double p = classifier.probability(d.page().features());
            assertEquals(p, d.relevance(), EPS, d.url());
            boolean judgedIrrelevant = d.url().contains("/n");
            assertEquals(judgedIrrelevant ? false : p >= 0.5, d.relevant(), d.url());
        }
        // a judgement overrides the seed's presumed relevance
        m.judge("http://a.test/seed", false, 9);
        m.page("http://a.test/r2", 0.8, Map.of("m:keywords", 0.8, "t:cloud", 0.9));
        m.judge("http://a.test/r2", true, 10);
        rounds.round(30);
        assertEquals(7, classifier.state().examples());
        assertEquals(3, classifier.state().positives());
        assertEquals(2, classifier.state().version());
    }

    @Test
    void theClassifierDoesNotReplaceAPriorThatJudgesBetter() throws Exception {
        PageClassifier classifier = untrained(classifierTopic(0.5));
        Memory m = new Memory();
        // the keyword score alone separates the verdicts (prior: balanced accuracy 1); the terms are noise, every
        // page its own, so a classifier cannot do better
        for (int i = 0; i < 4; i++) {
            m.page("http://a.test/r" + i, 0.8, Map.of("m:keywords", 0.8, "t:r" + i, 1.0));
            m.judge("http://a.test/r" + i, true, i);
            m.page("http://a.test/n" + i, 0.2, Map.of("m:keywords", 0.2, "t:n" + i, 1.0));
            m.judge("http://a.test/n" + i, false, 10 + i);
        }
        JudgementRounds rounds = new JudgementRounds(m, null, classifier, 3, List.of(), JudgementRounds.Progress.START);
        rounds.round(100);
        assertFalse(classifier.trained());
        assertEquals(0, classifier.state().version());
    }
}
