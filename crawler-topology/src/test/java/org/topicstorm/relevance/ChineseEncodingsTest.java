package org.topicstorm.relevance;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Chinese page scores the same whatever its encoding: GBK and GB2312 (simplified), Big5 (traditional), each against
 * its UTF-8 version, through the real parser (charset from the meta tag, or sniffed when there is none), with each
 * Chinese segmenter.
 */
class ChineseEncodingsTest {

    private static final String SIMPLIFIED = """
            <html><head><meta charset="%s"><title>食品安全监管</title></head><body>
            <h1>农药残留超标</h1>
            <p>国家市场监督管理总局发布通告，加强食品安全监管。抽检发现部分蔬菜农药残留超标，相关产品已被召回。
            食品添加剂的使用应当符合国家标准，食品安全关系到每个人的健康。</p></body></html>""";
    private static final String TRADITIONAL = """
            <html><head><meta charset="%s"><title>食品安全監管</title></head><body>
            <h1>農藥殘留超標</h1>
            <p>食物安全中心公布檢測結果，部分蔬菜農藥殘留超標，相關產品已經回收。食品安全關係到每個人的健康，
            食品添加劑的使用應當符合標準。</p></body></html>""";

    /** The food topic, its Chinese segmented by the given segmenter. */
    private static Topic topic(ChineseSegmenter segmenter) {
        return TopicLoader.fromString("""
                name: food
                languages: [zh]
                keywords: {食品安全: 1.0, 农药残留: 0.8, 農藥殘留: 0.8, 食品添加剂: 0.6, 食品添加劑: 0.6, 召回: 0.5}
                seeds: [https://example.org/]
                threshold: 0.2
                relevance: {segmenter: %s}
                """.formatted(segmenter.yamlName), "food.yaml");
    }

    private static ParsedPage parse(String html, Charset charset, String contentType) throws Exception {
        return new PageParser(ParseConfig.defaults()).parse("https://example.org/p", html.getBytes(charset),
                contentType, null);
    }

    @ParameterizedTest
    @EnumSource(ChineseSegmenter.class)
    void gbkGb2312AndBig5PagesScoreLikeTheirUtf8Versions(ChineseSegmenter segmenter) throws Exception {
        WeightedKeywordModel model = new WeightedKeywordModel(topic(segmenter));
        Relevance utf8 = model.score(parse(SIMPLIFIED.formatted("utf-8"), StandardCharsets.UTF_8, null));
        assertTrue(utf8.score() > 0.5, "the simplified page is on topic: " + utf8);
        for (String cs : List.of("GBK", "GB2312")) {
            ParsedPage page = parse(SIMPLIFIED.formatted(cs.toLowerCase()), Charset.forName(cs), null);
            assertEquals(utf8, model.score(page), cs);
        }
        // No meta tag and no header: the parser sniffs GBK.
        ParsedPage sniffed = parse(SIMPLIFIED.replace("<meta charset=\"%s\">", ""), Charset.forName("GBK"), null);
        assertEquals(utf8, model.score(sniffed));

        Relevance big5Utf8 = model.score(parse(TRADITIONAL.formatted("utf-8"), StandardCharsets.UTF_8, null));
        assertTrue(big5Utf8.score() > 0.3, "the traditional page is on topic: " + big5Utf8);
        ParsedPage big5 = parse(TRADITIONAL.formatted("big5"), Charset.forName("Big5"), "text/html; charset=Big5");
        assertEquals("Big5", big5.charset());
        assertEquals(big5Utf8, model.score(big5));
    }

    @ParameterizedTest
    @EnumSource(ChineseSegmenter.class)
    void aChinesePageIsSegmentedAndItsTopTermsExplainTheScore(ChineseSegmenter segmenter) throws Exception {
        ParsedPage page = parse(SIMPLIFIED.formatted("utf-8"), StandardCharsets.UTF_8, null);
        Relevance r = new WeightedKeywordModel(topic(segmenter)).score(page);
        // 食品安全: title 3 + body 2 = 5; 农药残留: heading 2 + body (heading text and paragraph) 2 = 4;
        // 食品添加剂 1; 召回 1. x = (1, 0.8, 0.2, 0.2) for weights (1, 0.8, 0.6, 0.5).
        assertEquals(List.of("食品安全", "农药残留", "食品添加剂", "召回"),
                r.topTerms().stream().map(Relevance.TermContribution::term).toList());
        double[] x = {1, 0.8, 0.2, 0.2};
        double[] w = {1, 0.8, 0.6, 0.5};
        double dot = 0;
        double tt = 0;
        for (int i = 0; i < 4; i++) {
            dot += x[i] * w[i] * w[i];
            tt += x[i] * w[i] * x[i] * w[i];
        }
        // |D|^2 includes the two traditional keywords the page lacks: 1 + 0.64 + 0.64 + 0.36 + 0.36 + 0.25
        double dd = 1 + 0.64 + 0.64 + 0.36 + 0.36 + 0.25;
        assertEquals(dot / Math.sqrt(tt * dd), r.score(), 1e-12);
    }
}
