package org.topicstorm.frontier;

import com.digitalpebble.stormcrawler.Constants;
import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.topology.CrawlMetadata;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Turns what travels in a status tuple (url, metadata, status) into a {@link StatusUpdate}. */
public final class StatusUpdates {

    private StatusUpdates() {
    }

    /**
     * @param persisted the part of the metadata to keep with the URL (StormCrawler's metadata.persist and
     *                  metadata.transfer keys); TopicStorm's own keys are stored as fields and dropped from it
     */
    public static StatusUpdate fromTuple(String url, Metadata md, Status status, Metadata persisted) {
        Map<String, List<String>> keep = new HashMap<>();
        for (String key : persisted.keySet()) {
            if (!key.startsWith("ts.") && !key.equals(CrawlMetadata.DEPTH)) {
                keep.put(key, Arrays.asList(persisted.getValues(key)));
            }
        }
        String relevance = md.getFirstValue(CrawlMetadata.RELEVANCE);
        String relevant = md.getFirstValue(CrawlMetadata.RELEVANT);
        return new StatusUpdate(url, status,
                parseDouble(md.getFirstValue(CrawlMetadata.PRIORITY), 0.0),
                parseInt(md.getFirstValue(CrawlMetadata.DEPTH)),
                parseInt(md.getFirstValue(CrawlMetadata.DISTANCE)),
                md.getFirstValue(CrawlMetadata.PARENT),
                md.getFirstValue(CrawlMetadata.ANCHOR),
                relevance == null ? null : parseDouble(relevance, 0.0),
                relevant == null ? null : Boolean.valueOf(relevant),
                md.getFirstValue(Constants.STATUS_ERROR_CAUSE),
                keep);
    }

    private static double parseDouble(String s, double dflt) {
        if (s == null) {
            return dflt;
        }
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    private static int parseInt(String s) {
        if (s == null) {
            return 0;
        }
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
