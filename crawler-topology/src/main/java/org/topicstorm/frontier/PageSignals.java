package org.topicstorm.frontier;

/**
 * What a fetch tells about a page's change, for a continuous crawl's revisits ({@link RevisitPolicy}).
 *
 * @param signature the SimHash of the page's text (null: too short to have one)
 * @param hub       whether the page is mostly links (the parser's page type)
 * @param newLinks  outlinks of the page that were new to the frontier when this fetch wrote them
 */
public record PageSignals(Long signature, boolean hub, int newLinks) {

    /** The same signals with the count of outlinks new to the frontier. */
    public PageSignals withNewLinks(int count) {
        return new PageSignals(signature, hub, count);
    }
}
