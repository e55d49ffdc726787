package org.topicstorm.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One host of a hostile test web, served by the JDK's HTTP server on a loopback address (127.0.0.x, a free port):
 * plain pages, and the servers a crawler must survive: a page that drips, a stream that never ends, a huge
 * robots.txt generated as it is sent, and a host that answers 429 or 503 with or without Retry-After. Every request is
 * logged with its time. Only loopback; {@link #close()} stops every handler, endless ones included.
 */
public final class HostileServer implements AutoCloseable {

    /** A request as the server saw it: path, epoch milliseconds, and the raw query (null: none). */
    public record Request(String path, long at, String query) {
        public Request(String path, long at) {
            this(path, at, null);
        }

        /** The path and, if any, "?" and the query: what was asked for. */
        public String target() {
            return query == null ? path : path + "?" + query;
        }
    }

    @FunctionalInterface
    private interface Handler {
        void handle(HttpExchange ex) throws IOException;
    }

    private final HttpServer server;
    private final ExecutorService executor;
    private final String address;
    private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
    /** Pages generated for every path under a prefix: prefix -> page of the request's path and query. */
    private final Map<String, java.util.function.Function<java.net.URI, String>> generated = new ConcurrentHashMap<>();
    private final List<Request> requests = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicLong> bytesSent = new ConcurrentHashMap<>();
    private final Map<String, Long> hungUpAt = new ConcurrentHashMap<>();
    private volatile Throttle throttle;
    private final AtomicLong throttled = new AtomicLong();

    /** @param times how many requests are answered so (0: all); robotsToo: robots.txt as well */
    private record Throttle(int status, String retryAfter, int times, boolean robotsToo) {
    }

    /** @param address a loopback address, e.g. "127.0.0.21" */
    public HostileServer(String address) throws IOException {
        if (!InetAddress.getByName(address).isLoopbackAddress()) {
            throw new IllegalArgumentException(address + " is not a loopback address");
        }
        this.address = address;
        server = HttpServer.create(new InetSocketAddress(address, 0), 50);
        executor = Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "hostile-" + address);
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", this::handle);
        server.start();
    }

    public String base() {
        return "http://" + address + ":" + server.getAddress().getPort();
    }

    public String url(String path) {
        return base() + path;
    }

    public HostileServer html(String path, String html) {
        return respond(path, 200, Map.of("Content-Type", "text/html; charset=UTF-8"),
                html.getBytes(StandardCharsets.UTF_8));
    }

    public HostileServer text(String path, String text) {
        return respond(path, 200, Map.of("Content-Type", "text/plain; charset=UTF-8"),
                text.getBytes(StandardCharsets.UTF_8));
    }

    public HostileServer respond(String path, int status, Map<String, String> headers, byte[] body) {
        handlers.put(path, ex -> {
            headers.forEach((k, v) -> ex.getResponseHeaders().add(k, v));
            send(ex, path, status, body);
        });
        return this;
    }

    /**
     * A page that never ends: after the headers, {@code bytes} bytes every {@code everyMs} milliseconds, until the
     * client hangs up or the server stops.
     */
    public HostileServer drip(String path, int bytes, long everyMs) {
        handlers.put(path, ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=UTF-8");
            ex.sendResponseHeaders(200, 0);
            byte[] chunk = "<p>drip</p>".repeat(bytes / 11 + 1).substring(0, bytes).getBytes(StandardCharsets.UTF_8);
            OutputStream out = ex.getResponseBody();
            try {
                out.write("<html><body>".getBytes(StandardCharsets.UTF_8));
                while (true) {
                    out.write(chunk);
                    out.flush();
                    count(path, chunk.length);
                    Thread.sleep(everyMs);
                }
            } catch (IOException e) {
                hungUpAt.put(path, System.currentTimeMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        return this;
    }

    /**
     * Pages made on request for every path starting with {@code prefix} (a path registered with another method wins):
     * the function gets the request's URI (path and query) and returns the HTML, e.g. an endless calendar.
     */
    public HostileServer generate(String prefix, java.util.function.Function<java.net.URI, String> page) {
        generated.put(prefix, page);
        return this;
    }

    /** A page whose server says nothing for {@code millis} before it answers (headers included). */
    public HostileServer stall(String path, long millis, String html) {
        handlers.put(path, ex -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=UTF-8");
            try {
                send(ex, path, 200, html.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                hungUpAt.put(path, System.currentTimeMillis());
            }
        });
        return this;
    }

    /**
     * A text file of {@code totalBytes}: {@code head}, then comment lines, then {@code tail}, generated as it is sent
     * (never held in memory).
     */
    public HostileServer bigText(String path, String head, long totalBytes, String tail) {
        handlers.put(path, ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/plain; charset=UTF-8");
            ex.sendResponseHeaders(200, totalBytes);
            byte[] line = ("# " + "padding ".repeat(15) + "\n").getBytes(StandardCharsets.UTF_8);
            byte[] headBytes = head.getBytes(StandardCharsets.UTF_8);
            byte[] tailBytes = tail.getBytes(StandardCharsets.UTF_8);
            OutputStream out = ex.getResponseBody();
            try {
                out.write(headBytes);
                count(path, headBytes.length);
                long left = totalBytes - headBytes.length - tailBytes.length;
                while (left > 0) {
                    int n = (int) Math.min(line.length, left);
                    out.write(line, 0, n);
                    count(path, n);
                    left -= n;
                }
                out.write(tailBytes);
                count(path, tailBytes.length);
                out.close();
            } catch (IOException e) {
                hungUpAt.put(path, System.currentTimeMillis());
            }
        });
        return this;
    }

    /** Every request from now on is answered {@code status} (429, 503) with this Retry-After (null: none). */
    public HostileServer throttle(int status, String retryAfter) {
        return throttle(status, retryAfter, 0, true);
    }

    /**
     * The next {@code times} requests (0: all of them) are answered {@code status} with this Retry-After (null: none),
     * robots.txt included or not; then the host answers as usual.
     */
    public HostileServer throttle(int status, String retryAfter, int times, boolean robotsToo) {
        this.throttle = new Throttle(status, retryAfter, times, robotsToo);
        return this;
    }

    /** The requests answered with the throttle's status so far. */
    public long throttled() {
        return throttled.get();
    }

    /** Requests so far, in order. */
    public List<Request> requests() {
        return List.copyOf(requests);
    }

    /** Paths requested so far, in order (with repeats). */
    public List<String> paths() {
        return requests.stream().map(Request::path).toList();
    }

    /** Body bytes written for a path so far (the client may have read fewer). */
    public long bytesSent(String path) {
        AtomicLong n = bytesSent.get(path);
        return n == null ? 0 : n.get();
    }

    /** When the client hung up on a streaming path, or null. */
    public Long hungUpAt(String path) {
        return hungUpAt.get(path);
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getRawPath();
            requests.add(new Request(path, System.currentTimeMillis(), ex.getRequestURI().getRawQuery()));
            Throttle t = throttle;
            if (t != null && (t.robotsToo() || !path.equals("/robots.txt"))
                    && (t.times() == 0 || throttled.get() < t.times())) {
                throttled.incrementAndGet();
                if (t.retryAfter() != null) {
                    ex.getResponseHeaders().add("Retry-After", t.retryAfter());
                }
                ex.getResponseHeaders().add("Content-Type", "text/html");
                send(ex, path, t.status(), "<html><body>slow down</body></html>".getBytes(StandardCharsets.UTF_8));
                return;
            }
            Handler h = handlers.get(path);
            if (h == null) {
                h = generatedHandler(ex.getRequestURI());
            }
            if (h == null) {
                ex.getResponseHeaders().add("Content-Type", "text/html");
                send(ex, path, 404, "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8));
                return;
            }
            h.handle(ex);
        }
    }

    /** The handler of the longest generating prefix of the request's path, or null. */
    private Handler generatedHandler(java.net.URI uri) {
        String best = null;
        for (String prefix : generated.keySet()) {
            if (uri.getRawPath().startsWith(prefix) && (best == null || prefix.length() > best.length())) {
                best = prefix;
            }
        }
        if (best == null) {
            return null;
        }
        String html = generated.get(best).apply(uri);
        if (html == null) {
            return null;
        }
        return ex -> {
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=UTF-8");
            send(ex, uri.getRawPath(), 200, html.getBytes(StandardCharsets.UTF_8));
        };
    }

    private void send(HttpExchange ex, String path, int status, byte[] body) throws IOException {
        ex.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
            count(path, body.length);
        }
    }

    private void count(String path, long n) {
        bytesSent.computeIfAbsent(path, p -> new AtomicLong()).addAndGet(n);
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
