package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.frontier.UrlIds;

import java.util.ArrayList;
import java.util.Arrays;
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

    /** @return for each change, whether it is durably applied; never throws for an ES failure */
    public boolean[] write(List<Change> changes) {
        boolean[] ok = new boolean[changes.size()];
        if (changes.isEmpty()) {
            return ok;
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
        try {
            BulkResponse response = client.bulk(b -> b.operations(ops));
            List<BulkResponseItem> items = response.items();
            for (int i = 0; i < items.size(); i++) {
                BulkResponseItem item = items.get(i);
                // deleting a page that was never stored is fine
                ok[i] = item.error() == null || (changes.get(i).doc() == null && item.status() == 404);
                if (!ok[i]) {
                    LogThrottle.WARNINGS.warn(LOG, "content write failed for {}: {}",
                            changes.get(i).url(), item.error().reason());
                }
            }
        } catch (Exception e) {
            LogThrottle.WARNINGS.warn(LOG, "content write of {} pages failed: {}", changes.size(), e.toString());
            Arrays.fill(ok, false);
        }
        return ok;
    }
}
