package org.topicstorm.corpus;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Labels of the Python documentation (Sphinx): a page of the library reference gets its chapter,
 * {@code library/<chapter page>} (e.g. {@code library/ipc} for "Networking and Interprocess Communication", which
 * holds socket, ssl, asyncio, ...); any other page gets its top directory ({@code tutorial}, {@code c-api},
 * {@code howto}, ...); pages at the top have none.
 *
 * <p>The library's pages are flat ({@code library/socket.html}), so the chapter comes from each page's breadcrumb bar
 * (Sphinx's "related" navigation): the second level, {@code <li class="nav-item nav-item-2"><a href="ipc.html">},
 * names the chapter; a page with only the first level is a chapter itself, and {@code library/index.html} is the
 * library's table of contents (label {@code library}).
 */
final class PythonDocLabels {

    private static final Pattern NAV_ITEM_1 = Pattern.compile("class=\"nav-item nav-item-1\"><a href=\"index\\.html\"");
    private static final Pattern NAV_ITEM_2 = Pattern.compile("class=\"nav-item nav-item-2\"><a href=\"([^\"#/]+)\\.html\"");

    private PythonDocLabels() {
    }

    /** The label table (relative path -> label) of every page under {@code root} (the html directory). */
    static Map<String, String> compute(Path root, List<String> pages) throws IOException {
        Map<String, String> labels = new TreeMap<>();
        for (String page : pages) {
            label(page, () -> Files.readString(root.resolve(page), StandardCharsets.UTF_8))
                    .ifPresent(l -> labels.put(page, l));
        }
        return labels;
    }

    interface Source {
        String read() throws IOException;
    }

    /** The label of one page, reading its HTML only when it is a library page. */
    static Optional<String> label(String page, Source html) throws IOException {
        int slash = page.indexOf('/');
        if (slash < 0) {
            return Optional.empty();
        }
        String dir = page.substring(0, slash);
        if (!"library".equals(dir)) {
            return Optional.of(dir);
        }
        String name = page.substring(slash + 1, page.length() - ".html".length());
        if ("index".equals(name) || name.contains("/")) {
            return Optional.of("library");
        }
        String text = html.read();
        Matcher chapter = NAV_ITEM_2.matcher(text);
        if (chapter.find()) {
            return Optional.of("library/" + chapter.group(1));
        }
        if (NAV_ITEM_1.matcher(text).find()) {
            return Optional.of("library/" + name);
        }
        return Optional.of("library");
    }
}
