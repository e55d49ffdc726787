package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.topology.LogThrottle;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Finds, for the pages of a content batch, the stored page each is a near-duplicate of ({@link SimHash}, the rule in
 * {@link NearDuplicates}). Candidates: the indexed pages sharing a band of a signature (one search per batch), plus
 * the pages this finder saw stored in the last {@link #RECENT_MS} ms, which the search may not show yet (the index
 * refreshes every second, and copies of one article are often found in one round). Pages with a change in the batch
 * are not candidates as they are in the index: the batch itself says what becomes of them. Two indexer tasks storing
 * copies within the same second may both store them. One instance per indexer task; not thread-safe.
 */
final class DuplicateFinder {

    private static final Logger LOG = LoggerFactory.getLogger(DuplicateFinder.class);
    /**
     * Candidates read per batch at most. A batch of 50 pages asks for about 200 bands, each matching about
     * pages / 65,536 indexed pages at random, so the cap is reached near three million indexed pages (sooner where
     * signatures cluster, as on one site); past it the hits read are arbitrary and a copy may be missed (logged).
     */
    static final int MAX_CANDIDATES = 10_000;
    /** How long a stored page is remembered here: well past the content index's refresh (1 s). */
    static final long RECENT_MS = 5_000;

    private final ElasticsearchClient client;
    private final String index;
    private final LongSupplier clock;
    /** Pages stored in the last RECENT_MS, oldest first. */
    private final Deque<Recent> recent = new ArrayDeque<>();

    private record Recent(String url, long simhash, long at) {
    }

    DuplicateFinder(ElasticsearchClient client, String index, LongSupplier clock) {
        this.client = client;
        this.index = index;
        this.clock = clock;
    }

    /** A change whose page takes part: stored, and long enough to be signed. */
    static boolean signed(ContentWriter.Change c) {
        return c.doc() != null && c.doc().simhash() != null;
    }

    /**
     * For each change, in order, the URL of the stored page it repeats, or null (always null for a removal).
     *
     * @throws IOException when the index cannot be searched: the batch must be tried again
     */
    List<String> find(List<ContentWriter.Change> changes) throws IOException {
        List<NearDuplicates.Page> pages = new ArrayList<>();
        Set<String> bands = new LinkedHashSet<>();
        Set<String> inBatch = new HashSet<>();
        for (ContentWriter.Change c : changes) {
            inBatch.add(c.url());
            if (signed(c)) {
                pages.add(new NearDuplicates.Page(c.url(), c.doc().simhash()));
                bands.addAll(c.doc().simhashBands());
            }
        }
        List<String> result = new ArrayList<>(Collections.nCopies(changes.size(), (String) null));
        if (pages.isEmpty()) {
            return result;
        }
        List<NearDuplicates.Indexed> candidates = search(bands);
        long now = clock.getAsLong();
        recent.removeIf(r -> now - r.at() > RECENT_MS);
        recent.forEach(r -> candidates.add(new NearDuplicates.Indexed(r.url(), r.simhash())));
        candidates.removeIf(k -> inBatch.contains(k.url()));
        var decided = NearDuplicates.duplicateOf(pages, candidates).iterator();
        for (int i = 0; i < changes.size(); i++) {
            if (signed(changes.get(i))) {
                result.set(i, decided.next());
            }
        }
        return result;
    }

    /** What the writes did: remembers the pages stored, forgets the ones removed. */
    void written(List<ContentWriter.Written> written) {
        long now = clock.getAsLong();
        for (ContentWriter.Written w : written) {
            if (w.applied()) {
                String url = w.change().url();
                recent.removeIf(r -> r.url().equals(url));
                if (w.duplicateOf() == null && signed(w.change())) {
                    recent.addLast(new Recent(url, w.change().doc().simhash(), now));
                }
            }
        }
    }

    /** The indexed pages sharing one of the bands. */
    private List<NearDuplicates.Indexed> search(Set<String> bands) throws IOException {
        List<FieldValue> values = bands.stream().map(FieldValue::of).toList();
        SearchResponse<ContentDoc> response = client.search(s -> s.index(index)
                .size(MAX_CANDIDATES)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.terms(t -> t.field("simhashBands").terms(v -> v.value(values))))
                .source(src -> src.filter(f -> f.includes("url", "simhash"))), ContentDoc.class);
        if (response.hits().hits().size() >= MAX_CANDIDATES) {
            LogThrottle.WARNINGS.warn(LOG, "near-duplicate candidates capped at {}: a copy may be missed",
                    MAX_CANDIDATES);
        }
        List<NearDuplicates.Indexed> found = new ArrayList<>();
        for (Hit<ContentDoc> hit : response.hits().hits()) {
            ContentDoc doc = hit.source();
            if (doc != null && doc.url() != null && doc.simhash() != null) {
                found.add(new NearDuplicates.Indexed(doc.url(), doc.simhash()));
            }
        }
        return found;
    }
}
