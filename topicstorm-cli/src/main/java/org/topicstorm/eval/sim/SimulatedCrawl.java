package org.topicstorm.eval.sim;

import com.digitalpebble.stormcrawler.persistence.Status;
import org.topicstorm.eval.FetchedPage;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.RankCut;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.learn.SparseLogistic;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.priority.Demotion;
import org.topicstorm.priority.LinkLearner;
import org.topicstorm.priority.LinkPrioritizer;
import org.topicstorm.priority.LinkScoring;
import org.topicstorm.priority.ParentInfo;
import org.topicstorm.priority.ScoredLink;
import org.topicstorm.relevance.MemoryStateStore;
import org.topicstorm.relevance.Relevance;
import org.topicstorm.relevance.RelevanceModels;
import org.topicstorm.topic.Topic;
import org.topicstorm.topology.TopicStormConfig;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A crawl of the served corpora without Storm and Elasticsearch, for comparing link strategies fast and without the
 * timing noise of real crawls: the same parser and URL filters ({@link ServedPages}), the topic's own relevance model,
 * link strategy ({@link LinkScoring}) and link learner ({@link LinkLearner}), the frontier's merge rules and batch
 * choice ({@link MemoryFrontier}), run in one thread on a simulated clock, so that the same inputs give the same crawl.
 *
 * <p>What it models of the topology's timing: the crawl goes in rounds; each round the frontier gives a batch (best
 * first, at most K URLs per host, the rank cut), and the pages of a round reach the frontier (judged, their outlinks
 * scored and written) {@link Options#lag} rounds later, so a batch is chosen while the last rounds' pages are still in
 * the pipeline, as in the real crawl, where the spout queries again while earlier pages are being parsed and written.
 * The link learner checks for a retrain every {@link Options#learnerMillis} of the simulated clock from the first page
 * that reaches the frontier (as in the link-priority bolt), each round taking {@link Options#roundMillis}. At the
 * crawl's start (the first {@link Options#settlePages} pages to arrive) a batch is chosen only once the last one has
 * arrived, as the spout's queries wait for the URLs in flight then ({@code frontier.query.settle.pages}). URLs still in
 * the pipeline keep their hosts' places in a batch and count for the rank cut, as the spout's URLs in flight do (unless
 * {@code frontier.query.ahead.below} says otherwise), so a host whose best URLs are all in flight gets no new one in
 * the next batch. What it does not model: fetch errors of a real network, politeness delays (evaluation crawls have
 * none), the near-duplicate check (it never changes a verdict), judgements.
 */
public final class SimulatedCrawl {

    /**
     * @param pages         requests to make (the crawl log's length), at most
     * @param maxHosts      hosts per batch (frontier.max.hosts.per.query)
     * @param perHost       URLs per host per batch (frontier.max.urls.per.host)
     * @param rankCut       the rank cut (frontier.query.max.rank, frontier.query.rank.near.best,
     *                      frontier.query.rank.host.share)
     * @param lag           rounds between a page's fetch and its outlinks' arrival in the frontier (0: the next
     *                      batch is chosen knowing every page fetched so far)
     * @param roundMillis   simulated time per round
     * @param learnerMillis simulated time between the link learner's checks (topicstorm.link.learn.ms)
     * @param settlePages   while fewer pages than this have arrived, the lag is 0
     *                      (frontier.query.settle.pages)
     * @param aheadBelow    past the start, while fewer URLs than this are in the pipeline, they take no places of
     *                      their hosts in a batch; otherwise they do, as the spout's URLs in flight
     *                      (frontier.query.ahead.below)
     */
    public record Options(int pages, int maxHosts, int perHost, RankCut rankCut, int lag, long roundMillis,
                          long learnerMillis, int settlePages, int aheadBelow) {

        public Options {
            if (pages < 1 || maxHosts < 1 || perHost < 1 || rankCut == null || lag < 0 || roundMillis < 1
                    || learnerMillis < 1 || settlePages < 0 || aheadBelow < 0) {
                throw new IllegalArgumentException("invalid simulation options: " + pages + " pages, " + maxHosts
                        + " hosts, " + perHost + " per host, rank " + rankCut + ", lag " + lag + ", round "
                        + roundMillis + " ms, learner " + learnerMillis + " ms, settle " + settlePages + ", ahead "
                        + aheadBelow);
            }
        }

        /**
         * The frontier's settings from the crawl configuration, one round of lag, 400 ms a round (an evaluation crawl
         * runs two to three frontier queries a second) and the learner as the crawl's
         * ({@code topicstorm.link.learn.ms}).
         */
        public static Options of(Map<String, Object> conf, int pages) {
            FrontierConfig f = FrontierConfig.fromConf(conf);
            return new Options(pages, f.maxHostsPerQuery(), f.maxUrlsPerHost(), f.rankCut(), 1, 400,
                    TopicStormConfig.linkLearnMs(conf),
                    f.settlePages(), f.queryAheadBelow());
        }

        public Options withLag(int rounds) {
            return new Options(pages, maxHosts, perHost, rankCut, rounds, roundMillis, learnerMillis, settlePages,
                    aheadBelow);
        }
    }

    /** A URL fetched (and, for a page, judged) in one round, which reaches the frontier in a later one. */
    private record InPipeline(StatusDoc doc, ServedPages.Fetch fetch, Relevance relevance, long fetchedAt) {
    }

    /**
     * What the crawl takes as a page's verdict, from the topic model's: the model's own ({@link #MODEL}), or another,
     * such as the labels' (a crawl whose verdicts are all right: what judgements could give at best).
     */
    @FunctionalInterface
    public interface Verdicts {
        Relevance of(String url, Relevance model);

        Verdicts MODEL = (url, model) -> model;

        /**
         * The labels' verdict, the model's score kept on the verdict's side of the threshold: a relevant page scores
         * at least the threshold, an irrelevant one just below it.
         */
        static Verdicts labels(java.util.function.Predicate<String> relevant, double threshold) {
            return (url, m) -> relevant.test(url)
                    ? new Relevance(Math.max(m.score(), threshold), true, m.topTerms(), m.features())
                    : new Relevance(Math.min(m.score(), Math.nextDown(threshold)), false, m.topTerms(),
                    m.features());
        }
    }

    private final Topic topic;
    private final Map<String, Object> conf;
    private final ServedPages web;
    private final Options options;
    private final Verdicts verdicts;

    /**
     * @param topic the topic, with the strategy to simulate
     * @param conf  the crawl configuration (frontier, parse, filters, soft-focus factor), e.g. the evaluation's
     */
    public SimulatedCrawl(Topic topic, Map<String, Object> conf, ServedPages web, Options options) {
        this(topic, conf, web, options, Verdicts.MODEL);
    }

    /** @param verdicts the verdicts the crawl takes (the model's, or e.g. the labels') */
    public SimulatedCrawl(Topic topic, Map<String, Object> conf, ServedPages web, Options options, Verdicts verdicts) {
        this.topic = topic;
        this.conf = conf;
        this.web = web;
        this.options = options;
        this.verdicts = verdicts;
    }

    /**
     * One request of the crawl: its log entry, and the URL's status document as the frontier gave it (priority,
     * parent, anchor, lift), for reading why the crawl went where it went.
     */
    public record Step(FetchedPage page, StatusDoc doc) {
    }

    /** Crawls from the topic's seeds; returns the crawl log, in fetch order. */
    public List<FetchedPage> run() {
        return steps().stream().map(Step::page).toList();
    }

    /** Crawls from the topic's seeds; returns each request, in fetch order. */
    public List<Step> steps() {
        List<ParsedPage> seedPages = new ArrayList<>();
        for (String seed : topic.seeds()) {
            if (web.fetch(seed) instanceof ServedPages.Page p) {
                seedPages.add(p.page());
            }
        }
        RelevanceModels.Built model = RelevanceModels.withSeedPages(topic, seedPages, true);
        MemoryFrontier frontier = new MemoryFrontier(new StatusMerge(FrontierConfig.fromConf(conf).schedule()),
                topic.links().learned(), topic.threshold());
        // As in the link-priority bolt, the learner's clock starts with the first page scored (see arrive)
        boolean learns = topic.strategy() == Topic.Strategy.LEARNED;
        LinkLearner[] learner = new LinkLearner[1];
        LinkScoring scoring = LinkScoring.forTopic(topic, conf,
                () -> learner[0] == null ? null : learner[0].current());

        for (String seed : topic.seeds()) {
            String url = web.filters().forPage(seed, null).filter(seed);
            if (url != null) {
                frontier.apply(StatusUpdate.discovered(url, LinkPrioritizer.SEED_PRIORITY, 0, 0, null, ""), 0);
            }
        }
        List<Step> log = new ArrayList<>();
        Deque<List<InPipeline>> pipeline = new ArrayDeque<>();
        Set<String> inFlight = new HashSet<>();
        int arrivedPages = 0;
        for (long round = 1; log.size() < options.pages(); round++) {
            long now = round * options.roundMillis();
            if (learner[0] != null) {
                frontier.at(now);
                learner[0].maybeRun(now);
            }
            List<InPipeline> fetched = new ArrayList<>();
            // As the spout's query: URLs in the pipeline keep their hosts' places (and count for the rank cut)
            // unless the crawl runs one batch ahead (frontier.query.ahead.below); either way none is fetched twice.
            boolean ahead = arrivedPages >= options.settlePages() && inFlight.size() < options.aheadBelow();
            for (StatusDoc doc : frontier.nextBatch(now, ahead ? inFlight : Set.of(), options.maxHosts(),
                    options.perHost(), options.rankCut())) {
                if (log.size() == options.pages()) {
                    break;
                }
                if (inFlight.contains(doc.url())) {
                    continue;
                }
                long at = now + fetched.size();
                ServedPages.Fetch f = web.fetch(doc.url());
                // judged once, as it leaves the fetcher (an adaptive model learns from each page once)
                Relevance r = f instanceof ServedPages.Page p ? verdicts.of(doc.url(), model.score(p.page())) : null;
                inFlight.add(doc.url());
                fetched.add(new InPipeline(doc, f, r, at));
                log.add(new Step(entry(doc.url(), f, r, at), doc));
            }
            pipeline.addLast(fetched);
            // nothing new was due: the crawl waits for the pages still in the pipeline
            int keep = fetched.isEmpty() || arrivedPages < options.settlePages() ? 0 : options.lag();
            boolean arrived = false;
            while (pipeline.size() > keep) {
                for (InPipeline p : pipeline.pollFirst()) {
                    if (learns && learner[0] == null && p.fetch() instanceof ServedPages.Page) {
                        learner[0] = new LinkLearner(frontier, new MemoryStateStore(), topic.links().learned(),
                                SparseLogistic.Options.DEFAULT, true, options.learnerMillis(), now);
                    }
                    arrive(p, scoring, frontier, now);
                    inFlight.remove(p.doc().url());
                    arrived = true;
                    arrivedPages++;
                }
            }
            if (fetched.isEmpty() && !arrived) {
                break; // nothing due, nothing on its way: the crawl is over
            }
        }
        return log;
    }

    /** The crawl log's entry for one request. */
    private static FetchedPage entry(String url, ServedPages.Fetch f, Relevance r, long at) {
        String host = UrlIds.host(url);
        if (f instanceof ServedPages.Page p) {
            return new FetchedPage(url, host, Status.FETCHED.name(), r.relevant(), at, r.score(), p.page().title(),
                    r.topTerms().stream().map(Relevance.TermContribution::term).toList());
        }
        if (f instanceof ServedPages.Redirect) {
            return new FetchedPage(url, host, Status.REDIRECTION.name(), null, at);
        }
        return new FetchedPage(url, host, ((ServedPages.Failure) f).permanent() ? Status.ERROR.name()
                : Status.FETCH_ERROR.name(), null, at);
    }

    /**
     * A fetched page reaches the frontier as the status updater writes it: a page's outlinks (scored by the topic's
     * strategy) before its own outcome, then the demotions its verdict completes; a redirect's target before the
     * redirect.
     */
    private void arrive(InPipeline p, LinkScoring scoring, MemoryFrontier frontier, long now) {
        StatusDoc doc = p.doc();
        String url = doc.url();
        if (p.fetch() instanceof ServedPages.Page page) {
            Relevance r = p.relevance();
            ParentInfo parent = new ParentInfo(url, r.score(), r.relevant(), doc.depth(), doc.distance(),
                    doc.inlinks());
            LinkScoring.Scored scored = scoring.score(parent, doc.parent(),
                    page.page().robots().noFollow() ? List.of() : page.page().outlinks());
            for (ScoredLink l : scored.links()) {
                frontier.apply(StatusUpdate.discovered(l.url(), finite(l.priority()), l.depth(), l.distance(), url,
                        l.anchorText(), l.aggregation(), l.features(), l.lift()), now);
            }
            frontier.apply(new StatusUpdate(url, Status.FETCHED, doc.priority(), doc.depth(), doc.distance(),
                    doc.parent(), doc.anchor(), r.score(), r.relevant(), null, Map.of(), p.fetchedAt()), now);
            for (Demotion d : scored.demotions()) {
                frontier.demote(d, now);
            }
        } else if (p.fetch() instanceof ServedPages.Redirect r) {
            String target = redirectTarget(url, r.location());
            if (target != null && !target.equals(url)) {
                frontier.apply(StatusUpdate.discovered(target, doc.priority(), doc.depth(), doc.distance(), url,
                        doc.anchor()), now);
            }
            frontier.apply(new StatusUpdate(url, Status.REDIRECTION, doc.priority(), doc.depth(), doc.distance(),
                    doc.parent(), doc.anchor(), null, null, null, Map.of(), p.fetchedAt()), now);
        } else {
            ServedPages.Failure e = (ServedPages.Failure) p.fetch();
            frontier.apply(new StatusUpdate(url, e.permanent() ? Status.ERROR : Status.FETCH_ERROR, doc.priority(),
                    doc.depth(), doc.distance(), doc.parent(), doc.anchor(), null, null, e.cause(), Map.of(),
                    p.fetchedAt()), now);
        }
    }

    /** A redirect's target resolved and through the URL filters, as the status updater makes it; null if none. */
    private String redirectTarget(String url, String location) {
        if (location == null || location.isBlank()) {
            return null;
        }
        try {
            String absolute = new java.net.URL(new java.net.URL(url), location.strip()).toExternalForm();
            return web.filters().forPage(url, null).filter(absolute);
        } catch (java.net.MalformedURLException e) {
            return null;
        }
    }

    private static double finite(double d) {
        return Double.isFinite(d) ? d : 0.0;
    }
}
