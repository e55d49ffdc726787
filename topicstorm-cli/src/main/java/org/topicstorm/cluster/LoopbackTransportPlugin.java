package org.topicstorm.cluster;

import org.apache.storm.security.auth.ReqContext;
import org.apache.storm.security.auth.SimpleTransportPlugin;
import org.apache.storm.thrift.TException;
import org.apache.storm.thrift.TProcessor;
import org.apache.storm.thrift.protocol.TBinaryProtocol;
import org.apache.storm.thrift.protocol.TProtocol;
import org.apache.storm.thrift.server.THsHaServer;
import org.apache.storm.thrift.server.TServer;
import org.apache.storm.thrift.transport.TNonblockingServerSocket;
import org.apache.storm.thrift.transport.TTransportException;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * Storm's plain (unauthenticated) Thrift transport, with the server bound to one address instead of every
 * interface. Storm's own {@link SimpleTransportPlugin} listens on all interfaces and has no setting to change that;
 * the local cluster ({@link LocalStormCluster}) names this class in {@code nimbus.thrift.transport} and
 * {@code supervisor.thrift.transport} so that Nimbus and the Supervisor listen on 127.0.0.1 only.
 *
 * <p>Clients connect exactly as with {@link SimpleTransportPlugin} (framed transport, no authentication), so a
 * client may use either class.
 */
public class LoopbackTransportPlugin extends SimpleTransportPlugin {

    /** Daemon configuration key (storm.yaml): the address the Thrift servers bind to. */
    public static final String BIND_HOST = "topicstorm.thrift.bind.host";
    public static final String DEFAULT_BIND_HOST = "127.0.0.1";

    private int boundPort;

    @Override
    public TServer getServer(TProcessor processor) throws IOException, TTransportException {
        Object host = topoConf.get(BIND_HOST);
        InetSocketAddress address = new InetSocketAddress(
                host == null ? DEFAULT_BIND_HOST : host.toString(), type.getPort(topoConf));
        TNonblockingServerSocket socket = new TNonblockingServerSocket(address);
        boundPort = socket.getPort();
        int maxBuffer = type.getMaxBufferSize(topoConf);
        THsHaServer.Args args = new THsHaServer.Args(socket)
                .processor(new AnonymousRequests(processor))
                .maxWorkerThreads(type.getNumThreads(topoConf))
                .protocolFactory(new TBinaryProtocol.Factory(false, true, maxBuffer, -1));
        args.maxReadBufferBytes = maxBuffer;
        return new THsHaServer(args);
    }

    @Override
    public int getPort() {
        return boundPort;
    }

    /**
     * Fills Storm's per-request context as an unauthenticated transport must: no subject (anonymous) and, since a
     * non-blocking server hands over no socket, the loopback address as the caller.
     */
    private static final class AnonymousRequests implements TProcessor {
        private final TProcessor next;

        AnonymousRequests(TProcessor next) {
            this.next = next;
        }

        @Override
        public void process(TProtocol in, TProtocol out) throws TException {
            ReqContext context = ReqContext.context();
            context.setRemoteAddress(InetAddress.getLoopbackAddress());
            context.setSubject(null);
            next.process(in, out);
        }
    }
}
