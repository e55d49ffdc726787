package org.topicstorm.crawl;

import org.topicstorm.fetch.AddressGuard;
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
    private final AddressGuard guard;
    private final double seedPriority;

    /** @param guard the address guard: a seed whose host is a guarded IP address is refused here, with its reason */
    public SeedInjector(StatusWriter writer, UrlFilterChain filters, AddressGuard guard, double seedPriority) {
        this.writer = writer;
        this.filters = filters;
        this.guard = guard;
        this.seedPriority = seedPriority;
    }

    /**
     * The outcome of an injection: seeds written, seeds the URL filters rejected, and seeds the address guard refused
     * ("URL: address guard: 127.0.0.1 is loopback"; a host name that resolves to a guarded address is refused only
     * when fetched, and is then an ERROR with the same reason in the status index).
     */
    public record Result(List<String> injected, List<String> rejected, List<String> refused) {
    }

    public Result inject(List<String> seeds) throws java.io.IOException {
        List<StatusUpdate> updates = new ArrayList<>();
        List<String> injected = new ArrayList<>();
        List<String> rejected = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (String seed : seeds) {
            String url = normalise(seed);
            String refusal = url == null ? null : guard.literalRefusal(url);
            if (url == null) {
                rejected.add(seed);
            } else if (refusal != null) {
                refused.add(seed + ": " + refusal);
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
        return new Result(injected, rejected, refused);
    }

    /** The seed as the filter chain normalises it, or null when the chain rejects it. */
    private String normalise(String seed) {
        return filters.forPage(seed, null).filter(seed);
    }
}
