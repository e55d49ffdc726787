package org.topicstorm.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * Which addresses a crawl of the public web may not fetch: loopback, private, link-local, multicast, unspecified and
 * reserved addresses, IPv4 and IPv6, in any notation ({@link IpLiterals}), unless they are in a network of the
 * allowlist ({@value #ALLOW}, CIDR networks). A hostile page's link to {@code http://127.0.0.1:9200/} or to a
 * cloud's metadata service ({@code 169.254.169.254}) would otherwise make the crawler fetch them and index the answer.
 *
 * <p>The check that holds is at connection time, after DNS ({@link GuardedDns}): a name that resolves to a guarded
 * address, a redirect to one, and a decimal or hex spelling all come through it.
 */
public final class AddressGuard {

    /** Configuration key: CIDR networks the guard lets through (e.g. {@code ["127.0.0.0/8"]}); empty by default. */
    public static final String ALLOW = "fetch.address.allow";
    /** How the guard's refusals begin (in the status index's error field). */
    public static final String PREFIX = "address guard: ";

    /** What java.net.InetAddress does not classify itself. */
    private static final Cidr THIS_NETWORK = Cidr.parse("0.0.0.0/8");
    private static final Cidr CARRIER_GRADE_NAT = Cidr.parse("100.64.0.0/10");
    private static final Cidr RESERVED_V4 = Cidr.parse("240.0.0.0/4"); // 255.255.255.255 (broadcast) included
    private static final Cidr UNIQUE_LOCAL = Cidr.parse("fc00::/7");
    /** ::a.b.c.d, the deprecated IPv4-compatible form, and NAT64's well-known prefix, 64:ff9b::a.b.c.d. */
    private static final Cidr V4_COMPATIBLE = Cidr.parse("::/96");
    private static final Cidr NAT64 = Cidr.parse("64:ff9b::/96");

    private final List<Cidr> allowed;

    public AddressGuard(List<Cidr> allowed) {
        this.allowed = List.copyOf(allowed);
    }

    /**
     * @throws IllegalArgumentException naming the key when {@value #ALLOW} is not a list of CIDR networks
     */
    public static AddressGuard fromConf(Map<String, ?> conf) {
        Object value = conf.get(ALLOW);
        List<Cidr> networks = new ArrayList<>();
        if (value instanceof Collection<?> list) {
            for (Object o : list) {
                networks.add(network(o));
            }
        } else if (value instanceof String s && !s.isBlank()) {
            networks.add(network(s));
        } else if (value != null && !(value instanceof String)) {
            throw new IllegalArgumentException("config key '" + ALLOW + "': must be a list of networks in CIDR "
                    + "notation (e.g. [\"127.0.0.0/8\"]), got " + value);
        }
        return new AddressGuard(networks);
    }

    private static Cidr network(Object o) {
        try {
            return Cidr.parse(o == null ? null : o.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("config key '" + ALLOW + "': " + e.getMessage(), e);
        }
    }

    public List<Cidr> allowed() {
        return allowed;
    }

    /**
     * Why the host may not be fetched at the address, or null when it may.
     *
     * @param host the host as written in the URL (named in the reason when it is not the address itself)
     */
    public String refusal(String host, InetAddress address) {
        for (Cidr c : allowed) {
            if (c.contains(address)) {
                return null;
            }
        }
        String kind = kind(address);
        if (kind == null) {
            return null;
        }
        String ip = address.getHostAddress();
        String literal = IpLiterals.parse(host) == null ? host + " (" + ip + ")" : ip;
        return PREFIX + (host == null || host.isEmpty() ? ip : literal) + " is " + kind;
    }

    /**
     * Why the URL may not be fetched when its host is an IP address in some notation (no DNS here: a name is
     * checked at fetch time, {@link GuardedDns}); null when it may be, when its host is a name, or when it is not a
     * URL. Lets the seed injector name a refused seed at once.
     */
    public String literalRefusal(String url) {
        String host;
        try {
            host = new java.net.URI(url).getHost();
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return null;
        }
        InetAddress address = IpLiterals.parse(host);
        return address == null ? null : refusal(host, address);
    }

    /** The kind of a guarded address, or null for a public one. */
    static String kind(InetAddress address) {
        InetAddress a = embeddedV4(address);
        if (a.isAnyLocalAddress() || THIS_NETWORK.contains(a)) {
            return "unspecified";
        }
        if (a.isLoopbackAddress()) {
            return "loopback";
        }
        if (a.isLinkLocalAddress()) {
            return "link-local";
        }
        if (a.isSiteLocalAddress()) {
            return "private";
        }
        if (CARRIER_GRADE_NAT.contains(a)) {
            return "private (carrier-grade NAT)";
        }
        if (UNIQUE_LOCAL.contains(a)) {
            return "private (unique-local)";
        }
        if (a.isMulticastAddress()) {
            return "multicast";
        }
        if (RESERVED_V4.contains(a)) {
            return "reserved";
        }
        return null;
    }

    /**
     * The IPv4 address an IPv6 address carries (IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d; java.net already
     * turns IPv4-mapped ::ffff:a.b.c.d into IPv4), else the address itself. {@code ::} and {@code ::1} stay IPv6.
     */
    static InetAddress embeddedV4(InetAddress address) {
        if (!(address instanceof Inet6Address) || address.isAnyLocalAddress() || address.isLoopbackAddress()) {
            return address;
        }
        byte[] b = address.getAddress();
        boolean mapped = b[10] == (byte) 0xff && b[11] == (byte) 0xff && allZero(b, 0, 10);
        if (mapped || V4_COMPATIBLE.contains(address) || NAT64.contains(address)) {
            try {
                return Inet4Address.getByAddress(new byte[]{b[12], b[13], b[14], b[15]});
            } catch (UnknownHostException e) {
                return address;
            }
        }
        return address;
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }
}
