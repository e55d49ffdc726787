package org.topicstorm.topology;

import org.apache.commons.io.FileUtils;
import org.apache.storm.Config;
import org.apache.storm.DaemonConfig;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.KillOptions;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.metricstore.NoOpMetricStore;
import org.apache.storm.shade.org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServer;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Storm's LocalCluster with its ZooKeeper bound to 127.0.0.1 (the default in-process ZooKeeper listens on every
 * interface). Closing it stops the cluster, then ZooKeeper, and deletes ZooKeeper's data.
 */
public final class LocalStorm implements AutoCloseable {

    private final Path zkDir;
    private final NIOServerCnxnFactory zkFactory;
    private final ZooKeeperServer zk;
    private final LocalCluster cluster;

    private LocalStorm(Path zkDir, NIOServerCnxnFactory zkFactory, ZooKeeperServer zk, LocalCluster cluster) {
        this.zkDir = zkDir;
        this.zkFactory = zkFactory;
        this.zk = zk;
        this.cluster = cluster;
    }

    public static LocalStorm start() throws Exception {
        Path zkDir = Files.createTempDirectory("topicstorm-zk");
        ZooKeeperServer zk = new ZooKeeperServer(zkDir.toFile(), zkDir.toFile(), 2000);
        NIOServerCnxnFactory factory = new NIOServerCnxnFactory();
        factory.configure(new InetSocketAddress("127.0.0.1", 0), 100);
        factory.startup(zk);
        int port = factory.getLocalPort();

        Map<String, Object> daemonConf = new HashMap<>();
        daemonConf.put(Config.STORM_ZOOKEEPER_SERVERS, List.of("127.0.0.1"));
        daemonConf.put(Config.STORM_ZOOKEEPER_PORT, port);
        daemonConf.put(Config.STORM_LOCAL_HOSTNAME, "127.0.0.1");
        // A local crawl runs one worker: one Supervisor (Storm's default is two, each taking seconds to shut down),
        // which reads its assignment every second rather than every three (a topology starts that much sooner).
        daemonConf.put(DaemonConfig.SUPERVISOR_MONITOR_FREQUENCY_SECS, 1);
        // its worker runs in this JVM and is stopped when it is killed: no grace period for a process to exit
        daemonConf.put(Config.SUPERVISOR_WORKER_SHUTDOWN_SLEEP_SECS, 0);
        // Storm's default metric store opens a RocksDB database per Nimbus and its close() never closes it: each local
        // cluster left an open native database behind, and a test JVM that had started dozens aborted at exit in
        // native code ("std::bad_alloc"). A local crawl reads nothing from that store.
        daemonConf.put(DaemonConfig.STORM_METRIC_STORE_CLASS, NoOpMetricStore.class.getName());
        LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(daemonConf).withSupervisors(1).build();
        return new LocalStorm(zkDir, factory, zk, cluster);
    }

    /**
     * Starts a cluster on its own thread, so that the caller can meanwhile set up the crawl (indices, the model's
     * bootstrap, the seeds): the start takes ZooKeeper, Nimbus and a Supervisor 1-3 s.
     */
    public static Starting startInBackground() {
        CompletableFuture<LocalStorm> future = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                future.complete(start());
            } catch (Throwable e) {
                future.completeExceptionally(e);
            }
        }, "local-storm-start");
        t.setDaemon(true);
        t.start();
        return new Starting(future);
    }

    /**
     * A cluster being started by {@link #startInBackground}. {@link #get} waits for it and hands it over (its caller
     * then closes it); closing a cluster never handed over waits for its start and closes it, so a crawl whose set-up
     * fails leaves no cluster running.
     */
    public static final class Starting implements AutoCloseable {
        private final CompletableFuture<LocalStorm> future;
        private boolean handedOver;

        private Starting(CompletableFuture<LocalStorm> future) {
            this.future = future;
        }

        /** The started cluster; throws what its start threw. */
        public LocalStorm get() throws Exception {
            try {
                LocalStorm storm = future.get();
                handedOver = true;
                return storm;
            } catch (ExecutionException e) {
                throw e.getCause() instanceof Exception x ? x : e;
            }
        }

        @Override
        public void close() throws Exception {
            if (handedOver) {
                return;
            }
            LocalStorm storm;
            try {
                storm = future.get();
            } catch (ExecutionException e) {
                return;   // it never started: nothing to close (get() reports why)
            } catch (InterruptedException e) {
                // stop waiting, but close the cluster once it is up
                future.thenAccept(LocalStorm::closeQuietly);
                Thread.currentThread().interrupt();
                throw e;
            }
            storm.close();
        }
    }

    public void submit(String name, Config config, StormTopology topology) throws Exception {
        cluster.submitTopology(name, config, topology);
    }

    public LocalCluster cluster() {
        return cluster;
    }

    /** Deactivates a topology: its spouts stop emitting; the tuples in flight go on through the bolts. */
    public void deactivate(String name) throws Exception {
        cluster.deactivate(name);
    }

    /**
     * Kills a topology and returns once Nimbus has removed it. The kill itself does not wait: Nimbus deactivates the
     * topology at once (its spouts stop emitting) and removes it {@code waitSecs} later, in the background; closing
     * the cluster before then would cut that grace period short. Gives up {@link #KILL_TIMEOUT_SECS} after it.
     *
     * @return whether the topology was gone in time
     */
    public boolean kill(String name, int waitSecs) throws Exception {
        KillOptions options = new KillOptions();
        options.set_wait_secs(waitSecs);
        cluster.killTopologyWithOpts(name, options);
        long deadline = System.nanoTime() + (waitSecs + KILL_TIMEOUT_SECS) * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (cluster.getClusterInfo().get_topologies().stream().noneMatch(t -> name.equals(t.get_name()))) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }

    /** Seconds after the kill's grace period that {@link #kill} waits for the topology to be gone. */
    public static final int KILL_TIMEOUT_SECS = 30;

    private static void closeQuietly(LocalStorm storm) {
        try {
            storm.close();
        } catch (Exception e) {
            // nothing left to tell: the crawl was interrupted while it was being set up
        }
    }

    @Override
    public void close() throws Exception {
        try {
            cluster.close();
        } finally {
            zkFactory.shutdown();
            zk.shutdown();
            FileUtils.deleteQuietly(zkDir.toFile()); // best effort, as ZooKeeper may still hold a file
        }
    }
}
