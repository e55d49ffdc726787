package org.topicstorm.corpus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HostSplitTest {

    @TempDir
    Path root;

    @Test
    void aPageBelongsToTheInnermostSplitDirectoryThatContainsIt() {
        HostSplit split = HostSplit.ofDirectories("**", List.of("text/scalc", "text", "text/scalc/01"));
        assertEquals(List.of("text", "text/scalc", "text/scalc/01"), split.directories(), "sorted");
        assertEquals(Optional.of("text/scalc/01"), split.directoryOf("text/scalc/01/sum.html"));
        assertEquals(Optional.of("text/scalc"), split.directoryOf("text/scalc/main.html"));
        assertEquals(Optional.of("text"), split.directoryOf("text/scalcx/a.html"), "a prefix is not a directory");
        assertEquals(Optional.empty(), split.directoryOf("text"), "the directory's own name is not inside it");
        assertEquals(Optional.empty(), split.directoryOf("index.html"));
        assertEquals(Optional.empty(), HostSplit.none().directoryOf("text/scalc/main.html"));
    }

    @Test
    void theGlobIsMatchedAgainstTheCorpusDirectories() throws IOException {
        for (String dir : List.of("en-US/text/scalc/01", "en-US/text/swriter", "en-US/media")) {
            Files.createDirectories(root.resolve(dir));
        }
        Files.writeString(root.resolve("en-US/text/scalc/main.html"), "<html></html>");
        Corpus corpus = new Corpus("lo", root, LabelRule.none(), "en-US/text/scalc/main.html");
        assertEquals(List.of("en-US/text/scalc", "en-US/text/swriter"), HostSplit.of(corpus, "en-US/text/*")
                .directories());
        // ** reaches nested directories too; their pages go to the innermost one
        assertEquals(List.of("en-US/text/scalc", "en-US/text/scalc/01", "en-US/text/swriter"),
                HostSplit.of(corpus, "en-US/text/**").directories());
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> HostSplit.of(corpus, "de/text/*"));
        assertTrue(none.getMessage().startsWith("'de/text/*' matches no directory of corpus lo"), none.getMessage());
    }

    @Test
    void badGlobsAreRejectedWithTheReason() {
        assertEquals("the directory pattern is empty; e.g. 'en-US/text/*'",
                assertThrows(IllegalArgumentException.class, () -> HostSplit.checkGlob(" ")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostSplit.checkGlob("/en-US/text/*"))
                .getMessage().contains("without a leading or trailing '/'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostSplit.checkGlob("en-US/text/"))
                .getMessage().contains("without a leading or trailing '/'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostSplit.checkGlob("en-US/../x"))
                .getMessage().contains("'..'"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> HostSplit.checkGlob("regex:.*"))
                .getMessage().contains("a glob, not a regular expression"));
        HostSplit.checkGlob("library");
        HostSplit.checkGlob("en-US/text/*");
    }
}
