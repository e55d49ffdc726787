package org.topicstorm.bench;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.FieldValue;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import co.elastic.clients.elasticsearch.core.search.Hit;
import org.topicstorm.crawl.CrawlRunner;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlTopology;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * The monitoring benchmark (issue 14): a continuous crawl (the real topology in local mode, real Elasticsearch) of a
 * {@link NewsSite} whose hosts publish articles at a known rate while it runs. Measured at the end, against what the
 * site published: the share of the new on-topic articles the crawl fetched, the time from each one's publication to
 * its first fetch (p50, p95), and the revisit fetches spent per new on-topic article found.
 */
public final class NewsBench {

    /**
     * @param hosts          news hosts
     * @param perSecond      articles published per second, over all hosts
     * @param warmUp         from the crawl's start to the first new article (the existing articles are crawled)
     * @param publishing     how long articles are published
     * @param tail           how long the crawl goes on after the last article
     * @param onTopicShare   share of articles on the topic
     * @param initialPerHost articles on each host before the crawl starts (dated up to a day back)
     * @param revisit        the topic's revisit settings, as YAML (e.g. {@code {hubs: 1m, min: 10s}})
     * @param overrides      configuration keys on top of the defaults
     */
    public record Options(int hosts, double perSecond, Duration warmUp, Duration publishing, Duration tail,
                          double onTopicShare, int initialPerHost, String revisit, long seed,
                          Map<String, Object> overrides) {
    }

    /**
     * What the crawl found of the articles published while it ran.
     *
     * @param published       on-topic articles published during the run
     * @param found           of those, fetched by the end
     * @param judgedRelevant  of those found, judged relevant by the crawl
     * @param lagsMs          publication to first fetch of each found one, ascending
     * @param revisits        fetches of pages fetched before
     * @param offTopicFetched off-topic articles published during the run that were fetched
     * @param offTopic        off-topic articles published during the run
     */
    public record Result(int published, int found, int judgedRelevant, List<Long> lagsMs, long revisits,
                         int offTopicFetched, int offTopic, CrawlStats.FreshnessStats freshness, long siteRequests,
                         CrawlRunner.Summary summary) {

        /** The nearest-rank percentile of the lags (p in (0, 1]); null without any. */
        public Long lagPercentile(double p) {
            return percentile(lagsMs, p);
        }

        /** Revisit fetches per new on-topic article found (infinite when none was). */
        public double revisitsPerFound() {
            return found == 0 ? Double.POSITIVE_INFINITY : (double) revisits / found;
        }
    }

