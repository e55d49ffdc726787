package org.topicstorm.site;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A small web site served from memory by the JDK's HTTP server on 127.0.0.1 (a free port), for tests. Pages are
 * added by path; every request is logged so a test can assert what a crawler fetched (and what it did not). Only loopback: it is never reachable from another machine.
 */
public final class SiteServer implements AutoCloseable {

    /** A canned response. */
    public record Response(int status, Map<String, String> headers, byte[] body) {
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final Map<String, Response> pages = new ConcurrentHashMap<>();
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile long latencyMillis;
    private final Map<String, Long> slowPaths = new ConcurrentHashMap<>();

    public SiteServer() throws IOException {
        server = HttpServers.create(new InetSocketAddress("127.0.0.1", 0), 50);
        executor = Executors.newFixedThreadPool(8);
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public String base() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public String url(String path) {
        return base() + path;
    }

    public SiteServer html(String path, String html) {
        return page(path, 200, "text/html; charset=UTF-8", html.getBytes(StandardCharsets.UTF_8));
    }

    /** An HTML page encoded in {@code charset} and served with a Content-Type that names no charset. */
    public SiteServer htmlNoCharsetHeader(String path, String html, Charset charset) {
        return page(path, 200, "text/html", html.getBytes(charset));
    }

    public SiteServer page(String path, int status, String contentType, byte[] body) {
        pages.put(path, new Response(status, Map.of("Content-Type", contentType), body));
        return this;
    }

    public SiteServer redirect(String path, String to) {
        pages.put(path, new Response(301, Map.of("Location", to), new byte[0]));
        return this;
    }

    public SiteServer text(String path, String text) {
        return page(path, 200, "text/plain; charset=UTF-8", text.getBytes(StandardCharsets.UTF_8));
    }

    /** Adds a delay to every response (a slow server). */
    public void latency(long millis) {
        this.latencyMillis = millis;
    }

    /** Makes one path answer only after a delay (a slow page on an otherwise quick server). */
    public SiteServer slow(String path, long millis) {
        slowPaths.put(path, millis);
        return this;
    }

    /** Forgets the requests logged so far. */
    public void clearRequests() {
        requests.clear();
    }

    /** Paths requested so far, in order (with repeats). */
    public List<String> requests() {
        return List.copyOf(requests);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            if (ex.getRequestURI().getRawQuery() != null) {
                path += "?" + ex.getRequestURI().getRawQuery();
            }
            requests.add(path);
            long delay = latencyMillis + slowPaths.getOrDefault(path, 0L);
            if (delay > 0) {
                try {
                    Thread.sleep(delay);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            Response r = pages.get(path);
            if (r == null) {
                r = new Response(404, Map.of("Content-Type", "text/html"), "<html><body>not found</body></html>"
                        .getBytes(StandardCharsets.UTF_8));
            }
            r.headers().forEach((k, v) -> ex.getResponseHeaders().add(k, v));
            boolean head = "HEAD".equals(ex.getRequestMethod());
            ex.sendResponseHeaders(r.status(), r.body().length == 0 || head ? -1 : r.body().length);
            if (!head && r.body().length > 0) {
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(r.body());
                }
            }
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
