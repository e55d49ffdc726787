package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.es.BulkAnswer;
import org.topicstorm.frontier.UrlIds;

import java.util.ArrayList;
import java.util.List;
import org.topicstorm.topology.LogThrottle;

/**
 * Keeps the content index equal to the set of relevant pages: stores a relevant page (id = URL id, so a replay
 * overwrites instead of duplicating) and removes a page that a re-fetch found no longer relevant.
 */
public final class ContentWriter {

    private static final Logger LOG = LoggerFactory.getLogger(ContentWriter.class);

    private final ElasticsearchClient client;
    private final String index;

    public ContentWriter(ElasticsearchClient client, String index) {
        this.client = client;
        this.index = index;
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
     * again); or neither (ES unreachable or overloaded: try again later).
     */
    public record Written(Change change, boolean applied, String rejection) {
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
            java.util.Iterator<BulkResponseItem> items = response.items().iterator();
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
