package org.topicstorm.cluster;

import org.apache.storm.shade.org.apache.zookeeper.server.NIOServerCnxnFactory;
import org.apache.storm.shade.org.apache.zookeeper.server.ZooKeeperServer;

import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A standalone ZooKeeper server for the local Storm cluster, run in its own JVM: Storm's shaded ZooKeeper bound
 * to one address (127.0.0.1 by default), never to every interface.
 *
 * <p>Usage: {@code ZooKeeperMain DATA_DIR PORT [HOST]}. Runs until the process is stopped.
 */
public final class ZooKeeperMain {

    /** Milliseconds of ZooKeeper's tick (session timeouts are multiples of it). */
    static final int TICK_MS = 2000;
    static final int MAX_CONNECTIONS = 200;

    private ZooKeeperMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2 || args.length > 3) {
            System.err.println("usage: ZooKeeperMain DATA_DIR PORT [HOST]");
            System.exit(2);
        }
        Path dataDir = Files.createDirectories(Path.of(args[0]));
        int port = Integer.parseInt(args[1]);
        String host = args.length == 3 ? args[2] : "127.0.0.1";
        ZooKeeperServer server = new ZooKeeperServer(dataDir.toFile(), dataDir.toFile(), TICK_MS);
        NIOServerCnxnFactory factory = new NIOServerCnxnFactory();
        factory.configure(new InetSocketAddress(host, port), MAX_CONNECTIONS);
        factory.startup(server);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            factory.shutdown();
            server.shutdown();
        }, "zookeeper-shutdown"));
        System.out.println("ZooKeeper listening on " + host + ":" + factory.getLocalPort());
        factory.join();
    }
}
