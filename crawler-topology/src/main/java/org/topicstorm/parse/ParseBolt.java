package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.digitalpebble.stormcrawler.util.RobotsTags;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.storm.task.OutputCollector;
import org.apache.storm.task.TopologyContext;
import org.apache.storm.topology.OutputFieldsDeclarer;
import org.apache.storm.topology.base.BaseRichBolt;
import org.apache.storm.tuple.Fields;
import org.apache.storm.tuple.Tuple;
import org.apache.storm.tuple.Values;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.topicstorm.topology.CrawlMetadata;
import org.topicstorm.topology.FetchClock;
import org.topicstorm.topology.TupleFields;

/**
 * Storm adapter over {@link PageParser} and {@link UrlFilterChain}.
 * <pre>
 * in:  StormCrawler FetcherBolt's default stream (url, content, metadata)
 * out: default (url, page, metadata) with the {@link ParsedPage}, its robots directives from its meta tags and its
 *      X-Robots-Tag headers (also noted in the metadata: robots.noIndex, robots.noFollow)
 *      status  (url, metadata, status, outlinks, demotions): ERROR, without links, when the content is not HTML or
 *              cannot be parsed ("error.cause" says why); FETCHED, with its results as outlinks, for a results page
 *              of one of the topic's seed sources ({@link org.topicstorm.search.SearchPageReader})
 * </pre>
 * Every input tuple is acked; nothing thrown by parsing leaves execute().
 */
public class ParseBolt extends BaseRichBolt {

    private static final Logger LOG = LoggerFactory.getLogger(ParseBolt.class);

    private transient OutputCollector collector;
    private transient PageParser parser;
    private transient UrlFilterChain filters;
    private transient String headerPrefix;
    private transient ParseConfig config;
    private transient FetchClock fetchClock;
    /** Reads the results pages of the topic's seed sources; null when it has none. */
    private transient org.topicstorm.search.SearchPageReader search;

    @Override
    public void prepare(Map<String, Object> conf, TopologyContext context, OutputCollector collector) {
        this.collector = collector;
        this.config = ParseConfig.fromConf(conf);
        this.parser = new PageParser(config);
        this.filters = UrlFilterChain.fromConf(conf);
        this.headerPrefix = config.protocolMetadataPrefix();
        this.fetchClock = new FetchClock();
        this.search = searchPages(conf);
    }

    /** The topic's search-page reader, or null when the topic has no seed sources (or there is no topic). */
    private static org.topicstorm.search.SearchPageReader searchPages(Map<String, Object> conf) {
        if (conf.get(org.topicstorm.topology.TopicStormConfig.TOPIC_YAML) == null
                && conf.get(org.topicstorm.topology.TopicStormConfig.TOPIC_FILE) == null) {
            return null;
        }
        org.topicstorm.topic.Topic topic = org.topicstorm.topology.TopicStormConfig.topic(conf);
        return topic.seedSources().isEmpty() ? null : new org.topicstorm.search.SearchPageReader(topic);
    }

