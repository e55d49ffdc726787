package org.topicstorm.priority;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 003 patent's sibling rule, counting side: for each parent, how many of its fetched children in a row (in the
 * order their verdicts arrive) were judged irrelevant. When the run reaches {@code after}, the parent's remaining
 * children are to be lowered, once. A relevant child resets the run. Memory for the most recently seen parents only
 * (approximate by design: a forgotten parent starts a new run). One instance per bolt task; not thread-safe.
 */
final class SiblingRuns {

    /** Parents remembered; the least recently seen are forgotten first. */
    static final int MAX_PARENTS = 100_000;
    private static final int DEMOTED = -1;

    private final int after;
    private final Map<String, Integer> runs = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
            return size() > MAX_PARENTS;
        }
    };

    /** @param after the run of irrelevant children that demotes a parent's other children (0 = never) */
    SiblingRuns(int after) {
        if (after < 0) {
            throw new IllegalArgumentException("after must be >= 0, got " + after);
        }
        this.after = after;
    }

    /**
     * A child of {@code parent} was judged.
     *
     * @return true when this verdict completes a run of {@code after} irrelevant children: demote the parent's other
     *         children now (true at most once per parent)
     */
    boolean judged(String parent, boolean relevant) {
        if (after == 0 || parent == null) {
            return false;
        }
        int run = runs.getOrDefault(parent, 0);
        if (run == DEMOTED) {
            return false;
        }
        run = relevant ? 0 : run + 1;
        if (run >= after) {
            runs.put(parent, DEMOTED);
            return true;
        }
        runs.put(parent, run);
        return false;
    }
}
