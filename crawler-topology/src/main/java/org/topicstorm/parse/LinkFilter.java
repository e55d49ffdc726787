package org.topicstorm.parse;

/**
 * Decides whether an outlink is kept, and may normalise it. {@link UrlFilterChain} adapts StormCrawler's URL filters
 * to this interface so that {@link PageParser} needs no Storm or StormCrawler objects.
 */
@FunctionalInterface
public interface LinkFilter {

    /** Keeps every link unchanged. */
    LinkFilter ACCEPT_ALL = url -> url;

    /**
     * @param url an absolute http(s) URL without fragment
     * @return the URL to keep (possibly normalised), or null to drop the link
     */
    String filter(String url);
}
