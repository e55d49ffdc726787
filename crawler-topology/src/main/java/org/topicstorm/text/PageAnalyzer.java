package org.topicstorm.text;

import org.topicstorm.parse.ParsedPage;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The whole text pipeline for a page: select its text ({@link TextSelection}), decide its language, and analyse each
 * part ({@link TextAnalyzer}). Thread-safe.
 *
 * <p>Language: the page's own declaration ({@link ParsedPage#language()}: html lang or Content-Language) when it has
 * one; otherwise Chinese when more than {@value #HAN_SHARE_ZH} of the letters of its title and text are Han
 * characters, else the topic's first language that is not Chinese (English when there is none). The language only
 * picks the chain for text outside Han runs: Han runs are always segmented by smartcn, so mixed pages work.
 */
public final class PageAnalyzer {

    static final double HAN_SHARE_ZH = 0.3;
    /** Enough characters to tell the script; detection stays cheap on long pages. */
    private static final int DETECT_CHARS = 2000;

    private final TextAnalyzer analyzer;
    private final TextSelection selection;
    private final String defaultLanguage;

    /** @param topicLanguages the topic's languages (ISO 639-1), in the topic file's order */
    public PageAnalyzer(TextAnalyzer analyzer, TextSelection selection, List<String> topicLanguages) {
        this.analyzer = analyzer;
        this.selection = selection;
        this.defaultLanguage = topicLanguages.stream().filter(l -> !l.equals("zh")).findFirst().orElse("en");
    }

    public TextAnalyzer textAnalyzer() {
        return analyzer;
    }

    public AnalyzedPage analyze(ParsedPage page) {
        String language = language(page);
        List<AnalyzedPage.Part> parts = new ArrayList<>();
        for (TextSelection.Part part : selection.parts(page)) {
            List<String> terms = analyzer.terms(part.text(), language);
            if (!terms.isEmpty()) {
                parts.add(new AnalyzedPage.Part(part.tag(), terms));
            }
        }
        return new AnalyzedPage(page.url(), language, selection.isHub(page), parts);
    }

    /** The language the page is analysed as (see the class comment). */
    public String language(ParsedPage page) {
        String declared = page.language() == null ? "" : page.language().strip().toLowerCase(Locale.ROOT);
        int dash = declared.indexOf('-');
        if (dash >= 0) {
            declared = declared.substring(0, dash);
        }
        if (!declared.isEmpty()) {
            return declared;
        }
        StringBuilder sample = new StringBuilder();
        sample.append(page.title() == null ? "" : page.title()).append(' ');
        String text = page.text() == null ? "" : page.text();
        sample.append(text, 0, Math.min(text.length(), DETECT_CHARS));
        return Scripts.hanShare(sample) > HAN_SHARE_ZH ? "zh" : defaultLanguage;
    }
}
