package org.topicstorm.corpus;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PythonDocLabelsTest {

    private static PythonDocLabels.Source breadcrumb(String items) {
        return () -> "<div class=\"related\" role=\"navigation\"><ul>" + items + "</ul></div>";
    }

    private static final String LIBRARY = "<li class=\"nav-item nav-item-1\"><a href=\"index.html\" >The Python "
            + "Standard Library</a> &#187;</li>";

    @Test
    void aModulePageGetsItsChapterFromTheSecondBreadcrumb() throws IOException {
        String crumbs = LIBRARY + "<li class=\"nav-item nav-item-2\"><a href=\"ipc.html\" accesskey=\"U\">Networking"
                + "</a></li><li class=\"nav-item nav-item-3\"><a href=\"asyncio.html\">asyncio</a></li>";
        assertEquals(Optional.of("library/ipc"), PythonDocLabels.label("library/asyncio-task.html",
                breadcrumb(crumbs)));
    }

    @Test
    void aChapterPageIsItsOwnChapter() throws IOException {
        assertEquals(Optional.of("library/internet"), PythonDocLabels.label("library/internet.html",
                breadcrumb(LIBRARY)));
    }

    @Test
    void theLibraryIndexAndOtherDirectories() throws IOException {
        PythonDocLabels.Source unread = () -> {
            throw new AssertionError("only library pages are read");
        };
        assertEquals(Optional.of("library"), PythonDocLabels.label("library/index.html", unread));
        assertEquals(Optional.of("tutorial"), PythonDocLabels.label("tutorial/classes.html", unread));
        assertEquals(Optional.of("c-api"), PythonDocLabels.label("c-api/intro.html", unread));
        assertEquals(Optional.empty(), PythonDocLabels.label("glossary.html", unread));
    }
}