    @Override
    public void execute(Tuple input) {
        String url = null;
        Metadata metadata = null;
        try {
            url = input.getStringByField(TupleFields.URL);
            metadata = (Metadata) input.getValueByField(TupleFields.METADATA);
            if (metadata == null) {
                metadata = new Metadata();
            }
            // the page has just left the fetcher: the crawl log of an evaluation is ordered by this time
            metadata.setValue(CrawlMetadata.FETCHED_AT, Long.toString(fetchClock.next()));
            byte[] content = input.getBinaryByField(TupleFields.CONTENT);
            org.topicstorm.topic.SeedSource source = search == null ? null : search.sourceOf(url);
            if (source != null) {
                emitResults(input, url, content, metadata, source);
                collector.ack(input);
                return;
            }
            ParsedPage page = parser.parse(url, content,
                    header(metadata, headerPrefix, "content-type"),
                    header(metadata, headerPrefix, "content-language"),
                    filters.forPage(url, metadata));
            page = page.withRobots(page.robots().and(headerDirectives(metadata)));
            recordRobots(metadata, page.robots());
            metadata.remove(CrawlMetadata.PUBLISHED);
            if (page.published() != null) {
                metadata.setValue(CrawlMetadata.PUBLISHED, Long.toString(page.published()));
            }
            collector.emit(input, new Values(url, page, metadata));
        } catch (NotHtmlException e) {
            LOG.debug("{}: {}", url, e.getMessage());
            emitError(input, url, metadata, e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            // A malformed page (or tuple) must cost one page, not the worker.
            LOG.warn("Parsing {} failed", url, e);
            emitError(input, url, metadata, "parse failure: " + e);
        }
        collector.ack(input);
    }

    /**
     * A results page of a seed source: its results that score enough and its next page go to the frontier as the
     * page's outlinks, straight to the status updater (the page is neither judged nor indexed). It counts as an
     * irrelevant hub: a continuous crawl queries it again as a hub, sooner when it lists new results.
     */
    private void emitResults(Tuple input, String url, byte[] content, Metadata metadata,
                             org.topicstorm.topic.SeedSource source) throws NotHtmlException {
        int length = content == null ? 0 : Math.min(content.length, config.maxBytes());
        String contentType = header(metadata, headerPrefix, "content-type");
        ContentSniffer.requireHtml(content, length, contentType);
        CharsetDetector.Detection detection = CharsetDetector.detect(content, length, contentType);
        org.jsoup.nodes.Document doc = org.jsoup.Jsoup.parse(new String(content, detection.bomLength(),
                length - detection.bomLength(), detection.charset()), url);
        int depth = 0;
        try {
            String d = metadata.getFirstValue(CrawlMetadata.DEPTH);
            depth = d == null ? 0 : Math.max(0, Integer.parseInt(d.strip()));
        } catch (NumberFormatException e) {
            // as a first page
        }
        org.topicstorm.search.SearchPageReader.Read read = search.read(source, doc, depth,
                filters.forPage(url, metadata));
        LOG.info("results page {} of {}: {} results listed, {} kept", url, source.name(), read.listed(), read.kept());
        Metadata md = new Metadata();
        md.putAll(metadata);
        md.setValue(CrawlMetadata.RELEVANCE, "0.0");
        md.setValue(CrawlMetadata.RELEVANT, "false");
        md.setValue(CrawlMetadata.HUB, "true");
        collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, md, Status.FETCHED,
                new ArrayList<>(read.outlinks()), new ArrayList<>()));
    }

    private void emitError(Tuple input, String url, Metadata metadata, String cause) {
        // A copy: the fetcher's metadata object may be shared with other consumers of its stream in this worker.
        Metadata md = new Metadata();
        if (metadata != null) {
            md.putAll(metadata);
        }
        md.setValue(Constants.STATUS_ERROR_CAUSE, cause);
        collector.emit(TupleFields.STATUS_STREAM, input, new Values(url, md, Status.ERROR, new ArrayList<>(),
                new ArrayList<>()));
    }

    /** What the page's X-Robots-Tag headers ask, unless they are ignored (http.robots.headers.skip). */
    private RobotsDirectives headerDirectives(Metadata metadata) {
        if (!config.headerRobots()) {
            return RobotsDirectives.NONE;
        }
        return RobotsDirectives.fromHeaders(headers(metadata, headerPrefix, "x-robots-tag"), config.robotsAgent());
    }

    /**
     * Notes the page's noindex and nofollow in its metadata (StormCrawler's keys robots.noIndex, robots.noFollow;
     * metadata.persist keeps them with the URL's status, which tells why a relevant page is not in the content
     * index). A key from an earlier fetch of the page is dropped when the page no longer asks it.
     */
    static void recordRobots(Metadata metadata, RobotsDirectives robots) {
        metadata.remove(RobotsTags.ROBOTS_NO_INDEX);
        metadata.remove(RobotsTags.ROBOTS_NO_FOLLOW);
        if (robots.noIndex()) {
            metadata.setValue(RobotsTags.ROBOTS_NO_INDEX, "true");
        }
        if (robots.noFollow()) {
            metadata.setValue(RobotsTags.ROBOTS_NO_FOLLOW, "true");
        }
    }

    /** Every value of a protocol header, whatever the spelling of its name (see {@link #header}). */
    static List<String> headers(Metadata metadata, String prefix, String name) {
        String wanted = (prefix + name).toLowerCase(Locale.ROOT);
        List<String> values = new ArrayList<>();
        for (String key : metadata.keySet()) {
            if (key.toLowerCase(Locale.ROOT).equals(wanted)) {
                values.addAll(Arrays.asList(metadata.getValues(key)));
            }
        }
        return values;
    }

    /**
     * A protocol header stored by the fetcher under {@code prefix + name}; the fetcher keeps the server's spelling
     * ("Content-Type", "content-type", ...), so the name is matched case-insensitively.
     */
    static String header(Metadata metadata, String prefix, String name) {
        String exact = metadata.getFirstValue(prefix + name);
        if (exact != null) {
            return exact;
        }
        String wanted = (prefix + name).toLowerCase(Locale.ROOT);
        for (String key : metadata.keySet()) {
            if (key.toLowerCase(Locale.ROOT).equals(wanted)) {
                return metadata.getFirstValue(key);
            }
        }
        return null;
    }

    @Override
    public void declareOutputFields(OutputFieldsDeclarer declarer) {
        declarer.declare(new Fields(TupleFields.URL, TupleFields.PAGE, TupleFields.METADATA));
        // outlinks and demotions: a seed source's results page sends its results (none for an error)
        declarer.declareStream(TupleFields.STATUS_STREAM, new Fields(TupleFields.URL, TupleFields.METADATA,
                TupleFields.STATUS, TupleFields.OUTLINKS, TupleFields.DEMOTIONS));
    }
}
