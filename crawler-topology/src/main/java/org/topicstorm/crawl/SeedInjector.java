package org.topicstorm.crawl;

import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.parse.UrlFilterChain;

import java.util.ArrayList;
import java.util.List;

/**
 * Puts a topic's seed URLs into the frontier, through the same URL filters as every outlink and the same writer
 * as the status updater. Injecting again (a resumed crawl) changes nothing for seeds already known.
 */
public final class SeedInjector {

    private final StatusWriter writer;
    private final UrlFilterChain filters;
    private final double seedPriority;

    public SeedInjector(StatusWriter writer, UrlFilterChain filters, double seedPriority) {
        this.writer = writer;
        this.filters = filters;
        this.seedPriority = seedPriority;
    }

    /** The outcome of an injection: seeds written, and seeds the URL filters rejected. */
    public record Result(List<String> injected, List<String> rejected) {
    }

    public Result inject(List<String> seeds) throws java.io.IOException {
        List<StatusUpdate> updates = new ArrayList<>();
        List<String> injected = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        for (String seed : seeds) {
            String url = normalise(seed);
            if (url == null) {
                rejected.add(seed);
            } else {
                injected.add(url);
                updates.add(StatusUpdate.discovered(url, seedPriority, 0, 0, null, null));
            }
        }
        boolean[] ok = writer.write(updates);
        for (boolean b : ok) {
            if (!b) {
                throw new java.io.IOException("could not write the seeds to the status index");
            }
        }
        return new Result(injected, rejected);
    }

    /** The seed as the filter chain normalises it, or null when the chain rejects it. */
    private String normalise(String seed) {
        return filters.forPage(seed, null).filter(seed);
    }
}
