package org.topicstorm.corpus;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.topicstorm.site.HttpServers;

import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Serves corpora over HTTP as an offline web: each corpus is its own host, on its own loopback address
 * (127.0.0.2, 127.0.0.3, ... in the order given; all on one port), so that per-host politeness and "distinct hosts"
 * are real; 127.0.0.1 on the same port serves a hub page linking every host. Nothing listens beyond loopback.
 *
 * <p>A corpus can be split over several hosts ({@link Options#split()}, {@link HostSplit}): every directory matching
 * a glob gets a loopback address of its own (after the corpora's main addresses, in corpus order, then directory
 * order), the rest of the corpus stays on its main address. A page keeps its path on its host
 * ({@code http://127.0.0.5:PORT/en-US/text/scalc/main0000.html}); links to a page of another host are rewritten
 * to absolute URLs of that host; a request for a path that another host serves is answered 301 with that host's URL.
 *
 * <p>Each host serves its corpus's files: HTML pages rewritten by {@link PageRewriter} (links made root-relative
 * after {@code <base href>}, navigation stripped unless {@link Options#stripNavigation()} is false), other files as
 * they are with a Content-Type by extension, {@code /robots.txt} (disallowing the corpus's hidden navigation pages
 * when navigation is stripped), {@code /} = the root's index.html or else a generated site index linking the
 * corpus's entry pages, and 404 for anything else. Every response can be delayed ({@link Options#latencyMillis()}).
 *
 * <h2>API for the evaluation harness</h2>
 * <pre>{@code
 * CorpusCatalog catalog = CorpusCatalog.openDefault();
 * Corpus python = catalog.get("python3.11-doc", System.out::println);       // fetched on first use
 * try (CorpusServer server = CorpusServer.start(List.of(python), CorpusServer.Options.DEFAULTS)) {
 *     URI base = server.baseUrl("python3.11-doc");            // http://127.0.0.2:PORT/
 *     URI seed = server.resolve("corpus://python3.11-doc/library/socket.html");
 *     Optional<String> label = server.label(seed.toString()); // Optional[library/ipc]
 *     Map<String, String> truth = server.labelledPages();      // every served page URL -> label ("" = none)
 * }
 * }</pre>
 * Also: {@link #entryUrls}, {@link #hub}, {@link #isPage}, {@link #corpusOf}, {@link #served} (pages served, in
 * order, with times), {@link #prerender} (rewrite every page up front), {@link #requests}, {@link #port}.
 * URLs are compared as strings in the form this server produces ({@code http://127.0.0.N:PORT/path}, path
 * percent-encoded where needed); {@link #label} also accepts other spellings of the same URL (a fragment, "/" for
 * a directory's index.html, percent-encoded characters).
 */
public final class CorpusServer implements AutoCloseable {

    /** The scheme of seeds written as {@code corpus://NAME/relative/path.html}. */
    public static final String CORPUS_SCHEME = "corpus";
    /** First loopback address's last byte used for a corpus (127.0.0.1 is the hub). */
    static final int FIRST_HOST = 2;
    /** Most hosts (corpora and split directories) one server can give their own address (127.0.0.2 .. 127.0.0.251). */
    public static final int MAX_CORPORA = 250;
    private static final int BIND_ATTEMPTS = 20;
    /** Rewritten pages kept in memory, in total bytes: the corpora here are 20-60 MB of HTML. */
    private static final long CACHE_BYTES = 256L << 20;

    /**
     * @param latencyMillis   delay before every response, milliseconds
     * @param stripNavigation strip navigation sidebars and hide generated index pages (see {@link PageRewriter})
     * @param port            the port of every host, or 0 for a free one
     * @param split           corpus name -> glob of its directories that get a host of their own
     *                        ({@link HostSplit}); corpora not in it are served whole on one host
     */
    public record Options(long latencyMillis, boolean stripNavigation, int port, Map<String, String> split) {
        public static final Options DEFAULTS = new Options(0, true, 0);

        public Options(long latencyMillis, boolean stripNavigation, int port) {
            this(latencyMillis, stripNavigation, port, Map.of());
        }

        public Options {
            split = Map.copyOf(split);
            split.values().forEach(HostSplit::checkGlob);
            if (latencyMillis < 0) {
                throw new IllegalArgumentException("latency must be >= 0, got " + latencyMillis);
            }
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port must be 0..65535, got " + port);
            }
        }

        public Options withLatency(long millis) {
            return new Options(millis, stripNavigation, port, split);
        }

        public Options withStripNavigation(boolean strip) {
            return new Options(latencyMillis, strip, port, split);
        }

        public Options withPort(int newPort) {
            return new Options(latencyMillis, stripNavigation, newPort, split);
        }

        /** These options with {@code corpus -> glob} splits (replacing any given before). */
        public Options withSplit(Map<String, String> newSplit) {
            return new Options(latencyMillis, stripNavigation, port, newSplit);
        }
    }

    /**
     * One served corpus: its main address, its split (directory -> address), and its pages (relative path -> label,
     * "" = none).
     */
    private record Site(Corpus corpus, String address, HostSplit split, Map<String, String> splitAddresses,
                        Path realRoot, Map<String, String> pages) {

        /** The address of the host that serves {@code relativePath}. */
        String addressOf(String relativePath) {
            return split.directoryOf(relativePath).map(splitAddresses::get).orElse(address);
        }
    }

    /** One host: the corpus it serves part of, its address, and its split directory ("" = the main host). */
    private record Host(Site site, String address, String directory) {
        boolean isMain() {
            return directory.isEmpty();
        }
    }

    private final Options options;
    private final List<HttpServer> servers = new ArrayList<>();
    private final ExecutorService executor;
    private final Map<String, Site> byName = new LinkedHashMap<>();
    /** Every corpus host, in address order. */
    private final List<Host> hosts = new ArrayList<>();
    private final Map<String, Host> byHostPort = new ConcurrentHashMap<>();
    private final Map<String, byte[]> rewritten = new ConcurrentHashMap<>();
    private final AtomicLong cachedBytes = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong pageRequests = new AtomicLong();
    private final java.util.Queue<Served> served = new java.util.concurrent.ConcurrentLinkedQueue<>();
    private final PageRewriter rewriter = new PageRewriter();
    private final int port;

    private CorpusServer(List<Corpus> corpora, Options options) throws IOException {
        this.options = options;
        if (corpora.size() > MAX_CORPORA) {
            throw new IllegalArgumentException("at most " + MAX_CORPORA + " corpora, got " + corpora.size());
        }
        for (String name : options.split().keySet()) {
            if (corpora.stream().noneMatch(c -> c.name().equals(name))) {
                throw new IllegalArgumentException("split: corpus '" + name + "' is not served (served: "
                        + String.join(", ", corpora.stream().map(Corpus::name).toList()) + ")");
            }
        }
        // main addresses first, so that a corpus keeps its address whether or not it or another one is split
        int nextAddress = FIRST_HOST + corpora.size();
        for (int i = 0; i < corpora.size(); i++) {
            Corpus c = corpora.get(i);
            if (byName.containsKey(c.name())) {
                throw new IllegalArgumentException("corpus " + c.name() + " given twice");
            }
            if (!Files.isDirectory(c.root())) {
                throw new IOException("corpus " + c.name() + ": no directory " + c.root());
            }
            Map<String, String> pages = new LinkedHashMap<>();
            for (String page : c.htmlPages(options.stripNavigation())) {
                pages.put(page, c.label(page).orElse(""));
            }
            String glob = options.split().get(c.name());
            HostSplit split;
            try {
                split = glob == null ? HostSplit.none() : HostSplit.of(c, glob);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("split of corpus " + c.name() + ": " + e.getMessage(), e);
            }
            Map<String, String> splitAddresses = new LinkedHashMap<>();
            for (String dir : split.directories()) {
                if (nextAddress > FIRST_HOST + MAX_CORPORA - 1) {
                    throw new IllegalArgumentException("at most " + MAX_CORPORA + " hosts (corpora and split "
                            + "directories); the split of " + c.name() + " by '" + glob + "' makes more");
                }
                splitAddresses.put(dir, "127.0.0." + nextAddress++);
            }
            Site site = new Site(c, "127.0.0." + (FIRST_HOST + i), split, Collections.unmodifiableMap(splitAddresses),
                    c.root().toRealPath(), Collections.unmodifiableMap(pages));
            byName.put(c.name(), site);
            hosts.add(new Host(site, site.address(), ""));
        }
        for (Site site : byName.values()) {
            site.splitAddresses().forEach((dir, address) -> hosts.add(new Host(site, address, dir)));
        }
        // the fetcher runs many threads and latency keeps a handler busy: enough threads to overlap them
        executor = Executors.newFixedThreadPool(32, r -> {
            Thread t = new Thread(r, "corpus-server");
            t.setDaemon(true);
            return t;
        });
        this.port = bind(options.port());
        for (Host h : hosts) {
            byHostPort.put(h.address() + ":" + port, h);
        }
    }

    /**
     * Starts serving {@code corpora} (at most {@link #MAX_CORPORA} hosts); close to stop.
     *
     * @throws IllegalArgumentException when a split names a corpus not given, or its glob matches no directory
     */
    public static CorpusServer start(List<Corpus> corpora, Options options) throws IOException {
        return new CorpusServer(corpora, options);
    }

    /** Binds the hub and every corpus host to one port (a free one when {@code wanted} is 0). */
    private int bind(int wanted) throws IOException {
        IOException last = null;
        for (int attempt = 0; attempt < (wanted == 0 ? BIND_ATTEMPTS : 1); attempt++) {
            try {
                HttpServer hub = listen("127.0.0.1", wanted);
                hub.createContext("/", this::handleHub);
                int bound = hub.getAddress().getPort();
                for (Host h : hosts) {
                    listen(h.address(), bound).createContext("/", ex -> handle(h, ex));
                }
                servers.forEach(HttpServer::start);
                return bound;
            } catch (BindException e) {
                // another program holds this port on one of our addresses: try another port
                servers.forEach(srv -> srv.stop(0));
                servers.clear();
                last = e;
            }
        }
        executor.shutdownNow();
        throw new IOException("cannot bind the corpus server to one port on 127.0.0.1.." + (hosts.size() + 1)
                + (wanted == 0 ? "" : " (port " + wanted + ")") + ": " + last.getMessage()
                + "; loopback addresses other than 127.0.0.1 need Linux", last);
    }

    private HttpServer listen(String address, int wantedPort) throws IOException {
        HttpServer server = HttpServers.create(new InetSocketAddress(address, wantedPort), 200);
        server.setExecutor(executor);
        servers.add(server);
        return server;
    }

    /** The corpora served, in order. */
    public List<Corpus> corpora() {
        return byName.values().stream().map(Site::corpus).toList();
    }

    /** The port every host listens on. */
    public int port() {
        return port;
    }

    /** The hub page on 127.0.0.1: links to every corpus's site index. */
    public URI hub() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }

    /** The root URL of a served corpus ({@code http://127.0.0.N:PORT/}), which leads to its entry pages. */
    public URI baseUrl(String corpus) {
        return URI.create("http://" + site(corpus).address() + ":" + port + "/");
    }

    /**
     * The hosts of a corpus split over hosts: split directory -> the root URL of its host, in directory order;
     * empty when the corpus is served whole by {@link #baseUrl}.
     */
    public Map<String, URI> splitUrls(String corpus) {
        Map<String, URI> urls = new LinkedHashMap<>();
        site(corpus).splitAddresses().forEach((dir, address) -> urls.put(dir,
                URI.create("http://" + address + ":" + port + "/")));
        return urls;
    }

    /**
     * Every corpus host as {@code host:port} (127.0.0.N:PORT): the main hosts in corpus order, then the split hosts.
     * The hub on 127.0.0.1 is not among them. A crawl that should stay on the served web accepts exactly these.
     */
    public List<String> hostAuthorities() {
        return hosts.stream().map(h -> h.address() + ":" + port).toList();
    }

    /**
     * The networks of exactly the addresses this server serves on (127.0.0.2/32, ...): what a crawl of it lets
     * through the address guard ({@code fetch.address.allow}), and nothing else on loopback.
     */
    public List<String> hostNetworks() {
        return hosts.stream().map(h -> h.address() + "/32").distinct().toList();
    }

    /** The URLs of a corpus's entry pages. */
    public List<URI> entryUrls(String corpus) {
        return site(corpus).corpus().entries().stream().map(e -> URI.create(pageUrl(site(corpus), e))).toList();
    }

    /**
     * Resolves a seed: {@code corpus://NAME/relative/path.html} becomes that page's URL on this server
     * ({@code corpus://NAME/} the corpus's root); an http or https URL is returned unchanged.
     *
     * @throws IllegalArgumentException for a corpus that is not served here, or a malformed seed
     */
    public URI resolve(String seed) {
        URI uri;
        try {
            uri = new URI(seed);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("seed '" + seed + "' is not a URL: " + e.getMessage());
        }
        if (!CORPUS_SCHEME.equalsIgnoreCase(uri.getScheme())) {
            return uri;
        }
        String name = uri.getAuthority();
        if (name == null || !byName.containsKey(name)) {
            throw new IllegalArgumentException("seed '" + seed + "': corpus '" + name + "' is not served here (served: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String decoded = uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath();
        // the host that serves the path: the corpus's own, or that of its split directory
        URI host = URI.create("http://" + byName.get(name).addressOf(decoded.substring(1)) + ":" + port + "/");
        return host.resolve(path + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
    }

    /**
     * The label of a page served here, by its URL; empty for a page without label, and for URLs that are not
     * served pages (other hosts, missing or hidden files, robots.txt, the hub and site indexes).
     */
    public Optional<String> label(String url) {
        return page(url).map(p -> p.site().pages().get(p.path())).filter(l -> !l.isEmpty());
    }

    /** Whether {@code url} is an HTML page served here (with or without a label). */
    public boolean isPage(String url) {
        return page(url).isPresent();
    }

    /** The corpus serving {@code url} (on its main host or one of its split hosts), if it is one of ours. */
    public Optional<Corpus> corpusOf(String url) {
        return host(url).map(h -> h.site().corpus());
    }

    private Optional<Host> host(String url) {
        try {
            URI uri = new URI(url);
            return Optional.ofNullable(byHostPort.get(uri.getHost() + ":" + uri.getPort()));
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    /**
     * Every HTML page served, by URL (in corpus order, then path order), with its label ("" = none): the ground
     * truth. For a label set L, |R| = the number of values in L.
     */
    public Map<String, String> labelledPages() {
        Map<String, String> all = new LinkedHashMap<>();
        for (Site s : byName.values()) {
            s.pages().forEach((path, label) -> all.put(pageUrl(s, path), label));
        }
        return all;
    }

    /** Requests answered so far (all paths, all hosts, hub included). */
    public long requests() {
        return requests.get();
    }

    /** Requests for HTML pages of a corpus answered 200 so far. */
    public long pageRequests() {
        return pageRequests.get();
    }

    /** A page served: when (epoch milliseconds, before the body was sent) and its URL (as in labelledPages). */
    public record Served(long epochMillis, String url) {
    }

    /** Every HTML page of a corpus answered 200 since the start or {@link #clearServed()}, in order. */
    public List<Served> served() {
        return List.copyOf(served);
    }

    /** Forgets the pages served so far (and their count in {@link #pageRequests()}). */
    public void clearServed() {
        served.clear();
        pageRequests.set(0);
    }

    /**
     * Rewrites every served page now and keeps it in memory, so that later requests cost no parsing: for
     * measurements where the server shares the CPU with what is measured. Takes a few seconds per thousand pages.
     */
    public void prerender(int threads) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
        try {
            for (Site s : byName.values()) {
                for (String rel : s.pages().keySet()) {
                    pool.execute(() -> file(s, rel).ifPresent(f -> {
                        try {
                            rewritten(s, rel, f);
                        } catch (IOException | RuntimeException e) {
                            // served (or answered 404) when asked for
                        }
                    }));
                }
            }
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, java.util.concurrent.TimeUnit.MINUTES);
        }
    }

    /** Forgets the rewritten pages kept in memory: the next request for each page rewrites it again. */
    public void dropRenderedPages() {
        rewritten.clear();
        cachedBytes.set(0);
    }

    private Site site(String corpus) {
        Site s = byName.get(corpus);
        if (s == null) {
            throw new IllegalArgumentException("corpus '" + corpus + "' is not served here (served: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        return s;
    }

    /** The URL of a page (or any path) of a corpus, on the host that serves it. */
    private String pageUrl(Site s, String relativePath) {
        try {
            return new URI("http", null, s.addressOf(relativePath), port, "/" + relativePath, null, null)
                    .toASCIIString();
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a valid page path: " + relativePath, e);
        }
    }

    private record Page(Site site, String path) {
    }

    private Optional<Page> page(String url) {
        try {
            URI uri = new URI(url);
            Host h = byHostPort.get(uri.getHost() + ":" + uri.getPort());
            if (h == null || uri.getPath() == null) {
                return Optional.empty();
            }
            String path = uri.getPath().isEmpty() ? "/" : uri.getPath();
            if (path.endsWith("/")) {
                path += "index.html";
            }
            String rel = path.substring(1);
            Site s = h.site();
            // a page is served by one host only: on another host its path is a redirect, not a page
            return s.pages().containsKey(rel) && s.addressOf(rel).equals(h.address())
                    ? Optional.of(new Page(s, rel)) : Optional.empty();
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    // ---------------------------------------------------------------------------------------------- HTTP

    private void handle(Host host, HttpExchange ex) throws IOException {
        Site site = host.site();
        try (ex) {
            requests.incrementAndGet();
            delay();
            if (!isGetOrHead(ex)) {
                return;
            }
            String path = ex.getRequestURI().getPath(); // decoded
            if (path == null || path.isEmpty()) {
                path = "/";
            }
            if ("/robots.txt".equals(path)) {
                send(ex, 200, "text/plain; charset=UTF-8", robots(site.corpus()).getBytes(StandardCharsets.UTF_8));
                return;
            }
            String rel = path.substring(1);
            if (rel.isEmpty() && !host.isMain()) {
                send(ex, 200, ContentTypes.HTML, siteIndex(host).getBytes(StandardCharsets.UTF_8));
                return;
            }
            if (!site.addressOf(rel).equals(host.address())) {
                // the path belongs to another host of the corpus: send the client there, as a moved site does
                String query = ex.getRequestURI().getRawQuery();
                ex.getResponseHeaders().add("Location", pageUrl(site, rel) + (query == null ? "" : "?" + query));
                send(ex, 301, ContentTypes.HTML, new byte[0]);
                return;
            }
            if (rel.isEmpty() || rel.endsWith("/")) {
                if (site.pages().containsKey(rel + "index.html")) {
                    rel += "index.html";
                } else if (rel.isEmpty()) {
                    send(ex, 200, ContentTypes.HTML, siteIndex(host).getBytes(StandardCharsets.UTF_8));
                    return;
                }
            }
            Optional<Path> file = file(site, rel);
            if (file.isEmpty()) {
                notFound(ex);
                return;
            }
            if (Corpus.isHtml(rel)) {
                if (!site.pages().containsKey(rel)) { // hidden navigation page
                    notFound(ex);
                    return;
                }
                byte[] body = rewritten(site, rel, file.get());
                pageRequests.incrementAndGet();
                served.add(new Served(System.currentTimeMillis(), pageUrl(site, rel)));
                send(ex, 200, ContentTypes.HTML, body);
            } else {
                send(ex, 200, ContentTypes.of(rel), Files.readAllBytes(file.get()));
            }
        } catch (IOException | RuntimeException e) {
            serverError(ex); // a file could not be read or rewritten, or the client went away
        }
    }

    /** Answers 500 unless a response was already started (then the client only sees the connection close). */
    private static void serverError(HttpExchange ex) {
        try {
            if (ex.getResponseCode() == -1) {
                ex.sendResponseHeaders(500, -1);
            }
        } catch (IOException | RuntimeException ignored) {
            // the client went away
        }
    }

    /** The file for a relative path if it is a regular file inside the corpus root (symbolic links resolved). */
    private static Optional<Path> file(Site site, String rel) {
        try {
            Path f = site.realRoot().resolve(rel).normalize();
            if (!f.startsWith(site.realRoot()) || !Files.isRegularFile(f)) {
                return Optional.empty();
            }
            Path real = f.toRealPath(); // a link out of the corpus (packages link to shared JavaScript) is not served
            return real.startsWith(site.realRoot()) ? Optional.of(real) : Optional.empty();
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return Optional.empty();
        }
    }

    private byte[] rewritten(Site site, String rel, Path file) throws IOException {
        String key = site.corpus().name() + "/" + rel;
        byte[] cached = rewritten.get(key);
        if (cached != null) {
            return cached;
        }
        byte[] body = rewriter.rewrite(Files.readAllBytes(file), rel, options.stripNavigation(),
                path -> "http://" + site.addressOf(path) + ":" + port);
        if (cachedBytes.addAndGet(body.length) <= CACHE_BYTES) {
            rewritten.put(key, body);
        } else {
            cachedBytes.addAndGet(-body.length);
        }
        return body;
    }

    private void handleHub(HttpExchange ex) throws IOException {
        try (ex) {
            requests.incrementAndGet();
            delay();
            if (!isGetOrHead(ex)) {
                return;
            }
            String path = ex.getRequestURI().getPath();
            if ("/robots.txt".equals(path)) {
                send(ex, 200, "text/plain; charset=UTF-8", "User-agent: *\nDisallow:\n".getBytes(StandardCharsets.UTF_8));
            } else if ("/".equals(path)) {
                StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"UTF-8\">"
                        + "<title>TopicStorm offline web</title></head><body><h1>TopicStorm offline web</h1><ul>");
                for (Host h : hosts) {
                    sb.append("<li><a href=\"http://").append(h.address()).append(':').append(port).append("/\">")
                            .append(escape(h.site().corpus().name() + (h.isMain() ? "" : ": " + h.directory())))
                            .append("</a></li>");
                }
                send(ex, 200, ContentTypes.HTML, sb.append("</ul></body></html>").toString()
                        .getBytes(StandardCharsets.UTF_8));
            } else {
                notFound(ex);
            }
        } catch (IOException | RuntimeException e) {
            // the client went away
        }
    }

    /**
     * The site index of a host without index.html at its root. On the main host: the corpus's entry pages, by title
     * (absolute URLs for those on split hosts). On a split host: the entry pages it serves, and the main host's index.
     */
    private String siteIndex(Host host) {
        Site site = host.site();
        String name = site.corpus().name() + (host.isMain() ? "" : ": " + host.directory());
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html><head><meta charset=\"UTF-8\"><title>")
                .append(escape(name)).append("</title></head><body><h1>").append(escape(name)).append("</h1><ul>");
        for (String entry : site.corpus().entries()) {
            boolean here = site.addressOf(entry).equals(host.address());
            if (!here && !host.isMain()) {
                continue;
            }
            String url = pageUrl(site, entry);
            sb.append("<li><a href=\"").append(escape(here ? url.replaceFirst("^http://[^/]+", "") : url))
                    .append("\">").append(escape(title(site, entry))).append("</a></li>");
        }
        if (!host.isMain()) {
            sb.append("<li><a href=\"").append(baseUrl(site.corpus().name())).append("\">")
                    .append(escape(site.corpus().name())).append("</a></li>");
        }
        return sb.append("</ul></body></html>").toString();
    }

    private static final Pattern TITLE = Pattern.compile("(?is)<title[^>]*>(.*?)</title>");

    private static String title(Site site, String page) {
        try {
            Matcher m = TITLE.matcher(Files.readString(site.corpus().root().resolve(page), StandardCharsets.UTF_8));
            if (m.find() && !m.group(1).isBlank()) {
                return org.jsoup.parser.Parser.unescapeEntities(m.group(1).strip(), false);
            }
        } catch (IOException | RuntimeException e) {
            // fall back to the path
        }
        return page;
    }

    /** robots.txt: hidden navigation pages are disallowed when navigation is stripped; all else is allowed. */
    String robots(Corpus corpus) {
        StringBuilder sb = new StringBuilder("User-agent: *\n");
        if (options.stripNavigation() && !corpus.hidden().isEmpty()) {
            for (String glob : corpus.hidden()) {
                // robots.txt knows only '*' (any characters) and '$' (end)
                sb.append("Disallow: /").append(glob.replace("**", "*").replace('?', '*')).append("$\n");
            }
        } else {
            sb.append("Disallow:\n");
        }
        return sb.toString();
    }

    private void delay() {
        if (options.latencyMillis() > 0) {
            try {
                Thread.sleep(options.latencyMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean isGetOrHead(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        if ("GET".equals(method) || "HEAD".equals(method)) {
            return true;
        }
        ex.getResponseHeaders().add("Allow", "GET, HEAD");
        ex.sendResponseHeaders(405, -1);
        return false;
    }

    private static void notFound(HttpExchange ex) throws IOException {
        send(ex, 404, ContentTypes.HTML,
                "<!DOCTYPE html><html><head><title>Not found</title></head><body><h1>Not found</h1></body></html>"
                        .getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange ex, int status, String contentType, byte[] body) throws IOException {
        ex.getResponseHeaders().add("Content-Type", contentType);
        boolean head = "HEAD".equals(ex.getRequestMethod());
        ex.sendResponseHeaders(status, head || body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = ex.getResponseBody()) {
                out.write(body);
            }
        }
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    @Override
    public void close() {
        servers.forEach(s -> s.stop(0));
        executor.shutdownNow();
    }
}
