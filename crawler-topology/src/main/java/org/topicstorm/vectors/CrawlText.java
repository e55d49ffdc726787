package org.topicstorm.vectors;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.ScrollResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;

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
    private static final String KEEP_ALIVE = "2m";

    private CrawlText() {
    }

    /**
     * Writes the sentences of every document of the index to a UTF-8 file.
     *
     * @return the number of documents read
     */
    public static long export(ElasticsearchClient client, String index, Path out) throws IOException {
        long docs = 0;
        try (BufferedWriter w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            @SuppressWarnings({"rawtypes"})
            SearchResponse<Map> first = client.search(s -> s.index(index).size(PAGE_SIZE).scroll(t -> t.time(KEEP_ALIVE))
                    .source(src -> src.filter(f -> f.includes("title", "headings", "text"))), Map.class);
            String scrollId = first.scrollId();
            List<? extends Hit<?>> hits = first.hits().hits();
            try {
                while (!hits.isEmpty()) {
                    for (Hit<?> hit : hits) {
                        if (hit.source() instanceof Map<?, ?> source) {
                            write(w, source.get("title"));
                            write(w, source.get("headings"));
                            write(w, source.get("text"));
                            docs++;
                        }
                    }
                    String id = scrollId;
                    @SuppressWarnings({"rawtypes"})
                    ScrollResponse<Map> next = client.scroll(s -> s.scrollId(id).scroll(t -> t.time(KEEP_ALIVE)),
                            Map.class);
                    scrollId = next.scrollId();
                    hits = next.hits().hits();
                }
            } finally {
                if (scrollId != null) {
                    String id = scrollId;
                    client.clearScroll(c -> c.scrollId(id));
                }
            }
        }
        return docs;
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
