package org.topicstorm.parse;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TrapUrlFilterTest {

    @Test
    void countsSegmentsAndParameters() {
        assertEquals(0, TrapUrlFilter.segments(""));
        assertEquals(0, TrapUrlFilter.segments("/"));
        assertEquals(2, TrapUrlFilter.segments("/a/b/"));
        assertEquals(6, TrapUrlFilter.segments("/usr/share/libreoffice/help/en-US/x.html"));
        assertEquals(0, TrapUrlFilter.params(""));
        assertEquals(2, TrapUrlFilter.params("a=1&&b"));
    }

    @Test
    void dropsTooDeepPathsAndTooManyParameters() {
        TrapUrlFilter f = new TrapUrlFilter(20, 10);
        // 20 segments pass, 21 do not
        assertTrue(f.accepts("http://h" + "/d".repeat(19) + "/page.html"));
        assertFalse(f.accepts("http://h" + "/d".repeat(20) + "/page.html"));
        // 10 parameters pass, 11 do not
        assertTrue(f.accepts("http://h/p?" + "a=1&".repeat(9) + "b=2"));
        assertFalse(f.accepts("http://h/p?" + "a=1&".repeat(10) + "b=2"));
        // the evaluation corpora's deepest paths
        assertTrue(f.accepts("http://127.0.0.4:8080/en-US/text/scalc/01/04060106.html"));
        // 0 turns a limit off
        assertTrue(new TrapUrlFilter(0, 0).accepts("http://h" + "/d".repeat(100) + "?" + "a=1&".repeat(100)));
    }

    @Test
    void parametersAreChecked() throws Exception {
        TrapUrlFilter f = new TrapUrlFilter();
        f.configure(Map.of(), new ObjectMapper().readTree("{\"maxPathSegments\": 3}"));
        assertTrue(f.accepts("http://h/a/b/c"));
        assertFalse(f.accepts("http://h/a/b/c/d"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> f.configure(Map.of(), new ObjectMapper().readTree("{\"maxQueryParams\": \"many\"}")));
        assertTrue(e.getMessage().contains("'maxQueryParams'"), e.getMessage());
    }
}
