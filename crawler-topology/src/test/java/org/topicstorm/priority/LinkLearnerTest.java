package org.topicstorm.priority;

import org.junit.jupiter.api.Test;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.relevance.MemoryStateStore;
import org.topicstorm.topic.LinkSettings;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LinkLearnerTest {

    /** A crawl in memory: judged pages (with their links' tokens) and waiting URLs. */
    static final class FakeCrawl implements LinkLearner.Crawl {
        final List<LinkClassifier.Example> judged = new ArrayList<>();
        final List<LinkLearner.Waiting> waiting = new ArrayList<>();
        final List<Lift> rescored = new ArrayList<>();

        void judge(int relevant, int irrelevant) {
            for (int i = 0; i < relevant; i++) {
                judged.add(new LinkClassifier.Example(List.of("u:scalc", "rel:extends"), true));
            }
            for (int i = 0; i < irrelevant; i++) {
                judged.add(new LinkClassifier.Example(List.of("u:swriter", "rel:extends"), false));
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
        public int rescore(List<LinkLearner.Waiting> urls, List<Lift> lifts) {
            rescored.clear();
            rescored.addAll(lifts);
            return urls.size();
        }
    }

    private static final LinkSettings.Learned SETTINGS = new LinkSettings.Learned(10, 6, 100, 1);

    @Test
    void theWriterTrainsOnItsExecutorNotOnTheCallersThreadAndOneRunAtATime() throws Exception {
        FakeCrawl crawl = new FakeCrawl();
        List<Runnable> queued = new java.util.ArrayList<>();
        LinkLearner writer = new LinkLearner(crawl, new MemoryStateStore(), SETTINGS, SparseLogistic.Options.DEFAULT,
                true, 1000, 0, queued::add);
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
        LinkLearner writer = new LinkLearner(crawl, store, SETTINGS, SparseLogistic.Options.DEFAULT, true, 1000, 0);

        crawl.judge(3, 2);
        writer.maybeRun(1000);
        assertNull(writer.current(), "5 judged pages < min-examples 6");
        crawl.judge(3, 0);
        writer.maybeRun(1500);
        assertNull(writer.current(), "not yet a new interval");
        writer.maybeRun(2000);
        assertEquals(1, writer.current().version());
        assertEquals(8, writer.current().state().judged());
        // rescore: the one best waiting URL (rescore = 1), with the new classifier's lift
        assertEquals(1, crawl.rescored.size());
        assertEquals(writer.current().lift(List.of("u:scalc", "rel:extends")), crawl.rescored.get(0));
        assertEquals(1, crawl.rescored.get(0).version());

        crawl.judge(5, 4); // 17 judged: 9 since the last training < retrain-every 10
        writer.maybeRun(3000);
        assertEquals(1, writer.current().version());
        crawl.judge(1, 0);
        writer.maybeRun(4000);
        assertEquals(2, writer.current().version());
        assertTrue(writer.current().probability(List.of("u:scalc")) > writer.current().probability(List.of("u:swriter")));

        // a reader loads what the writer stored, and so does a new writer (a resumed crawl continues from it)
        LinkLearner reader = new LinkLearner(crawl, store, SETTINGS, SparseLogistic.Options.DEFAULT, false, 1000, 0);
        reader.maybeRun(0);
        assertEquals(2, reader.current().version());
        LinkLearner resumed = new LinkLearner(crawl, store, SETTINGS, SparseLogistic.Options.DEFAULT, true, 1000, 0);
        resumed.maybeRun(0);
        assertEquals(2, resumed.current().version());
        crawl.judge(10, 0);
        resumed.maybeRun(1000);
        assertEquals(3, resumed.current().version());
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
        LinkLearner writer = new LinkLearner(crawl, new MemoryStateStore(), SETTINGS, SparseLogistic.Options.DEFAULT,
                true, 1000, 0);
        assertFalse(writer.maybeRetrain());
        assertNull(writer.current());
    }
}
