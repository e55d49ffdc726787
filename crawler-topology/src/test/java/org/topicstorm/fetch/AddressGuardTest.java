package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AddressGuardTest {

    private static final AddressGuard DEFAULT = new AddressGuard(List.of());

    private static InetAddress at(String literal) {
        return IpLiterals.parse(literal);
    }

    private static String kind(String literal) {
        return AddressGuard.kind(at(literal));
    }

    @Test
    void classifiesIpv4() {
        assertEquals("loopback", kind("127.0.0.1"));
        assertEquals("loopback", kind("127.255.255.254"));
        assertEquals("private", kind("10.0.0.1"));
        assertEquals("private", kind("172.16.0.1"));
        assertEquals("private", kind("172.31.255.255"));
        assertEquals("private", kind("192.168.1.1"));
        assertEquals("private (carrier-grade NAT)", kind("100.64.0.1"));
        assertEquals("private (carrier-grade NAT)", kind("100.127.255.255"));
        assertEquals("link-local", kind("169.254.169.254"));
        assertEquals("multicast", kind("224.0.0.1"));
        assertEquals("unspecified", kind("0.0.0.0"));
        assertEquals("unspecified", kind("0.1.2.3"));
        assertEquals("reserved", kind("240.0.0.1"));
        assertEquals("reserved", kind("255.255.255.255"));
    }

    @Test
    void publicIpv4AddressesPass() {
        assertNull(kind("93.184.216.34"));
        assertNull(kind("8.8.8.8"));
        assertNull(kind("172.32.0.1"));    // just past 172.16.0.0/12
        assertNull(kind("100.128.0.1"));   // just past 100.64.0.0/10
        assertNull(kind("11.0.0.1"));
    }

    @Test
    void classifiesIpv6() {
        assertEquals("loopback", kind("[::1]"));
        assertEquals("unspecified", kind("[::]"));
        assertEquals("private (unique-local)", kind("[fd12:3456::1]"));
        assertEquals("private (unique-local)", kind("[fc00::1]"));
        assertEquals("link-local", kind("[fe80::1]"));
        assertEquals("multicast", kind("[ff02::1]"));
        assertNull(kind("[2606:2800:220:1:248:1893:25c8:1946]"));
        assertNull(kind("[fe00::1]"));  // just below fe80::/10 and above fc00::/7
    }

    @Test
    void ipv4InsideIpv6IsClassifiedAsIpv4() {
        assertEquals("loopback", kind("[::ffff:127.0.0.1]"));
        assertEquals("link-local", kind("[::ffff:169.254.169.254]"));
        assertEquals("private", kind("[::ffff:10.0.0.1]"));
        // IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d)
        assertEquals("loopback", kind("[::127.0.0.1]"));
        assertEquals("private", kind("[64:ff9b::10.0.0.1]"));
        assertNull(kind("[::ffff:8.8.8.8]"));
        assertNull(kind("[64:ff9b::8.8.8.8]"));
    }

    @Test
    void everyNotationOfLoopbackIsRefused() {
        for (String host : List.of("127.0.0.1", "2130706433", "0x7f000001", "0177.0.0.1", "0x7f.0.0.1", "127.1",
                "017700000001", "127.0.0.1.")) {
            assertEquals("address guard: 127.0.0.1 is loopback", DEFAULT.refusal(host, at(host)), host);
        }
        assertEquals("address guard: 127.0.0.1 is loopback", DEFAULT.refusal("[::ffff:127.0.0.1]",
                at("[::ffff:127.0.0.1]")));
        assertEquals("address guard: 0:0:0:0:0:0:0:1 is loopback", DEFAULT.refusal("[::1]", at("[::1]")));
    }

    @Test
    void aNameIsNamedWithItsAddress() {
        assertEquals("address guard: localhost (127.0.0.1) is loopback",
                DEFAULT.refusal("localhost", at("127.0.0.1")));
        assertEquals("address guard: metadata.internal (169.254.169.254) is link-local",
                DEFAULT.refusal("metadata.internal", at("169.254.169.254")));
        assertNull(DEFAULT.refusal("example.com", at("93.184.216.34")));
    }

    @Test
    void aUrlWhoseHostIsALiteralIsRefusedWithoutDns() {
        assertEquals("address guard: 127.0.0.1 is loopback", DEFAULT.literalRefusal("http://2130706433:9200/_cat"));
        assertEquals("address guard: 169.254.169.254 is link-local",
                DEFAULT.literalRefusal("http://169.254.169.254/latest/meta-data/"));
        assertEquals("address guard: 0:0:0:0:0:0:0:1 is loopback", DEFAULT.literalRefusal("http://[::1]:8080/"));
        assertNull(DEFAULT.literalRefusal("http://localhost:9200/"), "a name is checked after DNS, at fetch time");
        assertNull(DEFAULT.literalRefusal("http://93.184.216.34/"));
        assertNull(DEFAULT.literalRefusal("not a url"));
    }

    @Test
    void cidrMatching() {
        Cidr eight = Cidr.parse("127.0.0.0/8");
        assertTrue(eight.contains(at("127.0.0.1")));
        assertTrue(eight.contains(at("127.255.255.255")));
        assertFalse(eight.contains(at("128.0.0.0")));
        assertTrue(eight.contains(at("[::ffff:127.0.0.5]")), "the IPv4-mapped form is the IPv4 address");
        assertFalse(eight.contains(at("[::1]")), "an IPv4 network holds no IPv6 address");

        Cidr one = Cidr.parse("127.0.0.21/32");
        assertTrue(one.contains(at("127.0.0.21")));
        assertFalse(one.contains(at("127.0.0.22")));
        assertEquals(one, Cidr.parse("127.0.0.21"), "a bare address is its own /32");

        // /20: 10.1.16.0 .. 10.1.31.255 (16 = 0b0001_0000, the low 4 bits of the third byte vary)
        Cidr twenty = Cidr.parse("10.1.16.0/20");
        assertTrue(twenty.contains(at("10.1.31.255")));
        assertFalse(twenty.contains(at("10.1.32.0")));
        assertFalse(twenty.contains(at("10.1.15.255")));

        Cidr ula = Cidr.parse("fc00::/7");
        assertTrue(ula.contains(at("[fdff::1]")));
        assertFalse(ula.contains(at("[fe00::1]")));
        assertTrue(Cidr.parse("0.0.0.0/0").contains(at("8.8.8.8")));
        assertEquals("10.1.16.0/20", twenty.toString());
    }

    @Test
    void badNetworksAreRefused() {
        for (String bad : List.of("127.0.0.0/33", "127.0.0.0/-1", "127.0.0.0/x", "localhost/8", "127.1/8",
                "::1/129", "")) {
            assertThrows(IllegalArgumentException.class, () -> Cidr.parse(bad), bad);
        }
    }

    @Test
    void theAllowlistLetsItsNetworksThrough() {
        AddressGuard guard = AddressGuard.fromConf(Map.of(AddressGuard.ALLOW, List.of("127.0.0.21/32", "fd00::/8")));
        assertNull(guard.refusal("127.0.0.21", at("127.0.0.21")));
        assertNull(guard.refusal("[::ffff:127.0.0.21]", at("[::ffff:127.0.0.21]")));
        assertEquals("address guard: 127.0.0.22 is loopback", guard.refusal("127.0.0.22", at("127.0.0.22")));
        assertNull(guard.refusal("[fd00::5]", at("[fd00::5]")));
        assertEquals("address guard: fc00:0:0:0:0:0:0:5 is private (unique-local)",
                guard.refusal("[fc00::5]", at("[fc00::5]")));
    }

    @Test
    void configuration() {
        assertEquals(List.of(), AddressGuard.fromConf(Map.of()).allowed());
        assertEquals(List.of(Cidr.parse("10.0.0.0/8")),
                AddressGuard.fromConf(Map.of(AddressGuard.ALLOW, "10.0.0.0/8")).allowed());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> AddressGuard.fromConf(Map.of(AddressGuard.ALLOW, List.of("127.0.0.0/8", "10.0.0.0/40"))));
        assertTrue(e.getMessage().startsWith("config key 'fetch.address.allow': '10.0.0.0/40'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> AddressGuard.fromConf(Map.of(AddressGuard.ALLOW, 8)));
        assertTrue(e.getMessage().startsWith("config key 'fetch.address.allow'"), e.getMessage());
    }
}
