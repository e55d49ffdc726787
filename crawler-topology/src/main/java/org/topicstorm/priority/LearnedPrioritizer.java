package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.Topic;

import java.util.List;
import java.util.function.Supplier;

/**
 * The learned strategy: a prior strategy's priority (link-topology by default) times the {@link Lift} of what the
 * crawl has learnt ({@link LinkScorer}): the online link classifier's P(relevant | the link's features) as odds raised
 * to the classifier's trust, and the harvest of the regions the link's URL lies in ({@link RegionHarvest}). The
 * features travel with the URL, so that the page, once judged, trains the classifier ({@link LinkLearner}). Until the
 * first classifier, and while the classifier predicts no better than chance, the prior and the regions order the
 * frontier; the better the classifier predicts pages it was not trained on, the more it reorders.
 *
 * <p>The prior's factor on links whose anchor and URL name no keyword
 * ({@link org.topicstorm.topic.LinkSettings#keywordlessLinks()}) stands for what the crawl does not know yet about
 * such links. It holds while there is no link classifier that predicts better than chance (none yet, or the current
 * one has trust 0); while there is one, new links are scored with the patent's beta, and the classifier, which reads
 * the anchor and URL words and their keyword scores, says what a link without keywords is worth on this site
 * (contributions queued before keep the factor). Kept throughout, the factor cost the large topics 4.4 points of
 * recall (docs/evaluation.md, session 33): on top of the classifier's say, it held back the keyword-free links that
 * the classifier had learnt to value.
 *
 * <p>Why a prior rather than the classifier alone: the first classifier learned from the first 40 judged pages, which
 * on a manual that opens with a large table of contents are mostly irrelevant chapters; alone, it pushed the frontier
 * away from the right chapters before it had seen them (pg-catalogs-en 4.8 % recall@|R| against 46.4 % for
 * link-topology, docs/evaluation.md), while on the LibreOffice topics it was the best strategy.
 */
final class LearnedPrioritizer extends BaseLinkPrioritizer {

    private final BaseLinkPrioritizer prior;
    private final Supplier<LinkScorer> scorer;

    /**
     * @param prior      the strategy whose priority the lift multiplies: its focus, tunnelling and aggregation hold
     * @param scorer     the current link scorer, or null before the first
     */
    LearnedPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor, BaseLinkPrioritizer prior,
                       Supplier<LinkScorer> scorer) {
        super(focus, maxDepth, extractor);
        this.prior = prior;
        this.scorer = scorer;
    }

    @Override
    boolean keepsFeatures() {
        return true;
    }

    @Override
    boolean follows(Page page) {
        return prior.follows(page);
    }

    @Override
    Aggregation aggregation(LinkFeatures features) {
        return prior.aggregation(features);
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures f, List<String> tokens) {
        // lift() reads the scorer again: a link scored while a new scorer is published may get this one's prior and
        // the next one's lift, once; the frontier's rescore after each retrain evens out what matters
        if (prior instanceof LinkTopologyPrioritizer topology && classifierSpeaks(scorer.get())) {
            // the classifier reads the anchor and URL words itself: the keywordless factor has done its part
            return topology.priority(page, f, 1.0);
        }
        return prior.priority(page, link, f, tokens);
    }

    /** Whether a link classifier that predicts better than chance (trust above 0) gives lifts. */
    static boolean classifierSpeaks(LinkScorer s) {
        return s != null && s.classifier() != null && s.classifier().state().trust() > 0;
    }

    @Override
    Lift lift(String url, List<String> tokens) {
        LinkScorer s = scorer.get();
        return s == null ? null : s.lift(url, tokens);
    }
}
