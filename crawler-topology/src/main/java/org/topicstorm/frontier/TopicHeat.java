package org.topicstorm.frontier;

import org.topicstorm.topic.Revisit;

/**
 * The 003 patent's topic heat of a page with replies (a forum thread, a commented article): heat = (n + 1)^a x
 * exp(-(now - t) / s), n its replies, t their mean time, a the exponent and s the time scale of
 * {@link Revisit.Heat} (see there for why s divides). Many replies make a page hot; replies that get old cool it.
 */
public final class TopicHeat {

    private TopicHeat() {
    }

    /**
     * @param replies  the page's replies (0: no heat)
     * @param meanTime their mean time, epoch ms; null when none said when it was written
     * @param now      when the page was fetched, epoch ms
     * @return the heat: 0 for a page without replies, and for replies of unknown age (a declared count alone, which
     *         an old article keeps for ever, would otherwise stay hot for ever); a mean time in the future counts
     *         as now
     */
    public static double of(int replies, Long meanTime, long now, Revisit.Heat settings) {
        if (replies <= 0 || meanTime == null) {
            return 0;
        }
        long age = Math.max(0, now - meanTime);
        double hours = age / 3_600_000.0;
        double scaleHours = settings.scale().toMillis() / 3_600_000.0;
        // + 1.0: a count near Integer.MAX_VALUE must not overflow
        return Math.pow(replies + 1.0, settings.exponent()) * Math.exp(-hours / scaleHours);
    }
}
