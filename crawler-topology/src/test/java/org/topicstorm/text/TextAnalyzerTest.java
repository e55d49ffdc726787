package org.topicstorm.text;

import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.core.WhitespaceTokenizer;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TextAnalyzerTest {

    private final TextAnalyzer stemming = new TextAnalyzer(true);
    private final TextAnalyzer plain = new TextAnalyzer(false);

    @Test
    void englishChainLowerCasesDropsStopWordsAndNumbersAndStems() {
        assertEquals(List.of("cloud", "cloud", "nativ", "comput", "server", "infrastructur", "servic", "c"),
                stemming.terms("The Clouds of cloud-native computing's 2024 servers, Infrastructure as a Service; "
                        + "C 3.14", "en"));
        assertEquals(List.of("clouds", "cloud", "native", "computing", "servers"),
                plain.terms("The Clouds of cloud-native computing's 2024 servers", "en"));
    }

    @Test
    void chineseSentenceIsSegmentedAndFunctionWordsDropped() {
        // 的 and 被 are function words, the punctuation is smartcn's stop set; 食品安全 becomes 食品 + 安全.
        TextAnalyzer smartcn = new TextAnalyzer(true, ChineseSegmenter.SMARTCN);
        assertEquals(List.of("加强", "食品", "安全", "监管", "农药", "残留", "超标", "蔬菜", "召回"),
                smartcn.terms("加强食品安全监管，农药残留超标的蔬菜被召回。", "zh"));
        assertEquals(List.of("食品", "添加剂", "使用", "应当", "符合", "国家", "标准"),
                smartcn.terms("食品添加剂的使用应当符合国家标准。", "zh"));
        // The default segmenter (hanlp-speed): the same words, except 国家标准, one word of HanLP's dictionary.
        assertEquals(ChineseSegmenter.HANLP_SPEED, stemming.segmenter());
        assertEquals(List.of("加强", "食品", "安全", "监管", "农药", "残留", "超标", "蔬菜", "召回"),
                stemming.terms("加强食品安全监管，农药残留超标的蔬菜被召回。", "zh"));
        assertEquals(List.of("食品", "添加剂", "使用", "应当", "符合", "国家标准"),
                stemming.terms("食品添加剂的使用应当符合国家标准。", "zh"));
    }

    @Test
    void mixedTextSendsHanRunsToTheSegmenterAndTheRestToTheLanguageChain() {
        // An English page with a Chinese phrase, and a Chinese page with an English word: both kinds of terms.
        assertEquals(List.of("deploi", "kubernet", "云", "计算", "cluster"),
                stemming.terms("Deploying Kubernetes 云计算 clusters", "en"));
        assertEquals(List.of("使用", "kubernet", "部署", "云", "计算", "应用"),
                stemming.terms("使用Kubernetes部署云计算应用", "zh"));
    }

    @Test
    void oneLetterWordsStayAndNumbersGo() {
        assertEquals(List.of("c", "function", "vitamin", "d"), stemming.terms("C functions, 2 vitamin D 3.5", "en"));
        assertEquals(List.of("typ", "c"), stemming.terms("Typ C 2024", "de"));
    }

    @Test
    void otherLanguagesAreNeitherStemmedNorStopFiltered() {
        // German: "die" is not an English stop word here and "Wolken" is not stemmed.
        assertEquals(List.of("die", "wolken", "the"), stemming.terms("Die Wolken the", "de"));
    }

    @Test
    void aChainIsItsSteps() {
        AnalysisChain chain = AnalysisChain.of(WhitespaceTokenizer::new).then(LowerCaseFilter::new)
                .then(NumberFilter::new);
        assertEquals(List.of("a", "b-c"), chain.terms("A 12 B-C 1,000.5"));
        assertEquals(List.of(), chain.terms(""));
    }
}
