package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;

import java.util.List;

/** Gives the outlinks of a fetched page their frontier priority. Made by {@link LinkPrioritizers#forTopic}. */
public interface LinkPrioritizer {

    /**
     * Weight of the anchor-text score in best-first priorities. Small enough that the anchor only orders links
     * whose parents' relevances are equal (or closer than this), never a link from a clearly better parent below
     * one from a worse parent.
     */
    double TIE_BREAK = 0.001;

    /** The priority of a seed: no found link gets more (a best-first link gets at most 1 + TIE_BREAK). */
    double SEED_PRIORITY = 1.0 + TIE_BREAK;

    /**
     * Scores the outlinks of one page.
     *
     * @return the links to follow, highest priority first (document order among equals); links over the depth
     *         limit, links back to the page itself, repeated URLs and (hard focus) every outlink of an irrelevant
     *         page are left out
     */
    List<ScoredLink> prioritize(ParentInfo parent, List<Outlink> outlinks);

    /** A seed URL as it enters the frontier: depth 0, distance 0, {@link #SEED_PRIORITY}. */
    static ScoredLink seed(String url) {
        return new ScoredLink(url, "", SEED_PRIORITY, 0, 0);
    }
}
