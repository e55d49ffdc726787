package org.topicstorm.corpus;

import org.topicstorm.parse.LinkFilter;
import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.Outlink;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * A breadth-first walk of served corpora over HTTP (java.net.http client, {@link PageParser} for links, no Storm, no
 * Elasticsearch): which served pages are reachable from the entry pages, in how many hops, and how links run: to
 * pages of the same label (the same module or chapter), to other served pages, or nowhere. It shows what the link
 * structure offers a focused crawler, and checks that the server's links resolve.
 */
public final class SiteWalk {

    /**
     * @param depth         every reached page (URL) -> hops from the nearest start page
     * @param links         links from reached pages to served pages, counted once per page pair
     * @param sameLabel     of those, links between two pages with the same (non-empty) label
     * @param otherHost     of those, links to another host (another corpus, or another split directory of the same
     *                      corpus)
     * @param broken        links on our hosts to URLs that are not served pages (404s, hidden pages, other files)
     * @param fetchFailures pages that did not answer 200 with HTML
     * @param outlinks      every walked page's links to served pages (the link graph; pages whose links were not
     *                      followed, past the depth limit, have none)
     */
    public record Result(Map<String, Integer> depth, long links, long sameLabel, long otherHost, long broken,
                         long fetchFailures, Map<String, List<String>> outlinks) {

        /** Reached pages per depth. */
        public Map<Integer, Integer> histogram() {
            Map<Integer, Integer> h = new TreeMap<>();
            depth.values().forEach(d -> h.merge(d, 1, Integer::sum));
            return h;
        }
    }

    private final CorpusServer server;
    private final HttpClient client;
    private final PageParser parser;
    private final Function<String, LinkFilter> linkFilters;
    private final int threads;

    /** A walk over every link of a page (default parse settings, no URL filter). */
    public SiteWalk(CorpusServer server, int threads) {
        this(server, threads, ParseConfig.defaults(), page -> LinkFilter.ACCEPT_ALL);
    }

    /**
     * A walk over the links a crawler would follow: pages parsed with its settings, and each page's outlinks passed
     * through its URL filters (e.g. {@code UrlFilterChain.fromConf(conf)::forPage}, which keeps a crawl on its host
     * in the offline evaluation).
     *
     * @param linkFilters the filter for the outlinks of the page at the given URL
     */
    public SiteWalk(CorpusServer server, int threads, ParseConfig parse, Function<String, LinkFilter> linkFilters) {
        this.server = server;
        this.threads = threads;
        this.parser = new PageParser(parse);
        this.linkFilters = linkFilters;
        this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    }

    /**
     * Walks from {@code starts} (URLs on the server) following links to served pages; stops taking new pages at
     * {@code maxPages}, and fetches every page it took.
     */
    public Result walk(List<URI> starts, int maxPages) throws InterruptedException {
        return walk(starts, maxPages, Integer.MAX_VALUE);
    }

    /**
     * As {@link #walk(List, int)}, following links only from pages fewer than {@code maxDepth} hops from a start
     * (a topic's {@code limits.max-depth}: pages at that depth are reached, their links are not followed).
     */
    public Result walk(List<URI> starts, int maxPages, int maxDepth) throws InterruptedException {
        Map<String, Integer> depth = new LinkedHashMap<>();
        Map<String, List<String>> graph = new HashMap<>();
        List<String> level = new ArrayList<>();
        for (URI s : starts) {
            if (depth.putIfAbsent(s.toString(), 0) == null) {
                level.add(s.toString());
            }
        }
        long links = 0;
        long sameLabel = 0;
        long otherHost = 0;
        long broken = 0;
        long failures = 0;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            for (int d = 0; !level.isEmpty() && d < maxDepth; d++) {
                List<Future<Optional<List<String>>>> futures = new ArrayList<>();
                for (String url : level) {
                    futures.add(pool.submit(() -> outlinks(url)));
                }
                List<String> next = new ArrayList<>();
                for (int i = 0; i < level.size(); i++) {
                    Optional<List<String>> out;
                    try {
                        out = futures.get(i).get();
                    } catch (java.util.concurrent.ExecutionException e) {
                        out = Optional.empty();
                    }
                    if (out.isEmpty()) {
                        failures++;
                        continue;
                    }
                    String from = level.get(i);
                    String fromLabel = server.label(from).orElse("");
                    List<String> served = new ArrayList<>();
                    graph.put(from, served);
                    for (String to : out.get()) {
                        if (server.corpusOf(to).isEmpty()) {
                            continue; // off our web: python.org and the like
                        }
                        if (!server.isPage(to)) {
                            broken++;
                            continue;
                        }
                        links++;
                        served.add(to);
                        if (!fromLabel.isEmpty() && fromLabel.equals(server.label(to).orElse(""))) {
                            sameLabel++;
                        }
                        if (!authority(to).equals(authority(from))) {
                            otherHost++;
                        }
                        if (depth.size() < maxPages && depth.putIfAbsent(to, d + 1) == null) {
                            next.add(to);
                        }
                    }
                }
                level = next;
            }
        } finally {
            pool.shutdownNow();
        }
        return new Result(depth, links, sameLabel, otherHost, broken, failures, graph);
    }

    /** host:port of a URL. */
    private static String authority(String url) {
        URI uri = URI.create(url);
        return uri.getHost() + ":" + uri.getPort();
    }

    /** A page's distinct outlinks without fragments, or empty when it could not be fetched as HTML. */
    private Optional<List<String>> outlinks(String url) throws IOException, InterruptedException {
        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) {
            return Optional.empty();
        }
        try {
            java.util.Set<String> out = new java.util.LinkedHashSet<>();
            for (Outlink o : parser.parse(url, r.body(), r.headers().firstValue("Content-Type").orElse(null), null,
                    linkFilters.apply(url)).outlinks()) {
                String u = o.url();
                int hash = u.indexOf('#');
                u = hash >= 0 ? u.substring(0, hash) : u;
                if (!u.equals(url)) {
                    out.add(u);
                }
            }
            return Optional.of(List.copyOf(out));
        } catch (NotHtmlException e) {
            return Optional.empty();
        }
    }
}
