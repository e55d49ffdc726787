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

    /**
     * PostgreSQL 15 manual chapters, by file name: the DocBook stylesheets name a chapter's page after the chapter's
     * id ({@code plpgsql.html}) and its sections after it ({@code plpgsql-overview.html}). Only chapters whose pages
     * all follow that scheme are labelled (checked against the chapter in each page's navigation header); the rest
     * (single-page chapters, the appendix of extension modules, ...) have no label. The first matching pattern wins.
     */
    static final List<String> POSTGRESQL_LABELS = List.of(
            "tutorial*.html=tutorial",
            "regex:sql-syntax.*\\.html|sql-expressions\\.html=syntax",
            "ddl*.html=ddl",
            "dml*.html=dml",
            "queries*.html=queries",
            "datatype*.html=datatype",
            "functions*.html=functions",
            "typeconv*.html=typeconv",
            "indexes*.html=indexes",
            "textsearch*.html=textsearch",
            "mvcc*.html=mvcc",
            "runtime*.html=runtime",
            "regex:client-authentication\\.html|auth-(?!delay).*\\.html=auth",
            "regex:backup(-dump|-file)?\\.html|continuous-archiving\\.html=backup",
            "regex:high-availability\\.html|different-replication-solutions\\.html|warm-standby.*\\.html"
                    + "|hot-standby\\.html|log-shipping-alternative\\.html=replication",
            "logical-replication*.html=logical-replication",
            "wal*.html=wal",
            "libpq*.html=libpq",
            "regex:largeobjects\\.html|lo-.*\\.html=large-objects",
            "ecpg*.html=ecpg",
            "regex:information-schema\\.html|infoschema-.*\\.html=information-schema",
            "xplang*.html=xplang",
            "plpgsql*.html=plpgsql",
            "pltcl*.html=pltcl",
            "plperl*.html=plperl",
            "plpython*.html=plpython",
            "spi*.html=spi",
            "regex:triggers\\.html|trigger-.*\\.html=triggers",
            "event-trigger*.html=event-triggers",
            "regex:catalogs?(-.*)?\\.html=catalogs",
            "regex:views\\.html|view-.*\\.html=views",
            "regex:sql-(?!keywords-appendix).*\\.html=sql-commands",
            "regex:reference-(client|server)\\.html|app-.*\\.html=apps",
            "release*.html=release-notes");

    static final List<Definition> ALL = List.of(
            python("python3.11-doc", "3.11"),
            libreOffice("libreoffice-help-en-us", "en-US", "English"),
            libreOffice("libreoffice-help-zh-cn", "zh-CN", "Chinese (simplified)"),
            postgresql());

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

    private static Definition postgresql() {
        return new Definition("postgresql-doc-15", "postgresql-doc-15", "usr/share/doc/postgresql-doc-15/html",
                "PostgreSQL 15 manual (DocBook); labels: chapters (plpgsql, libpq, catalogs, sql-commands, ...)",
                List.of("index.html"),
                // the book's index links nearly every page
                List.of("bookindex.html"),
                POSTGRESQL_LABELS);
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
