package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.BulkAnswer;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.topology.LogThrottle;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Keeps the content index equal to the set of relevant pages, near-duplicates left out: stores a relevant page (id =
 * URL id, so a replay overwrites instead of duplicating) unless its text is a near-duplicate ({@link SimHash}) of a
 * page already stored, and removes a page that a re-fetch found no longer relevant. The candidates of a batch's
 * pages are found with one search (the indexed pages sharing a band of a signature), plus the pages this writer
 * stored in the last {@link #RECENT_MS} ms, which the search may not show yet (the index refreshes every second, and
 * copies of one article are often found in one round); the rule is {@link NearDuplicates}. A page stored before its
 * near-duplicate arrived stays stored. Two indexer tasks storing copies within the same second may both store them.
 */
public final class ContentWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ContentWriter.class);
    /**
     * Candidates read per batch at most. Random band matches grow with the index (about pages / 65,536 per band),
     * so this holds for a batch of 50 up to some ten million indexed pages; past it the nearest may be missed.
     */
    static final int MAX_CANDIDATES = 10_000;
    /** How long a stored page is remembered here: well past the content index's refresh (1 s). */
    static final long RECENT_MS = 5_000;

    private final ElasticsearchClient client;
    private final String index;
    private final boolean nearDuplicates;
    private final LongSupplier clock;
    /** Pages stored in the last RECENT_MS, oldest first. */
    private final Deque<Recent> recent = new ArrayDeque<>();

    private record Recent(String url, long simhash, long at) {
    }

    /** A writer that leaves near-duplicates out. */
    public ContentWriter(ElasticsearchClient client, String index) {
        this(client, index, true);
    }

    /** @param nearDuplicates whether near-duplicates of stored pages are left out (false: every relevant page) */
    public ContentWriter(ElasticsearchClient client, String index, boolean nearDuplicates) {
        this(client, index, nearDuplicates, System::currentTimeMillis);
    }

    ContentWriter(ElasticsearchClient client, String index, boolean nearDuplicates, LongSupplier clock) {
        this.client = client;
        this.index = index;
        this.nearDuplicates = nearDuplicates;
        this.clock = clock;
    }

    /** A pending change: a page to store ({@code doc} set) or a URL to remove ({@code doc} null). */
    public record Change(String url, ContentDoc doc) {
        public static Change store(ContentDoc doc) {
            return new Change(doc.url(), doc);
        }

        public static Change remove(String url) {
            return new Change(url, null);
        }
    }

    /**
     * What became of a change: applied; rejected by ES for good ({@code rejection}: why; retrying can only fail
     * again); or neither (ES unreachable or overloaded: try again later). A page left out as a near-duplicate is
     * applied (nothing more to do) with {@code duplicateOf}, the stored page it repeats.
     */
    public record Written(Change change, boolean applied, String rejection, String duplicateOf) {
        public Written(Change change, boolean applied, String rejection) {
            this(change, applied, rejection, null);
        }
    }

    /** @return for each change, whether it is durably applied; never throws for an ES failure */
    public boolean[] write(List<Change> changes) {
        List<Written> written = writeAll(changes);
        boolean[] ok = new boolean[written.size()];
        for (int i = 0; i < ok.length; i++) {
            ok[i] = written.get(i).applied();
        }
        return ok;
    }

    /** @return for each change, in order, what became of it; never throws for an ES failure */
    public List<Written> writeAll(List<Change> changes) {
        if (changes.isEmpty()) {
            return List.of();
        }
        List<String> duplicateOf;
        try {
            duplicateOf = duplicatesIn(changes);
        } catch (Exception e) {
            LogThrottle.WARNINGS.warn(LOG, "near-duplicate lookup for {} pages failed: {}", changes.size(),
                    e.toString());
            return changes.stream().map(c -> new Written(c, false, null)).toList();
        }
        List<Change> toWrite = new ArrayList<>(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            if (duplicateOf.get(i) == null) {
                toWrite.add(changes.get(i));
            }
        }
        List<Written> stored = bulk(toWrite);
        remember(stored);
        Iterator<Written> storedInOrder = stored.iterator();
        List<Written> written = new ArrayList<>(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            written.add(duplicateOf.get(i) != null ? new Written(changes.get(i), true, null, duplicateOf.get(i))
                    : storedInOrder.next());
        }
        return written;
    }

    /** For each change, the stored page it is a near-duplicate of, or null (always null for a removal). */
    private List<String> duplicatesIn(List<Change> changes) throws IOException {
        List<NearDuplicates.Page> pages = new ArrayList<>();
        Set<String> bands = new LinkedHashSet<>();
        for (Change c : changes) {
            if (nearDuplicates && c.doc() != null && c.doc().simhash() != null) {
                pages.add(new NearDuplicates.Page(c.url(), c.doc().simhash()));
                bands.addAll(c.doc().simhashBands());
            }
        }
        List<String> result = new ArrayList<>(Collections.nCopies(changes.size(), (String) null));
        if (pages.isEmpty()) {
            return result;
        }
        List<NearDuplicates.Indexed> candidates = candidates(bands);
        long now = clock.getAsLong();
        recent.removeIf(r -> now - r.at() > RECENT_MS);
        recent.forEach(r -> candidates.add(new NearDuplicates.Indexed(r.url(), r.simhash())));
        Iterator<String> decided = NearDuplicates.duplicateOf(pages, candidates).iterator();
        for (int i = 0; i < changes.size(); i++) {
            Change c = changes.get(i);
            if (nearDuplicates && c.doc() != null && c.doc().simhash() != null) {
                result.set(i, decided.next());
            }
        }
        return result;
    }

    /** Remembers the pages just stored, and forgets the ones just removed. */
    private void remember(List<Written> written) {
        if (!nearDuplicates) {
            return;
        }
        long now = clock.getAsLong();
        for (Written w : written) {
            Change c = w.change();
            if (w.applied()) {
                recent.removeIf(r -> r.url().equals(c.url()));
                if (c.doc() != null && c.doc().simhash() != null) {
                    recent.addLast(new Recent(c.url(), c.doc().simhash(), now));
                }
            }
        }
    }

    /** The stored pages sharing one of the bands. */
    private List<NearDuplicates.Indexed> candidates(Collection<String> bands) throws IOException {
        List<FieldValue> values = bands.stream()
                .map(FieldValue::of).toList();
        SearchResponse<ContentDoc> response = client.search(s -> s.index(index)
                .size(MAX_CANDIDATES)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.terms(t -> t.field("simhashBands").terms(v -> v.value(values))))
                .source(src -> src.filter(f -> f.includes("url", "simhash"))), ContentDoc.class);
        List<NearDuplicates.Indexed> found = new ArrayList<>();
        for (Hit<ContentDoc> hit : response.hits().hits()) {
            ContentDoc doc = hit.source();
            if (doc != null && doc.url() != null && doc.simhash() != null) {
                found.add(new NearDuplicates.Indexed(doc.url(), doc.simhash()));
            }
        }
        return found;
    }

    /** Writes the changes in one bulk request; for each, in order, what became of it. */
    private List<Written> bulk(List<Change> changes) {
        if (changes.isEmpty()) {
            return List.of();
        }
        List<BulkOperation> ops = new ArrayList<>(changes.size());
        for (Change c : changes) {
            String id = UrlIds.id(c.url());
            if (c.doc() != null) {
                ops.add(BulkOperation.of(op -> op.index(i -> i.index(index).id(id).document(c.doc()))));
            } else {
                ops.add(BulkOperation.of(op -> op.delete(d -> d.index(index).id(id))));
            }
        }
        List<Written> written = new ArrayList<>(changes.size());
        try {
            BulkResponse response = client.bulk(b -> b.operations(ops));
            // ES answers the items in the order of the request
            Iterator<BulkResponseItem> items = response.items().iterator();
            for (Change c : changes) {
                written.add(writtenOf(c, items.next()));
            }
        } catch (Exception e) {
            LogThrottle.WARNINGS.warn(LOG, "content write of {} pages failed: {}", changes.size(), e.toString());
            written.clear();
            changes.forEach(c -> written.add(new Written(c, false, null)));
        }
        return written;
    }

    private static Written writtenOf(Change c, BulkResponseItem item) {
        // deleting a page that was never stored is fine
        if (item.error() == null || (c.doc() == null && item.status() == 404)) {
            return new Written(c, true, null);
        }
        String error = BulkAnswer.errorOf(item);
        LOG.warn("content write failed for {}: {}", c.url(), error);
        return BulkAnswer.of(item) == BulkAnswer.REJECTED
                ? new Written(c, false, "content document rejected: " + error)
                : new Written(c, false, null);
    }
}
