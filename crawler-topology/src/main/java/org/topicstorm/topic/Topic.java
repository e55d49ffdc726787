package org.topicstorm.topic;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A crawl topic as given by the user in a YAML file under seeds/ (see seeds/README.md for every field).
 * Instances are only made by {@link TopicLoader}, which validates every field.
 *
 * @param name        the topic's name; also the default crawl name
 * @param languages   ISO 639-1 codes of the topic's language(s), e.g. [en] or [zh]
 * @param keywords    weighted keywords D = (w1..wn) of the 000 paper, keyword (lower case) -> weight > 0
 * @param seeds       seed URLs (absolute http/https)
 * @param threshold   relevance threshold r: a page is relevant iff its score >= r
 * @param strategy    how outlinks are prioritised
 * @param focus       what happens to the outlinks of a page below the threshold
 * @param limits      when the crawl stops on its own
 * @param source      the file the topic was read from (null when built in code)
 * @param relevance   the relevance model and its parameters (the file's {@code relevance:} section)
 * @param links       the link strategies' parameters (the file's {@code links:} section)
 * @param revisit     for a continuous crawl ({@code mode: continuous}), when fetched pages come due again (the
 *                    file's {@code revisit:} section, else its defaults); null for a one-off crawl
 * @param seedSources search pages that find more seeds (the file's {@code seed-sources:})
 */
public record Topic(
        String name,
        List<String> languages,
        Map<String, Double> keywords,
        List<String> seeds,
        double threshold,
        Strategy strategy,
        Focus focus,
        Limits limits,
        Path source,
        RelevanceSettings relevance,
        LinkSettings links,
        Revisit revisit,
        List<SeedSource> seedSources) {

    /** A topic whose seeds are all listed. */
    public Topic(String name, List<String> languages, Map<String, Double> keywords, List<String> seeds,
                 double threshold, Strategy strategy, Focus focus, Limits limits, Path source,
                 RelevanceSettings relevance, LinkSettings links, Revisit revisit) {
        this(name, languages, keywords, seeds, threshold, strategy, focus, limits, source, relevance, links, revisit,
                List.of());
    }

    /** A one-off crawl ({@code mode: once}). */
    public Topic(String name, List<String> languages, Map<String, Double> keywords, List<String> seeds,
                 double threshold, Strategy strategy, Focus focus, Limits limits, Path source,
                 RelevanceSettings relevance, LinkSettings links) {
        this(name, languages, keywords, seeds, threshold, strategy, focus, limits, source, relevance, links, null);
    }

    /** A topic with the default relevance settings (the weighted-keyword model). */
    public Topic(String name, List<String> languages, Map<String, Double> keywords, List<String> seeds,
                 double threshold, Strategy strategy, Focus focus, Limits limits, Path source) {
        this(name, languages, keywords, seeds, threshold, strategy, focus, limits, source, RelevanceSettings.DEFAULT);
    }

    /** A topic with the default link settings. */
    public Topic(String name, List<String> languages, Map<String, Double> keywords, List<String> seeds,
                 double threshold, Strategy strategy, Focus focus, Limits limits, Path source,
                 RelevanceSettings relevance) {
        this(name, languages, keywords, seeds, threshold, strategy, focus, limits, source, relevance,
                LinkSettings.DEFAULT);
    }

    public Topic {
        relevance = relevance == null ? RelevanceSettings.DEFAULT : relevance;
        links = links == null ? LinkSettings.DEFAULT : links;
        languages = List.copyOf(languages);
        keywords = Map.copyOf(keywords);
        seeds = List.copyOf(seeds);
        seedSources = seedSources == null ? List.of() : List.copyOf(seedSources);
    }

    /**
     * Whether the crawl runs continuously ({@code mode: continuous}): it never ends by itself and fetched pages come
     * due again by {@link #revisit()}. A one-off crawl ({@code mode: once}, the default) ends when nothing is due.
     */
    public boolean continuous() {
        return revisit != null;
    }

    /** Link-priority strategies. */
    public enum Strategy {
        /** Priority = relevance of the page the link was found on (001 paper), ties broken by anchor text. */
        BEST_FIRST,
        /** Priority by depth: shallower first (the baseline every focused crawl is compared with). */
        BREADTH_FIRST,
        /**
         * 003 patent: a link's weight is summed over its parents, sim(parent) * beta * Pi(parent) / L(parent), with
         * beta = tau(path relation) + anchor keyword score; tunnelling through irrelevant pages.
         */
        LINK_TOPOLOGY,
        /** 004 patent: the parent's importance m1 * cos + m2 * Hub, Hub = its link count over the largest seen. */
        HUB,
        /** An online link classifier learnt from the crawl itself: P(relevant | the link's features). */
        LEARNED
    }

    /** Hard focus drops the outlinks of irrelevant pages; soft focus keeps them with a low priority. */
    public enum Focus { HARD, SOFT }

    /**
     * @param maxPages        stop after this many pages were fetched (0 = no limit)
     * @param maxDepth        links deeper than this many hops from a seed are not followed (0 = no limit)
     * @param maxTime         stop after this long (null = no limit)
     * @param maxPagesPerHost fetch at most about this many pages of one host (0 = no limit): the crawl spreads over
     *                        hosts instead of exhausting one site (ACHE's per-domain cap)
     */
    public record Limits(long maxPages, int maxDepth, Duration maxTime, long maxPagesPerHost) {

        public Limits(long maxPages, int maxDepth, Duration maxTime) {
            this(maxPages, maxDepth, maxTime, 0);
        }

        public static final Limits NONE = new Limits(0, 0, null, 0);
    }
}
