package org.topicstorm.relevance;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topicstorm.bench.LabelledPages;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.topic.Topic;
import org.topicstorm.topic.TopicLoader;
import org.topicstorm.text.ChineseSegmenter;
import org.topicstorm.text.TextAnalyzer;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.TextCorpus;
import org.topicstorm.vectors.VectorTrainer;
import org.topicstorm.vectors.WordVectorsFiles;

import java.nio.file.Path;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every model separates two topics of a real document set: LibreOffice's help (Debian packages
 * libreoffice-help-en-us and -zh-cn, fetched into the corpus cache on first use; labels = modules). Topic: Calc
 * (text/scalc); off topic: Writer (text/swriter). 30 pages of each, 5-50 KB; 10 more Calc pages are the seed pages of
 * the adaptive models; the word2vec model's vectors are trained here on 200 pages of the corpus. Each model must rank
 * Calc pages above Writer pages: ROC AUC printed, and at least {@link #MIN_AUC} ({@link #MIN_AUC_WORD2VEC} for
 * word2vec), once with the adaptive models as made from the seed pages, once after they learnt from one pass over
 * the pages. The first run fetches the two packages (about 5 MB) with apt-get download.
 */
class ModelSeparationIT {

    private static final int PAGES = 30;
    private static final int SEEDS = 10;
    /**
     * Well above chance (0.5; with 30 x 30 pages the AUC of a random scorer has a standard deviation of about 0.075).
     * Calc and Writer help share most of their vocabulary (menus, dialogs, the help pages' own chrome), so the
     * separation is real but not perfect: see the printed figures.
     */
    private static final double MIN_AUC = 0.65;
    /**
     * The word2vec model here uses vectors trained in seconds on 200 pages (50 dimensions, 3 epochs): weak vectors,
     * especially for Chinese (AUC about 0.6), so its bar is only "better than chance". Real vectors do better.
     */
    private static final double MIN_AUC_WORD2VEC = 0.55;
    /**
     * Chinese word2vec is asserted only with smartcn, the default segmenter of topics that use word2vec: with
     * HanLP's segmenters the weak vectors trained here separate no better than chance (AUC 0.50-0.55 over three
     * training seeds, against 0.60 with smartcn; docs/benchmarks.md). Their figures are printed all the same.
     */
    private static final ChineseSegmenter WORD2VEC_SEGMENTER = ChineseSegmenter.SMARTCN;

    private static final String EN = """
            name: calc
            languages: [en]
            keywords: {spreadsheet: 1.0, calc: 1.0, cell: 0.8, formula: 0.8, sheet: 0.7, column: 0.5, row: 0.5,
                       function: 0.4, pivot table: 0.6, chart: 0.3}
            seeds: [http://libreoffice-help-en-us.test/]
            threshold: 0.3
            relevance:
              model: combination
              combination: {keywords: 1, centroid: 1, seed-set: 1, word2vec: 1}
              word2vec: {vectors: VECTORS, page-words: 10}
            """;

    private static final String ZH = """
            name: calc-zh
            languages: [zh]
            keywords: {电子表格: 1.0, 单元格: 1.0, 公式: 0.8, 工作表: 0.8, 函数: 0.5, 数据透视表: 0.6, 图表: 0.3}
            seeds: [http://libreoffice-help-zh-cn.test/]
            threshold: 0.3
            relevance:
              model: combination
              segmenter: SEGMENTER
              combination: {keywords: 1, centroid: 1, seed-set: 1, word2vec: 1}
              word2vec: {vectors: VECTORS, page-words: 10}
            """;

    @TempDir
    static Path vectorsDir;

    @Test
    void english() throws Exception {
        separates("libreoffice-help-en-us", EN, "en", ChineseSegmenter.DEFAULT);
    }

    /** Each Chinese segmenter (relevance.segmenter), with vectors trained on its words. */
    @ParameterizedTest
    @EnumSource(ChineseSegmenter.class)
    void chinese(ChineseSegmenter segmenter) throws Exception {
        separates("libreoffice-help-zh-cn", ZH.replace("SEGMENTER", segmenter.yamlName), "zh", segmenter);
    }

