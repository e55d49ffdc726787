package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.ElasticsearchException;
import co.elastic.clients.elasticsearch.indices.GetIndicesSettingsResponse;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

/**
 * The indices of one crawl ({@code <crawl>-status}, {@code <crawl>-content}, {@code <crawl>-links},
 * {@code <crawl>-metrics}, {@code <crawl>-model}, {@code <crawl>-judgements}) and their
 * set-up from the mappings in es-conf/: an index template per index, then the index itself. Idempotent: run at
 * every crawl start.
 */
public record CrawlIndices(String crawl) {

    /** Configuration key: the crawl's name, prefix of its indices. */
    public static final String CRAWL_NAME = "topicstorm.crawl.name";

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,200}");
    private static final ObjectMapper JSON = new ObjectMapper();

    public CrawlIndices {
        if (crawl == null || !NAME.matcher(crawl).matches()) {
            throw new IllegalArgumentException("crawl name must match " + NAME.pattern()
                    + " (it prefixes Elasticsearch index names), got '" + crawl + "'");
        }
    }

    public static CrawlIndices fromConf(Map<String, Object> conf) {
        Object name = conf.get(CRAWL_NAME);
        if (name == null) {
            throw new IllegalArgumentException("configuration key '" + CRAWL_NAME + "' is not set");
        }
        return new CrawlIndices(name.toString());
    }

    public String status() {
        return crawl + "-status";
    }

    public String content() {
        return crawl + "-content";
    }

    public String links() {
        return crawl + "-links";
    }

    public String metrics() {
        return crawl + "-metrics";
    }

    /** Configuration key: copies of every shard of the crawl's indices on other Elasticsearch nodes. */
    public static final String REPLICAS_KEY = "es.index.replicas";

    /** The configured {@value #REPLICAS_KEY} (0 when absent; the configuration's checks keep it in range). */
    public static int replicas(Map<String, Object> conf) {
        Object value = conf.get(REPLICAS_KEY);
        return value instanceof Number n ? n.intValue() : 0;
    }

    /** The adaptive topic models' state (es-conf/model.json). */
    public String model() {
        return crawl + "-model";
    }

    /** People's judgements of fetched pages (es-conf/judgements.json). */
    public String judgements() {
        return crawl + "-judgements";
    }

    /**
     * Puts the index templates and creates the indices that do not exist yet.
     *
     * @param statusShards shards of the status index: the spout parallelism (one spout task per shard)
     * @throws IllegalStateException when the status index exists with another shard count
     */
    public void ensure(ElasticsearchClient client, int statusShards) throws IOException {
        ensure(client, statusShards, 0);
    }

    /**
     * As {@link #ensure(ElasticsearchClient, int)}, with {@code replicas} copies of every shard on other nodes
     * ({@value #REPLICAS_KEY}): set on new indices and on those that exist (a dynamic setting).
     */
    public void ensure(ElasticsearchClient client, int statusShards, int replicas) throws IOException {
        if (replicas < 0) {
            throw new IllegalArgumentException("replicas must be >= 0, got " + replicas);
        }
        Map<String, String> files = mappingFiles();
        inParallel(files.keySet(), index -> ensure(client, index, files.get(index),
                index.equals(status()) ? statusShards : 0, replicas));
        int actual = statusShardCount(client);
        if (actual != statusShards) {
            throw new IllegalStateException("index " + status() + " has " + actual + " shards but the spout runs "
                    + statusShards + " tasks: use spout parallelism " + actual + " or a new crawl name");
        }
    }

    /**
     * Creates the judgements index if it does not exist: a crawl made before judgements were kept has none, and
     * judging it needs no crawl restart. Its replicas are the status index's (the crawl's {@value #REPLICAS_KEY}).
     */
    public void ensureJudgements(ElasticsearchClient client) throws IOException {
        int replicas = 0;
        if (client.indices().exists(e -> e.index(status())).value()) {
            String configured = client.indices().getSettings(s -> s.index(status())).get(status()).settings().index()
                    .numberOfReplicas();
            replicas = configured == null ? 0 : Integer.parseInt(configured);
        }
        ensure(client, judgements(), "judgements.json", 0, replicas);
    }

    /**
     * Adds the fields of the current mappings to those of the crawl's indices that exist, creating nothing: for a
     * command that writes new fields into a crawl made by an older version (the indices map strictly).
     */
    public void updateMappings(ElasticsearchClient client) throws IOException {
        for (Map.Entry<String, String> e : mappingFiles().entrySet()) {
            if (client.indices().exists(x -> x.index(e.getKey())).value()) {
                addNewFields(client, e.getKey(), e.getValue(), loadMapping(e.getValue()));
            }
        }
    }

    /** Deletes the crawl's indices and their templates: everything the crawl knew is gone. */
    public void delete(ElasticsearchClient client) throws IOException {
        inParallel(mappingFiles().keySet(), index -> {
            client.indices().delete(d -> d.index(index).ignoreUnavailable(true));
            if (client.indices().existsIndexTemplate(t -> t.name(index)).value()) {
                client.indices().deleteIndexTemplate(t -> t.name(index));
            }
        });
    }

    /** The crawl's indices and the files in es-conf/ that map them, the status index first. */
    private Map<String, String> mappingFiles() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put(status(), "status.json");
        files.put(content(), "content.json");
        files.put(links(), "links.json");
        files.put(metrics(), "metrics.json");
        files.put(model(), "model.json");
        files.put(judgements(), "judgements.json");
        return files;
    }

    /** One index's part of {@link #ensure} or {@link #delete}. */
    private interface IndexStep {
        void run(String index) throws IOException;
    }

    /**
     * Runs {@code step} for every index at once. Each step is a few requests that wait for the master node to
     * publish a new cluster state (a template, an index, its shard started); one index after the other, six of them
     * took a crawl 1-2 s to set up and 0.6 s to delete on a local node, and the master batches concurrent updates.
     * Every step runs to its end; the first failure is then thrown, the others added to it as suppressed.
     */
    private static void inParallel(Collection<String> indices, IndexStep step) throws IOException {
        ExecutorService pool = Executors.newFixedThreadPool(indices.size(),
                r -> {
                    Thread t = new Thread(r, "crawl-indices");
                    t.setDaemon(true);
                    return t;
                });
        try {
            List<Future<Void>> done = new ArrayList<>();
            for (String index : indices) {
                done.add(pool.submit(() -> {
                    step.run(index);
                    return null;
                }));
            }
            Exception first = null;
            for (Future<Void> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof Error error) {
                        throw error;
                    }
                    Exception cause = e.getCause() instanceof Exception x ? x : e;
                    if (first == null) {
                        first = cause;
                    } else {
                        first.addSuppressed(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while setting up the crawl's indices");
                }
            }
            if (first instanceof IOException io) {
                throw io;
            }
            if (first instanceof RuntimeException re) {
                throw re;
            }
            if (first != null) {
                throw new IOException(first);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void ensure(ElasticsearchClient client, String index, String mappingFile, int shards, int replicas)
            throws IOException {
        ObjectNode body = loadMapping(mappingFile);
        if (shards > 0) {
            ((ObjectNode) body.get("settings")).put("number_of_shards", shards);
        }
        ((ObjectNode) body.get("settings")).put("number_of_replicas", replicas);
        ObjectNode template = JSON.createObjectNode();
        template.putArray("index_patterns").add(index);
        // above any catch-all template a cluster may have
        template.put("priority", 500);
        template.set("template", body);
        template.putObject("_meta").put("managed_by", "topicstorm");
        String json = JSON.writeValueAsString(template);
        client.indices().putIndexTemplate(t -> t.name(index).withJson(new StringReader(json)));
        if (!client.indices().exists(e -> e.index(index)).value()) {
            try {
                client.indices().create(c -> c.index(index));
            } catch (ElasticsearchException e) {
                // another process created it in between: fine
                if (!"resource_already_exists_exception".equals(e.error().type())) {
                    throw e;
                }
            }
        } else {
            addNewFields(client, index, mappingFile, body);
            client.indices().putSettings(p -> p.index(index).settings(x -> x.numberOfReplicas(String.valueOf(replicas))));
        }
        client.cluster().health(h -> h.index(index).waitForStatus(co.elastic.clients.elasticsearch._types.HealthStatus.Yellow)
                .timeout(t -> t.time("30s")));
    }

    /**
     * An index made by an older version lacks the fields added since: put the current mapping on it (ES adds new
     * fields and accepts unchanged ones). Documents written before have no value for a new field until rewritten.
     */
    private static void addNewFields(ElasticsearchClient client, String index, String mappingFile, ObjectNode body)
            throws IOException {
        String mappings = JSON.writeValueAsString(body.get("mappings"));
        try {
            client.indices().putMapping(m -> m.index(index).withJson(new StringReader(mappings)));
        } catch (ElasticsearchException e) {
            throw new IllegalStateException("index " + index + " has a mapping that es-conf/" + mappingFile
                    + " cannot update (" + e.error().reason() + "): use a new crawl name", e);
        }
    }

    private int statusShardCount(ElasticsearchClient client) throws IOException {
        GetIndicesSettingsResponse r = client.indices().getSettings(s -> s.index(status()));
        return Integer.parseInt(r.get(status()).settings().index().numberOfShards());
    }

    static ObjectNode loadMapping(String file) throws IOException {
        try (InputStream in = CrawlIndices.class.getResourceAsStream("/es-conf/" + file)) {
            if (in == null) {
                throw new IOException("es-conf/" + file + " is not on the classpath");
            }
            ObjectNode node = (ObjectNode) JSON.readTree(in);
            node.remove("_comment");
            return node;
        }
    }
}
