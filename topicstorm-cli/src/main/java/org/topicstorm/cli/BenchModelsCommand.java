package org.topicstorm.cli;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.topicstorm.bench.ModelBenchmarks;
import org.topicstorm.text.ChineseSegmenter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code topicstorm bench models}: JMH, pages scored per second per core by each topic model. */
@Command(name = "models", mixinStandardHelpOptions = true,
        description = {"Pages scored per second per core by each topic model (JMH, one thread), on real pages of "
                + "5-50 KB from the LibreOffice help corpora (fetched on first use)."})
final class BenchModelsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--models", split = ",", paramLabel = "M,...",
            description = "Models: analyze, keywords, centroid, seed-set, word2vec, combination. Default: all.")
    List<String> models = List.of("analyze", "keywords", "centroid", "seed-set", "word2vec", "combination");

    @Option(names = "--languages", split = ",", paramLabel = "L,...", description = "en, zh. Default: both.")
    List<String> languages = List.of("en", "zh");

    @Option(names = "--segmenters", split = ",", paramLabel = "S,...",
            description = "Chinese segmenters (relevance.segmenter) to measure zh with: hanlp-speed, hanlp, "
                    + "smartcn. Default: hanlp-speed (a topic's default without word2vec). en is measured once (its "
                    + "pages have no Chinese).")
    List<String> segmenters = List.of(ChineseSegmenter.DEFAULT.yamlName);

    @Option(names = "--iterations", paramLabel = "N", description = "Measured iterations. Default: ${DEFAULT-VALUE}.")
    int iterations = 3;

    @Option(names = "--seconds", paramLabel = "S",
            description = "Seconds per iteration (warm-up: 2 iterations of as long). Default: ${DEFAULT-VALUE}.")
    int seconds = 2;

    @Option(names = "--forks", paramLabel = "N", description = "JVM forks per model. Default: ${DEFAULT-VALUE}.")
    int forks = 1;

    @Option(names = "--cpu", description = {"Instead of JMH: pages per second of thread CPU time (2 s warm-up, then "
            + "--seconds of CPU time per model), in this JVM. Robust when other processes load the machine."})
    boolean cpu;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (cpu) {
            out.println("model        language  segmenter    pages per CPU-second  pages");
            for (String language : languages) {
                for (String segmenter : language.equals("zh") ? segmenters : segmenters.subList(0, 1)) {
                    for (String model : models) {
                        ModelBenchmarks b = new ModelBenchmarks();
                        b.model = model;
                        b.language = language;
                        b.segmenter = segmenter;
                        b.setUp();
                        double rate = b.pagesPerCpuSecond(2, seconds);
                        out.printf(Locale.ROOT, "%-12s %-8s  %-11s  %20.0f  %s%n", model, language,
                                language.equals("zh") ? segmenter : "-", rate, b.describePages());
                        out.flush();
                    }
                }
            }
            return 0;
        }
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include(ModelBenchmarks.class.getName() + ".scorePage")
                .param("model", models.toArray(String[]::new))
                .param("language", languages.toArray(String[]::new))
                .param("segmenter", segmenters.toArray(String[]::new))
                .warmupIterations(2).warmupTime(TimeValue.seconds(seconds))
                .measurementIterations(iterations).measurementTime(TimeValue.seconds(seconds))
                .forks(forks).threads(1)
                .jvmArgsAppend("-Xmx2g");
        Collection<RunResult> results = new Runner(options.build()).run();
        out.println();
        out.println("model        language  segmenter    pages/s (one thread)  error (99.9%)");
        for (RunResult r : results) {
            var p = r.getParams();
            out.printf(Locale.ROOT, "%-12s %-8s  %-11s  %20.0f  %13.0f%n", p.getParam("model"), p.getParam("language"),
                    p.getParam("segmenter"),
                    r.getPrimaryResult().getScore(), r.getPrimaryResult().getScoreError());
        }
        out.flush();
        return 0;
    }
}
