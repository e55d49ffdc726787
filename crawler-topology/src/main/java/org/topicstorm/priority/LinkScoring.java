package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.LinkSettings;
import org.topicstorm.topic.Topic;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What the link-priority step does with one judged page, without Storm: its outlinks scored by the topic's
 * {@link LinkPrioritizer} (anchors cut to {@link #MAX_ANCHOR_LENGTH}), and 003's sibling rule, which counts runs of
 * irrelevant children per parent ({@link SiblingRuns}) and returns a {@link Demotion} when a run completes. The
 * {@link LinkPriorityBolt} adapts it to Storm; the simulated crawl of the evaluation calls it directly. One instance
 * per task; not thread-safe.
 */
public final class LinkScoring {

    /** Anchor texts are cut to this many characters: enough to explain a link, small in the status index. */
    public static final int MAX_ANCHOR_LENGTH = 200;

    /**
     * @param links     the links to follow, highest priority first (ArrayLists: Storm's serialization knows them)
     * @param demotions parents whose waiting children are to be lowered now (003's sibling rule)
     */
    public record Scored(ArrayList<ScoredLink> links, ArrayList<Demotion> demotions) {
    }

    private final LinkPrioritizer prioritizer;
    /** null unless the strategy is link-topology (003's sibling rule), also as the learned strategy's prior */
    private final SiblingRuns siblings;
    private final double siblingFactor;

    private LinkScoring(LinkPrioritizer prioritizer, SiblingRuns siblings, double siblingFactor) {
        this.prioritizer = prioritizer;
        this.siblings = siblings;
        this.siblingFactor = siblingFactor;
    }

    /**
     * @param conf       the topology configuration ({@link LinkPrioritizers#forTopic})
     * @param scorer the learned strategy's current link scorer (null before the first; ignored by the other
     *               strategies)
     */
    public static LinkScoring forTopic(Topic topic, Map<String, ?> conf, Supplier<LinkScorer> scorer) {
        LinkPrioritizer prioritizer = topic.strategy() == Topic.Strategy.LEARNED
                ? LinkPrioritizers.forTopic(topic, conf, scorer) : LinkPrioritizers.forTopic(topic, conf);
        boolean linkTopology = topic.strategy() == Topic.Strategy.LINK_TOPOLOGY
                || (topic.strategy() == Topic.Strategy.LEARNED
                && topic.links().learned().prior() == LinkSettings.Prior.LINK_TOPOLOGY);
        LinkSettings.Siblings s = topic.links().siblings();
        return linkTopology && s.after() > 0
                ? new LinkScoring(prioritizer, new SiblingRuns(s.after()), s.factor())
                : new LinkScoring(prioritizer, null, 1.0);
    }

    /**
     * @param page       the judged page as a parent of its links
     * @param pageParent the page's own (best) parent, or null for a seed: its verdict may complete a run of
     *                   irrelevant children of that parent
     * @param outlinks   the page's outlinks (none for a page that asks nofollow)
     */
    public Scored score(ParentInfo page, String pageParent, List<Outlink> outlinks) {
        ArrayList<ScoredLink> kept = new ArrayList<>();
        for (ScoredLink l : prioritizer.prioritize(page, outlinks)) {
            kept.add(l.withAnchorText(truncate(l.anchorText().strip(), MAX_ANCHOR_LENGTH)));
        }
        return new Scored(kept, demotions(pageParent, page.relevant()));
    }

    /**
     * The sibling rule alone, for a page whose links could not be scored (the page still counts as a judged child
     * of its parent).
     */
    public ArrayList<Demotion> demotions(String pageParent, boolean relevant) {
        ArrayList<Demotion> demotions = new ArrayList<>();
        if (siblings != null && siblings.judged(pageParent, relevant)) {
            demotions.add(new Demotion(pageParent, siblingFactor));
        }
        return demotions;
    }

    /** At most {@code max} characters, never splitting a surrogate pair. */
    static String truncate(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
        return s.substring(0, end);
    }
}
