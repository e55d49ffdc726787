package org.topicstorm.relevance;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.Refresh;
import co.elastic.clients.elasticsearch.core.GetResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.StringReader;
import java.time.Instant;
import java.util.Optional;

/**
 * Model state in the crawl's model index ({@code <crawl>-model}, mapping es-conf/model.json): one document per kind,
 * id = the kind, {@code {kind, updated, state}} with the state as JSON (stored, not indexed). The crawl's one writer
 * replaces the document; readers get it by id (a real-time get: no refresh needed).
 */
public final class EsModelStateStore implements ModelStateStore {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final ElasticsearchClient client;
    private final String index;

    public EsModelStateStore(ElasticsearchClient client, String index) {
        this.client = client;
        this.index = index;
    }

    @Override
    public <S> Optional<S> load(String kind, Class<S> type) throws IOException {
        GetResponse<ObjectNode> r = client.get(g -> g.index(index).id(kind), ObjectNode.class);
        if (!r.found() || r.source() == null) {
            return Optional.empty();
        }
        JsonNode state = r.source().get("state");
        if (state == null) {
            throw new IOException("model state '" + kind + "' in index " + index + " has no 'state' field");
        }
        return Optional.of(JSON.treeToValue(state, type));
    }

    @Override
    public void save(String kind, Object state) throws IOException {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("kind", kind);
        doc.put("updated", Instant.now().toString());
        doc.set("state", JSON.valueToTree(state));
        String json = JSON.writeValueAsString(doc);
        client.index(i -> i.index(index).id(kind).withJson(new StringReader(json)).refresh(Refresh.False));
    }
}
