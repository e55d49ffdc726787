package org.topicstorm.priority;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SiblingRunsTest {

    @Test
    void aRunOfIrrelevantChildrenDemotesTheParentOnce() {
        SiblingRuns runs = new SiblingRuns(3);
        List<Boolean> fired = new ArrayList<>();
        // P's children: irrelevant, irrelevant, relevant (reset), then three irrelevant in a row, then more
        for (boolean relevant : new boolean[]{false, false, true, false, false, false, false, false}) {
            fired.add(runs.judged("http://h/p", relevant));
        }
        assertEquals(List.of(false, false, false, false, false, true, false, false), fired);
        // another parent counts on its own
        assertFalse(runs.judged("http://h/q", false));
        assertFalse(runs.judged("http://h/q", false));
        assertEquals(true, runs.judged("http://h/q", false));
        // a seed has no parent; 0 switches the rule off
        assertFalse(runs.judged(null, false));
        SiblingRuns off = new SiblingRuns(0);
        for (int i = 0; i < 10; i++) {
            assertFalse(off.judged("http://h/p", false));
        }
        assertThrows(IllegalArgumentException.class, () -> new SiblingRuns(-1));
    }
}
