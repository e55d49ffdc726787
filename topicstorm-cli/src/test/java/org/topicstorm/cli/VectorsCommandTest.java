package org.topicstorm.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topicstorm.vectors.Embeddings;
import org.topicstorm.vectors.WordVectorsFiles;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VectorsCommandTest extends CliTest {

    @TempDir
    Path dir;

    @Test
    void trainsOnHtmlAndTextFilesThenShowsNearestWords() throws Exception {
        Path corpus = Files.createDirectories(dir.resolve("corpus/sub"));
        String html = "<html><head><title>Solar power</title><script>var ignored = 1;</script></head><body>"
                + "<p>Solar panels make power from sunlight.</p><p>Wind turbines make power from wind.</p></body></html>";
        Files.writeString(corpus.resolve("a.html"), html);
        Files.writeString(corpus.getParent().resolve("b.txt"), "Solar and wind power are renewable.\nPanels and "
                + "turbines make power.");
        Files.writeString(corpus.getParent().resolve("image.png"), "not text: ignored");
        Path vectors = dir.resolve("v.bin");
        int code = run("vectors", "train", "--from", corpus.getParent().toString(), "--out", vectors.toString(),
                "--dim", "8", "--min-count", "1", "--epochs", "2", "--window", "2", "--workers", "1");
        assertEquals(0, code, err.toString());
        Embeddings e = WordVectorsFiles.load(vectors);
        assertEquals(8, e.dimension());
        assertTrue(e.contains("solar") && e.contains("turbines") && e.contains("sunlight"), e.words().toString());
        assertTrue(!e.contains("ignored") && !e.contains("var"), "script text was trained on: " + e.words());
        // the relevance pipeline's words: Lucene's English stop words (and, are) are not looked up, so not trained
        assertTrue(!e.contains("and") && !e.contains("are"), e.words().toString());
        assertEquals("power", e.words().get(0)); // 5 times, the most frequent word

        code = run("vectors", "nearest", "--vectors", vectors.toString(), "solar", "-n", "3");
        assertEquals(0, code, err.toString());
        String nearest = out.toString().substring(out.toString().indexOf("v.bin: 9 words x 8"));
        // A header line, then 3 lines "  <cosine>  <word>", none of them "solar" itself.
        String[] lines = nearest.strip().split("\n");
        assertEquals(4, lines.length, nearest);
        for (int i = 1; i < 4; i++) {
            assertTrue(lines[i].matches("  -?\\d\\.\\d{3}  [a-z]+") && !lines[i].endsWith(" solar"), lines[i]);
        }
    }

    /** Chinese text is segmented into words, as pages are for scoring (a Han run is not one token). */
    @Test
    void chineseTextIsTrainedOnItsWords() throws Exception {
        Path corpus = Files.createDirectories(dir.resolve("zh"));
        Files.writeString(corpus.resolve("a.txt"), "食品安全监管部门加强食品安全检查。\n食品安全关系到每个人的健康。");
        Path vectors = dir.resolve("zh.bin");
        int code = run("vectors", "train", "--from", corpus.toString(), "--out", vectors.toString(), "--dim", "8",
                "--min-count", "1", "--epochs", "1", "--workers", "1");
        assertEquals(0, code, err.toString());
        Embeddings e = WordVectorsFiles.load(vectors);
        assertTrue(e.contains("食品") && e.contains("安全") && e.contains("健康"), e.words().toString());
        assertTrue(e.words().stream().allMatch(w -> w.length() <= 4), "unsegmented runs: " + e.words());
        assertEquals(1, run("vectors", "train", "--from", corpus.toString(), "--out", vectors.toString(),
                "--segmenter", "jieba"));
        assertTrue(err.toString().contains("--segmenter must be one of hanlp, hanlp-speed, smartcn, got 'jieba'"),
                err.toString());
    }

    @Test
    void errorsNameTheProblem() {
        assertEquals(1, run("vectors", "train", "--from", dir.resolve("none").toString(), "--out", "x.bin"));
        assertTrue(err.toString().contains("is not a directory"), err.toString());
        assertEquals(2, run("vectors", "train", "--out", "x.bin"));
        assertEquals(1, run("vectors", "nearest", "--vectors", dir.resolve("none.bin").toString(), "x"));
        assertTrue(err.toString().contains("does not exist"), err.toString());
    }
}
