package org.topicstorm.parse;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * Settings of the parse step, read from the Storm configuration in one place. Every key and its default is documented
 * in storm-conf/topicstorm-default.yaml (section "Parsing and URL filters").
 *
 * @param maxBytes            bytes of content that are parsed; longer content is truncated, not rejected
 * @param maxOutlinks         outlinks kept per page (after filtering), in document order
 * @param hubAnchorShare      a page whose anchor text share exceeds this is a HUB page (0.6 in the 001 paper)
 * @param nearbyWords         words of context kept on each side of a link (a CJK character counts as one word)
 * @param skipNofollow        whether links with rel="nofollow" are left out of the outlinks
 * @param protocolMetadataPrefix prefix under which the fetcher stored the HTTP response headers in the metadata
 * @param metaRobots          whether robots meta tags are honoured (StormCrawler's http.robots.meta.skip, negated)
 * @param headerRobots        whether X-Robots-Tag headers are honoured (StormCrawler's http.robots.headers.skip,
 *                            negated)
 * @param robotsAgent         the crawler's agent name (http.agent.name): meta tags and header values addressed to
 *                            it count as well as those addressed to all robots; empty = none
 * @param videoPlayers        embedded video players known besides {@link VideoFinder#DEFAULT_PLAYERS}, each
 *                            {@code host/path-prefix}
 */
public record ParseConfig(
        int maxBytes,
        int maxOutlinks,
        double hubAnchorShare,
        int nearbyWords,
        boolean skipNofollow,
        String protocolMetadataPrefix,
        boolean metaRobots,
        boolean headerRobots,
        String robotsAgent,
        List<String> videoPlayers) implements Serializable {

    public static final String MAX_BYTES = "parse.max.bytes";
    public static final String MAX_OUTLINKS = "parse.max.outlinks";
    public static final String HUB_ANCHOR_SHARE = "parse.hub.anchor.share";
    public static final String NEARBY_WORDS = "parse.nearby.words";
    public static final String SKIP_NOFOLLOW = "parse.skip.nofollow";
    /** StormCrawler's own key (crawler-default.yaml): where the fetcher puts protocol headers. */
    public static final String PROTOCOL_MD_PREFIX = "protocol.md.prefix";
    /** StormCrawler's keys (crawler-default.yaml): ignore robots meta tags, ignore X-Robots-Tag headers. */
    public static final String ROBOTS_META_SKIP = "http.robots.meta.skip";
    public static final String ROBOTS_HEADERS_SKIP = "http.robots.headers.skip";
    /** StormCrawler's key: the crawler's name, sent in the User-Agent. */
    public static final String AGENT_NAME = "http.agent.name";
    public static final String VIDEO_PLAYERS = "parse.video.players";

    public static final int DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
    public static final int DEFAULT_MAX_OUTLINKS = 500;
    public static final double DEFAULT_HUB_ANCHOR_SHARE = 0.6;
    public static final int DEFAULT_NEARBY_WORDS = 10;
    public static final boolean DEFAULT_SKIP_NOFOLLOW = true;
    public static final String DEFAULT_PROTOCOL_MD_PREFIX = "protocol.";
    /** TopicStorm's http.agent.name (storm-conf/topicstorm-default.yaml). */
    public static final String DEFAULT_ROBOTS_AGENT = "TopicStorm";

    public ParseConfig {
        require(maxBytes > 0, MAX_BYTES, "must be > 0, was " + maxBytes);
        require(maxOutlinks >= 0, MAX_OUTLINKS, "must be >= 0, was " + maxOutlinks);
        require(hubAnchorShare >= 0 && hubAnchorShare <= 1, HUB_ANCHOR_SHARE,
                "must be between 0 and 1, was " + hubAnchorShare);
        require(nearbyWords >= 0, NEARBY_WORDS, "must be >= 0, was " + nearbyWords);
        protocolMetadataPrefix = protocolMetadataPrefix == null ? "" : protocolMetadataPrefix;
        robotsAgent = robotsAgent == null ? "" : robotsAgent.strip();
        videoPlayers = videoPlayers == null ? List.of() : List.copyOf(videoPlayers);
        for (String player : videoPlayers) {
            try {
                VideoFinder.check(player);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("configuration key '" + VIDEO_PLAYERS + "': " + e.getMessage());
            }
        }
    }

    /** No video players besides the defaults. */
    public ParseConfig(int maxBytes, int maxOutlinks, double hubAnchorShare, int nearbyWords, boolean skipNofollow,
                       String protocolMetadataPrefix, boolean metaRobots, boolean headerRobots, String robotsAgent) {
        this(maxBytes, maxOutlinks, hubAnchorShare, nearbyWords, skipNofollow, protocolMetadataPrefix, metaRobots,
                headerRobots, robotsAgent, List.of());
    }

    /** Robots meta tags and headers honoured, addressed to all robots or to TopicStorm. */
    public ParseConfig(int maxBytes, int maxOutlinks, double hubAnchorShare, int nearbyWords, boolean skipNofollow,
                       String protocolMetadataPrefix) {
        this(maxBytes, maxOutlinks, hubAnchorShare, nearbyWords, skipNofollow, protocolMetadataPrefix, true, true,
                DEFAULT_ROBOTS_AGENT);
    }

    /** The documented defaults. */
    public static ParseConfig defaults() {
        return fromConf(Map.of());
    }

    /**
     * Reads the parse settings from a Storm configuration map; absent keys take their defaults.
     *
     * @throws IllegalArgumentException naming the key when a value has the wrong type or is out of range
     */
    public static ParseConfig fromConf(Map<String, ?> conf) {
        return new ParseConfig(
                intValue(conf, MAX_BYTES, DEFAULT_MAX_BYTES),
                intValue(conf, MAX_OUTLINKS, DEFAULT_MAX_OUTLINKS),
                doubleValue(conf, HUB_ANCHOR_SHARE, DEFAULT_HUB_ANCHOR_SHARE),
                intValue(conf, NEARBY_WORDS, DEFAULT_NEARBY_WORDS),
                booleanValue(conf, SKIP_NOFOLLOW, DEFAULT_SKIP_NOFOLLOW),
                conf.containsKey(PROTOCOL_MD_PREFIX) && conf.get(PROTOCOL_MD_PREFIX) != null
                        ? conf.get(PROTOCOL_MD_PREFIX).toString() : DEFAULT_PROTOCOL_MD_PREFIX,
                !booleanValue(conf, ROBOTS_META_SKIP, false),
                !booleanValue(conf, ROBOTS_HEADERS_SKIP, false),
                conf.get(AGENT_NAME) == null ? DEFAULT_ROBOTS_AGENT : conf.get(AGENT_NAME).toString(),
                stringList(conf, VIDEO_PLAYERS));
    }

    private static List<String> stringList(Map<String, ?> conf, String key) {
        Object v = conf.get(key);
        if (v == null) {
            return List.of();
        }
        if (!(v instanceof List<?> list)) {
            throw bad(key, "a list of strings", v);
        }
        List<String> out = new java.util.ArrayList<>();
        for (Object o : list) {
            if (!(o instanceof String str)) {
                throw bad(key, "a list of strings", v);
            }
            out.add(str);
        }
        return out;
    }

    private static int intValue(Map<String, ?> conf, String key, int def) {
        Object v = conf.get(key);
        if (v == null) {
            return def;
        }
        try {
            long l = v instanceof Number n && !(v instanceof Double || v instanceof Float)
                    ? n.longValue() : Long.parseLong(v.toString().trim());
            if (l > Integer.MAX_VALUE || l < Integer.MIN_VALUE) {
                throw new NumberFormatException("out of int range");
            }
            return (int) l;
        } catch (NumberFormatException e) {
            throw bad(key, "an integer", v);
        }
    }

    private static double doubleValue(Map<String, ?> conf, String key, double def) {
        Object v = conf.get(key);
        if (v == null) {
            return def;
        }
        try {
            return v instanceof Number n ? n.doubleValue() : Double.parseDouble(v.toString().trim());
        } catch (NumberFormatException e) {
            throw bad(key, "a number", v);
        }
    }

    private static boolean booleanValue(Map<String, ?> conf, String key, boolean def) {
        Object v = conf.get(key);
        if (v == null) {
            return def;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        String s = v.toString().trim();
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(s);
        }
        throw bad(key, "true or false", v);
    }

    private static IllegalArgumentException bad(String key, String expected, Object value) {
        return new IllegalArgumentException("Configuration key '" + key + "' must be " + expected + ", was '"
                + value + "'");
    }

    private static void require(boolean ok, String key, String message) {
        if (!ok) {
            throw new IllegalArgumentException("Configuration key '" + key + "' " + message);
        }
    }
}
