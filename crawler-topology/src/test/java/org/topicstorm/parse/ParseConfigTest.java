package org.topicstorm.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParseConfigTest {

    @Test
    void defaults() {
        assertEquals(new ParseConfig(2_097_152, 500, 0.6, 10, true, "protocol."), ParseConfig.defaults());
    }

    @Test
    void documentedDefaultsMatchTheCode() throws Exception {
        Map<String, Object> conf;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("topicstorm-default.yaml")) {
            @SuppressWarnings("unchecked")
            Map<String, Object> yaml = new ObjectMapper(new YAMLFactory()).readValue(in, Map.class);
            @SuppressWarnings("unchecked")
            Map<String, Object> section = (Map<String, Object>) yaml.get("config");
            conf = section;
        }
        assertEquals(ParseConfig.defaults(), ParseConfig.fromConf(conf));
        assertEquals("urlfilters.json", conf.get(UrlFilterChain.CONFIG_FILE));
        for (String key : new String[] {ParseConfig.MAX_BYTES, ParseConfig.MAX_OUTLINKS,
                ParseConfig.HUB_ANCHOR_SHARE, ParseConfig.NEARBY_WORDS, ParseConfig.SKIP_NOFOLLOW}) {
            assertEquals(true, conf.containsKey(key), key + " is documented");
        }
    }

    @Test
    void valuesMayBeStringsOrNumbers() {
        ParseConfig c = ParseConfig.fromConf(Map.of(
                ParseConfig.MAX_BYTES, "1000", ParseConfig.MAX_OUTLINKS, 20L, ParseConfig.HUB_ANCHOR_SHARE, "0.5",
                ParseConfig.NEARBY_WORDS, 3, ParseConfig.SKIP_NOFOLLOW, "false",
                ParseConfig.PROTOCOL_MD_PREFIX, "http."));
        assertEquals(new ParseConfig(1000, 20, 0.5, 3, false, "http."), c);
    }

    @Test
    void badValuesNameTheKey() {
        assertEquals("Configuration key 'parse.max.bytes' must be an integer, was '2MB'",
                assertThrows(IllegalArgumentException.class,
                        () -> ParseConfig.fromConf(Map.of(ParseConfig.MAX_BYTES, "2MB"))).getMessage());
        assertEquals("Configuration key 'parse.max.bytes' must be > 0, was 0",
                assertThrows(IllegalArgumentException.class,
                        () -> ParseConfig.fromConf(Map.of(ParseConfig.MAX_BYTES, 0))).getMessage());
        assertEquals("Configuration key 'parse.hub.anchor.share' must be between 0 and 1, was 1.5",
                assertThrows(IllegalArgumentException.class,
                        () -> ParseConfig.fromConf(Map.of(ParseConfig.HUB_ANCHOR_SHARE, 1.5))).getMessage());
        assertEquals("Configuration key 'parse.skip.nofollow' must be true or false, was 'yes'",
                assertThrows(IllegalArgumentException.class,
                        () -> ParseConfig.fromConf(Map.of(ParseConfig.SKIP_NOFOLLOW, "yes"))).getMessage());
        assertEquals("Configuration key 'parse.max.outlinks' must be an integer, was '1.5'",
                assertThrows(IllegalArgumentException.class,
                        () -> ParseConfig.fromConf(Map.of(ParseConfig.MAX_OUTLINKS, 1.5))).getMessage());
    }

    @Test
    void videoPlayersAreAListOfHostAndPathPrefixes() {
        assertEquals(List.of("media.example.com/player/"), ParseConfig.fromConf(java.util.Map.of(
                ParseConfig.VIDEO_PLAYERS, List.of("media.example.com/player/"))).videoPlayers());
        IllegalArgumentException notAList = assertThrows(IllegalArgumentException.class, () -> ParseConfig.fromConf(
                java.util.Map.of(ParseConfig.VIDEO_PLAYERS, "media.example.com/player/")));
        assertTrue(notAList.getMessage().contains(ParseConfig.VIDEO_PLAYERS), notAList.getMessage());
        IllegalArgumentException url = assertThrows(IllegalArgumentException.class, () -> ParseConfig.fromConf(
                java.util.Map.of(ParseConfig.VIDEO_PLAYERS, List.of("https://media.example.com/p"))));
        assertTrue(url.getMessage().contains(ParseConfig.VIDEO_PLAYERS) && url.getMessage().contains("host/path-prefix"),
                url.getMessage());
    }
}
