package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Metadata;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ServedHostsFilter alone, and in the offline chain of storm-conf/urlfilters-offline.json. */
class ServedHostsFilterTest {

    private static ServedHostsFilter filter(Object hosts) {
        ServedHostsFilter f = new ServedHostsFilter();
        f.configure(Map.of(ServedHostsFilter.HOSTS, hosts), null);
        return f;
    }

    @Test
    void keepsOnlyUrlsOnTheListedHostsAndPorts() {
        ServedHostsFilter f = filter(List.of("127.0.0.2:8000", "127.0.0.5:8000", "Example.org:80"));
        assertTrue(f.accepts("http://127.0.0.2:8000/a.html"));
        assertTrue(f.accepts("http://127.0.0.5:8000/en-US/text/scalc/main0000.html?x=1"));
        assertTrue(f.accepts("http://EXAMPLE.org/"), "no port: http is 80; host names compare in lower case");
        assertFalse(f.accepts("https://example.org/"), "https without a port is 443");
        assertFalse(f.accepts("http://127.0.0.3:8000/a.html"), "another loopback address that is not served");
        assertFalse(f.accepts("http://127.0.0.2:8001/a.html"), "another port");
        assertFalse(f.accepts("http://127.0.0.1:8000/"), "the hub is not a corpus host");
        assertFalse(f.accepts("https://en.wikipedia.org/wiki/Spreadsheet"));
        assertFalse(f.accepts("mailto:someone@127.0.0.2"));
        assertFalse(f.accepts("not a url"));
        assertNull(f.filter(null, new Metadata(), "http://127.0.0.9:8000/"));
        assertEquals("http://127.0.0.5:8000/x", f.filter(null, new Metadata(), "http://127.0.0.5:8000/x"));
    }

    @Test
    void hostsMayBeOneCommaSeparatedString() {
        assertEquals(Set.of("127.0.0.2:1", "127.0.0.3:1"), ServedHostsFilter.parse(" 127.0.0.2:1, 127.0.0.3:1 ,"));
    }

    @Test
    void missingEmptyOrMalformedHostsNameTheKey() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> new ServedHostsFilter().configure(Map.of(), null));
        assertTrue(none.getMessage().startsWith("Configuration key 'urlfilter.served.hosts': no host given"),
                none.getMessage());
        assertThrows(IllegalArgumentException.class, () -> filter(List.of()));
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> filter(List.of("http://127.0.0.2:8000/")));
        assertEquals("Configuration key 'urlfilter.served.hosts': 'http://127.0.0.2:8000/' is not host:port, e.g. "
                + "127.0.0.2:8080", bad.getMessage());
    }

    @Test
    void theOfflineChainFollowsLinksBetweenServedHostsOnly() {
        UrlFilterChain chain = UrlFilterChain.fromConf(Map.of(UrlFilterChain.CONFIG_FILE, "urlfilters-offline.json",
                ServedHostsFilter.HOSTS, List.of("127.0.0.2:8000", "127.0.0.4:8000")));
        LinkFilter links = chain.forPage("http://127.0.0.4:8000/en-US/text/scalc/main0000.html", new Metadata());
        assertEquals("http://127.0.0.2:8000/en-US/noscript.html",
                links.filter("http://127.0.0.2:8000/en-US/noscript.html#top"), "to another served host, normalised");
        assertEquals("http://127.0.0.4:8000/en-US/text/scalc/01/a.html",
                links.filter("http://127.0.0.4:8000/en-US/text/scalc/01/a.html"));
        assertNull(links.filter("http://127.0.0.3:8000/en-US/text/swriter/main0000.html"), "not served");
        assertNull(links.filter("https://wiki.documentfoundation.org/Main_Page"), "the real web");
        assertNull(links.filter("http://127.0.0.2:8000/media/logo.png"), "the rest of the chain still applies");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UrlFilterChain.fromConf(Map.of(UrlFilterChain.CONFIG_FILE, "urlfilters-offline.json")));
        assertTrue(e.getMessage().contains("urlfilter.served.hosts"), e.getMessage());
    }
}
