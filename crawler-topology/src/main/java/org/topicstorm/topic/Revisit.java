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
 * @param heat       the 003 patent's topic heat of pages with replies, and when a page is hot
 */
public record Revisit(Duration relevant, Duration hubs, Duration irrelevant, Duration min, Duration max,
                      double sooner, double later, Heat heat) {

    /**
     * The 003 patent's topic heat of a page with replies: heat = (n + 1)^exponent x exp(-(now - t) / scale), n the
     * replies, t their mean time. The patent bounds the exponent to (0, 1), says its heat lies between 0 and 30 and
     * that above 15 a topic is hot, and calls its second constant (which must exceed 2) the smoothness: "the larger,
     * the flatter". A larger divisor flattens the decay; a larger factor, as in exp(-b (now - t)), would steepen it.
     * So the constant is read here as the decay's time scale, in hours: a thread whose replies are on average a
     * scale old has lost 63 % of its heat.
     *
     * @param exponent the weight of the reply count, in (0, 1)
     * @param scale    the decay's time scale (the patent's smoothness, in hours: more than 2)
     * @param hot      a page at or above this heat is hot: revisited before any other due URL
     */
    public record Heat(double exponent, Duration scale, double hot) {

        /**
         * Exponent 0.5: a thread of 899 replies, fresh, has heat 30, the top of the patent's range; scale 24 h: a day
         * later it has 11; hot at 15, the patent's figure: 224 fresh replies, or about 1,660 whose mean age is a day.
         */
        public static final Heat DEFAULT = new Heat(0.5, Duration.ofHours(24), 15);

        public Heat {
            if (!(exponent > 0 && exponent < 1)) {
                throw new IllegalArgumentException("the heat exponent must be in (0, 1), got " + exponent);
            }
            if (scale == null || scale.compareTo(Duration.ofHours(2)) <= 0) {
                throw new IllegalArgumentException("the heat scale must exceed 2 hours, got " + scale);
            }
        }
    }

    /** Revisits with the default heat. */
    public Revisit(Duration relevant, Duration hubs, Duration irrelevant, Duration min, Duration max,
                   double sooner, double later) {
        this(relevant, hubs, irrelevant, min, max, sooner, later, Heat.DEFAULT);
    }

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
        heat = heat == null ? Heat.DEFAULT : heat;
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("min " + min + " exceeds max " + max);
        }
    }
}
