package org.topicstorm.metrics;

import org.topicstorm.crawl.CrawlStats;
import org.topicstorm.frontier.CrawlState;

/**
 * One sample of the {@code <crawl>-metrics} time series (es-conf/metrics.json), for Kibana and for operators.
 *
 * @param timestamp         when the counts were taken (epoch millis)
 * @param fetched           pages downloaded and judged (done + discarded)
 * @param relevant          pages judged relevant (done)
 * @param harvestRate       relevant / fetched
 * @param waiting           URLs discovered and not fetched yet (the frontier)
 * @param due               of the frontier, URLs due now
 * @param exceptions        URLs given up or backing off after errors
 * @param known             every URL in the status index
 * @param pagesPerSecond    fetched pages per second since the previous sample (0 for the first)
 * @param relevantPerSecond relevant pages per second since the previous sample (0 for the first)
 * @param threshold         the self-tuned threshold (relevance.self-tuning), absent when tuning is off
 * @param judgements        pages judged by people so far
 * @param nearDuplicates    relevant pages not indexed as near-duplicates of a stored page
 * @param canonicalCopies   relevant pages not indexed as copies of the canonical URL they declare
 * @param duplicateRate     (nearDuplicates + canonicalCopies) / relevant: 002's duplicate rate
 * @param freshnessP50      median time from a relevant page's appearance to its first fetch, ms
 *                          ({@link CrawlStats#freshness()}); absent before the first relevant page
 * @param freshnessP95      the 95th percentile of that time, ms
 * @param revisits          fetches of pages fetched before (a continuous crawl's revisits)
 * @param revisitsChanged   of those, the ones that found the page changed
 */
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record MetricsDoc(long timestamp, String crawl, long fetched, long relevant, double harvestRate, long waiting,
                         long due, long exceptions, long known, double pagesPerSecond, double relevantPerSecond,
                         Double threshold, Long judgements, Long nearDuplicates, Long canonicalCopies,
                         Double duplicateRate, Double freshnessP50, Double freshnessP95, Long revisits,
                         Long revisitsChanged) {

    /** The sample with what the crawl learns from judgements. */
    public MetricsDoc withJudging(Double threshold, long judgements) {
        return new MetricsDoc(timestamp, crawl, fetched, relevant, harvestRate, waiting, due, exceptions, known,
                pagesPerSecond, relevantPerSecond, threshold, judgements, nearDuplicates, canonicalCopies,
                duplicateRate, freshnessP50, freshnessP95, revisits, revisitsChanged);
    }

    /** The sample with the relevant pages left out of the content index as duplicates. */
    public MetricsDoc withDuplicates(CrawlStats.Duplicates duplicates) {
        return new MetricsDoc(timestamp, crawl, fetched, relevant, harvestRate, waiting, due, exceptions, known,
                pagesPerSecond, relevantPerSecond, threshold, judgements, duplicates.near(), duplicates.canonical(),
                duplicates.rate(relevant), freshnessP50, freshnessP95, revisits, revisitsChanged);
    }

    /** The sample with the freshness of the relevant pages and the revisits so far. */
    public MetricsDoc withFreshness(CrawlStats.FreshnessStats freshness, CrawlStats.Revisits revisited) {
        return new MetricsDoc(timestamp, crawl, fetched, relevant, harvestRate, waiting, due, exceptions, known,
                pagesPerSecond, relevantPerSecond, threshold, judgements, nearDuplicates, canonicalCopies,
                duplicateRate, freshness.p50Ms(), freshness.p95Ms(), revisited.fetches(), revisited.changed());
    }

    /**
     * @param previous the sample before (null for the first): the rates are the differences over the time between
     */
    public static MetricsDoc of(String crawl, long timestamp, CrawlStats.Counts counts, MetricsDoc previous) {
        double pagesPerSecond = 0;
        double relevantPerSecond = 0;
        if (previous != null && timestamp > previous.timestamp()) {
            double seconds = (timestamp - previous.timestamp()) / 1000.0;
            // a count never goes down except when a re-fetch moves a page between done and discarded
            pagesPerSecond = Math.max(0, counts.fetched() - previous.fetched()) / seconds;
            relevantPerSecond = Math.max(0, counts.relevant() - previous.relevant()) / seconds;
        }
        return new MetricsDoc(timestamp, crawl, counts.fetched(), counts.relevant(), counts.harvestRate(),
                counts.get(CrawlState.WAITING), counts.due(), counts.get(CrawlState.EXCEPTION), counts.total(),
                pagesPerSecond, relevantPerSecond, null, null, null, null, null, null, null, null, null);
    }
}
