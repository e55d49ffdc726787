package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;

/** Scores a page against the topic. Implementations are plain Java, testable without Storm. */
public interface RelevanceModel {

    /** Scores the page; {@link Relevance#relevant()} applies the topic's threshold. */
    Relevance score(ParsedPage page);
}