    /** Nearest rank: the smallest value with at least p of the values at or below it. */
    static Long percentile(List<Long> sorted, double p) {
        if (sorted.isEmpty()) {
            return null;
        }
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size(), rank) - 1));
    }

    private final Options o;
    private final Consumer<String> out;

    public NewsBench(Options options, Consumer<String> out) {
        this.o = options;
        this.out = out;
    }

    public Result run(URI esUrl, Path workDir) throws Exception {
        try (NewsSite site = new NewsSite(o.hosts(), o.onTopicShare(), o.seed())) {
            site.start();
            long now = System.currentTimeMillis();
            for (int i = 0; i < o.hosts() * o.initialPerHost(); i++) {
                // yesterday's news, oldest first
                site.publish(now - 86_400_000L + i * (86_400_000L / Math.max(1, o.hosts() * o.initialPerHost())));
            }
            int before = site.articles().size();
            Path topicFile = workDir.resolve("bench-news.yaml");
            Files.writeString(topicFile, """
                    name: bench-news
                    languages: [en]
                    keywords:
                      solar: 1.0
                      photovoltaic: 0.8
                      energy: 0.5
                    seeds:
                    %s
                    threshold: 0.3
                    mode: continuous
                    revisit: %s
                    """.formatted(site.frontPages().stream().map(s -> "  - " + s).collect(Collectors.joining("\n")),
                    o.revisit()));
            Topic topic = TopicLoader.load(topicFile);
            CrawlIndices indices = new CrawlIndices("bench-news");
            Map<String, Object> conf = CrawlBench.benchConf(esUrl, indices, topicFile);
            conf.putAll(o.overrides());
            out.accept("site: " + o.hosts() + " hosts, " + before + " articles before the crawl; then "
                    + o.perSecond() + " articles/s for " + o.publishing().toSeconds() + " s from " + o.warmUp()
                    .toSeconds() + " s on; " + Math.round(100 * o.onTopicShare()) + " % on the topic");
            out.accept("revisit: " + topic.revisit());

            ScheduledExecutorService publisher = Executors.newSingleThreadScheduledExecutor();
            long periodMicros = Math.round(1_000_000 / o.perSecond());
            long publishFor = o.publishing().toMillis();
            long[] publishStart = {0};
            publisher.scheduleAtFixedRate(() -> {
                long t = System.currentTimeMillis();
                if (publishStart[0] == 0) {
                    publishStart[0] = t;
                }
                if (t - publishStart[0] < publishFor) {
                    site.publish(t);
                }
            }, o.warmUp().toMillis() * 1000, periodMicros, TimeUnit.MICROSECONDS);
            CrawlRunner.Summary summary;
            try {
                summary = new CrawlRunner(line -> out.accept("  " + line)).run(new CrawlRunner.Request(topic,
                        indices, conf, CrawlTopology.load(null), 0,
                        o.warmUp().plus(o.publishing()).plus(o.tail())));
            } finally {
                publisher.shutdownNow();
            }
            List<NewsSite.Article> fresh = site.articles().subList(before, site.articles().size());
            try (ElasticsearchClient es = EsClients.create(EsSettings.of(esUrl))) {
                es.indices().refresh(r -> r.index(indices.status()));
                Map<String, StatusDoc> status = statusOf(es, indices, fresh);
                CrawlStats stats = new CrawlStats(es, indices);
                return result(fresh, status, stats.revisits().fetches(), stats.freshness(), site.requests(), summary);
            }
        }
    }

    static Result result(List<NewsSite.Article> fresh, Map<String, StatusDoc> status, long revisits,
                         CrawlStats.FreshnessStats freshness, long requests, CrawlRunner.Summary summary) {
        int published = 0;
        int found = 0;
        int relevant = 0;
        int offTopic = 0;
        int offTopicFetched = 0;
        List<Long> lags = new ArrayList<>();
        for (NewsSite.Article a : fresh) {
            StatusDoc d = status.get(a.url());
            boolean fetched = d != null && d.firstFetched() != null;
            if (!a.onTopic()) {
                offTopic++;
                offTopicFetched += fetched ? 1 : 0;
                continue;
            }
            published++;
            if (fetched) {
                found++;
                relevant += Boolean.TRUE.equals(d.relevant()) ? 1 : 0;
                lags.add(Math.max(0, d.firstFetched() - a.published()));
            }
        }
        lags.sort(null);
        return new Result(published, found, relevant, List.copyOf(lags), revisits, offTopicFetched, offTopic,
                freshness, requests, summary);
    }

    /** The status documents of the articles, by URL (a terms query on the url field, 1,000 at a time). */
    private static Map<String, StatusDoc> statusOf(ElasticsearchClient es, CrawlIndices indices,
                                                   List<NewsSite.Article> articles) throws IOException {
        Map<String, StatusDoc> docs = new HashMap<>();
        for (int from = 0; from < articles.size(); from += 1000) {
            List<FieldValue> urls = articles.subList(from, Math.min(articles.size(), from + 1000)).stream()
                    .map(a -> FieldValue.of(a.url())).toList();
            SearchResponse<StatusDoc> r = es.search(s -> s.index(indices.status()).size(urls.size())
                    .query(q -> q.terms(t -> t.field("url").terms(v -> v.value(urls)))), StatusDoc.class);
            for (Hit<StatusDoc> h : r.hits().hits()) {
                docs.put(h.source().url(), h.source());
            }
        }
        return docs;
    }

    /** The report's lines. */
    public static List<String> report(Result r) {
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "new on-topic articles: %d published, %d found (%.1f %%), %d of those "
                        + "judged relevant", r.published(), r.found(), 100.0 * r.found() / Math.max(1, r.published()),
                r.judgedRelevant()));
        lines.add(String.format(Locale.ROOT, "publication to first fetch: p50 %s, p95 %s, max %s",
                seconds(r.lagPercentile(0.5)), seconds(r.lagPercentile(0.95)), seconds(r.lagPercentile(1.0))));
        lines.add(String.format(Locale.ROOT, "revisits: %d fetches of pages fetched before, %.2f per new on-topic "
                + "article found", r.revisits(), r.revisitsPerFound()));
        lines.add(String.format(Locale.ROOT, "new off-topic articles: %d published, %d fetched", r.offTopic(),
                r.offTopicFetched()));
        lines.add("the crawl's own freshness (stats): " + r.freshness() + "; site requests: " + r.siteRequests()
                + "; " + r.summary().reason() + " after " + r.summary().elapsed().toSeconds() + " s");
        return lines;
    }

    private static String seconds(Long ms) {
        return ms == null ? "-" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
