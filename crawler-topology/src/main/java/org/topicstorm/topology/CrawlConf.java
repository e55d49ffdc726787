package org.topicstorm.topology;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.apache.storm.Config;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Loads the crawl configuration, later sources overriding earlier ones:
 * StormCrawler's crawler-default.yaml, storm-conf/topicstorm-default.yaml (both from the classpath), then the
 * user's file. A key in the user's file that none of the defaults nor Storm knows is an error naming the file and
 * the key, so a typo cannot silently leave a default in force.
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
     * @throws ConfException naming the file and the key for an unknown key or unreadable file
     */
    public static Map<String, Object> load(Path userFile) throws IOException {
        Map<String, Object> conf = defaults();
        if (userFile != null) {
            Map<String, Object> user = readFile(userFile);
            Set<String> unknown = new TreeSet<>();
            Set<String> stormKeys = stormConfigKeys();
            for (String key : user.keySet()) {
                if (!conf.containsKey(key) && !stormKeys.contains(key)) {
                    unknown.add(key);
                }
            }
            if (!unknown.isEmpty()) {
                throw new ConfException(userFile + ": unknown configuration key(s) " + unknown
                        + " (keys and defaults: storm-conf/topicstorm-default.yaml, StormCrawler's crawler-default.yaml,"
                        + " Storm's Config)");
            }
            conf.putAll(user);
        }
        return conf;
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

    private static Set<String> stormConfigKeys() {
        Set<String> keys = new TreeSet<>();
        for (Field f : Config.class.getFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                try {
                    keys.add((String) f.get(null));
                } catch (IllegalAccessException e) {
                    // public static fields are accessible
                }
            }
        }
        return keys;
    }

    /** A configuration problem the user must fix; its message names the file and the key. */
    public static class ConfException extends IOException {
        public ConfException(String message) {
            super(message);
        }
    }
}
