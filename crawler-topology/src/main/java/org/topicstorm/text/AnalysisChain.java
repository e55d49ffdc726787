package org.topicstorm.text;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A Lucene analysis chain written as its steps: one tokenizer, then filters (normalise, drop), each added with
 * {@link #then}. Chains are immutable; {@code then} returns a longer chain, so a base chain can be shared:
 *
 * <pre>{@code
 * AnalysisChain words = AnalysisChain.of(StandardTokenizer::new).then(LowerCaseFilter::new);
 * AnalysisChain english = words.then(ts -> new StopFilter(ts, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET));
 * }</pre>
 *
 * <p>Thread-safe like every Lucene {@link Analyzer}: each thread gets its own token stream components, made once and
 * reused for every later text.
 */
public final class AnalysisChain extends Analyzer {

    private final Supplier<? extends Tokenizer> tokenizer;
    private final List<UnaryOperator<TokenStream>> filters;

    private AnalysisChain(Supplier<? extends Tokenizer> tokenizer, List<UnaryOperator<TokenStream>> filters) {
        this.tokenizer = tokenizer;
        this.filters = List.copyOf(filters);
    }

    /** A chain that only splits text into tokens. */
    public static AnalysisChain of(Supplier<? extends Tokenizer> tokenizer) {
        return new AnalysisChain(tokenizer, List.of());
    }

    /** This chain followed by one more filter. */
    public AnalysisChain then(UnaryOperator<TokenStream> filter) {
        List<UnaryOperator<TokenStream>> longer = new ArrayList<>(filters);
        longer.add(filter);
        return new AnalysisChain(tokenizer, longer);
    }

    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
        Tokenizer source = tokenizer.get();
        TokenStream stream = source;
        for (UnaryOperator<TokenStream> filter : filters) {
            stream = filter.apply(stream);
        }
        return new TokenStreamComponents(source, stream);
    }

    /** Passes each term the chain makes of the text to the sink, in text order. */
    public void terms(String text, Consumer<String> sink) {
        if (text == null || text.isEmpty()) {
            return;
        }
        try (TokenStream stream = tokenStream("", text)) {
            CharTermAttribute term = stream.addAttribute(CharTermAttribute.class);
            stream.reset();
            while (stream.incrementToken()) {
                sink.accept(term.toString());
            }
            stream.end();
        } catch (IOException e) {
            // Reading from a String cannot fail; a filter that throws is a bug.
            throw new UncheckedIOException(e);
        }
    }

    /** The terms of the text, in order. */
    public List<String> terms(String text) {
        List<String> terms = new ArrayList<>();
        terms(text, terms::add);
        return terms;
    }
}
