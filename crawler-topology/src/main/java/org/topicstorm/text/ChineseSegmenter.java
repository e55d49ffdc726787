package org.topicstorm.text;

import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cn.smart.HMMChineseTokenizer;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The word segmenters that split runs of Han characters into words (topic file: {@code relevance.segmenter};
 * seeds/README.md). Each is a real dictionary-based word segmenter wrapped as a Lucene {@link Tokenizer}, so it is
 * the first step of the Chinese {@link AnalysisChain}:
 * <ul>
 *   <li>{@link #HANLP_SPEED}: HanLP's "speed" segmenter (SpeedTokenizer): longest match in its core dictionary
 *       (double-array trie), no statistics. Segmentation alone is about 30 times as fast as smartcn's, but greedy:
 *       "菜单中选择" becomes 菜单 中选 择. The default, except for topics that use word2vec.</li>
 *   <li>{@link #HANLP}: HanLP's shortest-path (Viterbi) segmentation over its core dictionary and word-bigram
 *       table, without name recognition and without its custom dictionary (see {@link HanLPTokenizer}). About 3
 *       times as fast as smartcn, fewer greedy errors than hanlp-speed.</li>
 *   <li>{@link #SMARTCN}: Lucene smartcn's HMM segmentation (the only segmenter before HanLP was added). The
 *       default of topics that use word2vec: with HanLP's words, word vectors trained on a small corpus separated
 *       topics no better than chance (docs/benchmarks.md).</li>
 * </ul>
 * Pages and keywords must be segmented by the same one (a topic's {@link TextAnalyzer} does both).
 */
public enum ChineseSegmenter {
    HANLP("hanlp", () -> new HanLPTokenizer(HanLPTokenizer.Kind.VITERBI)),
    HANLP_SPEED("hanlp-speed", () -> new HanLPTokenizer(HanLPTokenizer.Kind.LONGEST_MATCH)),
    SMARTCN("smartcn", HMMChineseTokenizer::new);

    /** The segmenter of topics that do not name one and do not use word2vec. */
    public static final ChineseSegmenter DEFAULT = HANLP_SPEED;
    /** The segmenter of topics that do not name one and use word2vec (alone or in a combination). */
    public static final ChineseSegmenter DEFAULT_WORD2VEC = SMARTCN;

    /** The name in the topic file. */
    public final String yamlName;
    private final Supplier<? extends Tokenizer> tokenizer;

    ChineseSegmenter(String yamlName, Supplier<? extends Tokenizer> tokenizer) {
        this.yamlName = yamlName;
        this.tokenizer = tokenizer;
    }

    /** A new tokenizer that segments its whole input (one per thread and chain: tokenizers are not shared). */
    public Tokenizer newTokenizer() {
        return tokenizer.get();
    }

    /** The segmenters by their topic-file names, sorted. */
    public static Map<String, ChineseSegmenter> byName() {
        Map<String, ChineseSegmenter> names = new TreeMap<>();
        for (ChineseSegmenter s : values()) {
            names.put(s.yamlName, s);
        }
        return names;
    }
}
