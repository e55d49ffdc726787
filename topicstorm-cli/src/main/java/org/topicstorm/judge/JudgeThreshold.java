package org.topicstorm.judge;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch._types.aggregations.FilterAggregate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.relevance.EsModelStateStore;

import java.io.IOException;
import java.util.Locale;
import java.util.Optional;

/**
 * The threshold {@code topicstorm judge} samples around (pages nearest it are where a judgement teaches most), and
 * where it came from. In order of preference:
 * <ol>
 *   <li>the one the person gives ({@code --threshold});</li>
 *   <li>the crawl's self-tuned threshold: field {@code r} of the state of document {@value #TUNED_KIND} of its model
 *       index, when there is one (only crawls with self-tuning on have it);</li>
 *   <li>the lowest score of a fetched page the crawl judged relevant: the boundary its verdicts used;</li>
 *   <li>with no relevant page yet, the highest score of a fetched page (the boundary is above every page).</li>
 * </ol>
 *
 * @param value  the threshold
 * @param source where it came from, for the person
 */
public record JudgeThreshold(double value, String source) {

    /** The kind (document id) of the self-tuned threshold's state in the model index. */
    public static final String TUNED_KIND = org.topicstorm.relevance.ThresholdTuner.KIND;

    /**
     * The choice among what is known (each null when unknown).
     *
     * @param given          {@code --threshold}
     * @param tunedState     the self-tuned threshold's state
     * @param lowestRelevant lowest score of a fetched, relevant page
     * @param highestFetched highest score of a fetched page
     * @throws IllegalStateException when nothing is known: the crawl has no scored page
     */
    public static JudgeThreshold choose(Double given, JsonNode tunedState, Double lowestRelevant,
                                        Double highestFetched) {
        if (given != null) {
            return new JudgeThreshold(given, "given");
        }
        JsonNode r = tunedState == null ? null : tunedState.get("r");
        if (r != null && r.isNumber() && r.asDouble() >= 0 && r.asDouble() <= 1) {
            return new JudgeThreshold(r.asDouble(), "the crawl's self-tuned threshold");
        }
        if (lowestRelevant != null) {
            return new JudgeThreshold(lowestRelevant, "the lowest score of a page the crawl judged relevant");
        }
        if (highestFetched != null) {
            return new JudgeThreshold(highestFetched, "the highest score of a fetched page: none is relevant yet");
        }
        throw new IllegalStateException("no page of the crawl has been fetched and scored yet: nothing to judge");
    }

    /** The choice for a crawl in Elasticsearch. */
    public static JudgeThreshold of(ElasticsearchClient client, CrawlIndices indices, Double given)
            throws IOException {
        if (given != null) {
            return choose(given, null, null, null);
        }
        JsonNode tuned = null;
        if (client.indices().exists(e -> e.index(indices.model())).value()) {
            Optional<ObjectNode> state = new EsModelStateStore(client, indices.model()).load(TUNED_KIND,
                    ObjectNode.class);
            tuned = state.orElse(null);
        }
        SearchResponse<Void> r = client.search(s -> s.index(indices.status()).size(0)
                .query(q -> q.bool(b -> b.filter(f -> f.term(t -> t.field("status").value("FETCHED")))
                        .filter(f -> f.exists(e -> e.field("relevance")))))
                .aggregations("highest", a -> a.max(m -> m.field("relevance")))
                .aggregations("relevant", a -> a.filter(f -> f.term(t -> t.field("relevant").value(true)))
                        .aggregations("lowest", l -> l.min(m -> m.field("relevance")))), Void.class);
        long fetched = r.hits().total() == null ? 0 : r.hits().total().value();
        double highest = r.aggregations().get("highest").max().value();
        FilterAggregate relevant = r.aggregations().get("relevant").filter();
        double lowest = relevant.aggregations().get("lowest").min().value();
        return choose(null, tuned, relevant.docCount() > 0 && Double.isFinite(lowest) ? lowest : null,
                fetched > 0 && Double.isFinite(highest) ? highest : null);
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%.3f (%s)", value, source);
    }
}
