package org.topicstorm.es;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EsSettingsTest {

    private static final Function<String, String> NO_ENV = name -> null;

    @TempDir
    Path tmp;

    @Test
    void addressesFromAYamlList() {
        EsSettings s = EsSettings.fromConf(
                Map.of(EsSettings.ADDRESSES, List.of("https://es1:9200", "http://es2:9201")), NO_ENV);
        assertEquals(List.of(URI.create("https://es1:9200"), URI.create("http://es2:9201")), s.addresses());
        assertFalse(s.useLocalNode());
    }

    @Test
    void addressesFromACommaSeparatedStringIgnoringBlanksAndSpaces() {
        EsSettings s = EsSettings.fromConf(
                Map.of(EsSettings.ADDRESSES, " http://a:9200 , https://b:443,, "), NO_ENV);
        assertEquals(List.of(URI.create("http://a:9200"), URI.create("https://b:443")), s.addresses());
    }

    @Test
    void noAddressesMeansTheLocalNode() {
        assertTrue(EsSettings.fromConf(Map.of(), NO_ENV).useLocalNode());
        assertTrue(EsSettings.fromConf(Map.of(EsSettings.ADDRESSES, ""), NO_ENV).useLocalNode());
        assertTrue(EsSettings.fromConf(Map.of(EsSettings.ADDRESSES, List.of()), NO_ENV).useLocalNode());
    }

    @Test
    void anAddressWithoutHttpSchemeIsRejectedNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.ADDRESSES, "es1:9200"), NO_ENV));
        assertTrue(e.getMessage().contains("es.addresses"), e.getMessage());
        assertTrue(e.getMessage().contains("'es1:9200'"), e.getMessage());
    }

    @Test
    void aNumberAsAddressesIsRejectedNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.ADDRESSES, 9200), NO_ENV));
        assertTrue(e.getMessage().startsWith("es.addresses must be a list"), e.getMessage());
    }

    @Test
    void passwordFromTheDefaultEnvironmentVariable() {
        EsSettings s = EsSettings.fromConf(Map.of(EsSettings.USER, "elastic"),
                Map.of("TOPICSTORM_ES_PASSWORD", "pw1")::get);
        assertEquals("elastic", s.username());
        assertEquals("pw1", s.password());
        assertNull(s.apiKey());
    }

    @Test
    void passwordFromANamedEnvironmentVariable() {
        Map<String, Object> conf = Map.of(EsSettings.USER, "elastic", EsSettings.PASSWORD_ENV, "MY_PW");
        Map<String, String> env = Map.of("MY_PW", "pw2", "TOPICSTORM_ES_PASSWORD", "not this one");
        assertEquals("pw2", EsSettings.fromConf(conf, env::get).password());
    }

    @Test
    void passwordFileWinsOverTheEnvironmentAndIsStripped() throws IOException {
        Path file = Files.writeString(tmp.resolve("pw"), "  from-file\n", StandardCharsets.UTF_8);
        Map<String, Object> conf = Map.of(EsSettings.USER, "elastic", EsSettings.PASSWORD_FILE, file.toString());
        EsSettings s = EsSettings.fromConf(conf, Map.of("TOPICSTORM_ES_PASSWORD", "from-env")::get);
        assertEquals("from-file", s.password());
    }

    @Test
    void anEmptySecretFileIsAnErrorNamingKeyAndFile() throws IOException {
        Path file = Files.writeString(tmp.resolve("pw"), "\n", StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> EsSettings.fromConf(
                Map.of(EsSettings.USER, "elastic", EsSettings.PASSWORD_FILE, file.toString()), NO_ENV));
        assertTrue(e.getMessage().startsWith("es.password.file: secret file "), e.getMessage());
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void aMissingSecretFileIsAnErrorNamingTheKey() {
        String missing = tmp.resolve("nope").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.APIKEY_FILE, missing), NO_ENV));
        assertTrue(e.getMessage().startsWith("es.apikey.file: cannot read"), e.getMessage());
    }

    @Test
    void apiKeyFromFileOrEnvironment() throws IOException {
        Path file = Files.writeString(tmp.resolve("key"), "a2V5OnNlY3JldA==\n", StandardCharsets.UTF_8);
        assertEquals("a2V5OnNlY3JldA==",
                EsSettings.fromConf(Map.of(EsSettings.APIKEY_FILE, file.toString()), NO_ENV).apiKey());
        assertEquals("k2", EsSettings.fromConf(Map.of(), Map.of("TOPICSTORM_ES_API_KEY", "k2")::get).apiKey());
        assertEquals("k3", EsSettings.fromConf(Map.of(EsSettings.APIKEY_ENV, "K"), Map.of("K", "k3")::get).apiKey());
    }

    @Test
    void aUserWithoutPasswordIsAnErrorThatSaysWhereToPutIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.USER, "elastic"), NO_ENV));
        assertTrue(e.getMessage().contains("TOPICSTORM_ES_PASSWORD"), e.getMessage());
        assertTrue(e.getMessage().contains("es.password.file"), e.getMessage());
    }

    @Test
    void aUserAndAnApiKeyTogetherAreAnError() {
        Map<String, String> env = Map.of("TOPICSTORM_ES_PASSWORD", "pw", "TOPICSTORM_ES_API_KEY", "key");
        assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.USER, "elastic"), env::get));
    }

    @Test
    void toStringNeverShowsSecrets() {
        EsSettings basic = new EsSettings(List.of(URI.create("https://es:9200")), "elastic", "pw-Secret-1", null,
                null);
        EsSettings key = new EsSettings(List.of(URI.create("https://es:9200")), null, null, "key-Secret-2", null);
        assertFalse(basic.toString().contains("pw-Secret-1"), basic.toString());
        assertFalse(key.toString().contains("key-Secret-2"), key.toString());
        assertTrue(basic.toString().contains("password=***"), basic.toString());
        assertTrue(basic.toString().contains("username=elastic"), basic.toString());
        assertTrue(key.toString().contains("apiKey=***"), key.toString());
    }

    @Test
    void caCertificateMustBeReadable() {
        String missing = tmp.resolve("ca.pem").toString();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsSettings.fromConf(Map.of(EsSettings.CA_CERTIFICATE, missing), NO_ENV));
        assertTrue(e.getMessage().startsWith("es.ca.certificate: cannot read file"), e.getMessage());
    }

    @Test
    void theDocumentedDefaultsMeanTheLocalNodeWithoutCredentials() throws IOException {
        Map<String, Object> defaults = loadDefaultsYaml();
        EsSettings s = EsSettings.fromConf(defaults, NO_ENV);
        assertEquals(new EsSettings(List.of(), null, null, null, null), s);
        assertEquals(EsSettings.DEFAULT_PASSWORD_ENV, defaults.get(EsSettings.PASSWORD_ENV));
        assertEquals(EsSettings.DEFAULT_APIKEY_ENV, defaults.get(EsSettings.APIKEY_ENV));
    }

    @Test
    void everyKeyIsDocumentedWithACommentAboveIt() throws IOException {
        List<String> lines;
        try (InputStream in = getClass().getResourceAsStream("/topicstorm-default.yaml")) {
            lines = List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n"));
        }
        for (String key : List.of(EsSettings.ADDRESSES, EsSettings.USER, EsSettings.PASSWORD_ENV,
                EsSettings.PASSWORD_FILE, EsSettings.APIKEY_ENV, EsSettings.APIKEY_FILE, EsSettings.CA_CERTIFICATE)) {
            int at = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).strip().startsWith(key + ":")) {
                    at = i;
                }
            }
            assertTrue(at > 0, key + " is missing from topicstorm-default.yaml");
            assertTrue(lines.get(at - 1).strip().startsWith("#"), key + " has no comment line above it");
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> loadDefaultsYaml() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/topicstorm-default.yaml")) {
            // keys sit under a top-level "config:", as in StormCrawler's crawler-default.yaml
            return new HashMap<>((Map<String, Object>) new ObjectMapper(new YAMLFactory()).readValue(in, Map.class)
                    .get("config"));
        }
    }
}
