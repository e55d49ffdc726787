package org.topicstorm.text;

import org.apache.lucene.analysis.FilteringTokenFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/** Drops tokens made only of digits and number punctuation (2024, 3.14, 1,000): numbers carry no topic. */
public final class NumberFilter extends FilteringTokenFilter {

    private final CharTermAttribute term = addAttribute(CharTermAttribute.class);

    public NumberFilter(TokenStream in) {
        super(in);
    }

    @Override
    protected boolean accept() {
        char[] buffer = term.buffer();
        for (int i = 0; i < term.length(); i++) {
            char c = buffer[i];
            if (!(Character.isDigit(c) || c == '.' || c == ',')) {
                return true;
            }
        }
        return false;
    }
}
