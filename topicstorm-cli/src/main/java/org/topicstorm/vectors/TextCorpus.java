package org.topicstorm.vectors;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeVisitor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Training text as sentences, read lazily and again on every pass ({@link VectorTrainer} reads its input several
 * times).
 *
 * <p>{@link #fromDirectory(Path)} reads every text and HTML file under a directory: {@code .html .htm .xhtml}
 * through jsoup (charset from the BOM or {@code <meta>}, else UTF-8; script, style, noscript, iframe, template and
 * nav removed; block elements end lines), {@code .txt .text .md .rst} and files without an extension as UTF-8 text
 * (malformed bytes replaced). Other files are ignored. Each line is then cut into sentences at . ! ? ; : and their
 * full-width forms when followed by a space or the end.
 */
public final class TextCorpus {

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?;:])\\s+|(?<=[。！？；：])");
    private static final List<String> HTML = List.of("html", "htm", "xhtml");
    private static final List<String> TEXT = List.of("txt", "text", "md", "rst");

    private TextCorpus() {
    }

    /**
     * The sentences of the text and HTML files under a directory (in path order, so that training is repeatable).
     *
     * @throws IOException when the directory cannot be listed or holds no text or HTML file
     */
    public static Iterable<String> fromDirectory(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir.toAbsolutePath() + " is not a directory");
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(Files::isRegularFile).filter(p -> kind(p) != null).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IOException("no text or HTML files (" + String.join(", ", HTML) + ", " + String.join(", ", TEXT)
                    + ", or no extension) under " + dir.toAbsolutePath());
        }
        return () -> new FlatIterator(files);
    }

    /** One sentence per line of a UTF-8 file (as written by the crawl export of {@code vectors train}). */
    public static Iterable<String> fromLines(Path file) {
        return () -> {
            try {
                BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
                return new Iterator<>() {
                    private String next = advance();

                    private String advance() {
                        try {
                            String line = reader.readLine();
                            if (line == null) {
                                reader.close();
                            }
                            return line;
                        } catch (IOException e) {
                            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
                        }
                    }

                    @Override
                    public boolean hasNext() {
                        return next != null;
                    }

                    @Override
                    public String next() {
                        if (next == null) {
                            throw new NoSuchElementException();
                        }
                        String line = next;
                        next = advance();
                        return line;
                    }
                };
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": " + e.getMessage(), e);
            }
        };
    }

    /** The sentences of one file (empty for a file of another kind). */
    public static List<String> sentencesOf(Path file) throws IOException {
        String kind = kind(file);
        if (kind == null) {
            return List.of();
        }
        List<String> lines = kind.equals("html") ? htmlLines(file) : textLines(file);
        List<String> sentences = new ArrayList<>();
        for (String line : lines) {
            sentences.addAll(sentences(line));
        }
        return sentences;
    }

    /** A text cut into sentences (lines first, then sentence ends), white space collapsed, empty ones dropped. */
    public static List<String> sentences(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\\R")) {
            for (String s : SENTENCE_END.split(line)) {
                String collapsed = s.strip().replaceAll("\\s+", " ");
                if (!collapsed.isEmpty()) {
                    out.add(collapsed);
                }
            }
        }
        return out;
    }

    private static String kind(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot <= 0) {
            return name.startsWith(".") ? null : "text";
        }
        String ext = name.substring(dot + 1);
        return HTML.contains(ext) ? "html" : TEXT.contains(ext) ? "text" : null;
    }

    private static List<String> textLines(Path file) throws IOException {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        return List.of(decoder.decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString());
    }

    private static List<String> htmlLines(Path file) throws IOException {
        Document doc = Jsoup.parse(file.toFile(), null);
        doc.select("script, style, noscript, iframe, template, nav").remove();
        StringBuilder text = new StringBuilder();
        text.append(doc.title()).append('\n');
        doc.body().traverse(new NodeVisitor() {
            @Override
            public void head(Node node, int depth) {
                if (node instanceof TextNode t) {
                    // Source line breaks inside a block are only white space; block ends are the line breaks.
                    text.append(t.getWholeText().replace('\n', ' ').replace('\r', ' '));
                } else if (node instanceof Element e && (e.isBlock() || e.nameIs("br"))) {
                    text.append('\n');
                }
            }

            @Override
            public void tail(Node node, int depth) {
                if (node instanceof Element e && e.isBlock()) {
                    text.append('\n');
                }
            }
        });
        List<String> lines = new ArrayList<>();
        for (String block : text.toString().split("\n")) {
            String line = block.strip();
            if (!line.isEmpty()) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** Sentences of one file after another, reading each file when the previous one is used up. */
    private static final class FlatIterator implements Iterator<String> {
        private final Iterator<Path> files;
        private Iterator<String> current = Collections.emptyIterator();

        FlatIterator(List<Path> files) {
            this.files = files.iterator();
        }

        @Override
        public boolean hasNext() {
            while (!current.hasNext() && files.hasNext()) {
                Path file = files.next();
                try {
                    current = sentencesOf(file).iterator();
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
                }
            }
            return current.hasNext();
        }

        @Override
        public String next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return current.next();
        }
    }
}
