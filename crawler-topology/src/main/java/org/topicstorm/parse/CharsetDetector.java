package org.topicstorm.parse;

import com.ibm.icu.text.CharsetMatch;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decides the charset of fetched bytes. Order of evidence:
 * <ol>
 *   <li>a byte order mark (UTF-8, UTF-16LE/BE): it cannot be there by accident, so it wins even over the HTTP header,
 *       as in the HTML standard's encoding sniffing (a UTF-8 BOM under a wrong "charset=iso-8859-1" header is a
 *       classic server misconfiguration);</li>
 *   <li>the charset parameter of the HTTP Content-Type header;</li>
 *   <li>{@code <meta charset>}, {@code <meta http-equiv="Content-Type" content="...; charset=...">} or an XML
 *       declaration within the first {@value #PRESCAN_BYTES} bytes;</li>
 *   <li>sniffing ({@link #sniff}): valid UTF-8 is UTF-8; otherwise ICU's charset detector (as StormCrawler's
 *       CharsetIdentification uses it) names the likeliest legacy charset; windows-1252 when it cannot.</li>
 * </ol>
 * Unknown or illegal charset names are ignored (the next kind of evidence decides) instead of throwing.
 */
public final class CharsetDetector {

    /** How much of the page the meta prescan reads; meta tags usually sit in the first KB, some after long headers. */
    static final int PRESCAN_BYTES = 8192;

    /** How much of the page ICU's detector reads when nothing declares a charset. */
    static final int SNIFF_BYTES = 64 * 1024;

    /** ICU's confidence (0-100) below which its guess is not taken. */
    static final int MIN_CONFIDENCE = 10;

    static final Charset GB18030 = Charset.forName("GB18030");
    static final Charset WINDOWS_1252 = Charset.forName("windows-1252");

    /** Where the charset came from. */
    public enum Source { BOM, HEADER, META, SNIFFED }

    /**
     * @param charset   the charset to decode with
     * @param bomLength bytes of byte order mark to skip before decoding
     * @param source    the evidence that decided
     */
    public record Detection(Charset charset, int bomLength, Source source) {
    }

    /**
     * Labels that name a subset of what servers actually send under them; the superset decodes the same bytes the
     * same way and also the extra characters (as browsers do, per the WHATWG Encoding standard).
     */
    private static final Map<String, Charset> SUPERSETS = Map.ofEntries(
            Map.entry("gb2312", GB18030), Map.entry("gbk", GB18030), Map.entry("x-gbk", GB18030),
            Map.entry("cp936", GB18030), Map.entry("windows-936", GB18030), Map.entry("csgb2312", GB18030),
            Map.entry("euc-cn", GB18030), Map.entry("gb_2312-80", GB18030), Map.entry("chinese", GB18030),
            Map.entry("iso-8859-1", WINDOWS_1252), Map.entry("iso8859-1", WINDOWS_1252),
            Map.entry("latin1", WINDOWS_1252), Map.entry("l1", WINDOWS_1252),
            Map.entry("us-ascii", WINDOWS_1252), Map.entry("ascii", WINDOWS_1252));

    private static final Pattern HEADER_CHARSET =
            Pattern.compile("charset\\s*=\\s*[\"']?\\s*([^\"';,\\s]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern META_CHARSET =
            Pattern.compile("<meta\\b[^>]*?charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9_.:+-]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern XML_ENCODING =
            Pattern.compile("^\\s*<\\?xml[^>]*?encoding\\s*=\\s*[\"']([A-Za-z0-9_.:+-]+)", Pattern.CASE_INSENSITIVE);

    private CharsetDetector() {
    }

    /**
     * @param content     the fetched bytes
     * @param length      how many of them are used (the parse limit)
     * @param contentType the HTTP Content-Type header, or null
     */
    public static Detection detect(byte[] content, int length, String contentType) {
        int bom = bomLength(content, length);
        if (bom > 0) {
            return new Detection(bomCharset(content), bom, Source.BOM);
        }
        Charset header = fromHeader(contentType);
        if (header != null) {
            return new Detection(header, 0, Source.HEADER);
        }
        Charset meta = fromMeta(content, length);
        if (meta != null) {
            return new Detection(meta, 0, Source.META);
        }
        return new Detection(sniff(content, length), 0, Source.SNIFFED);
    }

    /** The charset named by a Content-Type header value, or null when there is none or it is unknown. */
    public static Charset fromHeader(String contentType) {
        if (contentType == null) {
            return null;
        }
        Matcher m = HEADER_CHARSET.matcher(contentType);
        return m.find() ? forLabel(m.group(1)) : null;
    }

    /** The charset declared in the document's first {@value #PRESCAN_BYTES} bytes, or null. */
    static Charset fromMeta(byte[] content, int length) {
        // Charset declarations are ASCII; ISO-8859-1 maps each byte to one char, so offsets and ASCII survive any
        // ASCII-compatible encoding.
        String head = new String(content, 0, Math.min(length, PRESCAN_BYTES), StandardCharsets.ISO_8859_1);
        Matcher xml = XML_ENCODING.matcher(head);
        Matcher meta = META_CHARSET.matcher(head);
        String label = xml.find() ? xml.group(1) : meta.find() ? meta.group(1) : null;
        if (label == null) {
            return null;
        }
        Charset cs = forLabel(label);
        // A document whose declaration could be read as ASCII is not UTF-16, whatever it says (HTML standard).
        if (cs != null && cs.name().startsWith("UTF-16")) {
            return StandardCharsets.UTF_8;
        }
        return cs;
    }

    /** Charset for a label, mapping subsets to their superset; null when the name is illegal or unsupported. */
    static Charset forLabel(String label) {
        String l = label.trim().toLowerCase(Locale.ROOT);
        Charset superset = SUPERSETS.get(l);
        if (superset != null) {
            return superset;
        }
        try {
            Charset cs = Charset.forName(l);
            return SUPERSETS.getOrDefault(cs.name().toLowerCase(Locale.ROOT), cs);
        } catch (IllegalArgumentException e) { // IllegalCharsetNameException, UnsupportedCharsetException
            return null;
        }
    }

    static int bomLength(byte[] b, int length) {
        if (length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return 3;
        }
        if (length >= 2 && ((b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF
                || (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE)) {
            return 2;
        }
        return 0;
    }

    private static Charset bomCharset(byte[] b) {
        return switch (b[0] & 0xFF) {
            case 0xEF -> StandardCharsets.UTF_8;
            case 0xFE -> StandardCharsets.UTF_16BE;
            default -> StandardCharsets.UTF_16LE;
        };
    }

    /**
     * The fallback when nothing declares a charset: UTF-8 when the bytes are valid UTF-8 (exact, and the web's
     * default); else the best of ICU's guesses of a multi-byte charset (GB18030, Big5, Shift_JIS, EUC-JP, EUC-KR)
     * that is confident enough and decodes the bytes cleanly; else windows-1252, which decodes every byte. ICU's
     * guesses between single-byte charsets rest on letter statistics and confuse the Latin ones on short text
     * (French as ISO-8859-2), so they are not taken: windows-1252 is what browsers assume for them too.
     */
    static Charset sniff(byte[] content, int length) {
        if (decodesCleanly(StandardCharsets.UTF_8, content, length)) {
            return StandardCharsets.UTF_8;
        }
        com.ibm.icu.text.CharsetDetector icu = new com.ibm.icu.text.CharsetDetector();
        icu.enableInputFilter(true); // tags are ASCII whatever the charset: only the text between them tells
        icu.setText(java.util.Arrays.copyOf(content, Math.min(length, SNIFF_BYTES)));
        for (CharsetMatch m : icu.detectAll()) {
            if (m.getConfidence() < MIN_CONFIDENCE) {
                break;
            }
            Charset cs = forLabel(m.getName());
            if (cs != null && !cs.name().startsWith("UTF") && cs.newEncoder().maxBytesPerChar() > 1
                    && decodesCleanly(cs, content, length)) {
                return cs;
            }
        }
        return WINDOWS_1252;
    }

    /**
     * Whether the bytes decode without a malformed or unmappable sequence. An incomplete sequence at the very end is
     * accepted: content cut at the parse limit may split the last character.
     */
    static boolean decodesCleanly(Charset cs, byte[] content, int length) {
        CharsetDecoder decoder = cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(content, 0, length);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult r = decoder.decode(in, out, false);
            if (r.isError()) {
                return false;
            }
            if (r.isOverflow()) {
                out.clear();
            } else {
                return in.remaining() < 4; // underflow: what is left is at most one incomplete character
            }
        }
    }

}
