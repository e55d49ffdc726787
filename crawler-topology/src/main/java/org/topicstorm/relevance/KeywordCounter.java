package org.topicstorm.relevance;

/**
 * Counts occurrences of a fixed list of keywords in a text. This is where tokenisation and matching live, so that
 * a Lucene analysis chain (stemming, Chinese segmentation) can replace the literal matcher without touching the
 * scoring arithmetic.
 */
public interface KeywordCounter {

    /**
     * @param text any text, may be null or empty
     * @return occurrences of each keyword; element i belongs to the i-th keyword the counter was built with
     */
    int[] count(String text);
}
