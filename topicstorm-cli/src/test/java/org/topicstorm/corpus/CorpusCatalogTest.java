package org.topicstorm.corpus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorpusCatalogTest {

    @TempDir
    Path tmp;

    private Path site() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site.resolve("calc/guide"));
        Files.writeString(site.resolve("index.html"), "<html></html>");
        Files.writeString(site.resolve("calc/a.html"), "<html></html>");
        Files.writeString(site.resolve("calc/guide/b.htm"), "<html></html>");
        Files.writeString(site.resolve("notes.txt"), "not a page");
        return site;
    }

    @Test
    void aRegisteredDirectoryIsACorpusWithItsLabels() throws IOException {
        Path home = tmp.resolve("home");
        CorpusCatalog catalog = new CorpusCatalog(home);
        catalog.register("mine", site(), List.of("calc/**=calc"), List.of());
        assertTrue(Files.exists(home.resolve("registry.yaml")));

        // a new catalog on the same home reads it back
        Corpus c = new CorpusCatalog(home).get("mine", line -> { });
        assertEquals(List.of("index.html"), c.entries(), "index.html is the default entry");
        assertEquals(List.of("calc/a.html", "calc/guide/b.htm", "index.html"), c.htmlPages(false));
        assertEquals(Optional.of("calc"), c.label("calc/guide/b.htm"));
        assertEquals(Optional.empty(), c.label("index.html"));

        CorpusCatalog.Listing listing = catalog.list().stream().filter(l -> l.name().equals("mine")).findFirst()
                .orElseThrow();
        assertTrue(listing.available());
        assertEquals(3, listing.pages());
        // the known corpora are listed too, not fetched in this empty home
        assertEquals(CorpusCatalog.knownNames(), catalog.list().stream().limit(CorpusCatalog.knownNames().size())
                .map(CorpusCatalog.Listing::name).toList());
        assertFalse(catalog.list().get(0).available());
    }

    @Test
    void registrationErrorsNameTheProblem() throws IOException {
        CorpusCatalog catalog = new CorpusCatalog(tmp.resolve("home"));
        Path site = site();
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> catalog.register("Bad Name", site, List.of(), List.of())).getMessage().contains("'Bad Name'"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> catalog.register("python3.11-doc", site, List.of(), List.of())).getMessage().contains("taken"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> catalog.register("x", site, List.of("calc/**"), List.of())).getMessage()
                .contains("PATTERN=LABEL"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> catalog.register("x", site, List.of(), List.of("nope.html"))).getMessage()
                .contains("entry page nope.html"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> catalog.register("x", tmp.resolve("missing"), List.of(), List.of())).getMessage()
                .contains("not a directory"));
        assertFalse(Files.exists(tmp.resolve("home/registry.yaml")), "nothing registered after errors");
    }

    @Test
    void anUnknownNameListsTheKnownOnes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new CorpusCatalog(tmp).get("nope", line -> { }));
        assertTrue(e.getMessage().contains("no corpus 'nope'") && e.getMessage().contains("python3.11-doc"),
                e.getMessage());
    }

    @Test
    void knownLibreOfficeCorporaLabelByModule() throws IOException {
        // a fetched corpus is recognised by its marker; the files need not be there to read its labels
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve("libreoffice-help-zh-cn"));
        Files.writeString(home.resolve("libreoffice-help-zh-cn").resolve(CorpusCatalog.COMPLETE), "x\n");
        Corpus c = new CorpusCatalog(home).ifPresent("libreoffice-help-zh-cn").orElseThrow();
        assertEquals(Optional.of("scalc"), c.label("zh-CN/text/scalc/01/04060101.html"));
        assertEquals(Optional.of("sbasic"), c.label("zh-CN/text/sbasic/shared/main0601.html"));
        assertEquals(Optional.empty(), c.label("en-US/text/scalc/01/04060101.html"), "another language's path");
        assertEquals(8, c.entries().size());
        assertTrue(c.isHidden("zh-CN/noscript.html"));
        assertEquals(home.resolve("libreoffice-help-zh-cn/package/usr/share/libreoffice/help"), c.root());
        assertEquals(Optional.empty(), new CorpusCatalog(home).ifPresent("libreoffice-help-en-us"), "not fetched");
    }
}
