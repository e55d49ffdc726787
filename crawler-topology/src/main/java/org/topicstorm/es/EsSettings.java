package org.topicstorm.es;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * How to reach Elasticsearch: its HTTP addresses and credentials.
 *
 * <p>Built from the topology configuration by {@link #fromConf(Map)}. Secrets never come from the configuration
 * itself, only from an environment variable or a file that the configuration names, so that a config file can be
 * shared and logged. {@link #toString()} masks them.
 *
 * @param addresses     http(s) URLs of the cluster's nodes; empty means "use the embedded local node"
 * @param username      user for basic authentication, or null
 * @param password      password of {@code username}, or null
 * @param apiKey        API key (the encoded form sent as {@code Authorization: ApiKey ...}), or null
 * @param caCertificate PEM file of the CA that signed the cluster's certificate, or null to use the JVM's trust store
 */
public record EsSettings(List<URI> addresses, String username, String password, String apiKey, Path caCertificate) {

    /** HTTP addresses: a YAML list or one comma-separated string. */
    public static final String ADDRESSES = "es.addresses";
    /** User for basic authentication. */
    public static final String USER = "es.user";
    /** Name of the environment variable that holds the password of {@link #USER}. */
    public static final String PASSWORD_ENV = "es.password.env";
    /** File that holds the password of {@link #USER}; wins over {@link #PASSWORD_ENV}. */
    public static final String PASSWORD_FILE = "es.password.file";
    /** Name of the environment variable that holds an API key. */
    public static final String APIKEY_ENV = "es.apikey.env";
    /** File that holds an API key; wins over {@link #APIKEY_ENV}. */
    public static final String APIKEY_FILE = "es.apikey.file";
    /** PEM file of the CA certificate to trust for https addresses. */
    public static final String CA_CERTIFICATE = "es.ca.certificate";

    public static final String DEFAULT_PASSWORD_ENV = "TOPICSTORM_ES_PASSWORD";
    public static final String DEFAULT_APIKEY_ENV = "TOPICSTORM_ES_API_KEY";

    public EsSettings {
        addresses = List.copyOf(addresses);
        for (URI address : addresses) {
            checkAddress(address);
        }
        if (password != null && username == null) {
            throw new IllegalArgumentException("An Elasticsearch password is set but no user (" + USER + ")");
        }
        if (username != null && password == null) {
            throw new IllegalArgumentException("Elasticsearch user '" + username + "' (" + USER
                    + ") has no password: put it in the environment variable named by " + PASSWORD_ENV
                    + " (default " + DEFAULT_PASSWORD_ENV + ") or in the file named by " + PASSWORD_FILE);
        }
        if (username != null && apiKey != null) {
            throw new IllegalArgumentException(
                    "Both a user (" + USER + ") and an API key are set for Elasticsearch: use one or the other");
        }
    }

    /** Settings for an unsecured node at {@code url}, e.g. the embedded local node. */
    public static EsSettings of(URI url) {
        return new EsSettings(List.of(url), null, null, null, null);
    }

    /** True when no address is configured: the caller should start or reuse the embedded local node. */
    public boolean useLocalNode() {
        return addresses.isEmpty();
    }

    /** A copy pointing at other addresses, with the same credentials. */
    public EsSettings withAddresses(List<URI> newAddresses) {
        return new EsSettings(newAddresses, username, password, apiKey, caCertificate);
    }

    /** Reads the settings from a Storm-style configuration map, taking secrets from the process environment. */
    public static EsSettings fromConf(Map<String, Object> conf) {
        return fromConf(conf, System::getenv);
    }

    /** As {@link #fromConf(Map)}, with the environment given (for tests). */
    static EsSettings fromConf(Map<String, Object> conf, Function<String, String> env) {
        List<URI> addresses = parseAddresses(conf.get(ADDRESSES));
        String user = optionalString(conf, USER);
        String password = secret(conf, PASSWORD_FILE, PASSWORD_ENV, DEFAULT_PASSWORD_ENV, env);
        String apiKey = secret(conf, APIKEY_FILE, APIKEY_ENV, DEFAULT_APIKEY_ENV, env);
        String ca = optionalString(conf, CA_CERTIFICATE);
        Path caPath = null;
        if (ca != null) {
            caPath = Path.of(ca);
            if (!Files.isReadable(caPath)) {
                throw new IllegalArgumentException(CA_CERTIFICATE + ": cannot read file " + caPath.toAbsolutePath());
            }
        }
        return new EsSettings(addresses, user, password, apiKey, caPath);
    }

    private static List<URI> parseAddresses(Object value) {
        List<String> items = new ArrayList<>();
        if (value == null) {
            return List.of();
        } else if (value instanceof Collection<?> list) {
            for (Object item : list) {
                items.add(String.valueOf(item));
            }
        } else if (value instanceof String text) {
            items.addAll(List.of(text.split(",")));
        } else {
            throw new IllegalArgumentException(ADDRESSES + " must be a list or a comma-separated string of URLs, not "
                    + value.getClass().getSimpleName() + " " + value);
        }
        List<URI> addresses = new ArrayList<>();
        for (String item : items) {
            String trimmed = item.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            try {
                URI uri = new URI(trimmed);
                checkAddress(uri);
                addresses.add(uri);
            } catch (URISyntaxException | IllegalArgumentException e) {
                throw new IllegalArgumentException(ADDRESSES + ": '" + trimmed
                        + "' is not an http(s) URL such as https://es.example.org:9200", e);
            }
        }
        return addresses;
    }

    private static void checkAddress(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
            throw new IllegalArgumentException("Not an http(s) URL with a host: " + uri);
        }
    }

    /** A non-blank string value, or null when the key is absent or blank. */
    private static String optionalString(Map<String, Object> conf, String key) {
        Object value = conf.get(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String) && !(value instanceof Number)) {
            throw new IllegalArgumentException(key + " must be a string, not " + value);
        }
        String text = value.toString().trim();
        return text.isEmpty() ? null : text;
    }

    /** The secret from the file named by fileKey if set, else from the environment variable named by envKey. */
    private static String secret(Map<String, Object> conf, String fileKey, String envKey, String defaultEnv,
            Function<String, String> env) {
        String file = optionalString(conf, fileKey);
        if (file != null) {
            Path path = Path.of(file);
            String content;
            try {
                content = Files.readString(path, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new IllegalArgumentException(fileKey + ": cannot read secret file " + path.toAbsolutePath()
                        + " (" + e.getClass().getSimpleName() + ")", e);
            }
            if (content.isEmpty()) {
                throw new IllegalArgumentException(fileKey + ": secret file " + path.toAbsolutePath() + " is empty");
            }
            return content;
        }
        String envName = optionalString(conf, envKey);
        String value = env.apply(envName == null ? defaultEnv : envName);
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** Shows which secrets are set, never their values. */
    @Override
    public String toString() {
        return "EsSettings[addresses=" + addresses
                + ", username=" + username
                + ", password=" + (password == null ? "none" : "***")
                + ", apiKey=" + (apiKey == null ? "none" : "***")
                + ", caCertificate=" + caCertificate + "]";
    }
}
