package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.priority.LinkClassifier;
import org.topicstorm.priority.RegionHarvest;
import org.topicstorm.relevance.PageClassifier;
import org.topicstorm.relevance.ThresholdTuner;
import org.topicstorm.relevance.EsModelStateStore;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code topicstorm stats}: URLs of a crawl by state, its most relevant pages and its top HITS authorities. */
@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Show a crawl's URLs by state, its most relevant pages, (after `topicstorm rank`) its best "
                + "authorities and, for the learned strategy, what its link classifier learnt.")
final class StatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--crawl", required = true, paramLabel = "NAME", description = "Crawl name.")
    String crawlName;

    @Option(names = "--top", paramLabel = "N",
            description = "How many relevant pages (and authorities) to list. Default: ${DEFAULT-VALUE}.")
    int top = 10;

    @Option(names = "--json", description = "Print the stats as one JSON object, for scripts.")
    boolean json;

    @Mixin
    CrawlConnection.Options connection;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        EsSettings settings = connection.settings();
        CrawlIndices indices = new CrawlIndices(crawlName);
        try (ElasticsearchClient client = EsClients.create(settings)) {
            CrawlConnection.requireIndex(client, crawlName, indices.status());
            CrawlStats stats = new CrawlStats(client, indices);
            CrawlStats.Counts c = stats.counts(System.currentTimeMillis());
            if (json) {
                out.println(new com.fasterxml.jackson.databind.ObjectMapper().writerWithDefaultPrettyPrinter()
                        .writeValueAsString(asJson(client, indices, stats, c)));
                out.flush();
                return 0;
            }
            out.printf("Crawl '%s': %d URLs%n", crawlName, c.total());
            for (CrawlState s : CrawlState.values()) {
                out.printf("  %-11s %d%n", s.name().toLowerCase(java.util.Locale.ROOT), c.get(s));
            }
            out.printf("  due now     %d%n", c.due());
            out.printf("Harvest rate: %.1f%% (%d relevant of %d fetched)%n", 100 * c.harvestRate(), c.relevant(),
                    c.fetched());
            CrawlStats.Duplicates duplicates = stats.duplicates();
            if (duplicates.total() > 0) {
                out.printf("Duplicates: %d of the relevant pages (%.1f%%) are not indexed again: %d near-duplicates of "
                        + "a stored page, %d copies of the canonical URL they declare%n", duplicates.total(),
                        100 * duplicates.rate(c.relevant()), duplicates.near(), duplicates.canonical());
            }
            printFreshness(out, stats);
            List<CrawlStats.PatternCount> patterns = stats.topPatterns(5);
            if (!patterns.isEmpty()) {
                // a crawler trap shows here: one pattern, many pages (at its budget, frontier.budget.*, many waiting)
                out.println("Largest URL patterns (fetched, waiting):");
                for (CrawlStats.PatternCount p : patterns) {
                    out.printf("  %6d %6d  %s%n", p.fetched(), p.waiting(), p.pattern());
                }
            }
            List<CrawlStats.TopPage> pages = stats.topRelevant(top);
            if (!pages.isEmpty()) {
                out.println("Most relevant pages:");
                for (CrawlStats.TopPage p : pages) {
                    out.printf("  %.3f  %s  %s%n", p.relevance(), p.url(), p.title());
                }
                printAuthorities(out, stats);
            }
            printLinkClassifier(out, client, indices);
            printRegions(out, client, indices);
            printJudging(out, client, indices);
        }
        out.flush();
        return 0;
    }

    /**
     * What the text shows, as one JSON object: counts by state, harvest rate, the top relevant pages, the HITS
     * authorities (null before `topicstorm rank`), and the models' states (null when the crawl has none).
     */
    private Map<String, Object> asJson(ElasticsearchClient client, CrawlIndices indices, CrawlStats stats,
                                       CrawlStats.Counts c) throws java.io.IOException {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("crawl", crawlName);
        o.put("urls", c.total());
        Map<String, Long> states = new LinkedHashMap<>();
        for (CrawlState s : CrawlState.values()) {
            states.put(s.name().toLowerCase(java.util.Locale.ROOT), c.get(s));
        }
        o.put("states", states);
        o.put("due", c.due());
        o.put("fetched", c.fetched());
        o.put("relevant", c.relevant());
        o.put("harvestRate", c.harvestRate());
        CrawlStats.Duplicates duplicates = stats.duplicates();
        o.put("nearDuplicates", duplicates.near());
        o.put("canonicalCopies", duplicates.canonical());
        o.put("duplicateRate", duplicates.rate(c.relevant()));
        CrawlStats.FreshnessStats freshness = stats.freshness();
        Map<String, Object> fresh = new LinkedHashMap<>();
        fresh.put("pages", freshness.pages());
        fresh.put("p50Ms", freshness.p50Ms());
        fresh.put("p95Ms", freshness.p95Ms());
        o.put("freshness", fresh);
        CrawlStats.Revisits revisits = stats.revisits();
        o.put("revisits", Map.of("fetches", revisits.fetches(), "changed", revisits.changed()));
        o.put("topPages", stats.topRelevant(top));
        CrawlStats.Ranking ranking = stats.ranking();
        o.put("authorities", ranking.lastRanked() == null ? null : stats.topAuthorities(top));
        boolean models = client.indices().exists(e -> e.index(indices.model())).value();
        EsModelStateStore store = models ? new EsModelStateStore(client, indices.model()) : null;
        o.put("linkClassifier", store == null ? null : store.load(LinkClassifier.KIND, LinkClassifier.State.class)
                .map(st -> Map.of("version", st.version(), "examples", st.examples(), "positives", st.positives(),
                        "trust", st.trust())).orElse(null));
        o.put("regions", store == null ? null : store.load(RegionHarvest.KIND, RegionHarvest.State.class)
                .map(st -> {
                    RegionHarvest r = new RegionHarvest(st, 1);
                    Map<String, Object> regions = new LinkedHashMap<>();
                    regions.put("version", st.version());
                    regions.put("judged", st.crawl().judged());
                    regions.put("relevant", st.crawl().relevant());
                    regions.put("counted", st.regions().size());
                    regions.put("richest", r.ranked(top, MIN_REGION_PAGES, true).stream().map(StatsCommand::region)
                            .toList());
                    regions.put("poorest", r.ranked(top, MIN_REGION_PAGES, false).stream().map(StatsCommand::region)
                            .toList());
                    return regions;
                }).orElse(null));
        o.put("threshold", store == null ? null : store.load(ThresholdTuner.KIND, ThresholdTuner.State.class)
                .map(t -> Map.of("r", t.r(), "basis", t.basis().toString(), "settled", t.settled(),
                        "rounds", t.history().size())).orElse(null));
        o.put("pageClassifier", store == null ? null : store.load(PageClassifier.KIND, PageClassifier.State.class)
                .map(pc -> Map.of("version", pc.version(), "examples", pc.examples(), "positives", pc.positives(),
                        "judged", pc.judged())).orElse(null));
        o.put("judgements", client.indices().exists(e -> e.index(indices.judgements())).value()
                ? new org.topicstorm.judge.JudgementStore(client, indices).all().size() : 0);
        return o;
    }

    /** What the learned strategy's link classifier learnt, if the crawl has one: its strongest features. */
    private void printLinkClassifier(PrintWriter out, ElasticsearchClient client, CrawlIndices indices)
            throws java.io.IOException {
        if (!client.indices().exists(e -> e.index(indices.model())).value()) {
            return;
        }
        java.util.Optional<LinkClassifier.State> state = new EsModelStateStore(client, indices.model())
                .load(LinkClassifier.KIND, LinkClassifier.State.class);
        if (state.isEmpty()) {
            return;
        }
        LinkClassifier c = LinkClassifier.of(state.get());
        out.printf(java.util.Locale.ROOT, "Link classifier %d (learned strategy): trained on %d judged pages (%d relevant), "
                + "trust %.2f (2 x its balanced accuracy on pages it did not see - 1; 0: it changes no priority)%n",
                c.version(), c.state().examples(), c.state().positives(), c.state().trust());
        out.println("  towards relevant:   " + features(c.strongest(top, true)));
        out.println("  towards irrelevant: " + features(c.strongest(top, false)));
    }

    /** Regions with fewer judged pages are not listed: their estimate is mostly their surroundings'. */
    static final int MIN_REGION_PAGES = 3;

    private static Map<String, Object> region(RegionHarvest.Ranked r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("region", r.region());
        m.put("judged", r.count().judged());
        m.put("relevant", r.count().relevant());
        return m;
    }

    /**
     * Where the learned strategy found relevant pages, if the crawl counted regions: the regions (host, directory,
     * file-name stem) of at least {@link #MIN_REGION_PAGES} judged pages with the most and the fewest relevant ones.
     */
    private void printRegions(PrintWriter out, ElasticsearchClient client, CrawlIndices indices)
            throws java.io.IOException {
        if (!client.indices().exists(e -> e.index(indices.model())).value()) {
            return;
        }
        java.util.Optional<RegionHarvest.State> state = new EsModelStateStore(client, indices.model())
                .load(RegionHarvest.KIND, RegionHarvest.State.class);
        if (state.isEmpty() || state.get().regions().isEmpty()) {
            return;
        }
        // shown with m = 1: the ranking, not the crawl's own pseudo-count, is what matters here
        RegionHarvest r = new RegionHarvest(state.get(), 1);
        out.printf("Where relevant pages are (learned strategy, %d regions of %d judged pages; host, directory, "
                + "file-name stem*):%n", state.get().regions().size(), state.get().crawl().judged());
        out.println("  richest: " + regions(r.ranked(top, MIN_REGION_PAGES, true)));
        out.println("  poorest: " + regions(r.ranked(top, MIN_REGION_PAGES, false)));
    }

    private static String regions(List<RegionHarvest.Ranked> ranked) {
        return ranked.isEmpty() ? "-" : String.join(", ", ranked.stream().map(r -> r.region() + " "
                + r.count().relevant() + "/" + r.count().judged()).toList());
    }

    /**
     * What the crawl learnt from people's judgements, if anything: how many there are, the self-tuned threshold and
     * its last rounds, the page classifier's strongest features.
     */
    private void printJudging(PrintWriter out, ElasticsearchClient client, CrawlIndices indices)
            throws java.io.IOException {
        if (!client.indices().exists(e -> e.index(indices.model())).value()) {
            return;
        }
        EsModelStateStore store = new EsModelStateStore(client, indices.model());
        java.util.Optional<ThresholdTuner.State> tuned = store.load(ThresholdTuner.KIND, ThresholdTuner.State.class);
        java.util.Optional<PageClassifier.State> classifier = store.load(PageClassifier.KIND,
                PageClassifier.State.class);
        List<org.topicstorm.judge.Judgement> judged = client.indices().exists(e -> e.index(indices.judgements()))
                .value() ? new org.topicstorm.judge.JudgementStore(client, indices).all() : List.of();
        if (tuned.isEmpty() && classifier.isEmpty() && judged.isEmpty()) {
            return;
        }
        // the crawler's verdict when each page was judged, against the person's
        long withVerdict = judged.stream().filter(j -> j.verdict() != null).count();
        long agreed = judged.stream().filter(j -> j.verdict() != null && j.verdict() == j.relevant()).count();
        out.printf("Judgements: %d (topicstorm judge --crawl %s); the crawler's verdict agreed on %d of %d%n",
                judged.size(), crawlName, agreed, withVerdict);
        tuned.ifPresent(t -> {
            out.printf(java.util.Locale.ROOT, "Threshold (self-tuning): %.4f on the %s score, %s%n", t.r(), t.basis(),
                    t.settled() ? "settled" : "next step " + String.format(java.util.Locale.ROOT, "%.4f", t.step()));
            List<ThresholdTuner.Round> rounds = t.history();
            for (ThresholdTuner.Round r : rounds.subList(Math.max(0, rounds.size() - top), rounds.size())) {
                out.printf(java.util.Locale.ROOT, "  %s  precision %.3f on %d kept of %d judged: %.4f -> %.4f%n",
                        java.time.Instant.ofEpochMilli(r.at()).truncatedTo(java.time.temporal.ChronoUnit.SECONDS),
                        r.precision(), r.kept(), r.judged(), r.before(), r.after());
            }
        });
        classifier.ifPresent(c -> {
            if (c.version() == 0) {
                out.println("Page classifier: not trained yet (needs judgements of both verdicts)");
                return;
            }
            org.topicstorm.learn.SparseLogistic.Model m = new org.topicstorm.learn.SparseLogistic.Model(c.bias(),
                    c.weights());
            out.printf("Page classifier %d: trained on %d pages (%d relevant) from %d judgements%n", c.version(),
                    c.examples(), c.positives(), c.judged());
            out.println("  towards relevant:   " + features(m.strongest(top, true)));
            out.println("  towards irrelevant: " + features(m.strongest(top, false)));
        });
    }

    private static String features(List<java.util.Map.Entry<String, Double>> weights) {
        return weights.stream().map(e -> String.format(java.util.Locale.ROOT, "%s (%+.2f)", e.getKey(), e.getValue()))
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** How soon relevant pages were fetched after they appeared, and what the revisits found. */
    private static void printFreshness(PrintWriter out, CrawlStats stats) throws java.io.IOException {
        CrawlStats.FreshnessStats f = stats.freshness();
        if (f.pages() > 0) {
            out.printf("Freshness: relevant pages fetched %s after they appeared (median), %s (95th percentile), over "
                    + "%d pages that appeared since the crawl began%n", seconds(f.p50Ms()), seconds(f.p95Ms()),
                    f.pages());
        }
        CrawlStats.Revisits r = stats.revisits();
        if (r.fetches() > 0) {
            out.printf("Revisits: %d fetches of pages fetched before, %d of them found the page changed%n",
                    r.fetches(), r.changed());
        }
    }

    private static String seconds(Double ms) {
        return ms == null ? "?" : String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000);
    }

    /** The HITS authorities written by {@code topicstorm rank}, or how to get them. */
    private void printAuthorities(PrintWriter out, CrawlStats stats) throws java.io.IOException {
        CrawlStats.Ranking ranking = stats.ranking();
        if (ranking.lastRanked() == null) {
            out.printf("No HITS scores yet: run `topicstorm rank --crawl %s`%n", crawlName);
            return;
        }
        out.printf("Top authorities (HITS, ranked %s):%n", java.time.Instant.ofEpochMilli(ranking.lastRanked())
                .truncatedTo(java.time.temporal.ChronoUnit.SECONDS));
        out.println("  authority  relevance  rank   url");
        for (CrawlStats.Authority a : stats.topAuthorities(top)) {
            out.printf(java.util.Locale.ROOT, "  %.4f     %.3f      %.3f  %s%n", a.authority(), a.relevance(), a.rank(),
                    a.url());
        }
        if (ranking.unranked() > 0) {
            out.printf("  %d relevant pages have no scores (indexed since): run `topicstorm rank --crawl %s` again%n",
                    ranking.unranked(), crawlName);
        }
    }
}
