package org.topicstorm.relevance;

import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;

/**
 * A model that reads a page as terms. Scoring is split in two so that a combination of models analyses each page
 * once ({@link CombinedModel}).
 */
public interface TermModel extends RelevanceModel {

    /** The text pipeline this model reads pages with. */
    PageAnalyzer analyzer();

    /** Scores an already analysed page. */
    Relevance score(AnalyzedPage page);

    @Override
    default Relevance score(ParsedPage page) {
        return score(analyzer().analyze(page));
    }
}
