package org.topicstorm.judge;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JudgeSampleTest {

    private static JudgeSample.Candidate c(String url, String host, double score) {
        return new JudgeSample.Candidate(url, host, score);
    }

    @Test
    void nearestTheThresholdFirstAndOneHostAtATime() {
        List<JudgeSample.Candidate> all = List.of(
                c("a1", "a", 0.31), c("a2", "a", 0.29), c("a3", "a", 0.50),
                c("b1", "b", 0.10), c("b2", "b", 0.36),
                c("c1", "c", 0.90));
        // threshold 0.3: distances a1 .01, a2 .01, a3 .20, b1 .20, b2 .06, c1 .60.
        // pass 1, each host's nearest: a1 (.01, before a2 by URL), b2 (.06), c1 (.60), in that order;
        // pass 2: a2 (.01), b1 (.20); pass 3: a3.
        List<String> picked = JudgeSample.pick(all, 0.3, Set.of(), 10).stream().map(JudgeSample.Candidate::url)
                .toList();
        assertEquals(List.of("a1", "b2", "c1", "a2", "b1", "a3"), picked);
        assertEquals(List.of("a1", "b2"), JudgeSample.pick(all, 0.3, Set.of(), 2).stream()
                .map(JudgeSample.Candidate::url).toList());
    }

    @Test
    void judgedPagesAreNotAskedAgain() {
        List<JudgeSample.Candidate> all = List.of(c("a1", "a", 0.31), c("a2", "a", 0.29));
        assertEquals(List.of("a2"), JudgeSample.pick(all, 0.3, Set.of("a1"), 5).stream()
                .map(JudgeSample.Candidate::url).toList());
        assertEquals(List.of(), JudgeSample.pick(all, 0.3, Set.of("a1", "a2"), 5));
    }

    @Test
    void mixedAlternatesNearestAndRandomWithoutRepeats() {
        List<JudgeSample.Candidate> near = List.of(c("a1", "a", 0.31), c("a2", "a", 0.29), c("b1", "b", 0.35));
        // the random draw, in its order: a page also near (b1), pages far from the threshold on two hosts
        List<JudgeSample.Candidate> random = List.of(c("b1", "b", 0.35), c("c1", "c", 0.95), c("c2", "c", 0.90),
                c("d1", "d", 0.01));
        // nearest by host passes: a1, b1, a2; random by host passes: b1, c1, d1, c2.
        // interleaved near, random, near, ...: a1, b1 (random), b1 (near: taken, skipped) so a2, c1, then the
        // nearest are used up and the random half fills in: d1, c2
        List<String> picked = JudgeSample.mixed(near, random, 0.3, Set.of(), 6).stream()
                .map(JudgeSample.Candidate::url).toList();
        assertEquals(List.of("a1", "b1", "a2", "c1", "d1", "c2"), picked);
        // judged pages are left out of both halves; when the random half runs out the nearest fill in
        assertEquals(List.of("a2", "d1", "b1"), JudgeSample.mixed(near, List.of(c("d1", "d", 0.01)), 0.3,
                Set.of("a1"), 5).stream().map(JudgeSample.Candidate::url).toList());
    }
}
