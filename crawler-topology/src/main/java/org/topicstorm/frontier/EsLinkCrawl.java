package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.topicstorm.priority.LinkClassifier;
import org.topicstorm.priority.Lift;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.topic.LinkSettings;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The link learner's view of the status index: judged pages with the features of the link that led to them (the
 * training examples), and the best waiting URLs to re-score, written back through {@link StatusWriter} (so a rescore
 * meets concurrent status updates with the same optimistic concurrency as every other write).
 */
public final class EsLinkCrawl implements LinkLearner.Crawl {

    /** Elasticsearch returns at most this many hits per search (index.max_result_window). */
    static final int MAX_HITS = 10_000;

    private final ElasticsearchClient client;
    private final String statusIndex;
    private final StatusWriter writer;
    private final LinkSettings.Target target;
    private final double threshold;

    /**
     * @param target    what a judged page teaches (its verdict, or its score against {@code threshold})
     * @param threshold the topic's relevance threshold
     */
    public EsLinkCrawl(ElasticsearchClient client, String statusIndex, StatusWriter writer,
                       LinkSettings.Target target, double threshold) {
        this.client = client;
        this.statusIndex = statusIndex;
        this.writer = writer;
        this.target = target;
        this.threshold = threshold;
    }

    /** The fields read here. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Doc(String url, Boolean relevant, Double relevance, List<String> linkFeatures) {
    }

    @Override
    public long judgedPages() throws IOException {
        return client.count(c -> c.index(statusIndex)
                .query(q -> q.term(t -> t.field("status").value(Status.FETCHED.name())))).count();
    }

    @Override
    public List<LinkClassifier.Example> recentExamples(int max) throws IOException {
        List<LinkClassifier.Example> examples = new ArrayList<>();
        for (Doc d : search(Status.FETCHED, "lastFetched", max)) {
            if (d.linkFeatures() != null && !d.linkFeatures().isEmpty() && d.relevant() != null) {
                examples.add(new LinkClassifier.Example(d.linkFeatures(),
                        target.of(d.relevant(), d.relevance() == null ? 0 : d.relevance(), threshold)));
            }
        }
        // oldest first: the order the crawl judged them
        java.util.Collections.reverse(examples);
        return examples;
    }

    @Override
    public List<LinkLearner.Waiting> bestWaiting(int max) throws IOException {
        List<LinkLearner.Waiting> waiting = new ArrayList<>();
        for (Doc d : search(Status.DISCOVERED, "priorityKey", max)) {
            if (d.linkFeatures() != null && !d.linkFeatures().isEmpty()) {
                waiting.add(new LinkLearner.Waiting(d.url(), d.linkFeatures()));
            }
        }
        return waiting;
    }

    @Override
    public int rescore(List<LinkLearner.Waiting> urls, List<Lift> lifts) {
        List<StatusUpdate> updates = new ArrayList<>(urls.size());
        for (int i = 0; i < urls.size(); i++) {
            updates.add(StatusUpdate.rescored(urls.get(i).url(), lifts.get(i)));
        }
        int written = 0;
        for (boolean ok : writer.write(updates)) {
            written += ok ? 1 : 0;
        }
        return written;
    }

    /** Documents of one status, highest {@code sortField} first. */
    private List<Doc> search(Status status, String sortField, int max) throws IOException {
        SearchResponse<Doc> response = client.search(s -> s.index(statusIndex)
                .size(Math.min(max, MAX_HITS))
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.term(t -> t.field("status").value(status.name())))
                .sort(o -> o.field(f -> f.field(sortField).order(SortOrder.Desc)))
                .source(src -> src.filter(f -> f.includes("url", "relevant", "relevance", "linkFeatures"))), Doc.class);
        List<Doc> docs = new ArrayList<>();
        for (Hit<Doc> h : response.hits().hits()) {
            if (h.source() != null) {
                docs.add(h.source());
            }
        }
        return docs;
    }
}
