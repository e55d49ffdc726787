package org.topicstorm.topology;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Loads the crawl configuration, later sources overriding earlier ones:
 * StormCrawler's crawler-default.yaml, storm-conf/topicstorm-default.yaml (both from the classpath), then the
 * user's file. A key in the user's file that none of the defaults nor Storm knows is an error naming the file and
 * the key, so a typo cannot silently leave a default in force; a value of the wrong type or out of its range
 * ({@link ConfKeys}) is an error naming the file, the key and what it must be, so that it fails here rather than in
 * a worker after the topology started.
 */
public final class CrawlConf {

    public static final String STORMCRAWLER_DEFAULTS = "crawler-default.yaml";
    public static final String TOPICSTORM_DEFAULTS = "topicstorm-default.yaml";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private CrawlConf() {
    }

    /** The defaults only. */
    public static Map<String, Object> defaults() throws IOException {
        Map<String, Object> conf = new HashMap<>(readResource(STORMCRAWLER_DEFAULTS));
        conf.putAll(readResource(TOPICSTORM_DEFAULTS));
        return conf;
    }

    /**
     * @param userFile the user's configuration file, or null
     * @throws ConfException naming the file and the key for an unknown key, a wrong-typed value or an unreadable
     *                       file
     */
    public static Map<String, Object> load(Path userFile) throws IOException {
        Map<String, Object> conf = defaults();
        if (userFile != null) {
            Map<String, Object> user = readFile(userFile);
            check(user, conf, userFile.toString());
            conf.putAll(user);
        }
        return conf;
    }

    /**
     * Reads {@code --set KEY=VALUE} overrides, each value as YAML (so 300 is a number, true a boolean, [a, b] a list),
     * with the same checks as a file's keys.
     *
     * @return the values by key, to put over the loaded configuration
     * @throws ConfException naming "--set", the key and what its value must be
     */
    public static Map<String, Object> overrides(Map<String, String> settings) throws IOException {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            try {
                values.put(e.getKey(), YAML.readValue(e.getValue(), Object.class));
            } catch (com.fasterxml.jackson.core.JacksonException ex) {
                throw new ConfException("--set " + e.getKey() + "=" + e.getValue() + ": not a valid YAML value: "
                        + ex.getOriginalMessage());
            }
        }
        check(values, defaults(), "--set");
        return values;
    }

    /**
     * Checks the whole configuration a crawl is about to run with (the defaults, the user's file and whatever the
     * launcher added), as a last check before a topology starts.
     *
     * @param source what the configuration is, for the message (e.g. "the crawl's configuration")
     */
    public static void checkTypes(Map<String, Object> conf, String source) throws ConfException {
        List<String> problems = ConfKeys.problems(conf, source);
        if (!problems.isEmpty()) {
            throw new ConfException(String.join("\n", problems));
        }
    }

    /** Unknown keys first (a typo), then the types of the known ones; every problem of the source at once. */
    private static void check(Map<String, Object> values, Map<String, Object> defaults, String source)
            throws ConfException {
        Set<String> unknown = new TreeSet<>();
        for (String key : values.keySet()) {
            if (!defaults.containsKey(key) && !ConfKeys.isKnown(key)) {
                unknown.add(key);
            }
        }
        if (!unknown.isEmpty()) {
            throw new ConfException(source + ": unknown configuration key(s) " + unknown
                    + " (keys and defaults: storm-conf/topicstorm-default.yaml, StormCrawler's crawler-default.yaml,"
                    + " Storm's Config)");
        }
        checkTypes(values, source);
    }

    private static Map<String, Object> readResource(String name) throws IOException {
        try (InputStream in = CrawlConf.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the classpath");
            }
            return unwrap(YAML.readValue(in, LinkedHashMap.class), name);
        }
    }

    private static Map<String, Object> readFile(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new ConfException(file + ": configuration file not found");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return unwrap(YAML.readValue(in, LinkedHashMap.class), file.toString());
        } catch (com.fasterxml.jackson.core.JacksonException e) {
            throw new ConfException(file + ": not valid YAML: " + e.getOriginalMessage());
        }
    }

    /** StormCrawler files keep their keys under a top-level {@code config:}; accept both shapes. */
    @SuppressWarnings("unchecked")
    private static Map<String, Object> unwrap(Map<String, Object> map, String source) throws ConfException {
        if (map == null) {
            return Collections.emptyMap();
        }
        if (map.size() == 1 && map.get("config") instanceof Map<?, ?> inner) {
            return (Map<String, Object>) inner;
        }
        if (map.containsKey("config")) {
            throw new ConfException(source + ": 'config' must be the only top-level key when it is used");
        }
        return map;
    }

    /** A configuration problem the user must fix; its message names the file and the key. */
    public static class ConfException extends IOException {
        public ConfException(String message) {
            super(message);
        }
    }
}
