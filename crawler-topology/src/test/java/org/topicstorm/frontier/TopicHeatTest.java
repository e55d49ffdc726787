package org.topicstorm.frontier;

import org.junit.jupiter.api.Test;
import org.topicstorm.topic.Revisit;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TopicHeatTest {

    private static final long HOUR = 3_600_000L;
    private static final long NOW = 1_795_595_400_000L;
    /** exponent 0.5, scale 24 h */
    private static final Revisit.Heat HEAT = Revisit.Heat.DEFAULT;

    @Test
    void manyFreshRepliesAreHotOldOnesCoolDown() {
        // (899 + 1)^0.5 = 30: the top of the patent's range, replies written just now
        assertEquals(30.0, TopicHeat.of(899, NOW, NOW, HEAT), 1e-9);
        // (3 + 1)^0.5 x exp(-24 h / 24 h) = 2 / e = 0.735758882...
        assertEquals(2 * Math.exp(-1), TopicHeat.of(3, NOW - 24 * HOUR, NOW, HEAT), 1e-12);
        // exponent 0.25, scale 6 h, 15 replies 3 h old: 16^0.25 x exp(-0.5) = 2 x 0.60653066 = 1.21306132
        Revisit.Heat other = new Revisit.Heat(0.25, Duration.ofHours(6), 15);
        assertEquals(1.2130613194252668, TopicHeat.of(15, NOW - 3 * HOUR, NOW, other), 1e-12);
    }

    @Test
    void noRepliesOrRepliesOfUnknownAgeNoHeatFutureTimesCountAsNow() {
        assertEquals(0.0, TopicHeat.of(0, NOW, NOW, HEAT));
        assertEquals(0.0, TopicHeat.of(3000, null, NOW, HEAT), "a declared count alone is no activity");
        assertEquals(2.0, TopicHeat.of(3, NOW + HOUR, NOW, HEAT), 1e-12);
        // the largest count: 2^31^0.5 = 46,341, finite
        assertEquals(Math.sqrt(2_147_483_648.0), TopicHeat.of(Integer.MAX_VALUE, NOW, NOW, HEAT), 1e-6);
    }
}
