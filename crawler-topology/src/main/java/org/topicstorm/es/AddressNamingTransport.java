package org.topicstorm.es;

import co.elastic.clients.json.JsonpMapper;
import co.elastic.clients.transport.ElasticsearchTransport;
import co.elastic.clients.transport.Endpoint;
import co.elastic.clients.transport.TransportOptions;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;

/**
 * The Elasticsearch client's transport, unchanged except that a failure to reach the cluster names its address: the
 * REST client's own exception said only "Connection refused", which left a user guessing which address of which
 * configuration was used.
 */
final class AddressNamingTransport implements ElasticsearchTransport {

    private final ElasticsearchTransport inner;
    private final String addresses;

    AddressNamingTransport(ElasticsearchTransport inner, List<URI> addresses) {
        this.inner = inner;
        this.addresses = addresses.stream().map(URI::toString).collect(Collectors.joining(", "));
    }

    @Override
    public <RequestT, ResponseT, ErrorT> ResponseT performRequest(RequestT request,
            Endpoint<RequestT, ResponseT, ErrorT> endpoint, TransportOptions options) throws IOException {
        try {
            return inner.performRequest(request, endpoint, options);
        } catch (IOException e) {
            throw named(e, addresses);
        }
    }

    @Override
    public <RequestT, ResponseT, ErrorT> CompletableFuture<ResponseT> performRequestAsync(RequestT request,
            Endpoint<RequestT, ResponseT, ErrorT> endpoint, TransportOptions options) {
        CompletableFuture<ResponseT> result = new CompletableFuture<>();
        inner.performRequestAsync(request, endpoint, options).whenComplete((response, failure) -> {
            if (failure == null) {
                result.complete(response);
            } else {
                Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                result.completeExceptionally(cause instanceof IOException io ? named(io, addresses) : failure);
            }
        });
        return result;
    }

    @Override
    public JsonpMapper jsonpMapper() {
        return inner.jsonpMapper();
    }

    @Override
    public TransportOptions options() {
        return inner.options();
    }

    @Override
    public void close() throws IOException {
        inner.close();
    }

    /**
     * A failure to connect (refused, no route, unknown host, connect timeout) as the same kind of exception whose
     * message starts with the addresses; any other exception as it is.
     */
    static IOException named(IOException e, String addresses) {
        String where = "cannot reach Elasticsearch at " + addresses + ": ";
        IOException named;
        if (e instanceof ConnectException) {
            named = new ConnectException(where + e.getMessage());
        } else if (e instanceof NoRouteToHostException) {
            named = new NoRouteToHostException(where + e.getMessage());
        } else if (e instanceof UnknownHostException) {
            named = new UnknownHostException(where + "unknown host " + e.getMessage());
        } else if (e instanceof org.apache.http.conn.ConnectTimeoutException) {
            named = new InterruptedIOException(where + e.getMessage());
        } else {
            return e;
        }
        named.initCause(e);
        return named;
    }
}
