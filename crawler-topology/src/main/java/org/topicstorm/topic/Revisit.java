package org.topicstorm.topic;

import java.time.Duration;

/**
 * The {@code revisit:} section of a continuous crawl's topic ({@code mode: continuous}): when fetched pages come due
 * again (seeds/README.md documents every field). The idea is StormCrawler's AdaptiveScheduler: each page keeps its
 * own interval, which shrinks when a fetch finds the page changed and grows when it finds it unchanged, within
 * {@code min} and {@code max}; where it starts depends on what the page is to the topic.
 *
 * @param relevant   first interval of a relevant page
 * @param hubs       first interval of a hub page (mostly links: a front page, a section, a list of threads),
 *                   where new relevant pages are linked from; a relevant hub takes the shorter of both
 * @param irrelevant first interval of an irrelevant page that is not a hub; null: never fetched again
 * @param min        the shortest interval
 * @param max        the longest interval
 * @param sooner     the interval is multiplied by this (in (0, 1)) when a fetch finds the page changed
 * @param later      the interval is multiplied by this (at least 1) when a fetch finds it unchanged
 */
public record Revisit(Duration relevant, Duration hubs, Duration irrelevant, Duration min, Duration max,
                      double sooner, double later) {

    /**
     * An hour for relevant pages and hubs, from 5 minutes to a week: a news hub that changes at every visit reaches
     * 5 minutes after 4 visits (1 h x 0.5^4), an article that never changes reaches a week after 13 (1 h x 1.5^13).
     * Irrelevant pages that are not hubs are not fetched again. StormCrawler's AdaptiveScheduler changes its interval
     * by 20 % each way; halving and 1.5 x react faster, which a monitoring crawl of hours needs more than a
     * crawl of weeks.
     */
    public static final Revisit DEFAULT = new Revisit(Duration.ofHours(1), Duration.ofHours(1), null,
            Duration.ofMinutes(5), Duration.ofDays(7), 0.5, 1.5);

    public Revisit {
        if (relevant == null || hubs == null || min == null || max == null) {
            throw new IllegalArgumentException("relevant, hubs, min and max intervals are required");
        }
        if (!(sooner > 0 && sooner < 1) || !(later >= 1 && Double.isFinite(later))) {
            throw new IllegalArgumentException("sooner must be in (0, 1) and later at least 1, got " + sooner
                    + " and " + later);
        }
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("min " + min + " exceeds max " + max);
        }
    }
}
