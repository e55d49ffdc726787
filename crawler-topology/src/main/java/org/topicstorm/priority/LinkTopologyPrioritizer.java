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
 * the in-links known so far). The patent sums k over a fixed graph; a crawl's graph grows as it goes, and each task
 * of the link-priority bolt sees only its part of it. We therefore divide by a fixed {@link #REFERENCE_DEGREE} in
 * place of that sum: a parent's contribution then no longer depends on which other pages were scored before it (its
 * own known in-links still grow with the crawl). An earlier version divided by the mean degree of the pages this task
 * had scored so far, which made the first pages' contributions depend on the order in which they arrived: a page
 * with one link gave it five times less when scored after a page with nine links than when scored first.
 *
 * <p>A link whose anchor text and URL name none of the topic's keywords has its beta multiplied by
 * {@link LinkSettings#keywordlessLinks()} (0.5 by default; 1 is the patent's beta): with beta = tau + anchor score
 * alone, such a link kept tau, and the pages a whole site cites with anchors like "ValueError" or "None" collected
 * more from two or three parents than a chapter's page from the one parent whose anchor names the topic.
 *
 * <p>Tunnelling: the children of an irrelevant page at distance d from the last relevant page (d = its distance + 1,
 * the children's) are handled as a relevant page's while tunnel = floor(alpha / d) &gt; 0, the page's similarity taken
 * as at least the threshold (a tunnelled page counts as barely relevant); past that, hard focus drops them and soft
 * focus multiplies their weight by the soft factor.
 */
final class LinkTopologyPrioritizer extends BaseLinkPrioritizer {

    private final LinkSettings.Tau tau;
    private final int alpha;
    private final double keywordless;
    private final double threshold;
    private final double softFactor;

    /**
     * The reference degree Pi is taken against, in place of the patent's sum of degrees (see the class comment). It
     * scales every link-topology priority by the same factor, so it does not change their order. Its size keeps
     * contributions typically small next to a seed's priority (1.001) and a revisit's (the page's relevance), as the
     * mean degree of tens to hundreds of links did before: a seed added to a running crawl comes first, and a page due
     * again keeps its place among new links.
     */
    static final double REFERENCE_DEGREE = 100;

    LinkTopologyPrioritizer(Topic.Focus focus, int maxDepth, LinkFeatureExtractor extractor, LinkSettings settings,
                            double threshold, double softFactor) {
        super(focus, maxDepth, extractor);
        this.tau = settings.tau();
        this.alpha = settings.tunnelAlpha();
        this.keywordless = settings.keywordlessLinks();
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

    /**
     * beta_ij as above, times {@code keywordless} when neither the anchor text nor the URL's words score for the topic
     * (both scores 0).
     */
    static double beta(LinkSettings.Tau tau, PathRelation relation, double anchorScore, double urlScore,
                       double keywordless) {
        double b = beta(tau, relation, anchorScore);
        return anchorScore == 0 && urlScore == 0 ? b * keywordless : b;
    }

    /** One parent's contribution sim * beta * Pi / L, with Pi = k / {@link #REFERENCE_DEGREE}, k = L + in-links. */
    static double contribution(double sim, double beta, int links, int inlinks) {
        if (links <= 0) {
            return 0;
        }
        double pi = (links + inlinks) / REFERENCE_DEGREE;
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
    double priority(Page page, Outlink link, LinkFeatures f, List<String> tokens) {
        return priority(page, f, keywordless);
    }

    /** The link's priority with this keywordless factor in place of the topic's. */
    double priority(Page page, LinkFeatures f, double keywordless) {
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
        double beta = beta(tau, f.relation(), f.anchorScore(), f.urlScore(), keywordless);
        return factor * contribution(sim, beta, page.links(), parent.inlinks());
    }
}
