package org.topicstorm.topology;

import org.apache.storm.Config;
import org.apache.storm.LocalCluster;
import org.apache.storm.generated.StormTopology;
import org.apache.storm.shade.org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
        LocalCluster cluster = new LocalCluster.Builder().withDaemonConf(daemonConf).build();
        return new LocalStorm(zkDir, factory, zk, cluster);
    }

    public void submit(String name, Config config, StormTopology topology) throws Exception {
        cluster.submitTopology(name, config, topology);
    }

    public LocalCluster cluster() {
        return cluster;
    }

    @Override
    public void close() throws Exception {
        try {
            cluster.close();
        } finally {
            zkFactory.shutdown();
            zk.shutdown();
            deleteTree(zkDir);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
