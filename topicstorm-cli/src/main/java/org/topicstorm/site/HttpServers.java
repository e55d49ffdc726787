package org.topicstorm.site;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * Creates the JDK HTTP servers that serve the test sites, the evaluation corpora and the benchmarks' sites, with
 * TCP_NODELAY on their connections. Without it, a response written in two parts (headers, then body) on a kept-alive
 * connection waited for the client's delayed ACK: about 40 ms on half of the fetches (measured on the LibreOffice
 * corpus: 175 of 300 fetches took 40-60 ms, against 5-15 ms with it), a delay no real web server adds, which made
 * every evaluation and benchmark crawl slower than its crawler.
 */
public final class HttpServers {

    /** The JDK server's switch, read once when its first server is created. */
    static final String NODELAY = "sun.net.httpserver.nodelay";

    private HttpServers() {
    }

    public static HttpServer create(InetSocketAddress address, int backlog) throws IOException {
        if (System.getProperty(NODELAY) == null) {
            System.setProperty(NODELAY, "true");
        }
        return HttpServer.create(address, backlog);
    }
}
