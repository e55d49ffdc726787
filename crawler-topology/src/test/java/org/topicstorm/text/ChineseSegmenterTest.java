package org.topicstorm.text;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Chinese segmenters on real sentences: the words each makes, written out. */
class ChineseSegmenterTest {

    private static List<String> words(ChineseSegmenter s, String text) {
        return AnalysisChain.of(s::newTokenizer).terms(text);
    }

    @Test
    void hanlpSpeedSegmentsByLongestDictionaryMatch() {
        ChineseSegmenter s = ChineseSegmenter.HANLP_SPEED;
        assertEquals(List.of("食品", "安全", "监管", "是", "政府", "的", "重要", "职责"), words(s, "食品安全监管是政府的重要职责"));
        assertEquals(List.of("选择", "工作", "表", "中", "的", "单元", "格", "然后", "输入", "公式"),
                words(s, "选择工作表中的单元格然后输入公式"));
        assertEquals(List.of("我们", "在", "北京大学", "学习", "自然", "语言", "处理"), words(s, "我们在北京大学学习自然语言处理"));
        // Greedy: the longest word first, even where it is wrong (菜单/中/选择 in the other segmenters).
        assertEquals(List.of("在", "插入", "菜单", "中选", "择", "图表"), words(s, "在插入菜单中选择图表"));
    }

    /** HanLP's shortest path and smartcn's HMM make the same words of these two sentences. */
    @ParameterizedTest
    @EnumSource(value = ChineseSegmenter.class, names = {"HANLP", "SMARTCN"})
    void hanlpAndSmartcnSegmentByShortestPathAndHmm(ChineseSegmenter s) {
        assertEquals(List.of("在", "插入", "菜单", "中", "选择", "图表"), words(s, "在插入菜单中选择图表"));
        assertEquals(List.of("数据", "透视", "表", "可以", "汇总", "电子", "表格", "中", "的", "数据"),
                words(s, "数据透视表可以汇总电子表格中的数据"));
    }

    @Test
    void hanlpTokensCarryTheirOffsets() throws Exception {
        List<String> spans = new ArrayList<>();
        String text = "打开工作表";
        try (TokenStream ts = AnalysisChain.of(ChineseSegmenter.HANLP_SPEED::newTokenizer).tokenStream("", text)) {
            OffsetAttribute o = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                spans.add(o.startOffset() + "-" + o.endOffset());
            }
            ts.end();
            assertEquals(text.length(), o.endOffset());
        }
        assertEquals(List.of("0-2", "2-4", "4-5"), spans);
    }

    @Test
    void mixedTextAndKeywordsAreSegmentedAlike() {
        TextAnalyzer a = new TextAnalyzer(true, ChineseSegmenter.HANLP_SPEED);
        // Han runs go to the segmenter, Latin words to the English chain; stop words (的, 在) dropped.
        assertEquals(List.of("使用", "kubernet", "部署", "云", "计算", "应用"), a.terms("使用Kubernetes部署云计算应用", "zh"));
        KeywordMatcher m = new KeywordMatcher(List.of(KeywordMatcher.analyse(a, "食品安全", "zh"),
                KeywordMatcher.analyse(a, "电子表格", "zh")));
        double[] counts = new double[2];
        m.count(a.terms("加强食品安全监管，食品安全第一。在电子表格中输入", "zh"), 1, counts);
        assertEquals(2.0, counts[0]);
        assertEquals(1.0, counts[1]);
    }

    @Test
    void namesInTheTopicFile() {
        assertEquals(List.of("hanlp", "hanlp-speed", "smartcn"), List.copyOf(ChineseSegmenter.byName().keySet()));
    }
}
