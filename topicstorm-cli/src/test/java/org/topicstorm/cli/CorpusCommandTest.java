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
    void checkWalksACorpusSplitOverHosts() throws IOException {
        Path site = tmp.resolve("site");
        Files.createDirectories(site.resolve("calc"));
        Files.createDirectories(site.resolve("write"));
        Files.writeString(site.resolve("index.html"), "<a href=\"calc/a.html\">a</a>");
        Files.writeString(site.resolve("calc/a.html"), "<a href=\"../write/b.html\">b</a>");
        Files.writeString(site.resolve("write/b.html"), "<a href=\"../index.html\">home</a>");
        Path home = tmp.resolve("home");
        assertEquals(0, run("corpus", "register", "mine", site.toString(), "--label", "calc/**=calc",
                "--home", home.toString()), err.toString());
        out.getBuffer().setLength(0);
        assertEquals(0, run("corpus", "check", "mine", "--split", "mine=*", "--home", home.toString()),
                err.toString());
        String text = out.toString();
        // / -> calc/a (other host) -> write/b (other host) -> index.html (other host) -> calc/a (other host): the walk
        // meets the main host's index page twice (as / and as /index.html), and every link crosses hosts
        assertTrue(text.contains("3 of 3 served pages reached") && text.contains(", 4 to another host;"), text);
        assertTrue(text.contains("host: reached / served"), text);
        assertTrue(text.matches("(?s).*127\\.0\\.0\\.3:\\d+ +calc/ +1 / +1.*"), text);
        assertTrue(text.matches("(?s).*127\\.0\\.0\\.4:\\d+ +write/ +1 / +1.*"), text);

        err.getBuffer().setLength(0);
        assertEquals(2, run("corpus", "check", "mine", "--split", "mine", "--home", home.toString()));
        assertTrue(err.toString().startsWith("--split 'mine': expected NAME=DIRS"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("corpus", "check", "mine", "--split", "mine=nothing/*", "--home", home.toString()));
        assertTrue(err.toString().startsWith("--split: split of corpus mine: 'nothing/*' matches no directory"),
                err.toString());
    }

    @Test
    void aBadLabelPatternIsOneLineWithExitCodeOne() {
        assertEquals(1, run("corpus", "register", "mine", tmp.toString(), "--label", "calc/**",
                "--home", tmp.resolve("home").toString()));
        assertEquals("topicstorm: label pattern 'calc/**': expected PATTERN=LABEL, e.g. 'docs/calc/**=calc'"
                + System.lineSeparator(), err.toString());
    }
}
