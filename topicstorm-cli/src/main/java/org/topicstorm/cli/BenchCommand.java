package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.topicstorm.bench.BenchNode;
import org.topicstorm.bench.FrontierBench;
import org.topicstorm.bench.Machine;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.frontier.FrontierConfig;
import org.topicstorm.frontier.RankCut;
import org.topicstorm.frontier.StatusMerge;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code topicstorm bench frontier|crawl|throughput}: benchmarks (docs/benchmarks.md). Each starts what it needs on 127.0.0.1
 * (a throwaway Elasticsearch node unless --es-url is given) and stops it when done.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks of the frontier and of a whole local crawl (see docs/benchmarks.md).",
        subcommands = {BenchCommand.Frontier.class, BenchCrawlCommand.class, BenchThroughputCommand.class,
                BenchModelsCommand.class, BenchDuplicatesCommand.class, BenchNewsCommand.class})
final class BenchCommand {

    @Command(name = "frontier", mixinStandardHelpOptions = true,
            description = "Status updater writes/s and spout query latency on a status index of N URLs.")
    static final class Frontier implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--urls", required = true, paramLabel = "N", description = "URLs to load.")
        int urls;

        @Option(names = "--hosts", paramLabel = "H", description = "Hosts they spread over. Default: ${DEFAULT-VALUE}.")
        int hosts = 1000;

        @Option(names = "--batches", paramLabel = "B",
                description = "Spout queries measured (after the warm-up). Default: ${DEFAULT-VALUE}.")
        int batches = 50;

        @Option(names = "--warmup", paramLabel = "N", description = "Spout queries not measured. Default: ${DEFAULT-VALUE}.")
        int warmup = 5;

        @Option(names = "--writers", paramLabel = "N",
                description = "Writer threads (status updater tasks; crawler.flux.yaml runs 1). Default: ${DEFAULT-VALUE}.")
        int writers = 1;

        @Option(names = "--write-batch", paramLabel = "N",
                description = "Status updates per bulk write (status.batch.size). Default: ${DEFAULT-VALUE}.")
        int writeBatch = 500;

        @Option(names = "--updates", paramLabel = "N",
                description = "URLs in each update workload (rediscover, fetched). Default: ${DEFAULT-VALUE}.")
        int updates = 100_000;

        @Option(names = "--outlinks-per-page", paramLabel = "N", description = "New URLs of the load found on one "
                + "parent page (1: each URL its own parent). Default: ${DEFAULT-VALUE}.")
        int outlinksPerPage = 1;

        @Option(names = "--max-rank", paramLabel = "N", description = "The spout query's rank cut "
                + "(frontier.query.max.rank; 0 = none, host share included, as this benchmark ran before 2026-11-27). "
                + "Default: the crawl's (storm-conf/topicstorm-default.yaml), with its host share "
                + "(frontier.query.rank.host.share).")
        Integer maxRank;

        @Option(names = "--near-best", paramLabel = "RATIO", description = "The rank cut's near-best ratio "
                + "(frontier.query.rank.near.best; 0 = the count alone, as this benchmark ran before 2026-11-28). "
                + "Default: the crawl's. The load's priorities are uniform in [0, 1), so with the default 0.9 a tenth "
                + "of the frontier has at least 0.9 x the best's priority: the flat top of a crawl over many equally "
                + "good hosts, where a batch fills every host's places.")
        Double nearBest;

        @Option(names = "--no-links",
                description = "Do not record links (as with status.links.enabled false; the default records them).")
        boolean noLinks;

        @Option(names = "--warmup-urls", paramLabel = "N",
                description = "URLs written first into throwaway indices, not measured, so that Elasticsearch's JIT "
                        + "compiler is warm. Default: ${DEFAULT-VALUE}.")
        int warmupUrls = 50_000;

        @Option(names = "--seed", description = "Random seed of URLs and priorities. Default: ${DEFAULT-VALUE}.")
        long seed = 42;

        @Option(names = "--es-url", paramLabel = "URL",
                description = "Use this Elasticsearch node (its indices bench-frontier-* are deleted and recreated) "
                        + "instead of a throwaway local one.")
        URI esUrl;

        @Option(names = "--keep", description = "Keep the bench-frontier-* indices afterwards (only with --es-url).")
        boolean keep;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            Runnable flush = out::flush;
            java.util.function.Consumer<String> print = line -> {
                out.println(line);
                flush.run();
            };
            FrontierConfig config = FrontierConfig.fromConf(CrawlConf.defaults());
            FrontierBench.Options options = new FrontierBench.Options(urls, hosts, batches, warmup, writers,
                    writeBatch, updates, config.maxHostsPerQuery(), config.maxUrlsPerHost(), !noLinks, warmupUrls, seed,
                    outlinksPerPage, config.maxQueryPages(),
                    new RankCut(maxRank == null ? config.rankCut().maxRank() : maxRank,
                            nearBest == null ? config.rankCut().nearBest() : nearBest, config.rankCut().hostShare()));
            print.accept("machine: " + Machine.describe());
            try (BenchNode node = BenchNode.start(esUrl, print);
                 ElasticsearchClient es = EsClients.create(EsSettings.of(node.url()))) {
                print.accept("Elasticsearch: " + node.describe());
                CrawlIndices indices = new CrawlIndices("bench-frontier");
                indices.delete(es);
                indices.ensure(es, 1);
                try {
                    new FrontierBench(es, indices, new StatusMerge(config.schedule()), options, print).run();
                } finally {
                    if (esUrl != null && !keep) {
                        indices.delete(es);
                    }
                }
            }
            return 0;
        }
    }
}
