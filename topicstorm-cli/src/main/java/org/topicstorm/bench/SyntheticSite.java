package org.topicstorm.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.topicstorm.site.HttpServers;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A generated web of {@code hosts} x {@code pagesPerHost} linked HTML pages for crawl benchmarks, served by the
 * JDK's HTTP server on loopback addresses 127.0.0.2, 127.0.0.3, ... (Linux routes all of 127.0.0.0/8 to the
 * loopback interface): one address per host, because the fetcher queues URLs by host name without the port, so
 * distinct ports on one address would make a single fetch queue.
 *
 * <p>Page {@code p} of host {@code h} is {@code http://127.0.0.(h+2):port/p<p>.html}. Its content is a pure
 * function of (seed, h, p): on-topic (solar energy) or off-topic (football) text of about 200 words and
 * {@link #LINKS_PER_PAGE} links to random pages of random hosts. Page 0 of each host is a seed. robots.txt allows
 * everything. Every page request is counted per second since {@link #start()}, to measure fetch rates and pauses.
 */
public final class SyntheticSite implements AutoCloseable {

    public static final int LINKS_PER_PAGE = 10;
    /** Most hosts we can give their own address in 127.0.0.0/8 without overflowing into 127.1.x.x tricks. */
    public static final int MAX_HOSTS = 250;

    static final List<String> ON_TOPIC = List.of("solar", "photovoltaic", "energy", "panel", "sunlight",
            "renewable", "inverter", "battery", "grid", "installation");
    static final List<String> OFF_TOPIC = List.of("football", "league", "match", "goal", "team", "cup", "season",
            "player", "coach", "stadium");
    private static final List<String> FILLER = List.of("the", "a", "of", "and", "report", "new", "local", "year",
            "people", "city", "after", "with", "from", "about", "week");

    private final int hosts;
    private final int pagesPerHost;
    private final long seed;
    private final long latencyMillis;
    private final List<HttpServer> servers = new ArrayList<>();
    private final ExecutorService executor;
    private final AtomicLongArray perSecond = new AtomicLongArray(3600);
    private final AtomicLong requests = new AtomicLong();
    private volatile long startMillis;

    /**
     * @param latencyMillis delay before each response (a slow server), 0 for none
     */
    public SyntheticSite(int hosts, int pagesPerHost, long latencyMillis, long seed) {
        if (hosts < 1 || hosts > MAX_HOSTS) {
            throw new IllegalArgumentException("hosts must be between 1 and " + MAX_HOSTS + ", got " + hosts);
        }
        if (pagesPerHost < 1) {
            throw new IllegalArgumentException("pages per host must be > 0, got " + pagesPerHost);
        }
        if (latencyMillis < 0) {
            throw new IllegalArgumentException("latency must be >= 0, got " + latencyMillis);
        }
        this.hosts = hosts;
        this.pagesPerHost = pagesPerHost;
        this.latencyMillis = latencyMillis;
        this.seed = seed;
        // enough threads for every fetcher thread to wait on a slow response at once
        this.executor = Executors.newFixedThreadPool(64, r -> {
            Thread t = new Thread(r, "synthetic-site");
            t.setDaemon(true);
            return t;
        });
    }

    /** Binds one server per host; fails with the address that could not be bound. */
    public SyntheticSite start() throws IOException {
        int port = 0;
        for (int h = 0; h < hosts; h++) {
            HttpServer server;
            try {
                // the same port on every address when possible, so that URLs differ only by host
                server = listen(h, port);
            } catch (IOException e) {
                close();
                throw e;
            }
            int host = h;
            server.createContext("/", ex -> handle(host, ex));
            server.setExecutor(executor);
            server.start();
            servers.add(server);
            port = server.getAddress().getPort();
        }
        startMillis = System.currentTimeMillis();
        return this;
    }

    /** A server on the host's loopback address and the port (0: any free one); the exception says why not. */
    static HttpServer listen(int host, int port) throws IOException {
        String address = address(host);
        try {
            return HttpServers.create(new InetSocketAddress(address, port), 100);
        } catch (IOException e) {
            throw new IOException("cannot listen on " + address + ":" + port + " (" + e.getMessage()
                    + "); loopback addresses other than 127.0.0.1 need Linux", e);
        }
    }

    static String address(int host) {
        return "127.0.0." + (host + 2);
    }

    public String url(int host, int page) {
        return "http://" + address(host) + ":" + servers.get(host).getAddress().getPort() + "/p" + page + ".html";
    }

    /** The first page of every host. */
    public List<String> seeds() {
        List<String> seeds = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            seeds.add(url(h, 0));
        }
        return seeds;
    }

    public int pages() {
        return hosts * pagesPerHost;
    }

    public long startMillis() {
        return startMillis;
    }

    /** Page requests (robots.txt excluded) so far. */
    public long requests() {
        return requests.get();
    }

    /** Page requests in each whole second since {@link #start()}, up to {@code seconds}. */
    public long[] requestsPerSecond(int seconds) {
        long[] counts = new long[Math.min(seconds, perSecond.length())];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = perSecond.get(i);
        }
        return counts;
    }

    /** True if page p of host h is about the topic: about half of the pages, fixed by the seed. */
    boolean onTopic(int h, int p) {
        return p == 0 || random(h, p).nextBoolean();
    }

    private SplittableRandom random(int h, int p) {
        return new SplittableRandom(seed * 1_000_003L + (long) h * 100_003L + p);
    }

    /** The HTML of page p of host h. */
    String html(int h, int p) {
        SplittableRandom random = random(h, p);
        boolean topic = random.nextBoolean() || p == 0;
        List<String> words = topic ? ON_TOPIC : OFF_TOPIC;
        String title = (topic ? "Solar energy" : "Football") + " report " + h + "-" + p;
        StringBuilder sb = new StringBuilder(4096).append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>").append(title).append("</title></head><body><h1>").append(title).append("</h1><p>");
        for (int i = 0; i < 200; i++) {
            // one word in four carries the page's subject
            List<String> from = random.nextInt(4) == 0 ? words : FILLER;
            sb.append(from.get(random.nextInt(from.size()))).append(i % 20 == 19 ? ".</p><p>" : " ");
        }
        sb.append("</p><ul>");
        for (int i = 0; i < LINKS_PER_PAGE; i++) {
            int th = random.nextInt(hosts);
            int tp = random.nextInt(pagesPerHost);
            sb.append("<li><a href=\"").append(url(th, tp)).append("\">")
                    .append(onTopic(th, tp) ? "solar energy " : "football ").append(th).append('-').append(tp)
                    .append("</a></li>");
        }
        return sb.append("</ul></body></html>").toString();
    }

    private void handle(int host, HttpExchange ex) throws IOException {
        try (ex) {
            String path = ex.getRequestURI().getPath();
            byte[] body;
            int status = 200;
            String type = "text/html; charset=UTF-8";
            if (path.equals("/robots.txt")) {
                body = "User-agent: *\nDisallow:\n".getBytes(StandardCharsets.UTF_8);
                type = "text/plain; charset=UTF-8";
            } else {
                count();
                int page = pageNumber(path);
                if (page < 0) {
                    status = 404;
                    body = "<html><body>not found</body></html>".getBytes(StandardCharsets.UTF_8);
                } else {
                    body = html(host, page).getBytes(StandardCharsets.UTF_8);
                }
            }
            if (latencyMillis > 0) {
                Thread.sleep(latencyMillis);
            }
            ex.getResponseHeaders().add("Content-Type", type);
            ex.sendResponseHeaders(status, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** "/p12.html" -> 12; -1 for anything else or a page beyond the site. */
    int pageNumber(String path) {
        if (!path.startsWith("/p") || !path.endsWith(".html")) {
            return -1;
        }
        try {
            int p = Integer.parseInt(path.substring(2, path.length() - 5));
            return p >= 0 && p < pagesPerHost ? p : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void count() {
        requests.incrementAndGet();
        int second = (int) ((System.currentTimeMillis() - startMillis) / 1000);
        if (second >= 0 && second < perSecond.length()) {
            perSecond.incrementAndGet(second);
        }
    }

    @Override
    public void close() {
        for (HttpServer server : servers) {
            server.stop(0);
        }
        servers.clear();
        executor.shutdownNow();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d hosts (%s..%s) x %d pages, %d links per page, latency %d ms", hosts,
                address(0), address(hosts - 1), pagesPerHost, LINKS_PER_PAGE, latencyMillis);
    }
}
