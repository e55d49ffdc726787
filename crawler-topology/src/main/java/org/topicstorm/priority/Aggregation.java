package org.topicstorm.priority;

/**
 * How the frontier combines what several parents say of one waiting URL. Each parent is counted once (a replayed
 * tuple repeats a parent, it does not add one).
 */
public enum Aggregation {
    /** The best parent's priority (IncreaseKey): best-first, hub, learned, breadth-first. */
    MAX,
    /** The sum over parents (003 patent: w(i) accumulates as new parents are found): link-topology. */
    SUM
}
