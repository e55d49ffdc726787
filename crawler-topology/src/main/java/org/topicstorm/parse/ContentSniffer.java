package org.topicstorm.parse;

import java.util.Locale;

/**
 * Rejects content that is not HTML before it is parsed: servers label images, archives and PDFs as text/html often
 * enough, and jsoup would turn them into pages of garbage text and links.
 */
final class ContentSniffer {

    /** How many leading bytes are inspected for control characters. */
    static final int SAMPLE_BYTES = 1024;

    /**
     * Share of control bytes in the sample above which content is binary. Text in any ASCII-compatible encoding has
     * none besides tab, line breaks, form feed and ESC (ISO-2022); random bytes have about 10 %.
     */
    static final double MAX_CONTROL_SHARE = 0.03;

    private record Magic(String name, int offset, byte[] bytes) {
    }

    private static final Magic[] MAGIC = {
        magic("PNG image", 0, 0x89, 'P', 'N', 'G'),
        magic("GIF image", 0, 'G', 'I', 'F', '8'),
        magic("JPEG image", 0, 0xFF, 0xD8, 0xFF),
        magic("WebP image", 8, 'W', 'E', 'B', 'P'),
        magic("ICO image", 0, 0x00, 0x00, 0x01, 0x00),
        magic("PDF document", 0, '%', 'P', 'D', 'F', '-'),
        magic("ZIP archive", 0, 'P', 'K', 0x03, 0x04),
        magic("empty ZIP archive", 0, 'P', 'K', 0x05, 0x06),
        magic("gzip data", 0, 0x1F, 0x8B),
        magic("bzip2 data", 0, 'B', 'Z', 'h'),
        magic("xz data", 0, 0xFD, '7', 'z', 'X', 'Z', 0x00),
        magic("7-Zip archive", 0, '7', 'z', 0xBC, 0xAF, 0x27, 0x1C),
        magic("RAR archive", 0, 'R', 'a', 'r', '!', 0x1A, 0x07),
        magic("ELF executable", 0, 0x7F, 'E', 'L', 'F'),
        magic("Windows executable", 0, 'M', 'Z', 0x90, 0x00),
        magic("Java class file", 0, 0xCA, 0xFE, 0xBA, 0xBE),
        magic("MP3 audio", 0, 'I', 'D', '3'),
        magic("Ogg media", 0, 'O', 'g', 'g', 'S'),
        magic("MP4/QuickTime media", 4, 'f', 't', 'y', 'p'),
        magic("WebAssembly module", 0, 0x00, 'a', 's', 'm'),
        magic("compound document (MS Office)", 0, 0xD0, 0xCF, 0x11, 0xE0),
    };

    private ContentSniffer() {
    }

    /**
     * @param content     fetched bytes (may be null)
     * @param length      how many of them are parsed
     * @param contentType the HTTP Content-Type header, or null when the server sent none
     * @throws NotHtmlException naming why the content is not HTML
     */
    static void requireHtml(byte[] content, int length, String contentType) throws NotHtmlException {
        if (content == null || length == 0) {
            throw new NotHtmlException("empty content");
        }
        String mime = mimeType(contentType);
        // A declared type is trusted when it says "not HTML"; "HTML" is verified below since servers often lie.
        if (!mime.isEmpty() && !mime.contains("html")) {
            throw new NotHtmlException("content type " + mime + " is not HTML");
        }
        for (Magic m : MAGIC) {
            if (startsWith(content, length, m)) {
                throw new NotHtmlException("binary content (" + m.name() + ")");
            }
        }
        // UTF-16 text is full of NUL bytes; with a byte order mark it is legitimate.
        int bom = CharsetDetector.bomLength(content, length);
        if (bom == 2) {
            return;
        }
        int end = Math.min(length, bom + SAMPLE_BYTES);
        int controls = 0;
        for (int i = bom; i < end; i++) {
            if (isControl(content[i] & 0xFF)) {
                controls++;
            }
        }
        if (controls > MAX_CONTROL_SHARE * (end - bom)) {
            throw new NotHtmlException("binary content (" + controls + " of the first " + (end - bom)
                    + " bytes are control characters)");
        }
    }

    /** The lower-case media type of a Content-Type header ("" when absent). */
    static String mimeType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semi = contentType.indexOf(';');
        String mime = semi < 0 ? contentType : contentType.substring(0, semi);
        return mime.trim().toLowerCase(Locale.ROOT);
    }

    private static boolean isControl(int b) {
        return b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1B || b == 0x7F;
    }

    private static boolean startsWith(byte[] content, int length, Magic m) {
        if (length < m.offset() + m.bytes().length) {
            return false;
        }
        for (int i = 0; i < m.bytes().length; i++) {
            if (content[m.offset() + i] != m.bytes()[i]) {
                return false;
            }
        }
        return true;
    }

    private static Magic magic(String name, int offset, int... values) {
        byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return new Magic(name, offset, bytes);
    }
}
