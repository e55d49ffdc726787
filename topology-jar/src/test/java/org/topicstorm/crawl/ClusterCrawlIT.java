package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.topicstorm.cluster.CrawlSubmission;
import org.topicstorm.cluster.Installation;
import org.topicstorm.cluster.LocalStormCluster;
import org.topicstorm.cluster.StormClient;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.frontier.CrawlState;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.relevance.EsModelStateStore;
import org.topicstorm.relevance.ThresholdTuner;
import org.topicstorm.site.DemoSite;
import org.topicstorm.site.SiteServer;
import org.topicstorm.topic.TopicLoader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The crawl topology jar on a real multi-process Storm cluster: ZooKeeper, Nimbus and a Supervisor in JVMs of
 * their own, the crawl in a worker JVM launched by the Supervisor, against a real ES node and the demo site on
 * 127.0.0.1. Submitted the way `topicstorm submit` does it, killed when every page is DONE or DISCARDED. A second
 * crawl has its worker JVM killed (SIGKILL) halfway and must lose no URL.
 */
class ClusterCrawlIT {

    private static final Duration CRAWL_DEADLINE = Duration.ofMinutes(3);

    private static LocalStormCluster cluster;
    private static Thread stopOnExit;

    @BeforeAll
    static void startCluster() throws Exception {
        // The ES node starts meanwhile: both mostly wait for JVMs to come up.
        java.util.concurrent.CompletableFuture<java.net.URI> es =
                java.util.concurrent.CompletableFuture.supplyAsync(EsTestNode::url);
        Installation checkout = new Installation(Path.of("..").toAbsolutePath().normalize());
        Path home = Path.of("target/cluster-it").toAbsolutePath();
        cluster = new LocalStormCluster(home, checkout.localClusterInstall(),
                new LocalStormCluster.Options(512, Duration.ofSeconds(120)), line -> System.out.println("[cluster] " + line));
        // A run killed with SIGKILL may have left its cluster running: stop it, then start from an empty home
        // (logs and worker artifacts of an earlier run would only confuse a failure's diagnostics).
        cluster.stop();
        if (Files.exists(home)) {
            try (var paths = Files.walk(home)) {
                for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        // Whatever happens to this JVM short of SIGKILL, the cluster's processes go with it.
        stopOnExit = new Thread(() -> {
            try {
                cluster.stop();
            } catch (IOException | RuntimeException e) {
                System.err.println("could not stop the test Storm cluster: " + e);
            }
        }, "cluster-it-stop");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
        cluster.start();
        es.join();
    }

    @AfterAll
    static void stopCluster() throws IOException {
        if (cluster != null) {
            cluster.stop();
            assertTrue(cluster.processesOfThisHome().isEmpty(), "no process of the cluster is left");
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        }
    }

    @Test
    void crawlsTheDemoSiteInAWorkerJvmAndIsKilled() throws Throwable {
        CrawlIndices indices = new CrawlIndices("cluster-it");
        Path jar = new Installation(Path.of("..").toAbsolutePath().normalize()).topologyJar().orElseThrow();
        Path topicFile = Files.createTempFile("cluster-it-topic", ".yaml");
        try (SiteServer site = DemoSite.serve();
             ElasticsearchClient es = EsClients.create(EsTestNode.settings());
             StormClient storm = StormClient.connect(StormClient.Target.fromStormYaml(cluster.stormYaml()))) {
            indices.delete(es);
            Files.writeString(topicFile, "name: cluster-it\nlanguages: [en]\nkeywords:\n" + DemoSite.TOPIC_KEYWORDS
                    + "seeds:\n  - " + site.base() + "/\nthreshold: 0.3\nstrategy: best-first\nfocus: soft\n"
                    // a model with crawl state: the submission must make it before the workers look for it
                    + "relevance: {self-tuning: {}}\n");
            Map<String, Object> conf = CrawlTestSupport.testConf(EsTestNode.url().toString(), indices, topicFile);
            conf.put("topicstorm.parallelism.fetcher", 2);   // the cluster flux's placeholders are filled
            CrawlSubmission.Result submitted = new CrawlSubmission(line -> System.out.println("[submit] " + line))
                    .submit(storm, new CrawlSubmission.Request(TopicLoader.load(topicFile), topicFile,
                            Files.readString(topicFile), indices.crawl(), conf, "the test configuration", null, 1, jar));
            assertEquals("topicstorm-cluster-it", submitted.topologyName());
            assertEquals(List.of(site.base() + "/"), submitted.seedsInjected());

            Map<String, StatusDoc> status;
            try {
                status = awaitCrawlDone(es, indices);
                // the crawl ran in a worker JVM of its own, on loopback only like the daemons
                assertFalse(cluster.workerLogs().isEmpty(), "a worker was launched and logged");
                List<ProcessHandle> processes = cluster.processesOfThisHome();
                assertTrue(processes.size() > 3, "a worker runs besides the 3 daemons: " + processes.size());
                List<ListeningSockets.Listener> listeners = ListeningSockets.of(
                        processes.stream().map(ProcessHandle::pid).toList());
                assertFalse(listeners.isEmpty(), "the daemons listen");
                assertTrue(listeners.stream().allMatch(ListeningSockets.Listener::loopback),
                        "every listener is on 127.0.0.1: " + listeners);
            } catch (Throwable t) {
                System.out.println(diagnostics());
                // CI shows little more than the failure summary: the gist of the logs goes into the message.
                throw new AssertionError(t.getMessage() + "\n" + summary(storm), t);
            } finally {
                assertTrue(storm.kill(submitted.topologyName(), 1), "the topology was running until killed");
            }
            awaitGone(storm, submitted.topologyName());

            // what ES holds: every page fetched once, energy pages relevant, the rest discarded
            Set<String> done = status.values().stream().filter(d -> d.state() == CrawlState.DONE)
                    .map(StatusDoc::url).collect(Collectors.toCollection(TreeSet::new));
            assertTrue(done.contains(site.url("/cooking/solar-cookers")), "the energy page behind a cooking page");
            for (StatusDoc d : status.values()) {
                if (d.url().contains("/energy/")) {
                    assertEquals(CrawlState.DONE, d.state(), d.url());
                }
                if (d.url().contains("/football/")) {
                    assertEquals(CrawlState.DISCARDED, d.state(), d.url());
                }
            }
            assertEquals(done, new TreeSet<>(CrawlTestSupport.contentDocs(es, indices).keySet()),
                    "the content index holds exactly the relevant pages");
            assertEquals(1, site.requests().stream().filter("/"::equals).count(), "the seed was fetched once");
            assertTrue(site.requests().stream().noneMatch(p -> p.startsWith("/admin")), "robots.txt honoured");
            // the self-tuned threshold's state was made at submission and, with no judgement, stayed at 0.3
            assertEquals(0.3, new EsModelStateStore(es, indices.model())
                    .load(ThresholdTuner.KIND, ThresholdTuner.State.class).orElseThrow().r(), 1e-12);
        } finally {
            Files.deleteIfExists(topicFile);
        }
    }

    /**
     * The worker JVM is killed with SIGKILL in the middle of a crawl of {@link ChainSite} (a site where one lost
     * outlink write would leave pages unknown): the Supervisor launches a new worker, whose spout reads the frontier
     * from ES again, and the crawl finishes with every page known and DONE. Pages being fetched at the kill are
     * fetched again (counted, not judged).
     */
    @Test
    void aWorkerKilledMidCrawlIsRelaunchedAndNoUrlIsLost() throws Throwable {
        int pages = 60;
        CrawlIndices indices = new CrawlIndices("cluster-kill-it");
        Path jar = new Installation(Path.of("..").toAbsolutePath().normalize()).topologyJar().orElseThrow();
        Path topicFile = Files.createTempFile("cluster-kill-it-topic", ".yaml");
        try (SiteServer site = ChainSite.serve(pages, 200);
             ElasticsearchClient es = EsClients.create(EsTestNode.settings());
             StormClient storm = StormClient.connect(StormClient.Target.fromStormYaml(cluster.stormYaml()))) {
            indices.delete(es);
            Files.writeString(topicFile, ChainSite.topicYaml(site, "cluster-kill-it"));
            Map<String, Object> conf = CrawlTestSupport.testConf(EsTestNode.url().toString(), indices, topicFile);
            conf.put("topicstorm.parallelism.fetcher", 2);
            // tiny status batches: a page's writes straddle several bulk requests, so the kill can fall between them
            conf.put("status.batch.size", 2);
            long start = System.currentTimeMillis();
            CrawlSubmission.Result submitted = new CrawlSubmission(line -> System.out.println("[submit] " + line))
                    .submit(storm, new CrawlSubmission.Request(TopicLoader.load(topicFile), topicFile,
                            Files.readString(topicFile), indices.crawl(), conf, "the test configuration", null, 1, jar));
            try {
                Instant deadline = Instant.now().plus(CRAWL_DEADLINE);
                long doneBefore;
                while ((doneBefore = ChainSite.done(es, indices)) < 10) {
                    assertTrue(Instant.now().isBefore(deadline), "10 pages DONE within " + CRAWL_DEADLINE);
                    Thread.sleep(300);
                }
                ProcessHandle worker = worker();
                long killedAt = System.currentTimeMillis();
                assertTrue(worker.destroyForcibly(), "SIGKILL sent to the worker (pid " + worker.pid() + ")");
                worker.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
                int requestsAtKill = site.requests().size();

                // the Supervisor notices the dead worker and launches another one
                ProcessHandle relaunched = null;
                while (relaunched == null) {
                    assertTrue(System.currentTimeMillis() - killedAt < 120_000,
                            "a new worker within 120 s of the kill");
                    Thread.sleep(200);
                    relaunched = workers().stream().filter(p -> p.pid() != worker.pid()).findFirst().orElse(null);
                }
                long relaunchedAt = System.currentTimeMillis();
                // the killed worker sends nothing more: a request from now on comes from the new one
                while (site.requests().size() == requestsAtKill) {
                    assertTrue(System.currentTimeMillis() - killedAt < 120_000,
                            "the new worker fetches within 120 s of the kill");
                    Thread.sleep(200);
                }
                long fetchingAgainAt = System.currentTimeMillis();
                Map<String, StatusDoc> status = awaitCrawlDone(es, indices);
                ChainSite.assertEveryPageDone(es, indices, site, pages);
                Map<String, Long> twice = ChainSite.fetchedMoreThanOnce(site);
                System.out.printf("[cluster-kill] %d of %d pages DONE %d ms after the submission; worker pid %d "
                                + "killed (SIGKILL); new worker pid %d up %d ms later, fetching %d ms after the kill; "
                                + "%d requests to the site before the kill, %d after; all %d pages DONE and indexed "
                                + "%d ms after the kill; %d page requests for %d pages, fetched more than once: %s%n",
                        doneBefore, pages, killedAt - start, worker.pid(), relaunched.pid(), relaunchedAt - killedAt,
                        fetchingAgainAt - killedAt, requestsAtKill, site.requests().size() - requestsAtKill, status.size(),
                        System.currentTimeMillis() - killedAt,
                        site.requests().stream().filter(p -> p.startsWith("/p")).count(), pages, twice);
            } catch (Throwable t) {
                System.out.println(diagnostics());
                throw new AssertionError(t.getMessage() + "\n" + summary(storm), t);
            } finally {
                assertTrue(storm.kill(submitted.topologyName(), 1), "the topology was running until killed");
            }
            awaitGone(storm, submitted.topologyName());
        } finally {
            Files.deleteIfExists(topicFile);
        }
    }

    /** The cluster's worker JVMs (not the LogWriter that launches each and logs its console: its command line names the worker's class too). */
    private static List<ProcessHandle> workers() {
        return cluster.processesOfThisHome().stream().filter(p -> {
            String cmd = commandLine(p);
            return cmd.contains(" org.apache.storm.daemon.worker.Worker ") && !cmd.contains("org.apache.storm.LogWriter");
        }).toList();
    }

    /** The one worker JVM running now. */
    private static ProcessHandle worker() {
        List<ProcessHandle> workers = workers();
        assertEquals(1, workers.size(), "one worker JVM runs: " + workers.stream().map(ProcessHandle::pid).toList());
        return workers.get(0);
    }

    private static String commandLine(ProcessHandle p) {
        try {
            return new String(Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
                    java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
            return "";
        }
    }

    /** Polls the status index until nothing waits and every page is DONE or DISCARDED, twice in a row. */
    private static Map<String, StatusDoc> awaitCrawlDone(ElasticsearchClient es, CrawlIndices indices)
            throws Exception {
        Instant deadline = Instant.now().plus(CRAWL_DEADLINE);
        int settled = 0;
        Map<String, StatusDoc> docs = Map.of();
        while (Instant.now().isBefore(deadline)) {
            Thread.sleep(2000);
            docs = CrawlTestSupport.statusDocs(es, indices);
            boolean finished = docs.size() > 1 && docs.values().stream()
                    .allMatch(d -> d.state() == CrawlState.DONE || d.state() == CrawlState.DISCARDED);
            settled = finished ? settled + 1 : 0;
            if (settled == 2) {
                return docs;
            }
        }
        Map<CrawlState, Long> byState = docs.values().stream()
                .collect(Collectors.groupingBy(StatusDoc::state, Collectors.counting()));
        throw new AssertionError("the crawl did not finish within " + CRAWL_DEADLINE.toSeconds() + " s; states: "
                + byState);
    }

    private static void awaitGone(StormClient storm, String topology) throws InterruptedException {
        Instant deadline = Instant.now().plusSeconds(60);
        while (storm.topologyNames().contains(topology)) {
            assertTrue(Instant.now().isBefore(deadline), topology + " still listed 60 s after the kill");
            Thread.sleep(500);
        }
    }

    /** What most likely explains a stuck crawl, short enough for a failure message: slot states, worker errors. */
    private static String summary(StormClient storm) {
        StringBuilder out = new StringBuilder("-- topologies: ");
        try {
            out.append(storm.topologies().stream().map(t -> t.get_name() + " " + t.get_status() + " workers="
                    + t.get_num_workers() + " up " + t.get_uptime_secs() + " s").toList());
        } catch (RuntimeException e) {
            out.append("(not listed: ").append(e).append(')');
        }
        out.append("\n-- supervisor slot states:\n");
        try {
            Path supervisorLog = cluster.logsDir().resolve("supervisor.log");
            if (Files.isRegularFile(supervisorLog)) {
                Files.readAllLines(supervisorLog).stream().filter(l -> l.contains("Slot - STATE")
                                || l.contains(" ERROR ") || l.contains(" WARN "))
                        .map(ClusterCrawlIT::clip)
                        .forEach(l -> out.append(l).append('\n'));
            }
            for (Path log : cluster.workerLogs()) {
                // what the worker JVM printed outside log4j (a JVM that could not start says why there)
                for (String console : List.of("worker.log.err", "worker.log.out")) {
                    Path file = log.resolveSibling(console);
                    if (Files.isRegularFile(file) && Files.size(file) > 0) {
                        List<String> lines = Files.readAllLines(file);
                        out.append("-- ").append(console).append(":\n").append(String.join("\n",
                                lines.subList(Math.max(0, lines.size() - 10), lines.size()))).append('\n');
                    }
                }
                List<String> lines = Files.readAllLines(log);
                out.append("-- ").append(log.getFileName()).append(" (").append(lines.size())
                        .append(" lines), warnings and errors:\n");
                List<String> bad = lines.stream().filter(l -> l.contains(" WARN ") || l.contains(" ERROR ")
                        || l.startsWith("Caused by") || l.contains("Exception")).toList();
                bad.subList(Math.max(0, bad.size() - 25), bad.size()).stream()
                        .map(ClusterCrawlIT::clip)
                        .forEach(l -> out.append(l).append('\n'));
                out.append("-- last lines:\n");
                lines.subList(Math.max(0, lines.size() - 8), lines.size()).stream()
                        .map(ClusterCrawlIT::clip)
                        .forEach(l -> out.append(l).append('\n'));
            }
        } catch (IOException e) {
            out.append("(worker logs unreadable: ").append(e).append(")\n");
        }
        return out.toString();
    }

    /** A log line cut to 300 characters: Storm logs whole configurations on one line. */
    private static String clip(String line) {
        return line.length() > 300 ? line.substring(0, 300) : line;
    }

    private static String diagnostics() {
        StringBuilder out = new StringBuilder("---- Storm cluster logs ----\n");
        for (String daemon : LocalStormCluster.DAEMON_NAMES) {
            out.append("== ").append(daemon).append(" ==\n").append(cluster.tail(daemon)).append('\n');
        }
        try {
            for (Path log : cluster.workerLogs()) {
                List<String> lines = Files.readAllLines(log);
                out.append("== ").append(log).append(" ==\n")
                        .append(String.join("\n", new ArrayList<>(lines.subList(Math.max(0, lines.size() - 60),
                                lines.size())))).append('\n');
            }
        } catch (IOException e) {
            out.append("(worker logs unreadable: ").append(e).append(")\n");
        }
        return out.toString();
    }
}
