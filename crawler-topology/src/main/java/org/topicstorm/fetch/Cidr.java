package org.topicstorm.fetch;

import java.net.InetAddress;

/**
 * A network in CIDR notation ({@code 127.0.0.0/8}, {@code 10.1.2.3/32}, {@code fc00::/7}); a bare address is the
 * network of that one address. An IPv4 network matches the IPv4-mapped IPv6 form of its addresses too (java.net
 * turns {@code ::ffff:a.b.c.d} into the IPv4 address).
 */
public record Cidr(byte[] network, int prefix) {

    /**
     * @throws IllegalArgumentException when {@code text} is not an address with an optional /prefix in range
     */
    public static Cidr parse(String text) {
        String t = text == null ? "" : text.strip();
        int slash = t.indexOf('/');
        String address = slash < 0 ? t : t.substring(0, slash);
        InetAddress a = IpLiterals.parse(address);
        // only the plain dotted-quad form for IPv4 here: a configuration spelling 127.1 is more likely a mistake
        if (a == null || (a.getAddress().length == 4 && !address.matches("\\d{1,3}(\\.\\d{1,3}){3}")
                && address.indexOf(':') < 0)) {
            throw new IllegalArgumentException("'" + text + "' is not a network in CIDR notation (e.g. 127.0.0.0/8, "
                    + "10.1.2.3/32, fc00::/7)");
        }
        byte[] bytes = a.getAddress();
        int bits = bytes.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            try {
                prefix = Integer.parseInt(t.substring(slash + 1));
            } catch (NumberFormatException e) {
                prefix = -1;
            }
            if (prefix < 0 || prefix > bits) {
                throw new IllegalArgumentException("'" + text + "': the prefix length must be a whole number from 0 to "
                        + bits);
            }
        }
        return new Cidr(bytes, prefix);
    }

    /** Whether the address is in this network (an IPv4 network never holds an IPv6 address, and the reverse). */
    public boolean contains(InetAddress address) {
        byte[] a = address.getAddress();
        if (a.length != network.length) {
            return false;
        }
        for (int bit = 0; bit < prefix; bit++) {
            int mask = 0x80 >>> (bit % 8);
            if ((a[bit / 8] & mask) != (network[bit / 8] & mask)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (java.net.UnknownHostException e) {
            return "?/" + prefix;
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr c && c.prefix == prefix && java.util.Arrays.equals(c.network, network);
    }

    @Override
    public int hashCode() {
        return 31 * java.util.Arrays.hashCode(network) + prefix;
    }
}
