package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch._types.aggregations.StringTermsBucket;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import org.topicstorm.priority.LinkClassifier;
import org.topicstorm.priority.Lift;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.priority.RegionHarvest;
import org.topicstorm.topic.LinkSettings;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
    private final LinkSettings.Learned settings;
    private final double threshold;

    /**
     * @param settings  what a judged page teaches ({@link LinkSettings.Learned#example})
     * @param threshold the topic's relevance threshold
     */
    public EsLinkCrawl(ElasticsearchClient client, String statusIndex, StatusWriter writer,
                       LinkSettings.Learned settings, double threshold) {
        this.client = client;
        this.statusIndex = statusIndex;
        this.writer = writer;
        this.settings = settings;
        this.threshold = threshold;
    }

    /** The fields read here. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Doc(String url, Boolean relevant, Double relevance, List<String> linkFeatures, String parent,
               Double lift) {
    }

    @Override
    public long judgedPages() throws IOException {
        return client.count(c -> c.index(statusIndex)
                .query(q -> q.term(t -> t.field("status").value(Status.FETCHED.name())))).count();
    }

    @Override
    public List<LinkClassifier.Example> recentExamples(int max) throws IOException {
        List<LinkClassifier.Example> examples = new ArrayList<>();
        Set<String> ledToRelevant = settings.childCredit() > 0 ? parentsOfRelevantPages() : Set.of();
        for (Doc d : search(Status.FETCHED, "lastFetched", max, null, null)) {
            if (d.linkFeatures() != null && !d.linkFeatures().isEmpty() && d.relevant() != null) {
                examples.add(new LinkClassifier.Example(d.linkFeatures(), settings.example(d.relevant(),
                        d.relevance() == null ? 0 : d.relevance(), threshold, ledToRelevant.contains(d.url()))));
            }
        }
        // oldest first: the order the crawl judged them
        java.util.Collections.reverse(examples);
        return examples;
    }

    @Override
    public List<LinkLearner.Waiting> bestWaiting(int max) throws IOException {
        return waiting(search(Status.DISCOVERED, "priorityKey", max, null, null));
    }

    @Override
    public List<LinkLearner.Waiting> waitingIn(String region, int max) throws IOException {
        return waiting(search(Status.DISCOVERED, "priorityKey", max, null, region));
    }

    private static List<LinkLearner.Waiting> waiting(List<Doc> docs) {
        List<LinkLearner.Waiting> waiting = new ArrayList<>();
        for (Doc d : docs) {
            if (d.linkFeatures() != null && !d.linkFeatures().isEmpty()) {
                waiting.add(new LinkLearner.Waiting(d.url(), d.linkFeatures(), d.lift()));
            }
        }
        return waiting;
    }

    /**
     * One search over the judged pages: their number and the relevant ones, in all and per region (a terms
     * aggregation on the documents' {@code regions}, the regions with the most judged pages first).
     */
    @Override
    public RegionHarvest.State regionCounts(int maxRegions) throws IOException {
        SearchResponse<Void> r = client.search(s -> s.index(statusIndex).size(0)
                .trackTotalHits(t -> t.enabled(true))
                .query(q -> q.term(t -> t.field("status").value(Status.FETCHED.name())))
                .aggregations("relevant", a -> a.filter(f -> f.term(t -> t.field("relevant").value(true))))
                .aggregations("regions", a -> a.terms(t -> t.field("regions").size(maxRegions))
                        .aggregations("relevant", b -> b.filter(f -> f.term(t -> t.field("relevant").value(true))))),
                Void.class);
        long judged = r.hits().total() == null ? 0 : r.hits().total().value();
        long relevant = r.aggregations().get("relevant").filter().docCount();
        Map<String, RegionHarvest.Count> regions = new HashMap<>();
        for (StringTermsBucket b : r.aggregations().get("regions").sterms().buckets().array()) {
            regions.put(b.key().stringValue(), new RegionHarvest.Count(b.docCount(),
                    b.aggregations().get("relevant").filter().docCount()));
        }
        return new RegionHarvest.State(0, new RegionHarvest.Count(judged, relevant), regions);
    }

    @Override
    public void refresh() throws IOException {
        client.indices().refresh(r -> r.index(statusIndex));
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

    /**
     * The parents (the best parent of each) of the most recently fetched relevant pages: the pages whose own links
     * led to a relevant page.
     */
    private Set<String> parentsOfRelevantPages() throws IOException {
        Set<String> parents = new HashSet<>();
        for (Doc d : search(Status.FETCHED, "lastFetched", MAX_HITS, true, null)) {
            if (d.parent() != null) {
                parents.add(d.parent());
            }
        }
        return parents;
    }

    /**
     * Documents of one status (and verdict, and lying in the region, when not null), highest {@code sortField}
     * first.
     */
    private List<Doc> search(Status status, String sortField, int max, Boolean relevant, String region)
            throws IOException {
        SearchResponse<Doc> response = client.search(s -> s.index(statusIndex)
                .size(Math.min(max, MAX_HITS))
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.bool(b -> {
                    b.filter(f -> f.term(t -> t.field("status").value(status.name())));
                    if (relevant != null) {
                        b.filter(f -> f.term(t -> t.field("relevant").value(relevant)));
                    }
                    if (region != null) {
                        b.filter(f -> f.term(t -> t.field("regions").value(region)));
                    }
                    return b;
                }))
                .sort(o -> o.field(f -> f.field(sortField).order(SortOrder.Desc)))
                .source(src -> src.filter(f -> f.includes("url", "relevant", "relevance", "linkFeatures",
                        "parent", "lift"))), Doc.class);
        List<Doc> docs = new ArrayList<>();
        for (Hit<Doc> h : response.hits().hits()) {
            if (h.source() != null) {
                docs.add(h.source());
            }
        }
        return docs;
    }
}
