package org.topicstorm.topic;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as users write them in topic files and on the command line: 90s, 15m, 2h, 1d. */
public final class Durations {

    /** What a valid duration looks like, for error messages. */
    public static final String EXPECTED = "a duration > 0 written as a whole number and a unit s, m, h or d "
            + "(e.g. 90s, 15m, 2h, 1d)";

    private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd])");

    private Durations() {
    }

    /** @throws IllegalArgumentException with {@link #EXPECTED} when the text is not a duration > 0 */
    public static Duration parse(String text) {
        Matcher m = text == null ? null : DURATION.matcher(text.strip());
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException("must be " + EXPECTED + ", got '" + text + "'");
        }
        try {
            long amount = Long.parseLong(m.group(1));
            Duration d = switch (m.group(2)) {
                case "s" -> Duration.ofSeconds(amount);
                case "m" -> Duration.ofMinutes(amount);
                case "h" -> Duration.ofHours(amount);
                default -> Duration.ofDays(amount);
            };
            if (d.isZero()) {
                throw new IllegalArgumentException("must be " + EXPECTED + ", got '" + text + "'");
            }
            return d;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("is too large, got '" + text + "'");
        }
    }
}
