package org.topicstorm.corpus;

import java.util.Locale;
import java.util.Map;

/** The Content-Type a static file is served with, by its name's extension. */
final class ContentTypes {

    static final String HTML = "text/html; charset=UTF-8";
    static final String DEFAULT = "application/octet-stream";

    private static final Map<String, String> BY_EXTENSION = Map.ofEntries(
            Map.entry("html", HTML),
            Map.entry("htm", HTML),
            Map.entry("css", "text/css; charset=UTF-8"),
            Map.entry("js", "text/javascript; charset=UTF-8"),
            Map.entry("json", "application/json"),
            Map.entry("txt", "text/plain; charset=UTF-8"),
            Map.entry("xml", "application/xml"),
            Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("webp", "image/webp"),
            Map.entry("ico", "image/vnd.microsoft.icon"),
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"),
            Map.entry("ttf", "font/ttf"),
            Map.entry("pdf", "application/pdf"),
            Map.entry("zip", "application/zip"),
            Map.entry("gz", "application/gzip"));

    private ContentTypes() {
    }

    static String of(String fileName) {
        int dot = fileName.lastIndexOf('.');
        if (dot < 0 || fileName.lastIndexOf('/') > dot) {
            return DEFAULT;
        }
        return BY_EXTENSION.getOrDefault(fileName.substring(dot + 1).toLowerCase(Locale.ROOT), DEFAULT);
    }
}
