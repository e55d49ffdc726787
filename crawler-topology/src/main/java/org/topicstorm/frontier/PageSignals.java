package org.topicstorm.frontier;

/**
 * What a fetch tells the frontier about the page besides its verdict: whether it changed, for a continuous crawl's
 * revisits ({@link RevisitPolicy}), and when it says it was published, for its freshness ({@link Freshness}).
 *
 * @param signature the SimHash of the page's text (null: too short to sign, or a one-off crawl, which does not sign)
 * @param hub       whether the page is mostly links (the parser's page type; false in a one-off crawl)
 * @param newLinks  outlinks of the page that were new to the frontier when this fetch wrote them
 * @param published when the page says it was published, epoch ms; null when it does not say
 * @param replies   the replies the page shows (a continuous crawl's; 0 in a one-off crawl)
 * @param heat      the page's topic heat when fetched ({@link TopicHeat}; 0 without replies)
 */
public record PageSignals(Long signature, boolean hub, int newLinks, Long published, int replies, double heat) {

    /** Signals of a page without replies. */
    public PageSignals(Long signature, boolean hub, int newLinks, Long published) {
        this(signature, hub, newLinks, published, 0, 0);
    }

    /** Signals of a page that does not say when it was published, without replies. */
    public PageSignals(Long signature, boolean hub, int newLinks) {
        this(signature, hub, newLinks, null);
    }

    /** The same signals with the count of outlinks new to the frontier. */
    public PageSignals withNewLinks(int count) {
        return new PageSignals(signature, hub, count, published, replies, heat);
    }
}
