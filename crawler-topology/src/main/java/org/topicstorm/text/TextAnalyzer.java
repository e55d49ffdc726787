package org.topicstorm.text;

import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.cn.smart.SmartChineseAnalyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns text into terms for a language, using three {@link AnalysisChain}s:
 * <ul>
 *   <li>English: standard tokenizer, possessive 's removed, lower case, English stop words, tokens of digits only
 *       dropped, then (optionally) the Porter stemmer, so "Clouds" and "cloud" are one term. One-letter words stay
 *       terms: in "C function", "vitamin D" or "hepatitis E" the letter is what the phrase is about (dropping it
 *       made the keyword "c function" match every page with "function" in it). So does the pronoun "I", which
 *       Lucene's English stop words do not list.</li>
 *   <li>Chinese: word segmentation by the topic's {@link ChineseSegmenter} (HanLP by default, or smartcn:
 *       "食品安全监管" -&gt; 食品, 安全, 监管), smartcn's stop set (punctuation) and TopicStorm's Chinese
 *       function-word list (zh-stopwords.txt: 的, 了, 是, ...).</li>
 *   <li>Other languages: standard tokenizer, lower case, numbers dropped; no stop words and no stemming, since
 *       English ones would be wrong there.</li>
 * </ul>
 * Mixed text works whatever the language: runs of Han characters always go to the Chinese chain and everything
 * else to the chain of the language, so an English word in a Chinese page (or the reverse) becomes a term too.
 * Thread-safe.
 */
public final class TextAnalyzer {

    private final boolean stemming;
    private final ChineseSegmenter segmenter;
    private final AnalysisChain english;
    private final AnalysisChain chinese;
    private final AnalysisChain other;

    /**
     * With the default Chinese segmenter ({@link ChineseSegmenter#DEFAULT}).
     *
     * @param stemming whether English terms are stemmed (Porter)
     */
    public TextAnalyzer(boolean stemming) {
        this(stemming, ChineseSegmenter.DEFAULT);
    }

    /**
     * @param stemming  whether English terms are stemmed (Porter)
     * @param segmenter what splits runs of Han characters into words
     */
    public TextAnalyzer(boolean stemming, ChineseSegmenter segmenter) {
        this.stemming = stemming;
        this.segmenter = segmenter;
        AnalysisChain words = AnalysisChain.of(StandardTokenizer::new)
                .then(LowerCaseFilter::new)
                .then(NumberFilter::new);
        this.other = words;
        AnalysisChain en = AnalysisChain.of(StandardTokenizer::new)
                .then(EnglishPossessiveFilter::new)
                .then(LowerCaseFilter::new)
                .then(ts -> new StopFilter(ts, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET))
                .then(NumberFilter::new);
        this.english = stemming ? en.then(PorterStemFilter::new) : en;
        this.chinese = AnalysisChain.of(segmenter::newTokenizer)
                .then(ts -> new StopFilter(ts, SmartChineseAnalyzer.getDefaultStopSet()))
                .then(ts -> new StopFilter(ts, ChineseStopWords.SET));
    }

    public boolean stemming() {
        return stemming;
    }

    public ChineseSegmenter segmenter() {
        return segmenter;
    }

    /**
     * Passes the terms of the text to the sink, in text order.
     *
     * @param language ISO 639-1 code of the text's language ("en", "zh", ...); empty or unknown = English rules
     *                 for the non-Han parts
     */
    public void terms(String text, String language, Consumer<String> sink) {
        if (text == null || text.isEmpty()) {
            return;
        }
        AnalysisChain spaced = chainFor(language);
        if (!Scripts.hasHan(text)) {
            spaced.terms(text, sink);
            return;
        }
        // Split into maximal runs of Han and of everything else; each run goes to its chain.
        int start = 0;
        boolean han = Scripts.isHan(text.codePointAt(0));
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            boolean h = Scripts.isHan(cp);
            if (h != han) {
                (han ? chinese : spaced).terms(text.substring(start, i), sink);
                start = i;
                han = h;
            }
            i += Character.charCount(cp);
        }
        (han ? chinese : spaced).terms(text.substring(start), sink);
    }

    /** The terms of the text, in order. */
    public List<String> terms(String text, String language) {
        List<String> terms = new ArrayList<>();
        terms(text, language, terms::add);
        return terms;
    }

    /** Chinese text outside Han runs is mostly Latin words and numbers: treated like English. */
    private AnalysisChain chainFor(String language) {
        if (language == null || language.isEmpty() || language.equals("en") || language.equals("zh")) {
            return english;
        }
        return other;
    }

    /** TopicStorm's Chinese stop words, read once from zh-stopwords.txt. */
    private static final class ChineseStopWords {
        static final CharArraySet SET = load();

        private static CharArraySet load() {
            CharArraySet set = new CharArraySet(128, false);
            try (InputStream in = TextAnalyzer.class.getResourceAsStream("zh-stopwords.txt")) {
                if (in == null) {
                    throw new IllegalStateException("zh-stopwords.txt is not on the classpath");
                }
                BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (String line; (line = reader.readLine()) != null; ) {
                    String word = line.strip();
                    if (!word.isEmpty() && !word.startsWith("#")) {
                        set.add(word);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return CharArraySet.unmodifiableSet(set);
        }
    }
}
