package org.topicstorm.corpus;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The corpora TopicStorm knows how to fetch: real documentation sites shipped as Debian packages. Their labels are
 * documented with page counts in seeds/eval/README.md.
 */
final class KnownCorpora {

    /**
     * A corpus shipped in a Debian package.
     *
     * @param name          corpus name (the package's name)
     * @param debianPackage the package to download
     * @param siteDir       the directory inside the package served as the site's root
     * @param description   one line for {@code topicstorm corpus list}
     * @param entries       entry pages, relative to siteDir
     * @param hidden        generated navigation pages (globs), see {@link Corpus#hidden()}
     * @param labelPatterns labelling patterns; empty for the Python docs, labelled by {@link PythonDocLabels}
     */
    record Definition(String name, String debianPackage, String siteDir, String description, List<String> entries,
                      List<String> hidden, List<String> labelPatterns) {

        boolean pythonDocs() {
            return labelPatterns.isEmpty();
        }
    }

    /** LibreOffice help modules: the label of every page under text/MODULE/ is MODULE. */
    static final List<String> LIBREOFFICE_MODULES = List.of(
            "sbasic", "scalc", "schart", "sdatabase", "sdraw", "shared", "simpress", "smath", "swriter");

    static final List<Definition> ALL = List.of(
            python("python3.11-doc", "3.11"),
            libreOffice("libreoffice-help-en-us", "en-US", "English"),
            libreOffice("libreoffice-help-zh-cn", "zh-CN", "Chinese (simplified)"));

    private KnownCorpora() {
    }

    static Optional<Definition> find(String name) {
        return ALL.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    private static Definition python(String pkg, String version) {
        return new Definition(pkg, pkg, "usr/share/doc/python" + version + "/html",
                "Python " + version + " documentation (Sphinx); labels: library chapters and top directories",
                List.of("index.html"),
                // the general index, module index, full table of contents and search page link (nearly) every page
                List.of("genindex*.html", "py-modindex.html", "contents.html", "search.html"),
                List.of());
    }

    private static Definition libreOffice(String pkg, String lang, String language) {
        List<String> patterns = new ArrayList<>();
        for (String module : LIBREOFFICE_MODULES) {
            patterns.add(lang + "/text/" + module + "/**=" + module);
        }
        // the module start pages, as LibreOffice's JavaScript "Module" menu lists them
        String text = lang + "/text/";
        List<String> entries = List.of(text + "swriter/main0000.html", text + "scalc/main0000.html",
                text + "simpress/main0000.html", text + "sdraw/main0000.html", text + "sdatabase/main.html",
                text + "smath/main0000.html", text + "schart/main0000.html", text + "sbasic/shared/main0601.html");
        return new Definition(pkg, pkg, "usr/share/libreoffice/help",
                "LibreOffice 7 help, " + language + "; labels: modules (scalc, swriter, ...)",
                entries, List.of(lang + "/noscript.html"), patterns);
    }
}
