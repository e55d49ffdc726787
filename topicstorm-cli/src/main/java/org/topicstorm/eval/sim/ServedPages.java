package org.topicstorm.eval.sim;

import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.parse.UrlFilterChain;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The served corpora as a simulated crawl fetches them: each URL requested once over HTTP (redirects not followed,
 * as the crawl's fetcher does not), parsed with the crawl's parser and URL filters as the parse bolt parses it, and
 * kept, so that every strategy of an evaluation reads the same pages and a second crawl costs no request.
 * Single-threaded.
 */
public final class ServedPages {

    /** What fetching a URL gave. */
    public sealed interface Fetch permits Page, Redirect, Failure {
    }

    /** A page, parsed. */
    public record Page(ParsedPage page) implements Fetch {
    }

    /** A redirect to {@code location} (the raw Location header; null when there was none). */
    public record Redirect(String location) implements Fetch {
    }

    /**
     * No page: an HTTP error, content that is not HTML, or no answer.
     *
     * @param permanent whether the crawl records it as ERROR (not HTML, unparseable) rather than FETCH_ERROR
     */
    public record Failure(String cause, boolean permanent) implements Fetch {
    }

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final PageParser parser;
    private final UrlFilterChain filters;
    private final Map<String, Fetch> fetched = new HashMap<>();
    private long requests;

    /** @param conf the crawl configuration: parse settings and URL filter chain (e.g. the evaluation's crawlConf) */
    public ServedPages(Map<String, Object> conf) {
        this.parser = new PageParser(ParseConfig.fromConf(conf));
        this.filters = UrlFilterChain.fromConf(conf);
    }

    /** The crawl's URL filter chain (seeds and redirect targets go through it as in the crawl). */
    public UrlFilterChain filters() {
        return filters;
    }

    /** HTTP requests made so far (a URL fetched a second time costs none). */
    public long requests() {
        return requests;
    }

    /** Fetches (or recalls) a URL. */
    public Fetch fetch(String url) {
        Fetch f = fetched.get(url);
        if (f == null) {
            f = request(url);
            fetched.put(url, f);
        }
        return f;
    }

    /**
     * The link graph as the crawl sees it, fetched as it is asked: a URL's outlinks are those of its page (none for
     * a redirect or a failure), for {@link org.topicstorm.eval.InformedCrawl}.
     */
    public Map<String, List<String>> graph() {
        return new java.util.AbstractMap<>() {
            @Override
            public List<String> get(Object url) {
                return fetch((String) url) instanceof Page p
                        ? p.page().outlinks().stream().map(o -> o.url()).distinct().toList() : List.of();
            }

            @Override
            public List<String> getOrDefault(Object url, List<String> dflt) {
                return get(url);
            }

            @Override
            public java.util.Set<Map.Entry<String, List<String>>> entrySet() {
                throw new UnsupportedOperationException("a lazy graph cannot be listed");
            }
        };
    }

    private Fetch request(String url) {
        requests++;
        HttpResponse<byte[]> r;
        try {
            r = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | IllegalArgumentException e) {
            return new Failure(e.toString(), false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Failure("interrupted", false);
        }
        int code = r.statusCode();
        if (code >= 300 && code < 400) {
            return new Redirect(r.headers().firstValue("Location").orElse(null));
        }
        if (code != 200) {
            return new Failure("http " + code, false);
        }
        try {
            return new Page(parser.parse(url, r.body(), r.headers().firstValue("Content-Type").orElse(null),
                    r.headers().firstValue("Content-Language").orElse(null), filters.forPage(url, null)));
        } catch (NotHtmlException e) {
            return new Failure(e.getMessage(), true);
        } catch (RuntimeException e) {
            return new Failure("parse failure: " + e, true);
        }
    }
}
