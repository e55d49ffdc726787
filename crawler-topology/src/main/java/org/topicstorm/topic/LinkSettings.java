package org.topicstorm.topic;

/**
 * The {@code links:} section of a topic file: the parameters of the link-priority strategies (seeds/README.md
 * documents every field, its default and where the default comes from). A topic without the section gets
 * {@link #DEFAULT}.
 *
 * @param tau              the 003 patent's path weights tau by the relation of a link's URL to its parent's
 * @param tunnelAlpha      003 tunnelling constant alpha: the children of an irrelevant page at distance d from the
 *                         last relevant page are handled as a relevant page's while floor(alpha / d) &gt; 0
 * @param hubWeight        m2 of the 004 patent's p(u) = m1 * cos + m2 * Hub(u) (m1 = 1 - m2)
 * @param boilerplatePages a link target seen on at least this many distinct pages of one host is boilerplate
 *                         (site-wide navigation, banners: the 003 patent's tau3 links)
 * @param learned          the online link classifier of the {@code learned} strategy
 * @param siblings         003's demotion of a parent's remaining children after several irrelevant ones
 * @param keywordlessLinks link-topology's beta of a link whose anchor text and URL name none of the topic's keywords
 *                         is multiplied by this (1: the patent's beta)
 */
public record LinkSettings(Tau tau, int tunnelAlpha, double hubWeight, int boilerplatePages, Learned learned,
                           Siblings siblings, double keywordlessLinks) {

    public LinkSettings {
        if (!(keywordlessLinks >= 0 && keywordlessLinks <= 1)) {
            throw new IllegalArgumentException("keywordlessLinks must be in [0, 1], got " + keywordlessLinks);
        }
    }

    public LinkSettings(Tau tau, int tunnelAlpha, double hubWeight, int boilerplatePages, Learned learned,
                        Siblings siblings) {
        this(tau, tunnelAlpha, hubWeight, boilerplatePages, learned, siblings, DEFAULT_KEYWORDLESS_LINKS);
    }

    public LinkSettings(Tau tau, int tunnelAlpha, double hubWeight, int boilerplatePages, Learned learned) {
        this(tau, tunnelAlpha, hubWeight, boilerplatePages, learned, Siblings.DEFAULT);
    }

    /**
     * A link whose anchor and URL carry no keyword of the topic counts half. 003's beta = tau + anchor score gives
     * such a link tau (0.4-0.6), so that two or three parents citing a page with anchors such as "ValueError",
     * "None" or "context manager" (the references every page of a manual cites) outweighed one parent's link whose
     * anchor names the topic; summed over parents, the site's most cited pages came first. No source gives a number;
     * half is the round middle between the patent's formula (1) and dropping such links' say (0). Measured on the
     * labelled and held-out topics: docs/evaluation.md, session 33.
     */
    public static final double DEFAULT_KEYWORDLESS_LINKS = 0.5;

    /**
     * 003: "if several children of one parent in a row turn out irrelevant, lower the weights of its remaining
     * children". The patent gives no number; 3 in a row is the smallest run that is more than a coincidence of two.
     *
     * @param after  this many fetched children of one parent judged irrelevant in a row (0 = never)
     * @param factor the parent's contribution to each of its waiting children is multiplied by this
     */
    public record Siblings(int after, double factor) {
        public static final Siblings DEFAULT = new Siblings(3, 0.5);
    }

    /**
     * 003: tau1 when the child's path extends the parent's (a sub-directory: an extension of the parent's topic),
     * tau2 for the same shape of path (same depth and folder-name lengths: a follow-up), tau3 for boilerplate;
     * {@code other} for a link in none of these relations (the patent does not name one: we give it the value of
     * its tests, 0.5). The patent bounds every tau to (0.4, 0.6).
     */
    public record Tau(double extendsPath, double sameShape, double boilerplate, double other) {
        public static final Tau DEFAULT = new Tau(0.6, 0.5, 0.4, 0.5);
    }

    /**
     * @param retrainEvery  the classifier is retrained at the latest each time this many more pages were judged
     *                      (ACHE's learning_limit, 1,000 there; smaller here so that a crawl of a few hundred pages
     *                      learns); early in a crawl sooner, after a quarter more pages than the last training saw
     * @param minExamples   no classifier before this many judged pages with links features, of both verdicts
     * @param maxExamples   a retrain reads at most this many of the most recently judged pages
     * @param rescore       after a retrain, this many of the best waiting URLs are scored again (0 = none)
     * @param target        what a judged page teaches about the link that led to it
     * @param prior         the strategy whose priority the classifier's {@code Lift} multiplies (and that alone
     *                      orders the frontier until the first classifier, or while the classifier is no better
     *                      than chance)
     * @param childCredit   what an irrelevant page teaches about its link when one of its own links led to a
     *                      relevant page: a relevant page one hop further, discounted by this factor in [0, 1] (0:
     *                      no credit, the default). A link classifier that learns only whether the next page is
     *                      relevant learns that index and section pages are not, and stops opening them; the adaptive
     *                      crawler of Barbosa and Freire (ACHE's origin) learns also which links lead to targets in
     *                      more steps. Off by default: on the labelled topics it did not help (docs/evaluation.md).
     * @param regionPages   where relevant pages were found ({@code RegionHarvest}): m, the weight in judged pages of
     *                      the enclosing region's harvest in a region's estimate (a region with m judged pages says as
     *                      much as everything around it); 0 turns the regions off
     */
    public record Learned(int retrainEvery, int minExamples, int maxExamples, int rescore, Target target,
                          Prior prior, double childCredit, double regionPages) {
        public static final Learned DEFAULT = new Learned(100, 20, 5000, 2000, Target.VERDICT, Prior.LINK_TOPOLOGY,
                0.0, 2.0);

        /** The largest {@link #regionPages}: beyond it a region would need thousands of pages to count. */
        public static final double MAX_REGION_PAGES = 1000;

        public Learned {
            prior = prior == null ? Prior.LINK_TOPOLOGY : prior;
            if (!(childCredit >= 0 && childCredit <= 1)) {
                throw new IllegalArgumentException("childCredit must be in [0, 1], got " + childCredit);
            }
            if (!(regionPages >= 0 && regionPages <= MAX_REGION_PAGES)) {
                throw new IllegalArgumentException("regionPages must be in [0, " + MAX_REGION_PAGES + "], got "
                        + regionPages);
            }
        }

        public Learned(int retrainEvery, int minExamples, int maxExamples, int rescore, Target target, Prior prior,
                       double childCredit) {
            this(retrainEvery, minExamples, maxExamples, rescore, target, prior, childCredit, DEFAULT.regionPages());
        }

        public Learned(int retrainEvery, int minExamples, int maxExamples, int rescore) {
            this(retrainEvery, minExamples, maxExamples, rescore, Target.VERDICT, Prior.LINK_TOPOLOGY,
                    DEFAULT.childCredit());
        }

        /** Whether the regions' harvest moves priorities ({@link #regionPages} &gt; 0). */
        public boolean regions() {
            return regionPages > 0;
        }

        /**
         * What a judged page teaches about the link that led to it: its own target ({@link Target#of}), or the
         * child credit if that is more and one of the pages it led to (a page whose best parent it is) is relevant.
         */
        public double example(boolean relevant, double score, double threshold, boolean ledToRelevant) {
            double own = target.of(relevant, score, threshold);
            return ledToRelevant ? Math.max(own, childCredit) : own;
        }
    }

    /** The learned strategy's prior: what a link is worth before (and besides) what the classifier learnt. */
    public enum Prior {
        /** 003's network-topology weight, summed over parents, with tunnelling and sibling demotion. */
        LINK_TOPOLOGY,
        /** The parent's relevance (001), the best parent's. */
        BEST_FIRST
    }

    /** What the link classifier learns to predict of the page a link leads to. */
    public enum Target {
        /** The page's verdict: relevant (1) or not (0). */
        VERDICT,
        /**
         * The page's score s against the threshold r, as min(1, s / 2r): a page at the threshold counts half, one
         * at twice the threshold fully, so links to clearly relevant pages weigh more than links to borderline ones.
         */
        SCORE;

        /** The target of a page with this verdict and score. */
        public double of(boolean relevant, double score, double threshold) {
            if (this == VERDICT || threshold <= 0) {
                return relevant ? 1 : 0;
            }
            return Math.max(0, Math.min(1, score / (2 * threshold)));
        }
    }

    /**
     * boilerplate-pages 3: two pages linking a target can be its neighbours in a chain (previous, next); a third is
     * repetition. 5 until session 20 let four parents' contributions add up first, which put the pages every
     * fetched page cites (reference pages, module indexes) ahead of the topic's own (docs/evaluation.md, session 20).
     */
    public static final LinkSettings DEFAULT = new LinkSettings(Tau.DEFAULT, 2, 0.2, 3, Learned.DEFAULT,
            Siblings.DEFAULT, DEFAULT_KEYWORDLESS_LINKS);
}
