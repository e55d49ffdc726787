package org.topicstorm.cluster;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Where a built TopicStorm checkout keeps what cluster mode needs: the topology jar and the worker libraries
 * (module topology-jar), and the classes and jars the local cluster's daemons run from (module topicstorm-cli, the command line).
 *
 * @param root the checkout's root directory (with topicstorm-cli/ and topology-jar/)
 */
public record Installation(Path root) {

    /** System property the launcher (bin/topicstorm) sets to the checkout's root. */
    public static final String HOME_PROPERTY = "topicstorm.home";

    /** The checkout this code runs from: the launcher's property, else found from where the classes are. */
    public static Installation locate() {
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null && !home.isBlank()) {
            return new Installation(Path.of(home).toAbsolutePath().normalize());
        }
        try {
            Path classes = Path.of(Installation.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            // topicstorm-cli/target/classes -> the checkout
            for (Path p = classes; p != null; p = p.getParent()) {
                if (Files.isDirectory(p.resolve("topicstorm-cli")) && Files.isRegularFile(p.resolve("pom.xml"))) {
                    return new Installation(p);
                }
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through
        }
        throw new IllegalStateException("Cannot tell where the TopicStorm checkout is: run through bin/topicstorm "
                + "or set -D" + HOME_PROPERTY + "=DIR");
    }

    public Path topologyJarDir() {
        return root.resolve("topology-jar/target");
    }

    /** The newest topicstorm-topology-*.jar built in topology-jar/target, if any. */
    public Optional<Path> topologyJar() {
        Path dir = topologyJarDir();
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return name.startsWith("topicstorm-topology-") && name.endsWith(".jar") && !name.endsWith("-module.jar");
            }).max(Comparator.comparingLong(p -> p.toFile().lastModified()));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The jars for the local cluster: daemons from the command line's classes and libraries. */
    public LocalStormCluster.Install localClusterInstall() {
        Path module = root.resolve("topicstorm-cli/target");
        return new LocalStormCluster.Install(List.of(module.resolve("classes"), module.resolve("lib").resolve("*")),
                topologyJarDir().resolve("worker-lib"));
    }
}
