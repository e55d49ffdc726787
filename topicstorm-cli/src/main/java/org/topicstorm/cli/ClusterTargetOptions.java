package org.topicstorm.cli;

import org.topicstorm.cluster.Installation;
import org.topicstorm.cluster.LocalStormCluster;
import org.topicstorm.cluster.StormClient;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/** How submit and kill find Nimbus: --nimbus, --storm-conf, or the local cluster. */
final class ClusterTargetOptions {

    @Option(names = "--nimbus", paramLabel = "HOST:PORT", description = "Nimbus's Thrift address (port default 6627).")
    String nimbus;

    @Option(names = "--storm-conf", paramLabel = "FILE",
            description = "A storm.yaml naming Nimbus (nimbus.seeds, nimbus.thrift.port and any transport/TLS settings).")
    Path stormConf;

    StormClient.Target resolve() {
        if (nimbus != null && stormConf != null) {
            throw new IllegalArgumentException("give either --nimbus or --storm-conf, not both");
        }
        if (nimbus != null) {
            return StormClient.Target.fromHostPort(nimbus);
        }
        if (stormConf != null) {
            return StormClient.Target.fromStormYaml(stormConf);
        }
        try {
            LocalStormCluster cluster = ClusterCommand.cluster(LocalStormCluster.defaultHome(), null);
            if (cluster.status().running()) {
                return StormClient.Target.fromStormYaml(cluster.stormYaml());
            }
        } catch (IllegalStateException e) {
            // not run from a checkout: there is no local cluster to use
        }
        throw new IllegalArgumentException("no Storm cluster given: use --nimbus HOST:PORT or --storm-conf FILE, or "
                + "start the local cluster with `topicstorm cluster start`");
    }

    static Installation installation() {
        return Installation.locate();
    }

    /** True when every Nimbus host is this machine (e.g. the local cluster): workers then run here too. */
    static boolean onThisMachine(StormClient.Target target) {
        Object seeds = target.conf().get(org.apache.storm.Config.NIMBUS_SEEDS);
        if (!(seeds instanceof java.util.Collection<?> hosts) || hosts.isEmpty()) {
            return false;
        }
        for (Object host : hosts) {
            String h = String.valueOf(host).strip();
            if (!(h.equals("127.0.0.1") || h.equals("localhost") || h.equals("::1"))) {
                return false;
            }
        }
        return true;
    }
}
