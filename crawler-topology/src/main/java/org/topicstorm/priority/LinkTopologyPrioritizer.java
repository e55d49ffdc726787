package org.topicstorm.priority;

import org.topicstorm.parse.Outlink;
import org.topicstorm.topic.LinkSettings;
import org.topicstorm.topic.Topic;

import java.util.List;

/**
 * The 003 patent's network-topology weight (methods.md, section 003). The link from parent j to child i has the
 * coefficient beta_ij = tau(path relation) + the anchor text's keyword score, and contributes
 * sim(V_j, D) * beta_ij * Pi(j) / L_j to the child's weight w(i), which the frontier sums over the child's parents
 * as they are found ({@link Aggregation#SUM}; a boilerplate link, repeated across the site, is not summed).
 *
 * <p>Pi(j) = k_j / sum(k) is the preferential-attachment probability of the parent, k its degree (out-links L_j plus
 * the in-links known so far). The patent sums k over a fixed graph; in a crawl the graph grows, and the sum with it,
 * so a link found late would weigh less than the same link found early. We therefore divide by the mean degree of the
 * pages this task has scored instead of the sum (a constant factor, the page count, at any one moment), which keeps
 * weights comparable across the crawl.
 *
 * <p>Tunnelling: the children of an irrelevant page at distance d from the last relevant page (d = its distance + 1,
 * the children's) are handled as a relevant page's while tunnel = floor(alpha / d) &gt; 0, the page's similarity taken
 * as at least the threshold (a tunnelled page counts as barely relevant); past that, hard focus drops them and soft
 * focus multiplies their weight by the soft factor.
 */
final class LinkTopologyPrioritizer extends BaseLinkPrioritizer {

    private final LinkSettings.Tau tau;
    private final int alpha;
    private final double threshold;
    private final double softFactor;
    private double degreeSum;
    private long pages;

    LinkTopologyPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor, LinkSettings settings,
                            double threshold, double softFactor) {
        super(focus, maxDepth, extractor);
        this.tau = settings.tau();
        this.alpha = settings.tunnelAlpha();
        this.threshold = threshold;
        this.softFactor = BestFirstPrioritizer.checkFactor(softFactor);
    }

    /** 003: tunnel(i) = floor(alpha / d(i)); 0 for d = 0 is never asked (a relevant parent needs no tunnel). */
    static int tunnel(int alpha, int distance) {
        return distance <= 0 ? alpha : alpha / distance;
    }

    /** beta_ij = tau(relation) + anchor keyword score. */
    static double beta(LinkSettings.Tau tau, PathRelation relation, double anchorScore) {
        double t = switch (relation) {
            case EXTENDS -> tau.extendsPath();
            case SAME_SHAPE -> tau.sameShape();
            case BOILERPLATE -> tau.boilerplate();
            case OTHER -> tau.other();
        };
        return t + anchorScore;
    }

    /** One parent's contribution sim * beta * Pi / L, with Pi = k / mean degree. */
    static double contribution(double sim, double beta, int links, int inlinks, double meanDegree) {
        if (links <= 0 || meanDegree <= 0) {
            return 0;
        }
        double pi = (links + inlinks) / meanDegree;
        return sim * beta * pi / links;
    }

    /**
     * Contributions are summed, except a boilerplate link's: site-wide navigation is on every page, and summing it
     * would put the navigation first; once recognised it can only raise its URL to its own weight (MAX).
     */
    @Override
    Aggregation aggregation(LinkFeatures f) {
        return f.relation() == PathRelation.BOILERPLATE ? Aggregation.MAX : Aggregation.SUM;
    }

    @Override
    boolean follows(Page page) {
        return super.follows(page) || tunnel(alpha, page.distance()) > 0;
    }

    @Override
    void onPage(Page page) {
        degreeSum += page.links() + page.parent().inlinks();
        pages++;
    }

    @Override
    double priority(Page page, Outlink link, LinkFeatures f, List<String> tokens) {
        ParentInfo parent = page.parent();
        double sim = parent.relevance();
        double factor = 1;
        if (!parent.relevant()) {
            if (tunnel(alpha, page.distance()) > 0) {
                sim = Math.max(sim, threshold);
            } else {
                factor = softFactor;
            }
        }
        double meanDegree = pages == 0 ? 1 : degreeSum / pages;
        return factor * contribution(sim, beta(tau, f.relation(), f.anchorScore()), page.links(), parent.inlinks(),
                meanDegree);
    }
}
