package org.topicstorm.vectors;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * JMH: pages scored per second by {@link Word2VecSimilarity} (docs/benchmarks.md has the command and figures).
 *
 * <p>Vectors: the file in system property {@code topicstorm.bench.vectors} (default: the imported English set).
 * Topic: the n nearest words of "energy" (a focused topic of related words). Pages: 64 synthetic pages of
 * {@code pageWords} distinct words drawn from vocabulary ranks 100-30,000 with Zipf-like weights (a 5-50 KB page
 * has a few hundred to a thousand distinct words), plus 10 % unknown words, as the text pipeline would hand them
 * over: a map of word to tag-weighted frequency.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class Word2VecSimilarityBenchmark {

    @Param({"20", "50"})
    public int m;

    @Param({"10", "30"})
    public int n;

    @Param({"500"})
    public int pageWords;

    private Word2VecSimilarity similarity;
    private List<Map<String, Double>> pages;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        String file = System.getProperty("topicstorm.bench.vectors", WinkImporter.defaultPath().toString());
        Embeddings embeddings = WordVectorsFiles.load(Path.of(file));
        List<String> topic = new ArrayList<>();
        topic.add("energy");
        topic.addAll(embeddings.nearest("energy", n - 1));
        similarity = new Word2VecSimilarity(embeddings, topic, m);
        Random random = new Random(1);
        int maxRank = Math.min(30_000, embeddings.size());
        pages = new ArrayList<>();
        for (int p = 0; p < 64; p++) {
            Map<String, Double> page = new HashMap<>();
            while (page.size() < pageWords) {
                if (random.nextInt(10) == 0) {
                    page.put("unknownword" + random.nextInt(1_000_000), 1.0);
                    continue;
                }
                int rank = 100 + random.nextInt(maxRank - 100);
                // Zipf-like: a few words with high tag-weighted counts, a long tail of ones and twos.
                double weight = Math.max(1, Math.floor(40.0 / (1 + random.nextInt(60))));
                page.put(embeddings.words().get(rank), weight);
            }
            pages.add(page);
        }
    }

    @Benchmark
    public double score() {
        Map<String, Double> page = pages.get(next);
        next = (next + 1) & 63;
        return similarity.score(page).score();
    }
}
