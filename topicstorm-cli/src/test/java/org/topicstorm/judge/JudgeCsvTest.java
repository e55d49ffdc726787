package org.topicstorm.judge;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JudgeCsvTest {

    private static List<JudgeCsv.Label> read(String csv) throws IOException {
        return JudgeCsv.read(new StringReader(csv), "labels.csv");
    }

    private static String error(String csv) {
        return assertThrows(JudgeCsv.MalformedCsvException.class, () -> read(csv)).getMessage();
    }

    @Test
    void readsEveryAcceptedWordInAnyCaseAndIgnoresOtherColumnsAndBlankRows() throws IOException {
        String csv = "\uFEFFnote, Relevant ,URL\n"
                + "a,yes,http://a.test/1\n"
                + "b,No,https://a.test/2\n"
                + "\n"
                + "c,Y,http://b.test/3\n"
                + "d,n,http://b.test/4\n"
                + "e,TRUE,http://b.test/5\n"
                + "f,false,http://b.test/6\n"
                + "g,1,http://b.test/7\n"
                + "h,0,http://b.test/8\n"
                + "i,Relevant,http://b.test/9\n"
                + "j, irrelevant ,\"http://b.test/10?a=1,2\"\n";
        assertEquals(List.of(new JudgeCsv.Label("http://a.test/1", true, 2),
                new JudgeCsv.Label("https://a.test/2", false, 3),
                new JudgeCsv.Label("http://b.test/3", true, 5),
                new JudgeCsv.Label("http://b.test/4", false, 6),
                new JudgeCsv.Label("http://b.test/5", true, 7),
                new JudgeCsv.Label("http://b.test/6", false, 8),
                new JudgeCsv.Label("http://b.test/7", true, 9),
                new JudgeCsv.Label("http://b.test/8", false, 10),
                new JudgeCsv.Label("http://b.test/9", true, 11),
                new JudgeCsv.Label("http://b.test/10?a=1,2", false, 12)), read(csv));
    }

    @Test
    void aHeaderOnlyFileHasNoLabels() throws IOException {
        assertEquals(List.of(), read("url,relevant\n"));
    }

    @Test
    void eachKindOfMalformedLineIsNamedByItsLineAndNothingIsReturned() {
        String csv = "url,relevant\n"
                + "http://ok.test/1,yes\n"          // 2 fine
                + "http://ok.test/2\n"              // 3 missing column
                + "http://ok.test/3,maybe\n"        // 4 bad value
                + "ftp://ok.test/4,no\n"            // 5 not http(s)
                + "not a url,no\n"                  // 6 not a URL
                + ",yes\n"                          // 7 empty url
                + "http://ok.test/8,\n"             // 8 empty value
                + "http:relative,yes\n";            // 9 no host
        assertEquals("labels.csv: 7 malformed lines, nothing imported:\n"
                + "  labels.csv:3: missing column relevant (column 2)\n"
                + "  labels.csv:4: relevant must be yes/no, y/n, true/false, 1/0 or relevant/irrelevant, got 'maybe'\n"
                + "  labels.csv:5: not an http(s) URL: 'ftp://ok.test/4'\n"
                + "  labels.csv:6: not a valid URL: 'not a url' (Illegal character in path)\n"
                + "  labels.csv:7: empty url\n"
                + "  labels.csv:8: empty relevant\n"
                + "  labels.csv:9: URL has no host: 'http:relative'", error(csv));
    }

    @Test
    void aMissingUrlColumnWhenItComesSecond() {
        assertEquals("labels.csv: 1 malformed line, nothing imported:\n"
                + "  labels.csv:3: missing column url (column 2)", error("relevant,url\nyes,http://a.test/\nno\n"));
    }

    @Test
    void aQuotedCellSpanningLinesCountsFromTheLineItStartsOn() {
        String csv = "url,note,relevant\n\"http://a.test/\",\"two\nlines\",maybe\n";
        assertEquals("labels.csv: 1 malformed line, nothing imported:\n"
                + "  labels.csv:2: relevant must be yes/no, y/n, true/false, 1/0 or relevant/irrelevant, got 'maybe'",
                error(csv));
    }

    @Test
    void aWrongHeaderAnEmptyFileAndAnUnclosedQuote() {
        assertEquals("labels.csv:1: the header row must name the columns url and relevant, got "
                + "http://a.test/,yes", error("http://a.test/,yes\n"));
        assertEquals("labels.csv: the file is empty; expected a header row url,relevant", error(""));
        assertEquals("labels.csv: the file is empty; expected a header row url,relevant", error("\n\n"));
        String unclosed = error("url,relevant\nhttp://a.test/,yes\n\"http://b.test/,no\nhttp://c.test/,no\n");
        assertEquals("labels.csv:3: malformed CSV (Missing closing quote for value), nothing imported", unclosed);
    }

    @Test
    void manyBadLinesAreListedUpToTen() {
        StringBuilder csv = new StringBuilder("url,relevant\n");
        for (int i = 0; i < 12; i++) {
            csv.append("http://a.test/").append(i).append(",?\n");
        }
        String m = error(csv.toString());
        assertEquals(12, m.split("\n").length, m); // the heading, ten lines, "... and 2 more"
        assertEquals("  ... and 2 more", m.substring(m.lastIndexOf('\n') + 1));
    }

    @Test
    void theRelevantWords() {
        assertEquals(true, JudgeCsv.parseRelevant(" YES "));
        assertEquals(false, JudgeCsv.parseRelevant("Irrelevant"));
        assertNull(JudgeCsv.parseRelevant("2"));
        assertNull(JudgeCsv.parseRelevant("yes!"));
    }

    @Test
    void exportReadsBackThroughTheImport() throws IOException {
        List<Judgement> judgements = List.of(
                Judgement.of("http://a.test/1", true, "alice", 1_700_000_000_123L, 0.4125, true),
                Judgement.of("http://a.test/2?q=a,b", false, "import", 1_700_000_001_000L, null, null));
        StringWriter w = new StringWriter();
        JudgeCsv.write(w, judgements);
        assertEquals("url,relevant,who,judged,score,verdict\n"
                + "http://a.test/1,true,alice,2023-11-14T22:13:20.123Z,0.4125,true\n"
                + "\"http://a.test/2?q=a,b\",false,import,2023-11-14T22:13:21Z,,\n", w.toString());
        assertEquals(List.of(new JudgeCsv.Label("http://a.test/1", true, 2),
                new JudgeCsv.Label("http://a.test/2?q=a,b", false, 3)), read(w.toString()));
    }
}
