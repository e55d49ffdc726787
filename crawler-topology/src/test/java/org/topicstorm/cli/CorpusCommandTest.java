package org.topicstorm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CorpusCommandTest extends CliTest {

    @TempDir
    Path tmp;

    @Test
    void registerThenList() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site.resolve("calc"));
        Files.writeString(site.resolve("index.html"), "<html></html>");
        Files.writeString(site.resolve("calc/a.html"), "<html></html>");
        Files.writeString(site.resolve("calc/b.html"), "<html></html>");
        Path home = tmp.resolve("home");
        assertEquals(0, run("corpus", "register", "mine", site.toString(), "--label", "calc/**=calc",
                "--home", home.toString()), err.toString());
        String nl = System.lineSeparator();
        assertEquals("registered mine: 3 pages in " + site + "; entry index.html" + nl
                + "  (none)                              1 pages" + nl
                + "  calc                                2 pages" + nl, out.toString());

        out.getBuffer().setLength(0);
        assertEquals(0, run("corpus", "list", "--home", home.toString()), err.toString());
        assertTrue(out.toString().contains("python3.11-doc           not fetched"), out.toString());
        assertTrue(out.toString().contains("mine                     3 pages        directory " + site), out.toString());
    }

    @Test
    void aBadLabelPatternIsOneLineWithExitCodeOne() {
        assertEquals(1, run("corpus", "register", "mine", tmp.toString(), "--label", "calc/**",
                "--home", tmp.resolve("home").toString()));
        assertEquals("topicstorm: label pattern 'calc/**': expected PATTERN=LABEL, e.g. 'docs/calc/**=calc'"
                + System.lineSeparator(), err.toString());
    }
}
