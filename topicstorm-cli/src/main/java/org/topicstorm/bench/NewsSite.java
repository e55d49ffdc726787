package org.topicstorm.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A loopback news site for the monitoring benchmark: {@code hosts} news hosts on 127.0.0.2, 127.0.0.3, ..., each
 * with a front page listing its latest {@link #FRONT_PAGE_ARTICLES} articles, newest first. {@link #publish} adds an
 * article to a host; every article says when it was published (Open Graph's {@code article:published_time}) and is
 * on-topic (solar energy) or off-topic (football), drawn from the seed. The site knows each article's URL,
 * publication time and topic, which the benchmark compares with what the crawl found.
 */
public final class NewsSite implements AutoCloseable {

    /** Articles listed on a front page. */
    public static final int FRONT_PAGE_ARTICLES = 30;

    /** One published article. */
    public record Article(String url, long published, boolean onTopic) {
    }

    private final int hosts;
    private final SplittableRandom random;
    private final double onTopicShare;
    private final List<HttpServer> servers = new ArrayList<>();
    private final ExecutorService executor;
    private final List<List<Article>> byHost = new ArrayList<>();
    private final List<Article> all = new CopyOnWriteArrayList<>();
    private final ConcurrentHashMap<String, String> pages = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();

    /** @param onTopicShare the share of articles on the topic, in [0, 1] */
    public NewsSite(int hosts, double onTopicShare, long seed) {
        if (hosts < 1 || hosts > SyntheticSite.MAX_HOSTS) {
            throw new IllegalArgumentException("hosts must be between 1 and " + SyntheticSite.MAX_HOSTS + ", got "
                    + hosts);
        }
        if (!(onTopicShare >= 0 && onTopicShare <= 1)) {
            throw new IllegalArgumentException("the on-topic share must be in [0, 1], got " + onTopicShare);
        }
        this.hosts = hosts;
        this.onTopicShare = onTopicShare;
        this.random = new SplittableRandom(seed);
        this.executor = Executors.newFixedThreadPool(32, r -> {
            Thread t = new Thread(r, "news-site");
            t.setDaemon(true);
            return t;
        });
        for (int h = 0; h < hosts; h++) {
            byHost.add(new ArrayList<>());
        }
    }

    /** Binds one server per host, the same port on each when possible. */
    public NewsSite start() throws IOException {
        int port = 0;
        for (int h = 0; h < hosts; h++) {
            HttpServer server;
            try {
                server = SyntheticSite.listen(h, port);
            } catch (IOException e) {
                close();
                throw e;
            }
            server.createContext("/", this::handle);
            server.setExecutor(executor);
            server.start();
            servers.add(server);
            port = server.getAddress().getPort();
            frontPage(h);
        }
        return this;
    }

    public String base(int host) {
        return "http://" + SyntheticSite.address(host) + ":" + servers.get(host).getAddress().getPort();
    }

    /** Every host's front page. */
    public List<String> frontPages() {
        List<String> seeds = new ArrayList<>();
        for (int h = 0; h < hosts; h++) {
            seeds.add(base(h) + "/");
        }
        return seeds;
    }

    /** Publishes an article on a host drawn at random, dated {@code at}, and lists it on that host's front page. */
    public synchronized Article publish(long at) {
        int h = random.nextInt(hosts);
        boolean onTopic = random.nextDouble() < onTopicShare;
        int n = byHost.get(h).size();
        Article a = new Article(base(h) + "/news/" + n + ".html", at, onTopic);
        pages.put(a.url(), article(a, n));
        byHost.get(h).add(a);
        all.add(a);
        frontPage(h);
        return a;
    }

    /** Every article published so far. */
    public List<Article> articles() {
        return List.copyOf(all);
    }

    public long requests() {
        return requests.get();
    }

    private String article(Article a, int n) {
        List<String> words = a.onTopic() ? SyntheticSite.ON_TOPIC : SyntheticSite.OFF_TOPIC;
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 150; i++) {
            text.append(i % 3 == 0 ? words.get(random.nextInt(words.size())) : "w" + random.nextInt(5000)).append(' ');
        }
        String title = (a.onTopic() ? "Solar energy report " : "Football match report ") + n;
        return "<!DOCTYPE html><html lang=\"en\"><head><title>" + title + "</title>"
                + "<meta property=\"article:published_time\" content=\"" + Instant.ofEpochMilli(a.published())
                + "\"></head><body><article><h1>" + title + "</h1><p>" + text + "</p></article>"
                + "<a href=\"/\">Front page</a></body></html>";
    }

    private void frontPage(int h) {
        List<Article> articles = byHost.get(h);
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><title>News " + h
                + "</title></head><body><h1>Latest news</h1><ul>");
        for (int i = articles.size() - 1; i >= Math.max(0, articles.size() - FRONT_PAGE_ARTICLES); i--) {
            Article a = articles.get(i);
            html.append("<li><a href=\"").append(a.url()).append("\">")
                    .append(a.onTopic() ? "Solar energy report " : "Football match report ").append(i)
                    .append("</a></li>");
        }
        pages.put(base(h) + "/", html.append("</ul></body></html>").toString());
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            requests.incrementAndGet();
            String host = ex.getLocalAddress().getAddress().getHostAddress();
            String url = "http://" + host + ":" + ex.getLocalAddress().getPort() + ex.getRequestURI().getRawPath();
            String page = ex.getRequestURI().getRawPath().equals("/robots.txt") ? null : pages.get(url);
            byte[] body = (page == null ? "<html><body>not found</body></html>" : page)
                    .getBytes(StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "text/html; charset=UTF-8");
            ex.sendResponseHeaders(page == null ? 404 : 200, body.length);
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }
}
