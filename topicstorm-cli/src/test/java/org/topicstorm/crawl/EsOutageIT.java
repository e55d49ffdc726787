package org.topicstorm.crawl;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.es.EsTestNode;
import org.topicstorm.es.LocalElasticsearch;
import org.topicstorm.site.SiteServer;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Elasticsearch fails in the middle of a crawl of {@link ChainSite} (a site where one lost outlink write would
 * leave pages unknown): the node is stopped and started again on the same data, or paused for longer than the
 * client's socket timeout and resumed. Writes fail, their tuples fail and are replayed from the frontier, and
 * afterwards the crawl finishes with no URL lost.
 */
class EsOutageIT {

    private static final int PAGES = 60;
    /**
     * The pause: longer than the socket timeout of the crawl's ES client (the low-level RestClient's default,
     * 30 s; EsClients sets none of its own), so that requests sent to the frozen node time out, not just wait.
     */
    private static final long PAUSE_MILLIS = 40_000;

    @Test
    void aCrawlSurvivesElasticsearchGoingAwayAndLosesNoUrl(@TempDir Path tmp) throws Exception {
        crawlThroughAFault(tmp, "es-outage-node", "outage-it", (node, url) -> {
            long t0 = System.currentTimeMillis();
            assertTrue(node.stop(), "the node was running and is stopped");
            long stopped = System.currentTimeMillis();
            Thread.sleep(8_000);
            assertEquals(url, node.start(), "restarted on the same address");
            System.out.printf("[es-fault] restart: node stopped in %d ms, down for %d ms, healthy again %d ms "
                    + "after the stop began%n", stopped - t0, 8_000, System.currentTimeMillis() - t0);
        });
    }

    @Test
    void aCrawlSurvivesElasticsearchFreezingLongerThanTheClientTimeoutAndLosesNoUrl(@TempDir Path tmp)
            throws Exception {
        crawlThroughAFault(tmp, "es-pause-node", "pause-it", (node, url) -> {
            // the pid before the pause: status() asks the node for its health, which a frozen node never gives
            long pid = node.status().pid();
            assertTrue(pid > 0, "the node runs");
            long t0 = System.currentTimeMillis();
            signal("STOP", pid);
            try {
                Thread.sleep(PAUSE_MILLIS);
            } finally {
                // whatever happens, the node is not left frozen (node.stop() could not stop it otherwise)
                signal("CONT", pid);
            }
            System.out.printf("[es-fault] pause: node (pid %d) frozen with SIGSTOP for %d ms, then SIGCONT%n",
                    pid, System.currentTimeMillis() - t0);
        });
    }

    /** What a test does to the node while the crawl runs; returns once the node is back. */
    private interface Fault {
        void inject(LocalElasticsearch node, URI url) throws Exception;
    }

    /**
     * Crawls the chain site with a node of the test's own; once 10 pages are DONE, injects the fault; then expects
     * the crawl to run out of URLs with every page DONE and indexed.
     */
    private static void crawlThroughAFault(Path tmp, String nodeName, String crawlName, Fault fault)
            throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        LocalElasticsearch node = EsTestNode.ownNode(nodeName, port);
        URI url = node.start();
        try (SiteServer site = ChainSite.serve(PAGES, 150);
             ElasticsearchClient client = EsClients.create(EsSettings.of(url))) {
            Path topicFile = tmp.resolve("solar.yaml");
            Files.writeString(topicFile, ChainSite.topicYaml(site, "solar"));
            CrawlIndices indices = new CrawlIndices(crawlName);

            long start = System.currentTimeMillis();
            CompletableFuture<CrawlRunner.Summary> crawl = CompletableFuture.supplyAsync(() -> {
                try {
                    // tiny status batches: a page's writes straddle several bulk requests, as under load
                    return CrawlTestSupport.crawl(url.toString(), topicFile, indices,
                            Map.of(CrawlRunner.IDLE_STOP_SECS, 10, "status.batch.size", 2), 0, null);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });

            // let it fetch some pages, then inject the fault
            long deadline = System.currentTimeMillis() + 120_000;
            long doneBefore;
            while ((doneBefore = ChainSite.done(client, indices)) < 10) {
                assertTrue(System.currentTimeMillis() < deadline, "the crawl did not start");
                Thread.sleep(300);
            }
            long faultAt = System.currentTimeMillis();
            fault.inject(node, url);
            long backAt = System.currentTimeMillis();

            CrawlRunner.Summary summary = crawl.get(5, TimeUnit.MINUTES);
            long end = System.currentTimeMillis();
            assertEquals(CrawlRunner.StopReason.FRONTIER_EXHAUSTED, summary.reason());
            ChainSite.assertEveryPageDone(client, indices, site, PAGES);
            Map<String, Long> twice = ChainSite.fetchedMoreThanOnce(site);
            System.out.printf("[es-fault] %s: %d pages DONE when the fault began (%d ms into the crawl); node back "
                            + "%d ms later; crawl over %d ms after that (%d ms in all, idle stop included); all %d "
                            + "pages DONE and indexed; %d page requests for %d pages, fetched more than once: %s%n",
                    crawlName, doneBefore, faultAt - start, backAt - faultAt, end - backAt, end - start, PAGES,
                    site.requests().stream().filter(p -> p.startsWith("/p")).count(), PAGES, twice);
        } finally {
            node.stop();
        }
    }

    /** Sends a signal (STOP, CONT) to a process with kill(1). */
    private static void signal(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        String output = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(kill.waitFor(10, TimeUnit.SECONDS), "kill -" + signal + " " + pid + " returned");
        assertEquals(0, kill.exitValue(), "kill -" + signal + " " + pid + ": " + output);
    }
}
