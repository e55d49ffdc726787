package org.topicstorm.index;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.MgetResponse;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import org.topicstorm.frontier.UrlIds;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Which pages of a batch to leave out as copies of the canonical URL they declare ({@link ContentDoc#canonical()}):
 * those whose original is already stored in the content index. A copy whose original is not stored is stored
 * itself: the original may never be (a canonical that redirects back to the copy, answers 404, is disallowed or was
 * judged irrelevant, or two pages that name each other), and leaving the copy out then would lose the page. Since a
 * site links its canonical URLs, the original usually comes first. One multi-get per batch with copies; a get is
 * real-time in Elasticsearch, so an original stored a moment ago counts without a refresh.
 */
final class CanonicalOriginals {

    private final ElasticsearchClient client;
    private final String index;

    CanonicalOriginals(ElasticsearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    /** For each change, in order: its declared canonical URL when that page is stored, else null. */
    List<String> find(List<ContentWriter.Change> changes) throws IOException {
        Set<String> asked = new LinkedHashSet<>();
        for (ContentWriter.Change c : changes) {
            if (c.doc() != null && c.doc().canonical() != null) {
                asked.add(c.doc().canonical());
            }
        }
        if (asked.isEmpty()) {
            return Collections.nCopies(changes.size(), null);
        }
        List<String> ids = asked.stream().map(UrlIds::id).toList();
        MgetResponse<Void> r = client.mget(m -> m.index(index).ids(ids).source(s -> s.fetch(false)), Void.class);
        Set<String> stored = new java.util.HashSet<>();
        List<String> urls = new ArrayList<>(asked);
        for (int i = 0; i < r.docs().size(); i++) {
            MultiGetResponseItem<Void> item = r.docs().get(i);
            if (item.isResult() && item.result().found()) {
                stored.add(urls.get(i));
            } else if (item.isFailure()) {
                throw new IOException("canonical lookup of " + urls.get(i) + " failed: " + item.failure().error().reason());
            }
        }
        List<String> result = new ArrayList<>(changes.size());
        for (ContentWriter.Change c : changes) {
            String canonical = c.doc() == null ? null : c.doc().canonical();
            result.add(canonical != null && stored.contains(canonical) ? canonical : null);
        }
        return result;
    }
}
