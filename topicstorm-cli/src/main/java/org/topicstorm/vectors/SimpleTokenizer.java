package org.topicstorm.vectors;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The default tokenizer for training vectors: maximal runs of letters and digits (Unicode), lower-cased.
 * "Cloud-based e-mail, 2024!" gives [cloud, based, e, mail, 2024]. An apostrophe splits too ("don't" gives
 * [don, t]), like hyphens; this matches how page words are counted closely enough for cosines, and keeps the
 * vocabulary free of punctuation.
 *
 * <p>Meant for English and other languages that separate words by spaces. Chinese needs a segmenter: a run of
 * Han characters would come out as one token. Any {@code Function<String, List<String>>} can be given to
 * {@link VectorTrainer} instead, e.g. one backed by a Lucene analyzer (without stemming: vectors are looked up by
 * surface form).
 */
public final class SimpleTokenizer implements Function<String, List<String>> {

    @Override
    public List<String> apply(String text) {
        List<String> tokens = new ArrayList<>();
        int start = -1;
        int i = 0;
        while (i <= text.length()) {
            int cp = i < text.length() ? text.codePointAt(i) : ' ';
            boolean part = Character.isLetterOrDigit(cp);
            if (part && start < 0) {
                start = i;
            } else if (!part && start >= 0) {
                tokens.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                start = -1;
            }
            i += i < text.length() ? Character.charCount(cp) : 1;
        }
        return tokens;
    }
}