    private static void separates(String corpusName, String yaml, String language, ChineseSegmenter segmenter)
            throws Exception {
        Corpus corpus = LabelledPages.corpus(corpusName, System.out::println);
        Path vectors = trainVectors(corpus, language, segmenter);
        Topic topic = TopicLoader.fromString(yaml.replace("VECTORS", vectors.toString()), corpusName + ".yaml");
        List<LabelledPages.Page> calc = LabelledPages.pages(corpus, "scalc", PAGES + SEEDS, 5_000, 50_000);
        List<LabelledPages.Page> writer = LabelledPages.pages(corpus, "swriter", PAGES, 5_000, 50_000);
        // Every 4th Calc page is a seed page (10, as in the 001 paper's experiment); the others are scored.
        List<ParsedPage> seeds = new ArrayList<>();
        List<ParsedPage> on = new ArrayList<>();
        for (int i = 0; i < calc.size(); i++) {
            (i % 4 == 0 ? seeds : on).add(calc.get(i).parsed());
        }
        List<ParsedPage> off = writer.stream().map(LabelledPages.Page::parsed).toList();
        assertTrue(seeds.size() == SEEDS && on.size() == PAGES && off.size() == PAGES,
                "expected " + SEEDS + " + " + PAGES + " Calc and " + PAGES + " Writer pages of 5-50 KB in " + corpusName);

        MemoryStateStore store = new MemoryStateStore();
        ModelBootstrap.createStates(topic, seeds, store);
        corpusName = corpusName + (language.equals("zh") ? " (" + segmenter.yamlName + ")" : "");
        String fromSeeds = aucs(corpusName + " scalc vs swriter, ROC AUC, models from the seed pages:",
                RelevanceModels.build(topic, store, false), on, off);

        // As in a crawl: the writer scores the pages as they come (Calc and Writer alternating) and learns from them
        // (centroid updates, IDF, pages joining the seed set); then every page is scored with what it learnt.
        RelevanceModels.Built learner = RelevanceModels.build(topic, store, true);
        for (int i = 0; i < PAGES; i++) {
            learner.model().score(on.get(i));
            learner.model().score(off.get(i));
        }
        for (AdaptiveModel<?> m : learner.adaptive()) {
            store.save(m.kind(), m.state());
        }
        String afterPass = aucs(corpusName + " scalc vs swriter, ROC AUC, after one adaptive pass:   ",
                RelevanceModels.build(topic, store, false), on, off);
        System.out.println(fromSeeds);
        System.out.println(afterPass);
        for (String line : List.of(fromSeeds, afterPass)) {
            String[] parts = line.substring(line.indexOf(':', line.indexOf("AUC")) + 1).trim().split(" +");
            for (int i = 0; i + 1 < parts.length; i += 2) {
                if (parts[i].equals("Word2VecModel") && segmenter != WORD2VEC_SEGMENTER
                        && language.equals("zh")) {
                    continue; // printed, not asserted: see WORD2VEC_SEGMENTER
                }
                double min = parts[i].equals("Word2VecModel") ? MIN_AUC_WORD2VEC : MIN_AUC;
                assertTrue(Double.parseDouble(parts[i + 1]) >= min, parts[i] + " below " + min + ": " + line);
            }
        }
    }

    /** "header Model1 0.912 Model2 0.850 ..." for the combination's parts and the combination itself. */
    private static String aucs(String header, RelevanceModels.Built built, List<ParsedPage> on, List<ParsedPage> off) {
        CombinedModel combined = (CombinedModel) built.model();
        Map<String, RelevanceModel> models = new LinkedHashMap<>();
        for (CombinedModel.Part p : combined.parts()) {
            models.put(p.model().getClass().getSimpleName(), p.model());
        }
        models.put("CombinedModel", combined);
        StringBuilder report = new StringBuilder(header);
        for (Map.Entry<String, RelevanceModel> m : models.entrySet()) {
            double auc = LabelledPages.rocAuc(scores(m.getValue(), on), scores(m.getValue(), off));
            report.append(String.format(java.util.Locale.ROOT, " %s %.3f", m.getKey(), auc));
        }
        return report.toString();
    }

    /**
     * word2vec vectors trained (Deeplearning4j) on the text of the corpus's pages of every module, as the 002 patent
     * trains them on topic text; words as the model reads them (the text pipeline without stemming). Small and few
     * epochs to stay quick: 50 dimensions, 3 epochs, on 25 pages of each module.
     */
    private static Path trainVectors(Corpus corpus, String language, ChineseSegmenter segmenter) throws Exception {
        TextAnalyzer words = new TextAnalyzer(false, segmenter);
        List<String> sentences = new ArrayList<>();
        for (String module : List.of("scalc", "swriter", "simpress", "sdraw", "shared", "sbasic", "smath", "schart")) {
            for (LabelledPages.Page p : LabelledPages.pages(corpus, module, 25, 1_000, 50_000)) {
                sentences.addAll(TextCorpus.sentences(p.parsed().title() + ". " + p.parsed().text()));
            }
        }
        long start = System.nanoTime();
        Embeddings e = new VectorTrainer(VectorTrainer.Options.defaults().withDimension(50).withEpochs(3)
                .withMinCount(3).withWorkers(1), s -> words.terms(s, language)).train(sentences);
        System.out.printf("word2vec: %d words x %d trained on %d sentences in %.1f s%n", e.size(), e.dimension(),
                sentences.size(), (System.nanoTime() - start) / 1e9);
        Path file = vectorsDir.resolve(language + "-" + segmenter.yamlName + "-vectors.bin");
        WordVectorsFiles.saveBinary(e, file);
        return file;
    }

    private static double[] scores(RelevanceModel model, List<ParsedPage> pages) {
        return pages.stream().mapToDouble(p -> model.score(p).score()).toArray();
    }
}
