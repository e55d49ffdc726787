package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.filtering.URLFilter;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A StormCrawler URL filter that keeps only URLs on a given set of hosts ({@code host:port}, from the configuration
 * key {@value #HOSTS}): the hosts of the offline evaluation web that the corpus server serves. A crawl then follows
 * links between the served hosts (between corpora, between the hosts of a corpus split by directory) but never
 * reaches a host that is not served: not the real sites the corpora link to, nor another address on 127.0.0.x.
 * An http URL without a port is on port 80, https on 443.
 *
 * <p>Used by storm-conf/urlfilters-offline.json; {@code topicstorm eval} sets the key to the served hosts. Without
 * the key the chain does not load (an error naming the key), since an empty set would reject every link.
 */
public final class ServedHostsFilter implements URLFilter {

    /** Configuration key: the hosts to keep, a list of {@code host:port} (or one comma-separated string). */
    public static final String HOSTS = "urlfilter.served.hosts";

    private Set<String> hosts = Set.of();

    @Override
    public void configure(Map<String, Object> stormConf, JsonNode filterParams) {
        hosts = parse(stormConf.get(HOSTS));
    }

    /**
     * The hosts named by a value of {@value #HOSTS}, lower case.
     *
     * @throws IllegalArgumentException naming the key when the value is missing, empty or not host:port entries
     */
    static Set<String> parse(Object value) {
        List<String> entries = new ArrayList<>();
        if (value instanceof Collection<?> list) {
            list.forEach(v -> entries.add(String.valueOf(v)));
        } else if (value != null) {
            for (String part : value.toString().split(",")) {
                entries.add(part);
            }
        }
        List<String> hosts = new ArrayList<>();
        for (String entry : entries) {
            String e = entry.strip().toLowerCase(Locale.ROOT);
            if (e.isEmpty()) {
                continue;
            }
            if (!e.matches("[a-z0-9.-]+:[0-9]{1,5}")) {
                throw new IllegalArgumentException("Configuration key '" + HOSTS + "': '" + entry
                        + "' is not host:port, e.g. 127.0.0.2:8080");
            }
            hosts.add(e);
        }
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("Configuration key '" + HOSTS + "': no host given; the filter "
                    + ServedHostsFilter.class.getSimpleName() + " keeps only URLs on these hosts (topicstorm eval "
                    + "sets them to the hosts of the corpora it serves)");
        }
        return Set.copyOf(hosts);
    }

    @Override
    public String filter(URL sourceUrl, Metadata sourceMetadata, String urlToFilter) {
        return accepts(urlToFilter) ? urlToFilter : null;
    }

    /** Whether {@code url} is on one of the hosts. */
    boolean accepts(String url) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (uri.getHost() == null || !(scheme.equals("http") || scheme.equals("https"))) {
                return false;
            }
            int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
            return hosts.contains(uri.getHost().toLowerCase(Locale.ROOT) + ":" + port);
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
