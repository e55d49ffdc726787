package org.topicstorm.eval;

import org.topicstorm.corpus.CorpusServer;
import org.topicstorm.corpus.SiteWalk;
import org.topicstorm.parse.LinkFilter;
import org.topicstorm.parse.ParseConfig;
import org.topicstorm.parse.UrlFilterChain;

import java.net.URI;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How much of the labelled set R a crawl can find at all: the served pages reachable from the topic's seeds by the
 * links a crawler follows (the same parser and parse settings, each page's outlinks through the same URL filter
 * chain; in the evaluation the offline chain, which keeps a crawl on its seeds' hosts), walked over HTTP with
 * {@link SiteWalk}. A recall@|R| is read against {@link #share()}: a strategy cannot find what no link leads to.
 *
 * <p>It is the link graph's bound: a crawl with hard focus (links of irrelevant pages dropped) can reach less. Within
 * |R| fetches less still: {@link #informedRelevant()} is what a crawler that knew the labels and the graph finds in
 * |R| fetches ({@link InformedCrawl}), a recall some crawler achieves.
 *
 * @param reachedPages     served pages reached (labelled or not), each counted once however it is spelled
 * @param reachedRelevant  pages of R reached, each counted once however it is spelled
 * @param truthSize        |R|
 * @param informedRelevant pages of R an informed crawler finds within |R| fetches from the seeds
 */
public record Reachability(int reachedPages, int reachedRelevant, int truthSize, int informedRelevant) {

    /** Threads of the walk: a few, since the corpus server renders pages on first request. */
    static final int THREADS = 4;

    /** Reachable pages of R / |R|; NaN when R is empty. */
    public double share() {
        return truthSize == 0 ? Double.NaN : (double) reachedRelevant / truthSize;
    }

    /** The informed crawler's recall@|R|; NaN when R is empty. */
    public double informedShare() {
        return truthSize == 0 ? Double.NaN : (double) informedRelevant / truthSize;
    }

    /**
     * Walks the served corpora from the seeds.
     *
     * @param seeds    the topic's seed URLs on {@code server} (corpus:// seeds resolved); each goes through the
     *                 filter chain first, as the crawl's seed injection does
     * @param conf     the crawl configuration (parse settings and the URL filter chain), e.g.
     *                 {@link EvalRunner#crawlConf}
     * @param maxDepth the topic's limits.max-depth (0 = none)
     */
    public static Reachability walk(CorpusServer server, List<String> seeds, Map<String, Object> conf, int maxDepth,
                                    GroundTruth truth) throws InterruptedException {
        UrlFilterChain filters = UrlFilterChain.fromConf(conf);
        List<URI> starts = new ArrayList<>();
        for (String seed : seeds) {
            String url = filters.forPage(seed, null).filter(seed);
            if (url != null) {
                starts.add(URI.create(url));
            }
        }
        // StormCrawler's filters keep state between calls (HostURLFilter caches the last page's host): one caller
        // at a time, the walk's threads share one chain
        SiteWalk walk = new SiteWalk(server, THREADS, ParseConfig.fromConf(conf), page -> {
            LinkFilter f = filters.forPage(page, null);
            return link -> {
                synchronized (filters) {
                    return f.filter(link);
                }
            };
        });
        SiteWalk.Result r = walk.walk(starts, Integer.MAX_VALUE, maxDepth > 0 ? maxDepth : Integer.MAX_VALUE);
        Set<String> pages = new HashSet<>();
        Set<String> relevant = new HashSet<>();
        for (String url : r.depth().keySet()) {
            if (server.isPage(url)) {
                pages.add(GroundTruth.pageKey(url));
            }
            if (truth.isRelevant(url)) {
                relevant.add(GroundTruth.pageKey(url));
            }
        }
        List<String> seedUrls = starts.stream().map(URI::toString).toList();
        int informed = InformedCrawl.relevantFound(r.outlinks(), seedUrls,
                url -> truth.isRelevant(url) ? GroundTruth.pageKey(url) : null, truth.size(), maxDepth);
        return new Reachability(pages.size(), relevant.size(), truth.size(), informed);
    }
}
