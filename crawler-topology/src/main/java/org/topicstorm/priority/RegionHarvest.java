package org.topicstorm.priority;

import java.util.List;
import java.util.Map;

/**
 * Where the crawl found relevant pages: the judged pages and the relevant ones among them, per region of the sites
 * ({@link UrlRegions}: host, directories, file-name stem), and from them an estimate of how likely a URL not fetched
 * yet is to be relevant, by where it lies.
 *
 * <p>The estimate shrinks each region towards the region around it: starting from the whole crawl's harvest
 * p = (relevant + 1) / (judged + 2), each region of the URL, widest first, gives
 * p = (its relevant + m p) / (its judged + m), so a region with few judged pages says little beyond its
 * surroundings, and one with many says what it holds (a Beta prior of weight m centred on the enclosing region's
 * estimate; m is {@link #pseudoPages()}). The URL's factor on its priority is the odds of its estimate over the odds
 * of the crawl's harvest: 1 where nothing is known beyond the crawl as a whole, above 1 in a region richer than the
 * crawl, below 1 in a poorer one (estimates kept in [{@link Lift#MIN_P}, 1 - {@link Lift#MIN_P}]).
 *
 * <p>The counts come from the crawl's status index (the verdicts of its fetched pages), so they follow the verdicts
 * as they are now (a judgement or a retrained page classifier changes them) and survive a restart. Immutable.
 */
public final class RegionHarvest {

    /** Judged pages and the relevant ones among them. */
    public record Count(long judged, long relevant) {
        public Count {
            if (judged < 0 || relevant < 0 || relevant > judged) {
                throw new IllegalArgumentException("a count needs 0 <= relevant <= judged, got " + relevant + " of "
                        + judged);
            }
        }
    }

    /**
     * What is stored in the crawl's model index (kind {@link #KIND}).
     *
     * @param version the link scorer's version when the counts were taken ({@link LinkScorer})
     * @param crawl   the whole crawl's count
     * @param regions the count of each region with judged pages (the regions with most judged pages, when there are
     *                more than a query returns)
     */
    public record State(int version, Count crawl, Map<String, Count> regions) {
        public State {
            crawl = crawl == null ? new Count(0, 0) : crawl;
            regions = regions == null ? Map.of() : Map.copyOf(regions);
        }
    }

    /** The document id of the region counts in the model index. */
    public static final String KIND = "link-regions";

    /** An empty table: every factor 1. */
    public static final RegionHarvest NONE = new RegionHarvest(new State(0, null, null), 1);

    private final State state;
    private final double pseudoPages;

    /** @param pseudoPages m, the weight of the enclosing region's estimate in judged pages (&gt; 0) */
    public RegionHarvest(State state, double pseudoPages) {
        if (!(pseudoPages > 0) || Double.isInfinite(pseudoPages)) {
            throw new IllegalArgumentException("pseudoPages must be > 0, got " + pseudoPages);
        }
        this.state = state;
        this.pseudoPages = pseudoPages;
    }

    public State state() {
        return state;
    }

    public double pseudoPages() {
        return pseudoPages;
    }

    /** The whole crawl's harvest, (relevant + 1) / (judged + 2). */
    public double crawlHarvest() {
        return (state.crawl().relevant() + 1.0) / (state.crawl().judged() + 2.0);
    }

    /** The estimated chance that a URL in these regions (widest first) is relevant. */
    public double estimate(List<String> regions) {
        double p = crawlHarvest();
        for (String region : regions) {
            Count c = state.regions().get(region);
            if (c == null) {
                break; // a region no judged page lies in has none in its sub-regions either
            }
            p = (c.relevant() + pseudoPages * p) / (c.judged() + pseudoPages);
        }
        return p;
    }

    /** The URL's factor on its priority: odds of its estimate over odds of the crawl's harvest. */
    public double factor(String url) {
        if (state.regions().isEmpty()) {
            return 1.0;
        }
        return odds(estimate(UrlRegions.of(url))) / odds(crawlHarvest());
    }

    /**
     * The factor of a URL lying in {@code region} and in no narrower region with judged pages: the odds of the
     * region's estimate over the crawl's.
     */
    public double regionFactor(String region) {
        return odds(estimate(chain(region))) / odds(crawlHarvest());
    }

    /**
     * A region and the regions it lies in, widest first: "h/a/b*" -&gt; [h, h/a, h/a/b*] (a region key extends its
     * enclosing region's key by one "/" part, {@link UrlRegions}).
     */
    static List<String> chain(String region) {
        List<String> chain = new java.util.ArrayList<>();
        int slash = region.indexOf('/');
        while (slash >= 0) {
            chain.add(region.substring(0, slash));
            slash = region.indexOf('/', slash + 1);
        }
        chain.add(region);
        return chain;
    }

    /**
     * A region as {@code stats} shows it.
     *
     * @param estimate the estimated chance that a URL of the region (and of no narrower region with judged pages) is
     *                 relevant
     */
    public record Ranked(String region, Count count, double estimate) {
    }

    /**
     * The {@code n} regions of at least {@code minJudged} judged pages with the highest estimates (or the lowest),
     * ties by more judged pages, then by name: where the crawl found relevant pages, and where it found none.
     */
    public List<Ranked> ranked(int n, long minJudged, boolean richest) {
        java.util.Comparator<Ranked> byEstimate = java.util.Comparator.comparingDouble(Ranked::estimate);
        return state.regions().entrySet().stream()
                .filter(e -> e.getValue().judged() >= minJudged)
                .map(e -> new Ranked(e.getKey(), e.getValue(), estimate(chain(e.getKey()))))
                .sorted((richest ? byEstimate.reversed() : byEstimate)
                        .thenComparing(r -> -r.count().judged()).thenComparing(Ranked::region))
                .limit(n)
                .toList();
    }

    /** p / (1 - p), p kept in [{@link Lift#MIN_P}, 1 - {@link Lift#MIN_P}]. */
    static double odds(double p) {
        double q = Math.max(Lift.MIN_P, Math.min(1 - Lift.MIN_P, p));
        return q / (1 - q);
    }
}
