package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.flux.FluxBuilder;
import org.apache.storm.flux.model.ExecutionContext;
import org.apache.storm.flux.model.SpoutDef;
import org.apache.storm.flux.model.TopologyDef;
import org.apache.storm.flux.parser.FluxParser;
import org.apache.storm.generated.StormTopology;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * The crawl topology as defined by a Flux file (storm-conf/crawler.flux.yaml by default), with the crawl
 * configuration merged over the file's own {@code config} block.
 */
public final class CrawlTopology {

    /** The Flux file on the classpath used when none is given. */
    public static final String DEFAULT_FLUX = "crawler.flux.yaml";
    /**
     * The Flux file for a Storm cluster: the same components, with parallelism from the configuration
     * ({@code ${topicstorm.parallelism.*}} placeholders, see storm-conf/topicstorm-default.yaml).
     */
    public static final String CLUSTER_FLUX = "crawler-cluster.flux.yaml";

    /** A Flux placeholder: ${key}. (Flux also knows ${ENV-NAME}; TopicStorm's files use configuration keys only.) */
    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\$\\{([^}]+)}");
    /** The id of the frontier spout in the Flux file: its parallelism sets the status index's shard count. */
    public static final String SPOUT_ID = "spout";

    /**
     * Flux's YAML parser warns (through java.util.logging) about fields it fills by setters, on every load; held
     * here because java.util.logging keeps loggers only weakly.
     */
    private static final java.util.logging.Logger SNAKEYAML = java.util.logging.Logger.getLogger("org.yaml.snakeyaml");

    static {
        SNAKEYAML.setLevel(java.util.logging.Level.SEVERE);
    }

    private final TopologyDef definition;

    private CrawlTopology(TopologyDef definition) {
        this.definition = definition;
    }

    /** @param fluxFile a Flux YAML file, or null for the default one on the classpath */
    public static CrawlTopology load(Path fluxFile) throws IOException {
        TopologyDef def;
        if (fluxFile == null) {
            def = FluxParser.parseResource("/" + DEFAULT_FLUX, false, true, new Properties(), false);
        } else {
            if (!Files.isRegularFile(fluxFile)) {
                throw new IOException(fluxFile + ": Flux file not found");
            }
            def = FluxParser.parseFile(fluxFile.toString(), false, true, new Properties(), false);
        }
        if (def == null || !def.validate()) {
            throw new IOException((fluxFile == null ? DEFAULT_FLUX : fluxFile) + ": not a valid Flux topology");
        }
        if (def.getSpoutDef(SPOUT_ID) == null) {
            throw new IOException((fluxFile == null ? DEFAULT_FLUX : fluxFile) + ": no spout with id '" + SPOUT_ID + "'");
        }
        return new CrawlTopology(def);
    }

    /**
     * Loads a Flux file whose {@code ${key}} placeholders are filled from the configuration.
     *
     * @param fluxFile a Flux YAML file, or null for {@code resource} on the classpath
     * @param conf     the merged crawl configuration; every placeholder must name one of its keys
     * @throws IOException naming the file and the placeholder when a key is missing, or the file is invalid
     */
    public static CrawlTopology load(Path fluxFile, String resource, Map<String, Object> conf) throws IOException {
        String source = fluxFile == null ? resource : fluxFile.toString();
        String text;
        if (fluxFile == null) {
            try (java.io.InputStream in = CrawlTopology.class.getResourceAsStream("/" + resource)) {
                if (in == null) {
                    throw new IOException(resource + ": Flux file not on the classpath");
                }
                text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            }
        } else {
            if (!Files.isRegularFile(fluxFile)) {
                throw new IOException(fluxFile + ": Flux file not found");
            }
            text = Files.readString(fluxFile);
        }
        Properties properties = new Properties();
        // Comment lines are skipped: they may mention placeholders.
        String code = String.join("\n", text.lines().filter(l -> !l.strip().startsWith("#")).toList());
        java.util.regex.Matcher m = PLACEHOLDER.matcher(code);
        while (m.find()) {
            String key = m.group(1);
            Object value = conf.get(key);
            if (value == null || value instanceof Map || value instanceof java.util.Collection) {
                throw new IOException(source + ": placeholder ${" + key + "} needs a configuration key '" + key
                        + "' with a single value (see storm-conf/topicstorm-default.yaml)");
            }
            properties.setProperty(key, value.toString());
        }
        TopologyDef def;
        try {
            def = FluxParser.parseInputStream(new java.io.ByteArrayInputStream(
                    code.getBytes(java.nio.charset.StandardCharsets.UTF_8)), false, true, properties, false);
        } catch (RuntimeException e) {
            throw new IOException(source + ": not a valid Flux topology: " + e.getMessage(), e);
        }
        if (def == null || !def.validate()) {
            throw new IOException(source + ": not a valid Flux topology");
        }
        if (def.getSpoutDef(SPOUT_ID) == null) {
            throw new IOException(source + ": no spout with id '" + SPOUT_ID + "'");
        }
        return new CrawlTopology(def);
    }

    public String name() {
        return definition.getName();
    }

    /** Spout tasks = shards of the status index. */
    public int spoutParallelism() {
        SpoutDef spout = definition.getSpoutDef(SPOUT_ID);
        return Math.max(1, spout.getParallelism());
    }

    /** The Flux file's config block with the crawl configuration on top. */
    public Config config(Map<String, Object> crawlConf) {
        Config config = FluxBuilder.buildConfig(definition);
        config.putAll(crawlConf);
        return config;
    }

    public StormTopology build(Config config) throws IOException {
        try {
            return FluxBuilder.buildTopology(new ExecutionContext(definition, config));
        } catch (ReflectiveOperationException e) {
            throw new IOException("cannot build the topology from its Flux definition: " + e, e);
        }
    }
}
