package org.topicstorm.corpus;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LabelRuleTest {

    @Test
    void singleStarStaysWithinADirectory() {
        LabelRule.PathPattern p = LabelRule.PathPattern.parse("docs/*.html=docs");
        assertTrue(p.matches("docs/a.html"));
        assertFalse(p.matches("docs/sub/a.html"));
        assertFalse(p.matches("docs/a.htm"));
    }

    @Test
    void doubleStarCrossesDirectoriesAndMatchesNone() {
        LabelRule.PathPattern p = LabelRule.PathPattern.parse("en-US/text/scalc/**=scalc");
        assertTrue(p.matches("en-US/text/scalc/main0000.html"));
        assertTrue(p.matches("en-US/text/scalc/01/04060101.html"));
        assertFalse(p.matches("en-US/text/schart/main0000.html"));
        // "**/" may stand for no directory at all
        LabelRule.PathPattern q = LabelRule.PathPattern.parse("a/**/b.html=x");
        assertTrue(q.matches("a/b.html"));
        assertTrue(q.matches("a/1/2/b.html"));
        assertFalse(q.matches("ab.html"));
    }

    @Test
    void questionMarkIsOneCharacterAndDotsAreLiteral() {
        LabelRule.PathPattern p = LabelRule.PathPattern.parse("main010?.html=menu");
        assertTrue(p.matches("main0106.html"));
        assertFalse(p.matches("main01066.html"));
        assertFalse(p.matches("main0106xhtml"), "the dot is not a regex wildcard");
    }

    @Test
    void regexMustMatchTheWholePath() {
        LabelRule.PathPattern p = LabelRule.PathPattern.parse("regex:library/(socket|ssl)\\.html=net");
        assertTrue(p.matches("library/ssl.html"));
        assertFalse(p.matches("library/ssl.html.bak"));
        assertFalse(p.matches("x/library/ssl.html"));
        assertEquals("net", p.label());
    }

    @Test
    void theLastEqualsSignSeparatesTheLabel() {
        LabelRule.PathPattern p = LabelRule.PathPattern.parse("regex:a=b/.*=ab");
        assertEquals("ab", p.label());
        assertTrue(p.matches("a=b/c.html"));
    }

    @Test
    void firstMatchingPatternWins() {
        LabelRule rule = LabelRule.parse(List.of("text/scalc/guide/**=calc-guide", "text/scalc/**=calc"));
        assertEquals(Optional.of("calc-guide"), rule.label("text/scalc/guide/x.html"));
        assertEquals(Optional.of("calc"), rule.label("text/scalc/01/x.html"));
        assertEquals(Optional.empty(), rule.label("text/swriter/x.html"));
    }

    @Test
    void tableThenPatterns() {
        LabelRule rule = LabelRule.table(Map.of("library/socket.html", "library/ipc"))
                .orElse(LabelRule.parse(List.of("library/**=library")));
        assertEquals(Optional.of("library/ipc"), rule.label("library/socket.html"));
        assertEquals(Optional.of("library"), rule.label("library/os.html"));
        assertEquals(Optional.empty(), rule.label("tutorial/index.html"));
    }

    @Test
    void badPatternsAreNamed() {
        IllegalArgumentException noLabel = assertThrows(IllegalArgumentException.class,
                () -> LabelRule.PathPattern.parse("docs/**"));
        assertTrue(noLabel.getMessage().contains("'docs/**'") && noLabel.getMessage().contains("PATTERN=LABEL"),
                noLabel.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LabelRule.PathPattern.parse("docs/**="));
        IllegalArgumentException badRegex = assertThrows(IllegalArgumentException.class,
                () -> LabelRule.PathPattern.parse("regex:(unclosed=x"));
        assertTrue(badRegex.getMessage().contains("regex:(unclosed"), badRegex.getMessage());
    }
}
