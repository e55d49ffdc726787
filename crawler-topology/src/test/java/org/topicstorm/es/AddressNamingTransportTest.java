package org.topicstorm.es;

import co.elastic.clients.elasticsearch.ElasticsearchAsyncClient;
import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.concurrent.ExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AddressNamingTransportTest {

    /** A loopback port nothing listens on (taken, then let go). */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void aRefusedConnectionNamesTheAddress() throws IOException {
        URI url = URI.create("http://127.0.0.1:" + closedPort());
        try (ElasticsearchClient client = EsClients.create(EsSettings.of(url))) {
            ConnectException e = assertThrows(ConnectException.class, () -> client.cluster().health());
            assertEquals("cannot reach Elasticsearch at " + url + ": Connection refused", e.getMessage());
        }
    }

    @Test
    void soDoesAnAsynchronousRequest() throws IOException {
        URI url = URI.create("http://127.0.0.1:" + closedPort());
        try (ElasticsearchClient client = EsClients.create(EsSettings.of(url))) {
            ElasticsearchAsyncClient async = new ElasticsearchAsyncClient(client._transport());
            ExecutionException e = assertThrows(ExecutionException.class, () -> async.cluster().health().get());
            assertInstanceOf(ConnectException.class, e.getCause());
            assertEquals("cannot reach Elasticsearch at " + url + ": Connection refused", e.getCause().getMessage());
        }
    }

    @Test
    void otherFailuresPassUnchanged() {
        IOException other = new IOException("bulk rejected");
        assertSame(other, AddressNamingTransport.named(other, "http://es:9200"));
        assertEquals("cannot reach Elasticsearch at http://a:9200, http://b:9200: unknown host a",
                AddressNamingTransport.named(new java.net.UnknownHostException("a"), "http://a:9200, http://b:9200")
                        .getMessage());
    }
}
