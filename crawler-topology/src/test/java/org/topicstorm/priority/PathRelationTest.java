package org.topicstorm.priority;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The 003 path relations on real URL pairs (LibreOffice help, Python docs, news sites). */
class PathRelationTest {

    @Test
    void aSubDirectoryExtendsTheParent() {
        // /en-US/text/scalc/ is a prefix of the child's directories and the child is one deeper
        assertEquals(PathRelation.EXTENDS, PathRelation.of("http://h/en-US/text/scalc/main0000.html",
                "http://h/en-US/text/scalc/01/04060101.html"));
        assertEquals(PathRelation.EXTENDS, PathRelation.of("https://news.example/sports/",
                "https://news.example/sports/football/2024/report.html"));
    }

    @Test
    void aDirectoryIndexIsExtendedByItsOwnPages() {
        assertEquals(PathRelation.EXTENDS, PathRelation.of("http://h/library/", "http://h/library/socket.html"));
        assertEquals(PathRelation.EXTENDS, PathRelation.of("http://h/library/index.html",
                "http://h/library/socket.html"));
        // but a page in the same directory as an ordinary page is a sibling of the same shape
        assertEquals(PathRelation.SAME_SHAPE, PathRelation.of("http://h/library/ssl.html",
                "http://h/library/socket.html"));
    }

    @Test
    void sameDepthAndFolderLengthsIsTheSameShape() {
        // [en-US, text, scalc, 01] and [en-US, text, sdraw, 01]: lengths 5, 4, 5, 2 both
        assertEquals(PathRelation.SAME_SHAPE, PathRelation.of("http://h/en-US/text/scalc/01/a.html",
                "http://h/en-US/text/sdraw/01/b.html"));
        // a follow-up report: /news/2024/05/ and /news/2024/06/
        assertEquals(PathRelation.SAME_SHAPE, PathRelation.of("http://n/news/2024/05/123.html",
                "http://n/news/2024/06/456.html"));
    }

    @Test
    void otherRelations() {
        // same depth, a folder name of another length ("shared" 6 vs "scalc" 5)
        assertEquals(PathRelation.OTHER, PathRelation.of("http://h/en-US/text/scalc/01/a.html",
                "http://h/en-US/text/shared/01/b.html"));
        // up the tree
        assertEquals(PathRelation.OTHER, PathRelation.of("http://h/en-US/text/scalc/01/a.html",
                "http://h/en-US/text/scalc/main0000.html"));
        // another host, or another port
        assertEquals(PathRelation.OTHER, PathRelation.of("http://a/x/", "http://b/x/y.html"));
        assertEquals(PathRelation.OTHER, PathRelation.of("http://a:8080/x/", "http://a:8081/x/y.html"));
        assertEquals(PathRelation.OTHER, PathRelation.of("not a url", "http://a/"));
    }

    @Test
    void directoriesAndIndexes() {
        assertEquals(List.of("a", "b"), PathRelation.directories("/a/b/c.html"));
        assertEquals(List.of("a", "b"), PathRelation.directories("/a/b/"));
        assertEquals(List.of(), PathRelation.directories("/"));
        assertTrue(PathRelation.isDirectoryIndex("/docs/"));
        assertTrue(PathRelation.isDirectoryIndex("/docs/Index.HTML"));
        assertFalse(PathRelation.isDirectoryIndex("/docs/indexing.html"));
    }
}
