package org.topicstorm.bench;

import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline of the throughput benchmark: a bare loop that fetches a list of URLs (java.net.http client) and parses
 * each page with the crawler's own {@link PageParser}, on a few threads of this JVM, with no Storm, no
 * Elasticsearch, no robots.txt, no politeness, no relevance scoring: what fetching and parsing alone cost.
 */
public final class FetchParseLoop {

    /**
     * @param pages    pages fetched with status 200 and parsed as HTML
     * @param failures URLs that failed (status other than 200, not HTML, I/O error)
     * @param bytes    bytes of the pages fetched
     * @param outlinks outlinks the parser extracted, in total
     * @param seconds  wall time from the first request to the last page parsed
     */
    public record Result(int threads, int pages, int failures, long bytes, long outlinks, double seconds) {
        public double pagesPerSecond() {
            return seconds > 0 ? pages / seconds : 0;
        }

        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%,d pages in %.1f s on %d threads: %.1f pages/s (%.1f MB, %,d outlinks, "
                    + "%d failures)", pages, seconds, threads, pagesPerSecond(), bytes / 1e6, outlinks, failures);
        }
    }

    private FetchParseLoop() {
    }

    /** Fetches and parses every URL once, {@code threads} at a time. */
    public static Result run(List<String> urls, int threads) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        PageParser parser = new PageParser(ParseConfig.defaults());
        AtomicInteger next = new AtomicInteger();
        AtomicInteger pages = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        AtomicLong bytes = new AtomicLong();
        AtomicLong outlinks = new AtomicLong();
        List<Thread> workers = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < threads; t++) {
            Thread w = new Thread(() -> {
                for (int i = next.getAndIncrement(); i < urls.size(); i = next.getAndIncrement()) {
                    String url = urls.get(i);
                    try {
                        HttpResponse<byte[]> r = client.send(HttpRequest.newBuilder(URI.create(url)).GET().build(),
                                HttpResponse.BodyHandlers.ofByteArray());
                        if (r.statusCode() != 200) {
                            failures.incrementAndGet();
                            continue;
                        }
                        outlinks.addAndGet(parser.parse(url, r.body(),
                                r.headers().firstValue("Content-Type").orElse(null), null).outlinks().size());
                        bytes.addAndGet(r.body().length);
                        pages.incrementAndGet();
                    } catch (IOException | NotHtmlException | RuntimeException e) {
                        failures.incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }, "fetch-parse-" + t);
            w.start();
            workers.add(w);
        }
        for (Thread w : workers) {
            w.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Result(threads, pages.get(), failures.get(), bytes.get(), outlinks.get(), seconds);
    }
}
