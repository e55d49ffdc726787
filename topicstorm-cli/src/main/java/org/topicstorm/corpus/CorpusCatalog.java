package org.topicstorm.corpus;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import org.apache.commons.io.FileUtils;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Where corpora come from: the known ones ({@code python3.11-doc}, {@code libreoffice-help-en-us},
 * {@code libreoffice-help-zh-cn}, {@code postgresql-doc-15}) are fetched from Debian packages into a cache directory
 * on first use and reused afterwards; any directory of static HTML can be registered under a name with labelling patterns (kept in
 * {@code registry.yaml} in the cache directory).
 *
 * <p>The cache directory is {@code $TOPICSTORM_CORPORA} if set, else {@code ~/.topicstorm/corpora}. A fetched
 * corpus lives in {@code <cache>/<name>/package/} (the package's files), with {@code labels.tsv} when its labels
 * are computed from the pages, and a {@code .complete} marker written last: a fetch that was interrupted is redone.
 */
public final class CorpusCatalog {

    /** Environment variable naming the cache directory. */
    public static final String HOME_ENV = "TOPICSTORM_CORPORA";
    static final String REGISTRY = "registry.yaml";
    static final String COMPLETE = ".complete";
    static final String LABELS = "labels.tsv";

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final Path home;

    public CorpusCatalog(Path home) {
        this.home = home.toAbsolutePath().normalize();
    }

    /** The catalog in {@code $TOPICSTORM_CORPORA}, or else {@code ~/.topicstorm/corpora}. */
    public static CorpusCatalog openDefault() {
        String env = System.getenv(HOME_ENV);
        return new CorpusCatalog(env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".topicstorm", "corpora"));
    }

    public Path home() {
        return home;
    }

    /** Names of the known corpora (fetchable from Debian packages). */
    public static List<String> knownNames() {
        return KnownCorpora.ALL.stream().map(KnownCorpora.Definition::name).toList();
    }

    /**
     * The corpus called {@code name}: a registered one, or a known one, fetched first if it is not in the cache.
     *
     * @param progress receives a line for each step of a fetch
     * @throws IllegalArgumentException when no corpus has that name
     * @throws IOException              when fetching fails (apt-get or dpkg-deb missing, download failed, ...)
     */
    public Corpus get(String name, Consumer<String> progress) throws IOException {
        Map<String, Registered> registered = readRegistry();
        if (registered.containsKey(name)) {
            return registered.get(name).toCorpus(name);
        }
        KnownCorpora.Definition def = KnownCorpora.find(name).orElseThrow(() -> new IllegalArgumentException(
                "no corpus '" + name + "': known are " + String.join(", ", knownNames())
                        + (registered.isEmpty() ? "" : "; registered are " + String.join(", ", registered.keySet()))));
        if (!Files.exists(home.resolve(name).resolve(COMPLETE))) {
            fetch(def, progress);
        }
        return known(def);
    }

    /** The corpus if it is registered or already fetched; never fetches. */
    public Optional<Corpus> ifPresent(String name) throws IOException {
        Map<String, Registered> registered = readRegistry();
        if (registered.containsKey(name)) {
            return Optional.of(registered.get(name).toCorpus(name));
        }
        Optional<KnownCorpora.Definition> def = KnownCorpora.find(name);
        if (def.isPresent() && Files.exists(home.resolve(name).resolve(COMPLETE))) {
            return Optional.of(known(def.get()));
        }
        return Optional.empty();
    }

    /** A line of {@code topicstorm corpus list}. */
    public record Listing(String name, String source, String description, boolean available, int pages) {
    }

    /** Every known and registered corpus, with its page count when it is available. */
    public List<Listing> list() throws IOException {
        List<Listing> all = new ArrayList<>();
        for (KnownCorpora.Definition d : KnownCorpora.ALL) {
            Optional<Corpus> c = ifPresent(d.name());
            all.add(new Listing(d.name(), "Debian package " + d.debianPackage(), d.description(), c.isPresent(),
                    c.map(x -> x.htmlPages(false).size()).orElse(0)));
        }
        for (Map.Entry<String, Registered> e : readRegistry().entrySet()) {
            Corpus c = e.getValue().toCorpus(e.getKey());
            boolean exists = Files.isDirectory(c.root());
            all.add(new Listing(e.getKey(), "directory " + c.root(), "registered; labels: "
                    + String.join(", ", e.getValue().labels()), exists, exists ? c.htmlPages(false).size() : 0));
        }
        return all;
    }

    /**
     * Registers (or re-registers) a directory of static HTML as a corpus.
     *
     * @param labelSpecs {@code PATTERN=LABEL} each (see {@link LabelRule.PathPattern#parse})
     * @param entries    entry pages relative to {@code dir}; empty = index.html if it exists, else the first page
     */
    public Corpus register(String name, Path dir, List<String> labelSpecs, List<String> entries) throws IOException {
        Corpus.checkName(name);
        if (KnownCorpora.find(name).isPresent()) {
            throw new IllegalArgumentException("corpus name '" + name + "' is taken by a known corpus");
        }
        Path root = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("corpus " + name + ": " + dir + " is not a directory");
        }
        LabelRule.parse(labelSpecs); // fails on a bad pattern before anything is written
        List<String> entryPages = new ArrayList<>(entries);
        Corpus probe = new Corpus(name, root, LabelRule.none(), "index.html");
        List<String> pages = probe.htmlPages(false);
        if (pages.isEmpty()) {
            throw new IllegalArgumentException("corpus " + name + ": no .html pages under " + root);
        }
        if (entryPages.isEmpty()) {
            entryPages.add(pages.contains("index.html") ? "index.html" : pages.get(0));
        }
        for (String e : entryPages) {
            if (!pages.contains(e)) {
                throw new IllegalArgumentException("corpus " + name + ": entry page " + e + " is not an HTML page "
                        + "under " + root);
            }
        }
        Map<String, Registered> registry = readRegistry();
        registry.put(name, new Registered(root.toString(), List.copyOf(labelSpecs), entryPages, List.of()));
        writeRegistry(registry);
        return registry.get(name).toCorpus(name);
    }

    // ------------------------------------------------------------------------------------------ fetched corpora

    private Corpus known(KnownCorpora.Definition def) throws IOException {
        Path dir = home.resolve(def.name());
        Path root = dir.resolve("package").resolve(def.siteDir());
        LabelRule labels = def.pythonDocs() ? LabelRule.table(readLabels(dir.resolve(LABELS)))
                : LabelRule.parse(def.labelPatterns());
        return new Corpus(def.name(), root, labels, def.entries(), def.hidden());
    }

    private void fetch(KnownCorpora.Definition def, Consumer<String> progress) throws IOException {
        Files.createDirectories(home);
        Path dir = home.resolve(def.name());
        Path partial = home.resolve(def.name() + ".partial");
        FileUtils.deleteDirectory(partial.toFile());
        progress.accept("downloading Debian package " + def.debianPackage() + " (apt-get download)");
        Path deb = DebianPackages.download(def.debianPackage(), partial.resolve("download"));
        progress.accept("extracting " + deb.getFileName() + " (dpkg-deb -x)");
        DebianPackages.extract(deb, partial.resolve("package"));
        Files.delete(deb);
        Files.delete(partial.resolve("download"));
        Path root = partial.resolve("package").resolve(def.siteDir());
        if (!Files.isDirectory(root)) {
            throw new IOException("package " + def.debianPackage() + " has no directory /" + def.siteDir()
                    + ": not the version TopicStorm knows (Debian 12)");
        }
        if (def.pythonDocs()) {
            Corpus probe = new Corpus(def.name(), root, LabelRule.none(), def.entries(), def.hidden());
            writeLabels(partial.resolve(LABELS), PythonDocLabels.compute(root, probe.htmlPages(false)));
        }
        Files.writeString(partial.resolve(COMPLETE), def.debianPackage() + "\n");
        FileUtils.deleteDirectory(dir.toFile());
        Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
        progress.accept("corpus " + def.name() + " is in " + dir);
    }

    private static void writeLabels(Path file, Map<String, String> labels) throws IOException {
        StringBuilder sb = new StringBuilder();
        labels.forEach((page, label) -> sb.append(page).append('\t').append(label).append('\n'));
        Files.writeString(file, sb, StandardCharsets.UTF_8);
    }

    private static Map<String, String> readLabels(Path file) throws IOException {
        Map<String, String> labels = new TreeMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                labels.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return labels;
    }

    // ------------------------------------------------------------------------------------------ the registry

    /** A registered corpus as stored in registry.yaml. */
    record Registered(String root, List<String> labels, List<String> entries, List<String> hidden) {
        Corpus toCorpus(String name) {
            return new Corpus(name, Path.of(root), LabelRule.parse(labels), entries,
                    hidden == null ? List.of() : hidden);
        }
    }

    private Map<String, Registered> readRegistry() throws IOException {
        Path file = home.resolve(REGISTRY);
        if (!Files.exists(file)) {
            return new LinkedHashMap<>();
        }
        try {
            Map<String, Registered> read = YAML.readValue(file.toFile(), new TypeReference<>() {
            });
            return read == null ? new LinkedHashMap<>() : new LinkedHashMap<>(read);
        } catch (IOException e) {
            throw new IOException(file + ": not a valid corpus registry: " + e.getMessage(), e);
        }
    }

    private void writeRegistry(Map<String, Registered> registry) throws IOException {
        Files.createDirectories(home);
        Path tmp = home.resolve(REGISTRY + ".tmp");
        YAML.writeValue(tmp.toFile(), registry);
        Files.move(tmp, home.resolve(REGISTRY), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
