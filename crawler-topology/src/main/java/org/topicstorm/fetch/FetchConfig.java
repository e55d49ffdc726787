package org.topicstorm.fetch;

import org.topicstorm.topology.TopicStormConfig;

import java.util.Map;

/**
 * The fetch path's limits against hostile or overloaded servers, read from the configuration in this one place
 * (keys and defaults documented in storm-conf/topicstorm-default.yaml, section "Fetching").
 *
 * @param timeLimitMs      no fetch (DNS, connect, headers and body together) holds a fetcher thread longer
 * @param minBytesPerSec   a transfer slower than this over a whole window is cut off; 0 = no minimum
 * @param minRateWindowMs  the window over which the transfer rate is measured
 * @param backoffInitialMs a host's first 429 or 503 without a usable Retry-After keeps it waiting this long;
 *                         each further one in a row doubles it
 * @param backoffMaxMs     the longest wait, whatever Retry-After says
 */
public record FetchConfig(long timeLimitMs, long minBytesPerSec, long minRateWindowMs, long backoffInitialMs,
                          long backoffMaxMs) {

    public static final String TIME_LIMIT_SECS = "fetch.time.limit.secs";
    public static final String MIN_RATE = "fetch.min.rate.bytes.per.sec";
    public static final String MIN_RATE_WINDOW_SECS = "fetch.min.rate.window.secs";
    public static final String BACKOFF_INITIAL_SECS = "fetch.backoff.initial.secs";
    public static final String BACKOFF_MAX_SECS = "fetch.backoff.max.secs";

    public static final double DEFAULT_TIME_LIMIT_SECS = 30;
    public static final long DEFAULT_MIN_RATE = 1024;
    public static final double DEFAULT_MIN_RATE_WINDOW_SECS = 10;
    public static final double DEFAULT_BACKOFF_INITIAL_SECS = 60;
    public static final double DEFAULT_BACKOFF_MAX_SECS = 3600;

    /**
     * @throws IllegalArgumentException naming the key when a value is not a number or out of its range
     */
    public static FetchConfig fromConf(Map<String, ?> conf) {
        long initial = millis(conf, BACKOFF_INITIAL_SECS, DEFAULT_BACKOFF_INITIAL_SECS, 1, 86_400);
        long max = millis(conf, BACKOFF_MAX_SECS, DEFAULT_BACKOFF_MAX_SECS, 1, 7 * 86_400);
        if (max < initial) {
            throw new IllegalArgumentException("config key '" + BACKOFF_MAX_SECS + "' (" + max / 1000.0
                    + ") must not be below '" + BACKOFF_INITIAL_SECS + "' (" + initial / 1000.0 + ")");
        }
        double rate = number(conf, MIN_RATE, DEFAULT_MIN_RATE, 0, 1e9);
        if (rate != Math.rint(rate)) {
            throw new IllegalArgumentException("config key '" + MIN_RATE + "': must be a whole number, got "
                    + conf.get(MIN_RATE));
        }
        return new FetchConfig(
                millis(conf, TIME_LIMIT_SECS, DEFAULT_TIME_LIMIT_SECS, 0.1, 3600),
                (long) rate,
                millis(conf, MIN_RATE_WINDOW_SECS, DEFAULT_MIN_RATE_WINDOW_SECS, 0.1, 3600),
                initial, max);
    }

    private static long millis(Map<String, ?> conf, String key, double dflt, double min, double max) {
        return Math.round(number(conf, key, dflt, min, max) * 1000);
    }

    private static double number(Map<String, ?> conf, String key, double dflt, double min, double max) {
        return TopicStormConfig.number(conf, key, dflt, min, max);
    }
}
