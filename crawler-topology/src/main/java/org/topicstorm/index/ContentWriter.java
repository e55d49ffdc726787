package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.BulkAnswer;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.topology.LogThrottle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Keeps the content index equal to the set of relevant pages, duplicates left out: stores a relevant page (id =
 * URL id, so a replay overwrites instead of duplicating) unless the canonical URL it declares is stored
 * ({@link CanonicalOriginals}) or its text is a near-duplicate ({@link SimHash}) of a stored page
 * ({@link DuplicateFinder}), and removes a page that a re-fetch found no longer relevant. A copy's own
 * URL is removed too (a re-fetched page may have become one). A page stored before its near-duplicate arrived stays
 * stored; when a stored page is removed, its copies come back only when they are fetched again. One instance per
 * indexer task; not thread-safe.
 */
public final class ContentWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ContentWriter.class);

    private final ElasticsearchClient client;
    private final String index;
    /** null: near-duplicates are stored like any page */
    private final DuplicateFinder duplicates;
    /** null: pages are stored whatever canonical URL they declare */
    private final CanonicalOriginals canonicals;

    /** A writer that leaves near-duplicates and canonical copies out. */
    public ContentWriter(ElasticsearchClient client, String index) {
        this(client, index, true, true);
    }

    /**
     * @param nearDuplicates whether near-duplicates of stored pages are left out (false: every relevant page)
     * @param canonical      whether a page is left out when the canonical URL it declares is stored
     */
    public ContentWriter(ElasticsearchClient client, String index, boolean nearDuplicates, boolean canonical) {
        this(client, index, nearDuplicates, canonical, System::currentTimeMillis);
    }

    ContentWriter(ElasticsearchClient client, String index, boolean nearDuplicates, boolean canonical,
                  LongSupplier clock) {
        this.client = client;
        this.index = index;
        this.duplicates = nearDuplicates ? new DuplicateFinder(client, index, clock) : null;
        this.canonicals = canonical ? new CanonicalOriginals(client, index) : null;
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
     * applied (nothing more to do) with {@code duplicateOf}, the stored page it repeats; {@code canonical} says whether
     * it was left out as a copy of the canonical URL it declares rather than by its text.
     */
    public record Written(Change change, boolean applied, String rejection, String duplicateOf, boolean canonical) {
        public Written(Change change, boolean applied, String rejection) {
            this(change, applied, rejection, null, false);
        }

        public Written(Change change, boolean applied, String rejection, String duplicateOf) {
            this(change, applied, rejection, duplicateOf, false);
        }
    }

    /**
     * @return for each change, whether it is durably applied (a near-duplicate left out counts as applied: nothing
     *         more is to be done for it); never throws for an ES failure
     */
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
        List<String> copyOf;
        try {
            // the site's word first: a page whose declared original is stored is a copy, whatever its text
            copyOf = canonicals == null ? Collections.nCopies(changes.size(), null) : canonicals.find(changes);
            // the others' texts are compared; a canonical copy takes part only as the removal of its URL
            List<String> nearOf = duplicates == null ? Collections.nCopies(changes.size(), null)
                    : duplicates.find(withCopiesRemoved(changes, copyOf));
            duplicateOf = new ArrayList<>(changes.size());
            for (int i = 0; i < changes.size(); i++) {
                duplicateOf.add(copyOf.get(i) != null ? copyOf.get(i) : nearOf.get(i));
            }
        } catch (Exception e) {
            LogThrottle.WARNINGS.warn(LOG, "duplicate lookup for {} pages failed: {}", changes.size(),
                    e.toString());
            return changes.stream().map(c -> new Written(c, false, null)).toList();
        }
        // a copy's own URL is removed: a re-fetched page that became a copy must not keep its old document
        List<Written> answers = bulk(withCopiesRemoved(changes, duplicateOf));
        Map<String, Boolean> storedNow = new HashMap<>();
        for (int i = 0; i < changes.size(); i++) {
            if (duplicateOf.get(i) == null && changes.get(i).doc() != null) {
                storedNow.put(changes.get(i).url(), answers.get(i).applied());
            }
        }
        List<Written> written = new ArrayList<>(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            Change c = changes.get(i);
            String of = duplicateOf.get(i);
            Written answer = answers.get(i);
            if (of == null) {
                written.add(answer);
            } else if (answer.applied() && storedNow.getOrDefault(of, true)) {
                written.add(new Written(c, true, null, of, copyOf.get(i) != null));
            } else {
                // its original was in this batch and is not stored (yet): decide again when it is retried
                written.add(new Written(c, false, null));
            }
        }
        if (duplicates != null) {
            duplicates.written(written);
        }
        return written;
    }

    /** The changes with each one that has an original ({@code of} not null) turned into the removal of its URL. */
    private static List<Change> withCopiesRemoved(List<Change> changes, List<String> of) {
        List<Change> result = new ArrayList<>(changes.size());
        for (int i = 0; i < changes.size(); i++) {
            result.add(of.get(i) == null ? changes.get(i) : Change.remove(changes.get(i).url()));
        }
        return result;
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
