package org.topicstorm.vectors;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Real English text found on any Debian machine with python3, in two unrelated domains:
 * <ul>
 *   <li>software licences: /usr/share/common-licenses (package base-files, on every Debian system);</li>
 *   <li>the Python language reference: the help topics of pydoc (/usr/lib/python3.X/pydoc_data/topics.py, package
 *   libpython3.X-stdlib), read from the Python source as text without running Python.</li>
 * </ul>
 */
final class RealEnglishText {

    static final Path LICENSES = Path.of("/usr/share/common-licenses");

    private RealEnglishText() {
    }

    /** Licence name -> text; symbolic links (GPL -> GPL-3, ...) are left out so each text is there once. */
    static Map<String, String> licenses() throws IOException {
        if (!Files.isDirectory(LICENSES)) {
            throw new IllegalStateException(LICENSES + " is missing: these tests need Debian's base-files package");
        }
        Map<String, String> texts = new LinkedHashMap<>();
        try (Stream<Path> files = Files.list(LICENSES)) {
            for (Path f : files.filter(p -> Files.isRegularFile(p) && !Files.isSymbolicLink(p)).sorted().toList()) {
                texts.put(f.getFileName().toString(), Files.readString(f, StandardCharsets.UTF_8));
            }
        }
        return texts;
    }

    /** pydoc topic key -> text (e.g. "assert" -> "The \"assert\" statement ..."). */
    static Map<String, String> pythonTopics() throws IOException {
        Path file = pydocTopics();
        // The file is a Python dict of implicitly concatenated single-quoted string literals, one per line:
        //   topics = {'assert': 'The "assert" statement\n'
        //             'more text\n'
        //    'assignment': 'Assignment statements\n'
        // (a literal holding a single quote is double-quoted instead)
        Pattern keyLine = Pattern.compile("^(?:topics = \\{)?\\s*'([A-Za-z0-9_-]+)': (['\"])(.*)\\2[,}]?\\s*$");
        Pattern moreLine = Pattern.compile("^\\s*(['\"])(.*)\\1[,}]?\\s*$");
        Map<String, String> topics = new LinkedHashMap<>();
        String key = null;
        StringBuilder text = new StringBuilder();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher k = keyLine.matcher(line);
            if (k.matches()) {
                if (key != null) {
                    topics.put(key, text.toString());
                }
                key = k.group(1);
                text.setLength(0);
                text.append(unescape(k.group(3)));
                continue;
            }
            Matcher m = moreLine.matcher(line);
            if (key != null && m.matches()) {
                text.append(unescape(m.group(2)));
            }
        }
        if (key != null) {
            topics.put(key, text.toString());
        }
        if (topics.size() < 50) {
            throw new IllegalStateException("read only " + topics.size() + " topics from " + file);
        }
        return topics;
    }

    static Path pydocTopics() throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(Path.of("/usr/lib"))) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().matches("python3\\.\\d+")).sorted().toList()) {
                Path topics = dir.resolve("pydoc_data/topics.py");
                if (Files.isRegularFile(topics)) {
                    found.add(topics);
                }
            }
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no /usr/lib/python3.X/pydoc_data/topics.py: these tests need python3 "
                    + "(Debian package libpython3.X-stdlib)");
        }
        return found.get(found.size() - 1);
    }

    private static String unescape(String literal) {
        StringBuilder out = new StringBuilder(literal.length());
        for (int i = 0; i < literal.length(); i++) {
            char c = literal.charAt(i);
            if (c == '\\' && i + 1 < literal.length()) {
                char n = literal.charAt(++i);
                out.append(switch (n) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> n;
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
