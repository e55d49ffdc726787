package org.topicstorm.cli;

import org.topicstorm.bench.DuplicateBench;
import org.topicstorm.bench.LabelledPages;
import org.topicstorm.corpus.Corpus;
import org.topicstorm.parse.NotHtmlException;
import org.topicstorm.parse.PageParser;
import org.topicstorm.parse.ParseConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code topicstorm bench duplicates}: SimHash's near-duplicate precision and recall on real corpora. */
@Command(name = "duplicates", mixinStandardHelpOptions = true,
        description = {"How well the indexer's near-duplicate check (SimHash) tells copies from distinct pages: on "
                + "each corpus, every pair of its pages by distance in bits, and planted copies of its pages (a "
                + "header, a footer, a cut tenth, a moved tenth) by distance to their page. Corpora are fetched on "
                + "first use."})
final class BenchDuplicatesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--corpora", split = ",", paramLabel = "NAME,...",
            description = "Corpora (topicstorm corpus list). Default: ${DEFAULT-VALUE}.")
    List<String> corpora = List.of("libreoffice-help-en-us", "libreoffice-help-zh-cn", "postgresql-doc-15",
            "python3.11-doc");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PageParser parser = new PageParser(ParseConfig.defaults());
        for (String name : corpora) {
            Corpus corpus = LabelledPages.corpus(name, line -> spec.commandLine().getErr().println(line));
            List<String> texts = new ArrayList<>();
            for (String rel : corpus.htmlPages(true)) {
                try {
                    byte[] bytes = Files.readAllBytes(corpus.root().resolve(rel));
                    texts.add(parser.parse("http://" + name + ".test/" + rel, bytes, "text/html", null).text());
                } catch (NotHtmlException e) {
                    // not a page after all
                }
            }
            out.print(DuplicateBench.measure(name, texts).table());
            out.flush();
        }
        return 0;
    }
}
