package org.topicstorm.eval;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.relevance.PageSummary;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The crawl log of a crawl, read from its status index: every URL the crawl requested, in the order its first fetch
 * outcome left the fetcher ({@code firstFetched}, ties by URL), with the crawler's own verdict for pages it judged.
 * Can be read during a crawl (what is written so far) or after it. A judged page also brings its score and, from its
 * page summary, its title and the terms that made the score (what the report's false positives and negatives show).
 */
public final class CrawlLog {

    private static final int PAGE = 1000;

    private CrawlLog() {
    }

    /** The stored fields the log needs ({@code page}: only its title and terms are read). */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Entry(String url, String host, String status, Boolean relevant, Long firstFetched, Double relevance,
                 PageSummary page, String error) {
    }

    /**
     * @param statusIndex the crawl's status index ({@code <crawl>-status})
     * @param limit       at most this many entries, the first ones (0 = all)
     */
    public static List<FetchedPage> read(ElasticsearchClient client, String statusIndex, int limit)
            throws IOException {
        client.indices().refresh(r -> r.index(statusIndex));
        List<FetchedPage> log = new ArrayList<>();
        List<FieldValue> after = null;
        while (limit <= 0 || log.size() < limit) {
            int size = limit <= 0 ? PAGE : Math.min(PAGE, limit - log.size());
            List<FieldValue> from = after;
            SearchResponse<Entry> page = client.search(s -> {
                s.index(statusIndex).size(size)
                        .query(q -> q.exists(e -> e.field("firstFetched")))
                        .source(src -> src.filter(f -> f.includes("url", "host", "status", "relevant", "firstFetched", "error",
                                "relevance", "page.title", "page.terms")))
                        .sort(o -> o.field(f -> f.field("firstFetched").order(SortOrder.Asc)))
                        .sort(o -> o.field(f -> f.field("url").order(SortOrder.Asc)));
                if (from != null) {
                    s.searchAfter(from);
                }
                return s;
            }, Entry.class);
            List<Hit<Entry>> hits = page.hits().hits();
            for (Hit<Entry> hit : hits) {
                log.add(toPage(hit.source()));
            }
            if (hits.size() < size) {
                break;
            }
            after = hits.get(hits.size() - 1).sort();
        }
        return log;
    }

    static FetchedPage toPage(Entry e) {
        // only a page fetched and judged has a verdict; an error or a redirect has none
        Boolean verdict = Status.FETCHED.name().equals(e.status()) ? Boolean.TRUE.equals(e.relevant()) : null;
        if (verdict == null) {
            return new FetchedPage(e.url(), e.host(), e.status(), null, e.firstFetched());
        }
        PageSummary page = e.page();
        return new FetchedPage(e.url(), e.host(), e.status(), verdict, e.firstFetched(),
                e.relevance() == null ? Double.NaN : e.relevance(), page == null ? "" : page.title(),
                page == null ? List.of() : page.terms(), isDuplicate(e.error()));
    }

    /** Whether a status error says the page was left out of the content index as a duplicate. */
    static boolean isDuplicate(String error) {
        return error != null && (error.startsWith(CrawlStats.NEAR_DUPLICATE_ERROR)
                || error.startsWith(CrawlStats.CANONICAL_COPY_ERROR));
    }
}
