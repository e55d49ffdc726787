package org.topicstorm.fetch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class GuardedDnsTest {

    private static InetAddress at(String literal) {
        return IpLiterals.parse(literal);
    }

    /** A resolver that answers every name with the same addresses (no real DNS in a unit test). */
    private static GuardedDns dns(List<String> allow, String... answers) {
        List<InetAddress> addresses = java.util.Arrays.stream(answers).map(GuardedDnsTest::at).toList();
        return new GuardedDns(new AddressGuard(allow.stream().map(Cidr::parse).toList()), name -> addresses);
    }

    @Test
    void aNameResolvingToLoopbackIsRefused() {
        GuardedDns.Refused e = assertThrows(GuardedDns.Refused.class,
                () -> dns(List.of(), "127.0.0.1").lookup("evil.example"));
        assertEquals("address guard: evil.example (127.0.0.1) is loopback", e.getMessage());
    }

    @Test
    void literalsAreReadWithoutTheResolver() throws IOException {
        // the resolver would answer a public address: the literal's own address counts
        GuardedDns.Refused e = assertThrows(GuardedDns.Refused.class,
                () -> dns(List.of(), "93.184.216.34").lookup("0x7f.0.0.1"));
        assertEquals("address guard: 127.0.0.1 is loopback", e.getMessage());
        assertEquals(List.of(at("127.0.0.21")), dns(List.of("127.0.0.21/32"), "93.184.216.34").lookup("127.0.0.21"));
    }

    @Test
    void guardedAddressesAreDroppedAndPublicOnesKept() throws IOException {
        assertEquals(List.of(at("93.184.216.34")), dns(List.of(), "10.0.0.1", "93.184.216.34").lookup("mixed.example"));
    }

    @Test
    void theRefusalIsFoundInsideOtherFailures() {
        GuardedDns.Refused refused = new GuardedDns.Refused("address guard: 127.0.0.1 is loopback");
        assertSame(refused, GuardedDns.find(new IOException("outer", refused)));
        IOException suppressing = new IOException("route failed");
        suppressing.addSuppressed(refused);
        assertSame(refused, GuardedDns.find(suppressing));
        assertNull(GuardedDns.find(new IOException("connection refused")));
    }
}
