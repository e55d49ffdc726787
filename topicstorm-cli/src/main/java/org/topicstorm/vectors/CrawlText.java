package org.topicstorm.vectors;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.Scroll;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Exports the text of the pages in a crawl's content index ({@code <crawl>-content}, see index/ContentDoc) as
 * training sentences, one per line, so that training can read them several times without asking ES again.
 * Each page gives its title, its headings and its text, cut by {@link TextCorpus#sentences(String)}.
 */
public final class CrawlText {

    private static final int PAGE_SIZE = 200;

    private CrawlText() {
    }

    /**
     * Writes the sentences of every document of the index to a UTF-8 file.
     *
     * @return the number of documents read
     */
    public static long export(ElasticsearchClient client, String index, Path out) throws IOException {
        long[] docs = {0};
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            Scroll.each(client, s -> s.index(index).size(PAGE_SIZE)
                    .source(src -> src.filter(f -> f.includes("title", "headings", "text"))), Map.class, hit -> {
                        Map<?, ?> source = hit.source();
                        write(w, source.get("title"));
                        write(w, source.get("headings"));
                        write(w, source.get("text"));
                        docs[0]++;
                    });
        }
        return docs[0];
    }

    private static void write(BufferedWriter w, Object field) throws IOException {
        if (field instanceof String text) {
            for (String sentence : TextCorpus.sentences(text)) {
                w.write(sentence);
                w.write('\n');
            }
        } else if (field instanceof List<?> list) {
            for (Object item : list) {
                write(w, item);
            }
        }
    }
}
