package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.graph.BaseSet;
import org.topicstorm.graph.CombinedRank;
import org.topicstorm.graph.CrawlRanker;
import org.topicstorm.graph.Hits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code topicstorm rank}: HITS hub and authority scores, and the combined rank, for a crawl's relevant pages. */
@Command(name = "rank", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Rank a crawl's relevant pages with HITS (Kleinberg), as the 000 paper does: hub and "
                + "authority scores, and a combined rank of relevance and authority, written to its content index.",
                "Root set: the --root most relevant pages. Base set: the root set, every page a root page links to, and "
                        + "at most --in-per-root pages linking to each root page (from the links index). The links "
                        + "between base pages are iterated until no score moves by --epsilon (or --max-iterations)."},
        footer = {"", "Every page of <crawl>-content gets:",
                "  hub, authority   its HITS scores (each vector of unit length; 0 outside the base set)",
                "  rank             lambda * relevance + (1 - lambda) * authority / (highest authority of a page of the index)",
                "  ranked           the time of this run",
                "Pages of the base set that the crawl did not keep (not fetched, or not relevant) take part in the "
                        + "iteration and appear in the summary (marked *), but have no document to hold a score.",
                "Best pages afterwards: `topicstorm stats --crawl NAME`, or sort <crawl>-content by rank."})
final class RankCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--crawl", required = true, paramLabel = "NAME", description = "Crawl name.")
    String crawlName;

    @Option(names = "--root", paramLabel = "N",
            description = "Root set size t: the most relevant pages. Default: ${DEFAULT-VALUE} (Kleinberg's t).")
    int root = BaseSet.DEFAULT_ROOT_SIZE;

    @Option(names = "--in-per-root", paramLabel = "D",
            description = "At most this many pages linking to each root page join the base set (0: none). "
                    + "Default: ${DEFAULT-VALUE} (Kleinberg's d).")
    int inPerRoot = BaseSet.DEFAULT_INLINKS_PER_ROOT;

    @Option(names = "--epsilon", paramLabel = "E",
            description = "Stop when no hub or authority score changes by this much. Default: ${DEFAULT-VALUE}.")
    double epsilon = Hits.DEFAULT_EPSILON;

    @Option(names = "--max-iterations", paramLabel = "K",
            description = "Stop after this many rounds at the latest. Default: ${DEFAULT-VALUE} (Kleinberg saw 20 "
                    + "suffice).")
    int maxIterations = Hits.DEFAULT_MAX_ITERATIONS;

    @Option(names = "--lambda", paramLabel = "L",
            description = "Weight of relevance in the combined rank, 0 to 1 (1 - L goes to authority). "
                    + "Default: ${DEFAULT-VALUE}.")
    double lambda = CombinedRank.DEFAULT_LAMBDA;

    @Option(names = "--cross-host-only",
            description = "Only links between different hosts count (Kleinberg's transverse links; a crawl of one "
                    + "site then has none). Default: all links.")
    boolean crossHostOnly;

    @Option(names = "--top", paramLabel = "N", description = "Authorities and hubs listed. Default: ${DEFAULT-VALUE}.")
    int top = 10;

    @Mixin
    CrawlConnection.Options connection;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        CrawlRanker.Settings settings = settings();
        CrawlIndices indices = new CrawlIndices(crawlName);
        EsSettings es = connection.settings();
        try (ElasticsearchClient client = EsClients.create(es)) {
            CrawlConnection.requireIndex(client, crawlName, indices.content());
            CrawlConnection.requireIndex(client, crawlName, indices.links());
            print(out, new CrawlRanker(client, indices).rank(settings, top, System.currentTimeMillis()));
        }
        out.flush();
        return 0;
    }

    /** The options, checked before anything is read (each error names its option). */
    CrawlRanker.Settings settings() {
        if (root < 1 || root > CrawlRanker.MAX_ROOT_SIZE) {
            throw new IllegalArgumentException("--root must be between 1 and " + CrawlRanker.MAX_ROOT_SIZE + ", got "
                    + root);
        }
        if (inPerRoot < 0) {
            throw new IllegalArgumentException("--in-per-root must be 0 or more, got " + inPerRoot);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new IllegalArgumentException("--epsilon must be a positive number, got " + epsilon);
        }
        if (maxIterations < 1) {
            throw new IllegalArgumentException("--max-iterations must be at least 1, got " + maxIterations);
        }
        if (!(lambda >= 0 && lambda <= 1)) {
            throw new IllegalArgumentException("--lambda must be between 0 and 1, got " + lambda);
        }
        if (top < 0) {
            throw new IllegalArgumentException("--top must be 0 or more, got " + top);
        }
        return new CrawlRanker.Settings(root, new BaseSet.Params(inPerRoot, crossHostOnly),
                new Hits.Params(epsilon, maxIterations), new CombinedRank(lambda));
    }

    private void print(PrintWriter out, CrawlRanker.Summary s) {
        BaseSet.Result b = s.baseSet();
        out.printf(Locale.ROOT, "Crawl '%s': base set of %d pages (%d root, %d linked from the root, %d linking to it), "
                + "%d links%s%n", crawlName, s.nodes(), b.root(), b.outlinked(), b.inlinking(), s.edges(),
                b.linksLeftOut() > 0 ? " (" + b.linksLeftOut() + " links within a host left out)" : "");
        Hits.Result h = s.hits();
        CrawlRanker.Timings ms = s.millis();
        out.printf(Locale.ROOT, "HITS: %d iterations, %s (base set %d ms, iteration %d ms, writing %d ms)%n",
                h.iterations(), h.converged() ? "converged" : "NOT converged: stopped at --max-iterations",
                ms.baseSet(), ms.hits(), ms.write());
        out.printf(Locale.ROOT, "Scores written to %d pages of %s-content%s%n", s.pagesUpdated(), crawlName,
                s.pagesGone() > 0 ? " (" + s.pagesGone() + " removed meanwhile)" : "");
        if (top == 0) {
            return;
        }
        list(out, "Top authorities", s.topAuthorities());
        list(out, "Top hubs", s.topHubs());
        if (s.topAuthorities().stream().anyMatch(p -> !p.inContent())
                || s.topHubs().stream().anyMatch(p -> !p.inContent())) {
            out.println("  (* not in the content index: not fetched or not relevant; no score written)");
        }
    }

    private static void list(PrintWriter out, String title, List<CrawlRanker.Scored> pages) {
        if (pages.isEmpty()) {
            out.println(title + ": none (no links between the pages of the base set)");
            return;
        }
        out.println(title + ":");
        for (CrawlRanker.Scored p : pages) {
            out.printf(Locale.ROOT, "  %.4f %s %s%n", p.score(), p.inContent() ? " " : "*", p.url());
        }
    }
}
