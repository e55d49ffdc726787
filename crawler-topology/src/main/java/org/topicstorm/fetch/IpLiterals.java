package org.topicstorm.fetch;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * Reads a URL's host as an IP address in every notation a resolver or a browser accepts, so that the address guard
 * sees the address that would be connected to, whatever its spelling:
 * <ul>
 *   <li>IPv4 in the forms of inet_aton(3): one to four parts, each decimal, octal (leading 0) or hex (0x); the last
 *       part fills the remaining bytes: {@code 127.0.0.1}, {@code 2130706433}, {@code 0x7f000001},
 *       {@code 0177.0.0.1}, {@code 0x7f.0.0.1}, {@code 127.1}, {@code 127.0.1}; a trailing dot is allowed;</li>
 *   <li>IPv6, with or without brackets, in any form java.net accepts ({@code [::1]}, {@code [::ffff:127.0.0.1]},
 *       {@code [0:0:0:0:0:ffff:7f00:1]}); an IPv4-mapped address comes back as the IPv4 address it maps.</li>
 * </ul>
 * Anything else (a host name, a malformed number) is not a literal: null.
 */
public final class IpLiterals {

    private IpLiterals() {
    }

    /** The address the host spells, or null when it is a name (or not a valid address). Never does DNS. */
    public static InetAddress parse(String host) {
        if (host == null || host.isEmpty()) {
            return null;
        }
        String h = host.strip();
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.indexOf(':') >= 0) {
            return ipv6(h);
        }
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        byte[] v4 = ipv4(h);
        if (v4 == null) {
            return null;
        }
        try {
            return InetAddress.getByAddress(v4);
        } catch (UnknownHostException e) {
            return null; // only for a wrong length, which ipv4 never returns
        }
    }

    /** An IPv6 literal; java.net parses a string with a colon as a literal (never a name), and rejects bad ones. */
    private static InetAddress ipv6(String h) {
        // a zone id (fe80::1%eth0) is allowed by java.net; digits, hex letters, colons, dots and the zone only
        for (int i = 0; i < h.length(); i++) {
            char c = h.charAt(i);
            if (c == '%') {
                break;
            }
            if (!(Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
                return null;
            }
        }
        try {
            return InetAddress.getByName(h);
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
    }

    /** The four bytes of an inet_aton form, or null when it is not one. */
    static byte[] ipv4(String h) {
        String[] parts = h.split("\\.", -1);
        if (parts.length < 1 || parts.length > 4) {
            return null;
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = number(parts[i]);
            if (values[i] < 0) {
                return null;
            }
        }
        // every part but the last is one byte; the last fills the bytes that remain
        long address = 0;
        for (int i = 0; i < parts.length - 1; i++) {
            if (values[i] > 0xff) {
                return null;
            }
            address |= values[i] << (8 * (3 - i));
        }
        long last = values[parts.length - 1];
        int lastBytes = 4 - (parts.length - 1);
        if (last >= (1L << (8 * lastBytes))) {
            return null;
        }
        address |= last;
        return new byte[]{(byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address};
    }

    /** One part: decimal, 0-prefixed octal or 0x-prefixed hex; -1 when it is none of them or too large. */
    private static long number(String part) {
        String p = part.toLowerCase(Locale.ROOT);
        int radix = 10;
        if (p.startsWith("0x")) {
            radix = 16;
            p = p.substring(2);
        } else if (p.length() > 1 && p.startsWith("0")) {
            radix = 8;
            p = p.substring(1);
        }
        if (p.isEmpty() || p.length() > 12) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < p.length(); i++) {
            int d = Character.digit(p.charAt(i), radix);
            if (d < 0) {
                return -1;
            }
            v = v * radix + d;
        }
        return v > 0xffffffffL ? -1 : v;
    }
}
