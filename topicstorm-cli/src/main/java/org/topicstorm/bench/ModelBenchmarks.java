package org.topicstorm.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.RelevanceModel;
import org.topicstorm.relevance.RelevanceModels;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.PageAnalyzer;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.TextCorpus;
import org.topicstorm.vectors.VectorTrainer;
import org.topicstorm.vectors.WordVectorsFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pages scored per second by each topic model, one thread (so: per core), on real pages: LibreOffice help pages of
 * 5-50 KB (Calc and Writer, 40 each, the corpus of the separation test), already parsed, so the figure is text
 * analysis + scoring. {@code analyze} is the text pipeline alone. Adaptive models score as readers (no learning).
 * The word2vec vectors (100 dimensions) are trained on the corpus in the set-up: speed depends on the dimension and
 * the number of topic words, not on the vocabulary size. Run by {@code topicstorm bench models}
 * (docs/benchmarks.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class ModelBenchmarks {

    static final String EN_KEYWORDS = "{spreadsheet: 1.0, calc: 1.0, cell: 0.8, formula: 0.8, sheet: 0.7, "
            + "column: 0.5, row: 0.5, function: 0.4, pivot table: 0.6, chart: 0.3}";
    static final String ZH_KEYWORDS = "{电子表格: 1.0, 单元格: 1.0, 公式: 0.8, 工作表: 0.8, 函数: 0.5, 数据透视表: 0.6, 图表: 0.3}";

    @Param({"analyze", "keywords", "centroid", "seed-set", "word2vec", "combination"})
    public String model;

    @Param({"en", "zh"})
    public String language;

    /**
     * relevance.segmenter of the topic: hanlp-speed (the default of topics without word2vec), hanlp, smartcn; only
     * Chinese text depends on it.
     */
    @Param({"hanlp-speed"})
    public String segmenter;

    private List<ParsedPage> pages;
    private List<ParsedPage> seeds;
    private RelevanceModel scorer;
    private PageAnalyzer analyzer;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        Corpus corpus = LabelledPages.corpus(language.equals("zh") ? "libreoffice-help-zh-cn"
                : "libreoffice-help-en-us", s -> { });
        pages = new ArrayList<>();
        seeds = new ArrayList<>();
        List<LabelledPages.Page> calc = LabelledPages.pages(corpus, "scalc", 50, 5_000, 50_000);
        for (int i = 0; i < calc.size(); i++) {
            (i % 5 == 0 ? seeds : pages).add(calc.get(i).parsed());
        }
        LabelledPages.pages(corpus, "swriter", 40, 5_000, 50_000).forEach(p -> pages.add(p.parsed()));
        String relevance = switch (model) {
            case "analyze", "keywords" -> "{model: keywords}";
            case "centroid", "seed-set" -> "{model: " + model + "}";
            case "word2vec" -> "{model: word2vec, word2vec: {vectors: " + vectors(corpus) + "}}";
            case "combination" -> "{model: combination, combination: {keywords: 1, centroid: 1, seed-set: 1, "
                    + "word2vec: 1}, word2vec: {vectors: " + vectors(corpus) + "}}";
            default -> throw new IllegalArgumentException("unknown model " + model);
        };
        Topic topic = TopicLoader.fromString("name: bench\nlanguages: [" + language + "]\nkeywords: "
                + (language.equals("zh") ? ZH_KEYWORDS : EN_KEYWORDS) + "\nseeds: [http://bench.test/]\n"
                + "relevance: " + relevance.replaceFirst("^\\{", "{segmenter: " + segmenter + ", ") + "\n", "bench.yaml");
        scorer = RelevanceModels.withSeedPages(topic, seeds, false).model();
        analyzer = RelevanceModels.analyzer(topic);
    }

    /** 100-dimension vectors trained on 200 pages of the corpus, in a temporary file. */
    private String vectors(Corpus corpus) throws IOException {
        TextAnalyzer words = new TextAnalyzer(false, ChineseSegmenter.byName().get(segmenter));
        List<String> sentences = new ArrayList<>();
        for (String module : List.of("scalc", "swriter", "simpress", "sdraw", "shared", "sbasic", "smath", "schart")) {
            for (LabelledPages.Page p : LabelledPages.pages(corpus, module, 25, 1_000, 50_000)) {
                sentences.addAll(TextCorpus.sentences(p.parsed().title() + ". " + p.parsed().text()));
            }
        }
        Embeddings e = new VectorTrainer(VectorTrainer.Options.defaults().withDimension(100).withEpochs(1)
                .withMinCount(3), s -> words.terms(s, language)).train(sentences);
        Path file = Files.createTempFile("topicstorm-bench-vectors", ".bin");
        file.toFile().deleteOnExit();
        WordVectorsFiles.saveBinary(e, file);
        return file.toString();
    }

    @Benchmark
    public Object scorePage() {
        ParsedPage page = pages.get(next);
        next = next + 1 == pages.size() ? 0 : next + 1;
        return model.equals("analyze") ? analyzer.analyze(page) : scorer.score(page);
    }

    /** Mean KB of HTML and of text of the scored pages. */
    public String describePages() {
        return String.format(java.util.Locale.ROOT, "%d pages, mean %.1f KB of text", pages.size(),
                pages.stream().mapToInt(p -> p.text().length()).average().orElse(0) / 1024);
    }

    /**
     * Pages per second of this thread's CPU time: scores pages in turn for {@code warmupCpuSeconds}, then counts
     * the pages scored in the next {@code cpuSeconds} of CPU time. Unlike JMH's wall-clock throughput, this figure
     * does not drop when other processes share the cores.
     */
    public double pagesPerCpuSecond(double warmupCpuSeconds, double cpuSeconds) {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = mx.getCurrentThreadCpuTime();
        while (mx.getCurrentThreadCpuTime() - start < warmupCpuSeconds * 1e9) {
            scorePage();
        }
        long begin = mx.getCurrentThreadCpuTime();
        long pagesScored = 0;
        long used;
        do {
            for (int i = 0; i < 20; i++) {
                scorePage();
            }
            pagesScored += 20;
            used = mx.getCurrentThreadCpuTime() - begin;
        } while (used < cpuSeconds * 1e9);
        return pagesScored / (used / 1e9);
    }
}
