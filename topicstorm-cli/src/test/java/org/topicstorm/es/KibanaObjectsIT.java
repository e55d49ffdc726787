package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.field_caps.FieldCapability;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Kibana saved objects (es-conf/kibana/topicstorm.ndjson) against a real Elasticsearch node and the real index
 * templates: no Kibana runs here, so each visualization's aggregations are run as the equivalent Elasticsearch
 * query on a crawl's indices holding a few documents, and every field they name must exist with a type that can be
 * aggregated that way. Also: every reference resolves to an object in the file, every data view's time field is a
 * date, the saved search's columns exist and its sort field can be sorted on.
 */
class KibanaObjectsIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final CrawlIndices CRAWL = new CrawlIndices("kibana-it");
    private static ElasticsearchClient client;
    private static Map<String, JsonNode> objects;

    @BeforeAll
    static void setUp() throws Exception {
        objects = load();
        client = EsClients.create(EsTestNode.settings());
        CRAWL.delete(client);
        CRAWL.ensure(client, 1);
        long t = 1_795_000_000_000L;
        for (int i = 0; i < 3; i++) {
            index(CRAWL.metrics(), "m" + i, null, "{\"timestamp\":" + (t + i * 10_000) + ",\"crawl\":\"kibana-it\","
                    + "\"fetched\":" + (10 * i) + ",\"relevant\":" + (4 * i) + ",\"harvestRate\":0.4,\"waiting\":"
                    + (100 + i) + ",\"due\":50,\"exceptions\":0,\"known\":" + (110 + 11 * i)
                    + ",\"pagesPerSecond\":1.0,\"relevantPerSecond\":0.4}");
        }
        index(CRAWL.status(), "s1", "a.test", status("http://a.test/1", "a.test", "FETCHED", "DONE", null, t));
        index(CRAWL.status(), "s2", "a.test", status("http://a.test/2", "a.test", "DISCOVERED", "WAITING", null, t));
        index(CRAWL.status(), "s3", "b.test", status("http://b.test/1", "b.test", "ERROR", "EXCEPTION",
                "http 404", t));
        index(CRAWL.status(), "s4", "b.test", status("http://b.test/2", "b.test", "FETCH_ERROR", "EXCEPTION",
                "refused: loopback address", t));
        index(CRAWL.content(), "c1", null, "{\"url\":\"http://a.test/1\",\"host\":\"a.test\",\"title\":\"Solar "
                + "panels\",\"text\":\"solar energy\",\"relevance\":0.8,\"authority\":0.5,\"topTerms\":[\"solar\"],"
                + "\"fetched\":" + t + "}");
        index(CRAWL.content(), "c2", null, "{\"url\":\"http://b.test/3\",\"host\":\"b.test\",\"title\":\"Wind\","
                + "\"text\":\"wind energy\",\"relevance\":0.6,\"topTerms\":[\"wind\"],\"fetched\":" + t + "}");
        client.indices().refresh(r -> r.index(CRAWL.metrics(), CRAWL.status(), CRAWL.content()));
    }

    @AfterAll
    static void tearDown() throws IOException {
        if (client != null) {
            CRAWL.delete(client);
            client.close();
        }
    }

    @Test
    void everyReferenceResolvesToAnObjectOfTheFile() {
        int dashboards = 0;
        for (JsonNode o : objects.values()) {
            for (JsonNode ref : o.get("references")) {
                JsonNode target = objects.get(ref.get("id").asText());
                assertNotNull(target, o.get("id") + " refers to " + ref);
                assertEquals(ref.get("type").asText(), target.get("type").asText(), o.get("id") + " -> " + ref);
            }
            if (o.get("type").asText().equals("dashboard")) {
                dashboards++;
                JsonNode panels = parse(o.at("/attributes/panelsJSON").asText());
                Set<String> refNames = new HashSet<>();
                o.get("references").forEach(r -> refNames.add(r.get("name").asText()));
                for (JsonNode p : panels) {
                    String name = p.get("panelIndex").asText() + ":" + p.get("panelRefName").asText();
                    assertTrue(refNames.contains(name), "panel " + name + " has a reference");
                }
                assertEquals(o.get("references").size(), panels.size(), "one panel per reference");
            }
        }
        assertEquals(1, dashboards);
    }

    @Test
    void everyDataViewMatchesItsIndexAndItsTimeFieldIsADate() throws IOException {
        int views = 0;
        for (JsonNode o : objects.values()) {
            if (o.get("type").asText().equals("index-pattern")) {
                views++;
                String index = indexOf(o.get("id").asText());
                String timeField = o.at("/attributes/timeFieldName").asText();
                FieldCapability cap = capability(index, timeField);
                assertEquals("date", cap.type(), index + "." + timeField);
            }
        }
        assertEquals(4, views);
    }

    @Test
    void everyVisualizationRunsAsAQueryOnItsIndexAndFindsBuckets() throws IOException {
        int visualizations = 0;
        for (JsonNode o : objects.values()) {
            if (!o.get("type").asText().equals("visualization")) {
                continue;
            }
            visualizations++;
            String title = o.at("/attributes/title").asText();
            String index = indexOf(dataViewOf(o));
            JsonNode vis = parse(o.at("/attributes/visState").asText());
            JsonNode search = parse(o.at("/attributes/kibanaSavedObjectMeta/searchSourceJSON").asText());
            ObjectNode body = JSON.createObjectNode();
            body.put("size", 0);
            body.set("query", query(search.at("/query/query").asText()));
            List<JsonNode> buckets = new ArrayList<>();
            List<JsonNode> metrics = new ArrayList<>();
            for (JsonNode agg : vis.get("aggs")) {
                if (agg.get("schema").asText().equals("metric")) {
                    metrics.add(agg);
                } else {
                    buckets.add(agg);
                }
            }
            assertFalse(metrics.isEmpty(), title + ": a metric");
            for (JsonNode agg : vis.get("aggs")) {
                checkField(index, agg, title);
            }
            // bucket aggregations nest in the order Kibana applies them; the metrics sit in the innermost, and a
            // terms aggregation ordered by a metric gets that metric as its own sub-aggregation (as Kibana does)
            ObjectNode level = body.putObject("aggs");
            for (JsonNode b : buckets) {
                ObjectNode node = level.putObject("b" + b.get("id").asText());
                bucket(node, b, metrics);
                level = node.with("aggs");
            }
            for (JsonNode m : metrics) {
                metric(level, m);
            }
            removeEmptyAggs(body);
            SearchResponse<Void> r = client.search(s -> s.index(index).withJson(new StringReader(body.toString())),
                    Void.class);
            JsonNode answer = parse(toJson(r));
            JsonNode first = typedKey(answer.get("aggregations"), "b" + buckets.get(0).get("id").asText())
                    .get("buckets");
            assertTrue(first.isArray() && first.size() > 0, title + ": buckets on " + index + " for " + body
                    + ": " + answer);
        }
        assertEquals(7, visualizations);
    }

    @Test
    void theSavedSearchShowsFieldsOfTheContentIndexSortedByRelevance() throws IOException {
        JsonNode search = objects.get("topicstorm-relevant-pages");
        String index = indexOf(dataViewOf(search));
        assertEquals(CRAWL.content(), index);
        for (JsonNode column : search.at("/attributes/columns")) {
            capability(index, column.asText());
        }
        JsonNode sort = search.at("/attributes/sort/0");
        assertTrue(capability(index, sort.get(0).asText()).aggregatable(), "sortable: " + sort);
        SearchResponse<Void> r = client.search(s -> s.index(index).withJson(new StringReader(
                "{\"sort\":[{\"" + sort.get(0).asText() + "\":\"" + sort.get(1).asText() + "\"}]}")), Void.class);
        assertEquals(2, r.hits().hits().size());
        assertEquals("c1", r.hits().hits().get(0).id(), "the most relevant first");
    }

    /** The field an aggregation names exists in the index with a type that aggregation works on. */
    private static void checkField(String index, JsonNode agg, String title) throws IOException {
        String type = agg.get("type").asText();
        if (type.equals("count")) {
            return;
        }
        String field = agg.at("/params/field").asText();
        FieldCapability cap = capability(index, field);
        assertTrue(cap.aggregatable(), title + ": " + field + " aggregatable");
        Set<String> allowed = switch (type) {
            case "date_histogram" -> Set.of("date");
            case "terms" -> Set.of("keyword");
            case "max", "avg", "sum", "min" -> Set.of("long", "integer", "double", "float");
            default -> {
                fail(title + ": aggregation " + type + " not checked by this test");
                yield Set.of();
            }
        };
        assertTrue(allowed.contains(cap.type()), title + ": " + type + " on " + field + " of type " + cap.type());
    }

    /** @param metrics the visualization's metrics: a terms aggregation may be ordered by one of them */
    private static void bucket(ObjectNode node, JsonNode agg, List<JsonNode> metrics) {
        JsonNode p = agg.get("params");
        switch (agg.get("type").asText()) {
            case "date_histogram" -> node.putObject("date_histogram").put("field", p.get("field").asText())
                    .put("fixed_interval", "10s").put("min_doc_count", p.get("min_doc_count").asInt());
            case "terms" -> {
                ObjectNode terms = node.putObject("terms").put("field", p.get("field").asText())
                        .put("size", p.get("size").asInt());
                String orderBy = p.get("orderBy").asText();
                JsonNode by = metrics.stream().filter(m -> m.get("id").asText().equals(orderBy)).findFirst()
                        .orElse(null);
                assertTrue(orderBy.equals("_key") || by != null, "ordered by a key or a metric: " + agg);
                String key = by == null ? "_key" : by.get("type").asText().equals("count") ? "_count" : "m" + orderBy;
                terms.putObject("order").put(key, p.get("order").asText());
                if (key.startsWith("m")) {
                    metric(node.with("aggs"), by);
                }
            }
            default -> fail("bucket aggregation " + agg.get("type") + " not checked by this test");
        }
    }

    private static void metric(ObjectNode aggs, JsonNode m) {
        if (!m.get("type").asText().equals("count")) {
            aggs.putObject("m" + m.get("id").asText()).putObject(m.get("type").asText())
                    .put("field", m.at("/params/field").asText());
        }
    }

    private static void removeEmptyAggs(JsonNode node) {
        if (node instanceof ObjectNode o) {
            if (o.has("aggs") && o.get("aggs").isEmpty()) {
                o.remove("aggs");
            }
            o.forEach(KibanaObjectsIT::removeEmptyAggs);
        }
    }

    /** The KQL of the saved objects: none, or one field's existence. */
    private static ObjectNode query(String kql) {
        ObjectNode q = JSON.createObjectNode();
        if (kql.isEmpty()) {
            q.putObject("match_all");
        } else if (kql.matches("[A-Za-z.]+:\\*")) {
            q.putObject("exists").put("field", kql.substring(0, kql.indexOf(':')));
        } else {
            fail("query not translated by this test: " + kql);
        }
        return q;
    }

    private static FieldCapability capability(String index, String field) throws IOException {
        Map<String, FieldCapability> caps = client.fieldCaps(f -> f.index(index).fields(field)).fields().get(field);
        assertNotNull(caps, index + " has no field " + field);
        assertEquals(1, caps.size(), field + ": one type");
        return caps.values().iterator().next();
    }

    private static String dataViewOf(JsonNode o) {
        for (JsonNode ref : o.get("references")) {
            if (ref.get("type").asText().equals("index-pattern")) {
                return ref.get("id").asText();
            }
        }
        throw new AssertionError(o.get("id") + " has no data view");
    }

    /** The crawl index a data view's pattern ({@code *-metrics}, ...) matches. */
    private static String indexOf(String dataView) {
        String pattern = objects.get(dataView).at("/attributes/title").asText();
        assertTrue(pattern.startsWith("*-"), pattern);
        return CRAWL.crawl() + pattern.substring(1);
    }

    private static Map<String, JsonNode> load() throws IOException {
        Map<String, JsonNode> byId = new HashMap<>();
        try (InputStream in = KibanaObjectsIT.class.getResourceAsStream("/es-conf/kibana/topicstorm.ndjson")) {
            assertNotNull(in, "es-conf/kibana/topicstorm.ndjson on the classpath");
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    JsonNode o = JSON.readTree(line);
                    assertFalse(byId.containsKey(o.get("id").asText()), "duplicate id " + o.get("id"));
                    byId.put(o.get("id").asText(), o);
                }
            }
        }
        return byId;
    }

    private static void index(String index, String id, String routing, String json) throws IOException {
        client.index(i -> {
            i.index(index).id(id).withJson(new StringReader(json));
            return routing == null ? i : i.routing(routing);
        });
    }

    private static String status(String url, String host, String status, String state, String error, long t) {
        return "{\"url\":\"" + url + "\",\"host\":\"" + host + "\",\"status\":\"" + status + "\",\"state\":\"" + state
                + "\",\"priority\":0.5,\"priorityKey\":1,\"nextFetchDate\":" + t + ",\"discovered\":" + t
                + ",\"updated\":" + t + (error == null ? "" : ",\"error\":\"" + error + "\"") + "}";
    }

    /** The client asks for typed keys ("sterms#b2"): the aggregation of that name, whatever its type. */
    private static JsonNode typedKey(JsonNode aggregations, String name) {
        for (var it = aggregations.fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().endsWith("#" + name)) {
                return e.getValue();
            }
        }
        throw new AssertionError("no aggregation " + name + " in " + aggregations);
    }

    private static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    private static String toJson(SearchResponse<Void> r) {
        java.io.StringWriter w = new java.io.StringWriter();
        try (jakarta.json.stream.JsonGenerator g = client._jsonpMapper().jsonProvider().createGenerator(w)) {
            r.serialize(g, client._jsonpMapper());
        }
        return w.toString();
    }
}
