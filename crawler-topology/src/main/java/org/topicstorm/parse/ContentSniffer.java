package org.topicstorm.parse;

import org.apache.tika.metadata.Metadata;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;

/**
 * Rejects content that is not HTML before it is parsed: servers label images, archives and PDFs as text/html often
 * enough, and jsoup would turn them into pages of garbage text and links. Known binary formats are recognised by
 * Tika's magic numbers; what has none is binary when too many of its first bytes are control characters.
 */
final class ContentSniffer {

    /** How many leading bytes are inspected for control characters. */
    static final int SAMPLE_BYTES = 1024;

    /**
     * Share of control bytes in the sample above which content is binary. Text in any ASCII-compatible encoding has
     * none besides tab, line breaks, form feed and ESC (ISO-2022); random bytes have about 10 %.
     */
    static final double MAX_CONTROL_SHARE = 0.03;

    /** Tika's registry of media types with their magic numbers (tika-mimetypes.xml, read once). */
    private static final MimeTypes TYPES = MimeTypes.getDefaultMimeTypes();

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
        int bom = CharsetDetector.bomLength(content, length);
        // Markup first: no binary format opens with '<', so Tika's magic numbers need not be tried (they were a
        // third of a small page's parse); the control-character check below still reads the first bytes.
        if (!opensWithMarkup(content, length, bom)) {
            MediaType sniffed = sniff(content, length);
            if (isBinary(sniffed)) {
                throw new NotHtmlException("binary content (" + sniffed.getBaseType() + ")");
            }
        }
        // UTF-16 text is full of NUL bytes; with a byte order mark it is legitimate.
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

    /**
     * Whether the content's first byte after its byte order mark ({@code bom} bytes) and ASCII white space is
     * {@code '<'}:
     * a tag, a comment, a doctype or an XML declaration. Every binary format has a magic number that starts
     * otherwise (images, archives, PDFs, executables, office files); a UTF-16 page (two-byte mark) is not read this
     * way and goes to Tika.
     */
    static boolean opensWithMarkup(byte[] content, int length, int bom) {
        if (bom == 2) {
            return false;
        }
        for (int i = bom; i < length; i++) {
            int b = content[i] & 0xFF;
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r' && b != '\f') {
                return b == '<';
            }
        }
        return false;
    }

    private static boolean isControl(int b) {
        return b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != 0x1B || b == 0x7F;
    }

    /** The media type Tika's magic numbers give the first bytes (application/octet-stream when none matches). */
    static MediaType sniff(byte[] content, int length) {
        try (InputStream in = new ByteArrayInputStream(content, 0, length)) {
            return TYPES.detect(in, new Metadata());
        } catch (IOException e) {
            return MediaType.OCTET_STREAM; // cannot happen on an array; the control-character check decides
        }
    }

    /**
     * Whether a sniffed type is binary for sure: images, audio, video, archives, executables, PDFs and office files.
     * Text, what Tika knows as a kind of text (XML and XHTML, scripts) and an unknown type (left to the
     * control-character check) are not.
     */
    static boolean isBinary(MediaType type) {
        return !type.equals(MediaType.OCTET_STREAM) && !type.getType().equals("text")
                && !TYPES.getMediaTypeRegistry().isInstanceOf(type, MediaType.TEXT_PLAIN);
    }
}
