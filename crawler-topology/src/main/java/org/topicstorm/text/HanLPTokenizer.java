package org.topicstorm.text;

import com.hankcs.hanlp.seg.Other.DoubleArrayTrieSegment;
import com.hankcs.hanlp.seg.Segment;
import com.hankcs.hanlp.seg.Viterbi.ViterbiSegment;
import com.hankcs.hanlp.seg.common.Term;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;
import org.apache.lucene.util.ArrayUtil;

import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

/**
 * A Lucene {@link Tokenizer} that segments its input into words with HanLP (portable 1.8.6, dictionaries in its
 * jar): one token per word, with offsets; tokens of whitespace only are dropped. HanLP's dictionaries are loaded
 * once per JVM, on first use (about 0.5 s).
 *
 * <p>Both kinds run with part-of-speech tagging, name recognition (people, places, organisations) and HanLP's custom
 * dictionary off: they cost most of the time of HanLP's default segmenter and do not help topic scoring, where a
 * name split into its words still matches the same name split the same way in a keyword.
 */
final class HanLPTokenizer extends Tokenizer {

    /** Which HanLP segmenter. */
    enum Kind {
        /** Shortest path in the word lattice weighted by the core dictionary and the word-bigram table. */
        VITERBI,
        /** Longest match in the core dictionary (HanLP's SpeedTokenizer). */
        LONGEST_MATCH
    }

    private final Segment segment;
    private final CharTermAttribute termAtt = addAttribute(CharTermAttribute.class);
    private final OffsetAttribute offsetAtt = addAttribute(OffsetAttribute.class);
    private char[] buffer = new char[1024];
    private int length;
    private Iterator<Term> terms;

    HanLPTokenizer(Kind kind) {
        Segment s = kind == Kind.VITERBI
                ? new ViterbiSegment().enableNameRecognize(false).enablePlaceRecognize(false)
                        .enableOrganizationRecognize(false).enableTranslatedNameRecognize(false)
                        .enableJapaneseNameRecognize(false)
                : new DoubleArrayTrieSegment();
        this.segment = s.enableCustomDictionary(false).enablePartOfSpeechTagging(false)
                .enableNumberQuantifierRecognize(false).enableNormalization(false).enableOffset(true);
    }

    @Override
    public void reset() throws IOException {
        super.reset();
        length = 0;
        for (int n; (n = input.read(buffer, length, buffer.length - length)) != -1; ) {
            length += n;
            if (length == buffer.length) {
                buffer = ArrayUtil.grow(buffer, length + 1);
            }
        }
        List<Term> segmented = length == 0 ? List.of() : segment.seg(Arrays.copyOf(buffer, length));
        terms = segmented.iterator();
    }

    @Override
    public boolean incrementToken() {
        while (terms.hasNext()) {
            Term t = terms.next();
            if (!t.word.isBlank()) {
                clearAttributes();
                termAtt.setEmpty().append(t.word);
                offsetAtt.setOffset(correctOffset(t.offset), correctOffset(t.offset + t.word.length()));
                return true;
            }
        }
        return false;
    }

    @Override
    public void end() throws IOException {
        super.end();
        int end = correctOffset(length);
        offsetAtt.setOffset(end, end);
    }

    @Override
    public void close() throws IOException {
        super.close();
        terms = null;
        length = 0;
    }
}
