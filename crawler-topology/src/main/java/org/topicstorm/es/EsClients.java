package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.apache.http.Header;
import org.apache.http.HttpHost;
import org.apache.http.message.BasicHeader;
import org.elasticsearch.client.RestClient;
import org.elasticsearch.client.RestClientBuilder;

/**
 * Creates Elasticsearch clients from {@link EsSettings}.
 *
 * <p>Each call builds a new client with its own HTTP connection pool; the caller owns it and must close it
 * ({@link ElasticsearchClient#close()} closes the underlying REST client). Nothing here is shared JVM-wide.
 *
 * <p>Liveness: the minimal test node answers 405 to {@code GET /}, so {@code info()} and {@code ping()} fail
 * there; use {@code client.cluster().health()} instead.
 */
public final class EsClients {

    private EsClients() {
    }

    /** A new client for the settings' addresses; close it when done. */
    public static ElasticsearchClient create(EsSettings settings) {
        RestClient restClient = restClient(settings);
        return new ElasticsearchClient(new AddressNamingTransport(
                new RestClientTransport(restClient, new JacksonJsonpMapper()), settings.addresses()));
    }

    /** Closes a client in a Storm cleanup path, where a failure to close must not hide the real shutdown. */
    public static void closeQuietly(ElasticsearchClient client) {
        if (client == null) {
            return;
        }
        try {
            client.close();
        } catch (IOException | RuntimeException e) {
            org.slf4j.LoggerFactory.getLogger(EsClients.class).debug("closing the Elasticsearch client: {}", e.toString());
        }
    }

    /** The low-level REST client under {@link #create}, for requests the typed client does not model. */
    public static RestClient restClient(EsSettings settings) {
        if (settings.useLocalNode()) {
            throw new IllegalArgumentException("No Elasticsearch address to connect to (" + EsSettings.ADDRESSES
                    + " is empty): start the local node first, or set " + EsSettings.ADDRESSES);
        }
        RestClientBuilder builder = RestClient.builder(hosts(settings.addresses()));
        String pathPrefix = pathPrefix(settings.addresses());
        if (!pathPrefix.isEmpty()) {
            builder.setPathPrefix(pathPrefix);
        }
        List<Header> headers = new ArrayList<>();
        if (settings.apiKey() != null) {
            headers.add(new BasicHeader("Authorization", "ApiKey " + settings.apiKey()));
        } else if (settings.username() != null) {
            // Sent with every request (preemptive) rather than after a 401 challenge: one round trip less.
            String token = settings.username() + ":" + settings.password();
            headers.add(new BasicHeader("Authorization",
                    "Basic " + Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8))));
        }
        builder.setDefaultHeaders(headers.toArray(new Header[0]));
        if (settings.caCertificate() != null) {
            SSLContext sslContext = sslContextTrusting(settings.caCertificate());
            builder.setHttpClientConfigCallback(http -> http.setSSLContext(sslContext));
        }
        return builder.build();
    }

    private static HttpHost[] hosts(List<URI> addresses) {
        return addresses.stream()
                .map(uri -> new HttpHost(uri.getHost(), uri.getPort(), uri.getScheme()))
                .toArray(HttpHost[]::new);
    }

    /** A path such as "/es" in front of every request (reverse proxies); it must be the same for all addresses. */
    private static String pathPrefix(List<URI> addresses) {
        String prefix = normalisedPath(addresses.get(0));
        for (URI uri : addresses) {
            if (!normalisedPath(uri).equals(prefix)) {
                throw new IllegalArgumentException(EsSettings.ADDRESSES + ": all addresses must have the same path, "
                        + "but " + addresses.get(0) + " and " + uri + " differ");
            }
        }
        return prefix;
    }

    private static String normalisedPath(URI uri) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** An SSL context whose only trusted roots are the certificates in the given PEM file. */
    static SSLContext sslContextTrusting(Path pemFile) {
        try (InputStream in = Files.newInputStream(pemFile)) {
            Collection<? extends Certificate> certificates =
                    CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certificates.isEmpty()) {
                throw new IllegalArgumentException(
                        EsSettings.CA_CERTIFICATE + ": no certificate found in " + pemFile.toAbsolutePath());
            }
            KeyStore trustStore = KeyStore.getInstance(KeyStore.getDefaultType());
            trustStore.load(null, null);
            int i = 0;
            for (Certificate certificate : certificates) {
                trustStore.setCertificateEntry("ca-" + i++, certificate);
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trustStore);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(EsSettings.CA_CERTIFICATE + ": cannot load a CA certificate from "
                    + pemFile.toAbsolutePath() + ": " + e.getMessage(), e);
        }
    }
}
