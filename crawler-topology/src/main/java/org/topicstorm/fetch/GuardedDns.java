package org.topicstorm.fetch;

import okhttp3.Dns;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

/**
 * OkHttp's name resolution with the {@link AddressGuard}: a host in an IP notation is read as that address
 * ({@link IpLiterals}, without DNS), a name is resolved, and guarded addresses are dropped. When none is left the
 * lookup fails with {@link Refused}, which carries the reason. OkHttp resolves every connection's host here, robots.txt
 * and every redirect hop included, so nothing reaches a guarded address.
 */
public final class GuardedDns implements Dns {

    /** A host whose every address is guarded. */
    public static final class Refused extends UnknownHostException {
        public Refused(String reason) {
            super(reason);
        }
    }

    private final AddressGuard guard;
    private final Dns resolver;

    public GuardedDns(AddressGuard guard, Dns resolver) {
        this.guard = guard;
        this.resolver = resolver;
    }

    @Override
    public List<InetAddress> lookup(String hostname) throws UnknownHostException {
        InetAddress literal = IpLiterals.parse(hostname);
        List<InetAddress> resolved = literal != null ? List.of(literal) : resolver.lookup(hostname);
        List<InetAddress> kept = new ArrayList<>(resolved.size());
        String firstRefusal = null;
        for (InetAddress a : resolved) {
            String refusal = guard.refusal(hostname, a);
            if (refusal == null) {
                kept.add(a);
            } else if (firstRefusal == null) {
                firstRefusal = refusal;
            }
        }
        if (kept.isEmpty() && firstRefusal != null) {
            throw new Refused(firstRefusal);
        }
        return kept;
    }

    /** The guard's refusal somewhere in a failure's causes or suppressed exceptions, or null. */
    public static Refused find(Throwable t) {
        for (int depth = 0; t != null && depth < 10; depth++, t = t.getCause()) {
            if (t instanceof Refused r) {
                return r;
            }
            for (Throwable s : t.getSuppressed()) {
                if (s instanceof Refused r) {
                    return r;
                }
            }
        }
        return null;
    }
}
