package org.topicstorm.es;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.HealthStatus;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client factory against a real HTTPS server on 127.0.0.1 with a self-signed certificate: the CA file is
 * trusted, credentials go out in the Authorization header, a path prefix is kept.
 */
class EsClientsTest {

    /** What a real node answered to GET /_cluster/health. */
    private static final String HEALTH = "{\"cluster_name\":\"topicstorm\",\"status\":\"green\",\"timed_out\":false,"
            + "\"number_of_nodes\":1,\"number_of_data_nodes\":1,\"active_primary_shards\":0,\"active_shards\":0,"
            + "\"relocating_shards\":0,\"initializing_shards\":0,\"unassigned_shards\":0,"
            + "\"unassigned_primary_shards\":0,\"delayed_unassigned_shards\":0,\"number_of_pending_tasks\":0,"
            + "\"number_of_in_flight_fetch\":0,\"task_max_waiting_in_queue_millis\":0,"
            + "\"active_shards_percent_as_number\":100.0}";

    @TempDir
    static Path certDir;

    private HttpsServer server;
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startServer() throws Exception {
        Path keystore = certDir.resolve("server.p12");
        if (!Files.exists(keystore)) {
            keytool("-genkeypair", "-alias", "es", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                    "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1", "-storetype", "PKCS12",
                    "-keystore", keystore.toString(), "-storepass", "changeit", "-keypass", "changeit");
            keytool("-exportcert", "-rfc", "-alias", "es", "-keystore", keystore.toString(),
                    "-storepass", "changeit", "-file", certDir.resolve("ca.pem").toString());
        }
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(serverContext(keystore)));
        server.createContext("/", exchange -> {
            authorizations.add(String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            paths.add(exchange.getRequestURI().getPath());
            byte[] body = HEALTH.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            // The client refuses answers that do not say they come from Elasticsearch.
            exchange.getResponseHeaders().add("X-Elastic-Product", "Elasticsearch");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private URI url(String path) {
        return URI.create("https://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void basicAuthOverHttpsWithTheGivenCa() throws IOException {
        EsSettings settings = new EsSettings(List.of(url("")), "elastic", "s3cret", null, certDir.resolve("ca.pem"));
        try (ElasticsearchClient client = EsClients.create(settings)) {
            assertEquals(HealthStatus.Green, client.cluster().health().status());
        }
        // base64("elastic:s3cret") = ZWxhc3RpYzpzM2NyZXQ=
        assertEquals(List.of("Basic ZWxhc3RpYzpzM2NyZXQ="), authorizations);
        assertEquals(List.of("/_cluster/health"), paths);
    }

    @Test
    void apiKeyHeaderAndPathPrefix() throws IOException {
        EsSettings settings = new EsSettings(List.of(url("/es/")), null, null, "a2V5OnNlY3JldA==",
                certDir.resolve("ca.pem"));
        try (ElasticsearchClient client = EsClients.create(settings)) {
            client.cluster().health();
        }
        assertEquals(List.of("ApiKey a2V5OnNlY3JldA=="), authorizations);
        assertEquals(List.of("/es/_cluster/health"), paths);
    }

    @Test
    void withoutTheCaTheSelfSignedServerIsNotTrusted() throws IOException {
        try (ElasticsearchClient client = EsClients.create(EsSettings.of(url("")))) {
            IOException e = assertThrows(IOException.class, () -> client.cluster().health());
            assertTrue(e.toString().contains("SSL") || e.toString().contains("certification"), e.toString());
        }
        assertEquals(List.of(), paths);
    }

    @Test
    void noAddressIsAnErrorThatSaysWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsClients.create(new EsSettings(List.of(), null, null, null, null)));
        assertTrue(e.getMessage().contains("es.addresses"), e.getMessage());
    }

    @Test
    void aFileWithoutCertificateIsAnErrorNamingTheKey() throws IOException {
        Path notPem = Files.writeString(certDir.resolve("not.pem"), "hello", StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EsClients.sslContextTrusting(notPem));
        assertTrue(e.getMessage().startsWith("es.ca.certificate: "), e.getMessage());
    }

    private static SSLContext serverContext(Path keystore) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = new FileInputStream(keystore.toFile())) {
            ks.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(ks, "changeit".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "keytool failed: " + output);
    }
}
