package org.topicstorm.relevance;

import java.util.List;
import java.util.Map;

/**
 * The adaptive centroid model's crawl state (001 paper), as stored in the crawl's model index. Vectors live in the
 * feature space: they have no entries outside {@code features}.
 *
 * @param features the K selected terms
 * @param seeds    each seed page's vector: its tag-weighted frequencies on the features, divided by the norm of all
 *                 its frequencies (so that a long seed page weighs no more than a short one)
 * @param centroid M, the mean of the seed vectors, then moved by every update
 * @param updates  U, the number of updates so far
 */
public record CentroidState(List<String> features, List<Map<String, Double>> seeds, Map<String, Double> centroid,
                            long updates) {

    public CentroidState {
        features = List.copyOf(features);
        seeds = seeds.stream().map(Map::copyOf).toList();
        centroid = Map.copyOf(centroid);
    }
}
