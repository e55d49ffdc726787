package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

class IpLiteralsTest {

    private static String ip(String host) {
        InetAddress a = IpLiterals.parse(host);
        return a == null ? null : a.getHostAddress();
    }

    @Test
    void dottedQuad() {
        assertEquals("127.0.0.1", ip("127.0.0.1"));
        assertEquals("169.254.169.254", ip("169.254.169.254"));
        assertEquals("127.0.0.1", ip("127.0.0.1."));
    }

    @Test
    void oneNumber() {
        // 127 * 2^24 + 1 = 2130706432 + 1
        assertEquals("127.0.0.1", ip("2130706433"));
        // 169*2^24 + 254*2^16 + 169*2^8 + 254 = 2835349504 + 16646144 + 43264 + 254
        assertEquals("169.254.169.254", ip("2852039166"));
        assertEquals("127.0.0.1", ip("0x7f000001"));
        assertEquals("127.0.0.1", ip("0X7F000001"));
        // octal 017700000001 = 0o177 * 8^8 + 1
        assertEquals("127.0.0.1", ip("017700000001"));
        assertEquals("0.0.0.0", ip("0"));
        assertEquals("255.255.255.255", ip("4294967295"));
    }

    @Test
    void octalAndHexParts() {
        assertEquals("127.0.0.1", ip("0177.0.0.1"));
        assertEquals("127.0.0.1", ip("0x7f.0.0.1"));
        assertEquals("127.0.0.1", ip("0x7f.0x0.0x0.0x1"));
        assertEquals("10.0.0.8", ip("012.0.0.010"));
    }

    @Test
    void shortFormsFillTheLastPart() {
        assertEquals("127.0.0.1", ip("127.1"));
        assertEquals("127.0.0.1", ip("127.0.1"));
        // 127.(65536 + 2) : the last part fills three bytes: 0x010002 -> 1.0.2
        assertEquals("127.1.0.2", ip("127.65538"));
        assertEquals("10.1.1.1", ip("10.65793")); // 65793 = 0x010101
    }

    @Test
    void ipv6() {
        assertEquals("0:0:0:0:0:0:0:1", ip("[::1]"));
        assertEquals("0:0:0:0:0:0:0:1", ip("::1"));
        assertEquals("fd00:0:0:0:0:0:0:1", ip("[fd00::1]"));
        assertInstanceOf(Inet6Address.class, IpLiterals.parse("[::]"));
    }

    @Test
    void ipv4MappedIpv6IsTheIpv4Address() {
        assertInstanceOf(Inet4Address.class, IpLiterals.parse("[::ffff:127.0.0.1]"));
        assertEquals("127.0.0.1", ip("[::ffff:127.0.0.1]"));
        assertEquals("127.0.0.1", ip("[0:0:0:0:0:ffff:7f00:1]"));
        assertEquals("10.0.0.1", ip("[::ffff:a00:1]"));
    }

    @Test
    void namesAndMalformedNumbersAreNotLiterals() {
        assertNull(ip("localhost"));
        assertNull(ip("example.com"));
        assertNull(ip("127.0.0.1.example.com"));
        assertNull(ip("1.2.3.4.5"));
        assertNull(ip("256.0.0.1"));       // a part other than the last is one byte
        assertNull(ip("127.16777216"));    // 2^24 does not fit three bytes
        assertNull(ip("4294967296"));      // 2^32
        assertNull(ip("08.0.0.1"));        // 8 is not an octal digit
        assertNull(ip("0x"));
        assertNull(ip("1..2"));
        assertNull(ip("[::g]"));
        assertNull(ip("[example.com]"));
        assertNull(ip(""));
        assertNull(ip(null));
    }
}
