package org.topicstorm.relevance;

import org.topicstorm.text.AnalyzedPage;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.Tag;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.text.TextSelection;

import java.util.List;

/** Hand-made analysed pages: body terms only, so that with uniform tag weights wf = the plain count. */
final class ModelTestSupport {

    static final PageAnalyzer ANALYZER =
            new PageAnalyzer(new TextAnalyzer(false), new TextSelection(0.6), List.of("en"));

    private ModelTestSupport() {
    }

    static AnalyzedPage body(String url, String... terms) {
        return new AnalyzedPage(url, "en", false, List.of(new AnalyzedPage.Part(Tag.BODY, List.of(terms))));
    }
}
