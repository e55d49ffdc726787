package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.relevance.MemoryStateStore;
import org.topicstorm.relevance.ModelStateStore;
import org.topicstorm.topic.LinkSettings;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkLearnerTest {

    /** A crawl in memory: judged pages (with their links' tokens and URLs) and waiting URLs. */
    static final class FakeCrawl implements LinkLearner.Crawl {
        final List<LinkClassifier.Example> judged = new ArrayList<>();
        final List<String> judgedUrls = new ArrayList<>();
        final List<LinkLearner.Waiting> waiting = new ArrayList<>();
        final List<LinkLearner.Waiting> rescoredUrls = new ArrayList<>();
        final List<Lift> rescored = new ArrayList<>();
        final List<String> askedRegions = new ArrayList<>();

        void judge(int relevant, int irrelevant) {
            for (int i = 0; i < relevant; i++) {
                judged.add(new LinkClassifier.Example(List.of("u:scalc", "rel:extends"), true));
                judgedUrls.add("http://h/scalc/" + judged.size() + ".html");
            }
            for (int i = 0; i < irrelevant; i++) {
                judged.add(new LinkClassifier.Example(List.of("u:swriter", "rel:extends"), false));
                judgedUrls.add("http://h/swriter/" + judged.size() + ".html");
            }
        }

        @Override
        public long judgedPages() {
            return judged.size();
        }

        @Override
        public List<LinkClassifier.Example> recentExamples(int max) {
            return judged.subList(Math.max(0, judged.size() - max), judged.size());
        }

        @Override
        public List<LinkLearner.Waiting> bestWaiting(int max) {
            return waiting.subList(0, Math.min(max, waiting.size()));
        }

        @Override
        public List<LinkLearner.Waiting> waitingIn(String region, int max) {
            askedRegions.add(region);
            return waiting.stream().filter(w -> UrlRegions.of(w.url()).contains(region)).limit(max).toList();
        }

        @Override
        public RegionHarvest.State regionCounts(int maxRegions) {
            Map<String, long[]> counts = new HashMap<>();
            long relevant = 0;
            for (int i = 0; i < judged.size(); i++) {
                boolean r = judged.get(i).relevant();
                relevant += r ? 1 : 0;
                for (String region : UrlRegions.of(judgedUrls.get(i))) {
                    long[] c = counts.computeIfAbsent(region, k -> new long[2]);
                    c[0]++;
                    c[1] += r ? 1 : 0;
                }
            }
            Map<String, RegionHarvest.Count> regions = new HashMap<>();
            counts.forEach((k, c) -> regions.put(k, new RegionHarvest.Count(c[0], c[1])));
            return new RegionHarvest.State(0, new RegionHarvest.Count(judged.size(), relevant), regions);
        }

        @Override
        public void refresh() {
            // writes are visible at once
        }

        /** Runs at each rescore's start: what happens in the crawl while the learner writes. */
        Runnable duringRescore = () -> { };
        int rescores;

        /** Writes the lifts into the waiting URLs, as the status index keeps them. */
        @Override
        public int rescore(List<LinkLearner.Waiting> urls, List<Lift> lifts) {
            duringRescore.run();
            rescores++;
            rescoredUrls.clear();
            rescoredUrls.addAll(urls);
            rescored.clear();
            rescored.addAll(lifts);
            for (int i = 0; i < urls.size(); i++) {
                String url = urls.get(i).url();
                double factor = lifts.get(i).factor();
                waiting.replaceAll(w -> w.url().equals(url) ? new LinkLearner.Waiting(url, w.features(), factor) : w);
            }
            return urls.size();
        }
    }

    /** retrain-every 10, min-examples 6, max-examples 100, rescore 1; regions off: the classifier alone */
    private static final LinkSettings.Learned CLASSIFIER_ONLY = new LinkSettings.Learned(10, 6, 100, 1,
            LinkSettings.Target.VERDICT, LinkSettings.Prior.LINK_TOPOLOGY, 0, 0);
    /** the same with the regions' harvest (m = 2) and a rescore budget of 4 */
    private static final LinkSettings.Learned WITH_REGIONS = new LinkSettings.Learned(10, 6, 100, 4,
            LinkSettings.Target.VERDICT, LinkSettings.Prior.LINK_TOPOLOGY, 0, 2);

    @Test
    void theWriterTrainsOnItsExecutorNotOnTheCallersThreadAndOneRunAtATime() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        List<Runnable> queued = new ArrayList<>();
        LinkLearner writer = new LinkLearner(crawl, new MemoryStateStore(), CLASSIFIER_ONLY,
                SparseLogistic.Options.DEFAULT, true, 1000, 0, queued::add);
        crawl.judge(4, 4);
        writer.maybeRun(1000);
        assertNull(writer.current(), "the caller's thread does not train");
        assertEquals(1, queued.size());
        writer.maybeRun(2000);
        assertEquals(1, queued.size(), "no second run while the first is under way");
        queued.remove(0).run();
        assertEquals(1, writer.current().version(), "trained once the executor ran it");
        writer.maybeRun(1900);
        assertEquals(0, queued.size(), "the last run began at 1000: not a new interval yet");
        writer.maybeRun(2500);
        assertEquals(1, queued.size(), "a new interval since the run that began at 1000 (the refusal at 2000 "
                + "did not count as one)");
    }

    @Test
    void theWriterTrainsOnceEnoughPagesWereJudgedThenEveryRetrainEvery() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        crawl.waiting.add(new LinkLearner.Waiting("http://h/scalc/a.html", List.of("u:scalc", "rel:extends")));
        crawl.waiting.add(new LinkLearner.Waiting("http://h/swriter/b.html", List.of("u:swriter", "rel:extends")));
        MemoryStateStore store = new MemoryStateStore();
        LinkLearner writer = new LinkLearner(crawl, store, CLASSIFIER_ONLY, SparseLogistic.Options.DEFAULT, true,
                1000, 0);

        crawl.judge(3, 2);
        writer.maybeRun(1000);
        assertNull(writer.current(), "5 judged pages < min-examples 6");
        crawl.judge(3, 0);
        writer.maybeRun(1500);
        assertNull(writer.current(), "not yet a new interval");
        writer.maybeRun(2000);
        assertEquals(1, writer.current().version());
        assertEquals(8, writer.current().classifier().state().judged());
        assertSame(RegionHarvest.NONE, writer.current().regions(), "regions off");
        // rescore: the one best waiting URL (rescore = 1), with the new classifier's lift (a lift of 1 is written
        // only if it differs from the stored one by more than 10 %: here it is far from 1)
        assertEquals(1, crawl.rescored.size());
        assertEquals(writer.current().lift("http://h/scalc/a.html", List.of("u:scalc", "rel:extends")),
                crawl.rescored.get(0));
        assertEquals(1, crawl.rescored.get(0).version());

        crawl.judge(5, 4); // 17 judged: 9 since the last training < retrain-every 10
        writer.maybeRun(3000);
        assertEquals(1, writer.current().version());
        crawl.judge(1, 0);
        writer.maybeRun(4000);
        assertEquals(2, writer.current().version());
        LinkClassifier c = writer.current().classifier();
        assertTrue(c.probability(List.of("u:scalc")) > c.probability(List.of("u:swriter")));

        // a reader loads what the writer stored, and so does a new writer (a resumed crawl continues from it)
        LinkLearner reader = new LinkLearner(crawl, store, CLASSIFIER_ONLY, SparseLogistic.Options.DEFAULT, false,
                1000, 0);
        reader.maybeRun(0);
        assertEquals(2, reader.current().version());
        LinkLearner resumed = new LinkLearner(crawl, store, CLASSIFIER_ONLY, SparseLogistic.Options.DEFAULT, true,
                1000, 0);
        resumed.maybeRun(0);
        assertEquals(2, resumed.current().version());
        crawl.judge(10, 0);
        resumed.maybeRun(1000);
        assertEquals(3, resumed.current().version());
    }

    @Test
    void theRegionsGiveAScorerBeforeTheFirstClassifierAndANewVersionWheneverMorePagesWereJudged() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        MemoryStateStore store = new MemoryStateStore();
        LinkLearner writer = new LinkLearner(crawl, store, WITH_REGIONS, SparseLogistic.Options.DEFAULT, true, 1000,
                0);
        assertFalse(writer.update(), "nothing judged: nothing to publish");
        assertNull(writer.current());

        crawl.judge(2, 1); // judged 1, 2 in h/scalc (relevant), 3 in h/swriter
        assertTrue(writer.update());
        LinkScorer scorer = writer.current();
        assertEquals(1, scorer.version());
        assertNull(scorer.classifier(), "3 judged pages < min-examples 6");
        // crawl 2 of 3: p0 = 3/5; h 2 of 3: (2 + 2 x 0.6) / (3 + 2) = 0.64; h/scalc 2 of 2: (2 + 1.28) / 4 = 0.82;
        // factor odds(0.82) / odds(0.6) = (0.82 / 0.18) / 1.5
        assertEquals((0.82 / 0.18) / 1.5, scorer.regions().factor("http://h/scalc/new.html"), 1e-9);
        assertEquals(1, scorer.regions().state().version(), "the regions carry the scorer's version");
        assertFalse(writer.update(), "no page judged since: no new version");
        assertEquals(1, writer.current().version());

        crawl.judge(0, 1);
        assertTrue(writer.update());
        assertEquals(2, writer.current().version());
        // a reader and a resumed writer load the regions and the version
        LinkLearner reader = new LinkLearner(crawl, store, WITH_REGIONS, SparseLogistic.Options.DEFAULT, false, 1000,
                0);
        reader.maybeRun(0);
        assertEquals(2, reader.current().version());
        assertEquals(writer.current().regions().factor("http://h/scalc/x.html"),
                reader.current().regions().factor("http://h/scalc/x.html"), 1e-12);
    }

    @Test
    void waitingUrlsOfARegionThatRoseAreRescoredThoughTheyRankLow() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        // the best waiting URLs first; the scalc URL ranks low, beyond the half of the budget the best ones take
        crawl.waiting.add(new LinkLearner.Waiting("http://h/other/1.html", List.of("u:other"), null));
        crawl.waiting.add(new LinkLearner.Waiting("http://h/other/2.html", List.of("u:other"), null));
        crawl.waiting.add(new LinkLearner.Waiting("http://h/other/3.html", List.of("u:other"), null));
        crawl.waiting.add(new LinkLearner.Waiting("http://h/scalc/low.html", List.of("u:scalc"), null));
        LinkLearner writer = new LinkLearner(crawl, new MemoryStateStore(), WITH_REGIONS,
                SparseLogistic.Options.DEFAULT, true, 1000, 0);
        crawl.judge(0, 2); // two irrelevant swriter pages: p0 = 1/4, h = (0 + 2 x 1/4) / 4 = 1/8: factor 3/7
        writer.update();
        assertEquals(List.of(), crawl.askedRegions, "no region rose from nothing known (factor 1) to 3/7");
        assertEquals(4, crawl.rescoredUrls.size(), "the best waiting URLs, the whole budget: 1 -> 3/7 each");
        assertEquals(3.0 / 7, crawl.rescored.get(0).factor(), 1e-9);

        crawl.judge(3, 0); // three relevant scalc pages: h/scalc rises from 3/7 to about 3.84
        Map<String, Double> stored = new HashMap<>();
        crawl.waiting.forEach(w -> stored.put(w.url(), w.lift()));
        assertEquals(3.0 / 7, stored.get("http://h/scalc/low.html"), 1e-9, "the first update's lift, stored");
        writer.update();
        assertEquals("h/scalc", crawl.askedRegions.get(0), "the richest risen region first: " + crawl.askedRegions);
        List<String> rescored = crawl.rescoredUrls.stream().map(LinkLearner.Waiting::url).toList();
        assertTrue(rescored.contains("http://h/scalc/low.html"), rescored.toString());
        // each rewritten lift moved by more than 10 % from the stored one
        for (int i = 0; i < crawl.rescored.size(); i++) {
            double was = stored.get(crawl.rescoredUrls.get(i).url());
            assertTrue(Math.abs(Math.log(crawl.rescored.get(i).factor() / was)) > Math.log(LinkLearner.CHANGE),
                    crawl.rescored.get(i) + " from " + was);
        }
    }

    @Test
    void theQueueIsRescoredBeforeNewLinksGetTheNewScorerAndLinksScoredMeanwhileAreCaughtUp() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        crawl.waiting.add(new LinkLearner.Waiting("http://h/swriter/queued.html", List.of("u:swriter"), null));
        MemoryStateStore store = new MemoryStateStore();
        LinkLearner writer = new LinkLearner(crawl, store, WITH_REGIONS, SparseLogistic.Options.DEFAULT, true,
                1000, 0);
        List<Object> seenWhileRescoring = new ArrayList<>();
        crawl.duringRescore = () -> {
            if (crawl.rescores == 0) {
                // what new links are scored with (this task, and a reader that loads the stored one) while the
                // queue is re-scored
                LinkLearner reader = new LinkLearner(crawl, store, WITH_REGIONS, SparseLogistic.Options.DEFAULT,
                        false, 1000, 0);
                reader.maybeRun(0);
                seenWhileRescoring.add(writer.current() == null ? "none" : writer.current().version());
                seenWhileRescoring.add(reader.current() == null ? "none" : reader.current().version());
                // a link discovered meanwhile, scored without a scorer: no lift, ahead of the queue
                crawl.waiting.add(0, new LinkLearner.Waiting("http://h/swriter/new.html", List.of("u:swriter"),
                        null));
            }
        };
        // two irrelevant swriter pages: h's p = 1/8 (the test above), h/swriter's p = (0 + 2 x 1/8) / (2 + 2) = 1/16,
        // odds 1/15 against the prior's 1/3: factor 0.2
        crawl.judge(0, 2);
        writer.update();

        assertEquals(List.of("none", "none"), seenWhileRescoring,
                "no task scores new links with the new scorer before the queue has its lifts");
        assertEquals(1, writer.current().version(), "published once the queue was re-scored");
        assertEquals(2, crawl.rescores, "the queue, then the catch-up");
        assertEquals(List.of("http://h/swriter/new.html"),
                crawl.rescoredUrls.stream().map(LinkLearner.Waiting::url).toList(),
                "the catch-up writes only the link that was scored with the old scorer");
        for (LinkLearner.Waiting w : crawl.waiting) {
            assertEquals(0.2, w.lift(), 1e-9, w.url());
        }
    }

    @Test
    void aVersionWhoseRescoringWasWrittenIsNotReusedWhenTheScorerCouldNotBeStored() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        crawl.waiting.add(new LinkLearner.Waiting("http://h/swriter/queued.html", List.of("u:swriter"), null));
        MemoryStateStore memory = new MemoryStateStore();
        boolean[] failNextSave = {true};
        ModelStateStore store = new ModelStateStore() {
            @Override
            public <S> Optional<S> load(String kind, Class<S> type) throws IOException {
                return memory.load(kind, type);
            }

            @Override
            public void save(String kind, Object state) throws IOException {
                if (failNextSave[0]) {
                    failNextSave[0] = false;
                    throw new IOException("model index unavailable");
                }
                memory.save(kind, state);
            }
        };
        LinkLearner writer = new LinkLearner(crawl, store, WITH_REGIONS, SparseLogistic.Options.DEFAULT, true,
                1000, 0);
        crawl.judge(0, 2);
        assertThrows(IOException.class, writer::update);
        assertNull(writer.current(), "not published: it could not be stored");
        assertEquals(1, crawl.rescored.get(0).version(), "but the queue got version 1's lifts");

        // three irrelevant swriter pages: p0 = 1/5, h (0 + 2 x 1/5) / 5 = 2/25, h/swriter (0 + 2 x 2/25) / 5 = 4/125,
        // odds 4/121 against 1/4: 16/121, more than 10 % from the stored 0.2, so the URL is written again
        crawl.judge(0, 1);
        assertTrue(writer.update());
        assertEquals(2, writer.current().version(), "version 1 went to the queue: the next scorer is version 2");
        assertEquals(new Lift(16.0 / 121, 2), crawl.rescored.get(0));
    }

    @Test
    void aRegionHasRisenWhenItsFactorGrewByAQuarterTheRichestFirst() {
        RegionHarvest before = new RegionHarvest(new RegionHarvest.State(1, new RegionHarvest.Count(2, 1),
                Map.of("h", new RegionHarvest.Count(2, 1), "h/a", new RegionHarvest.Count(1, 1))), 2);
        RegionHarvest after = new RegionHarvest(new RegionHarvest.State(2, new RegionHarvest.Count(6, 3),
                Map.of("h", new RegionHarvest.Count(6, 3), "h/a", new RegionHarvest.Count(3, 3),
                        "h/b", new RegionHarvest.Count(3, 0), "h/c", new RegionHarvest.Count(2, 2))), 2);
        // before: p0 = 2/4 = 0.5, h = (1 + 1) / 4 = 0.5, h/a = (1 + 1) / 3 = 2/3: factor 2; h/c unknown: factor 1
        // after: p0 = 4/8 = 0.5, h = (3 + 1) / 8 = 0.5: factor 1 (no rise); h/a = (3 + 1) / 5 = 0.8: factor 4 (a rise
        // of 2); h/b = (0 + 1) / 5 = 0.2: factor 0.25 (fell); h/c = (2 + 1) / 4 = 0.75: factor 3 (a rise of 3)
        assertEquals(2.0, before.regionFactor("h/a"), 1e-9);
        assertEquals(1.0, before.regionFactor("h/c"), 1e-9);
        assertEquals(4.0, after.regionFactor("h/a"), 1e-9);
        assertEquals(0.25, after.regionFactor("h/b"), 1e-9);
        assertEquals(3.0, after.regionFactor("h/c"), 1e-9);
        // h/c rose most, h/a is richer: the richest first
        assertEquals(List.of("h/a", "h/c"), LinkLearner.risen(before, after));
    }

    @Test
    void retrainsSoonEarlyThenEveryRetrainEvery() {
        assertEquals(10, LinkLearner.retrainStep(40, 100));   // max(10, 40 / 4)
        assertEquals(25, LinkLearner.retrainStep(100, 100));  // 100 / 4
        assertEquals(100, LinkLearner.retrainStep(400, 100)); // min(100, 400 / 4)
        assertEquals(100, LinkLearner.retrainStep(5000, 100));
        assertEquals(5, LinkLearner.retrainStep(5000, 5));
    }

    @Test
    void noClassifierFromOneVerdictOnly() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        crawl.judge(20, 0);
        LinkLearner writer = new LinkLearner(crawl, new MemoryStateStore(), CLASSIFIER_ONLY,
                SparseLogistic.Options.DEFAULT, true, 1000, 0);
        assertFalse(writer.update());
        assertNull(writer.current());
    }
}
