package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.filtering.URLFilters;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * StormCrawler's URL filter chain (normalisers and filters listed in the JSON file named by
 * {@value #CONFIG_FILE}, found on the classpath; ours is storm-conf/urlfilters.json) as a {@link LinkFilter}.
 */
public final class UrlFilterChain {

    /** StormCrawler's key for the filter chain's JSON resource. */
    public static final String CONFIG_FILE = "urlfilters.config.file";

    private static final Logger LOG = LoggerFactory.getLogger(UrlFilterChain.class);

    private final URLFilters filters;

    private UrlFilterChain(URLFilters filters) {
        this.filters = filters;
    }

    /**
     * Loads the chain named in the configuration. Without the key no link is filtered (StormCrawler's behaviour);
     * this is logged because a crawl without filters fetches archives and images.
     *
     * @throws IllegalArgumentException when the named file is not on the classpath or is not a valid filter chain
     */
    public static UrlFilterChain fromConf(Map<String, Object> conf) {
        Object file = conf.get(CONFIG_FILE);
        if (file == null || file.toString().isBlank()) {
            LOG.warn("No {} configured: outlinks are not filtered", CONFIG_FILE);
            return new UrlFilterChain(URLFilters.emptyURLFilters);
        }
        String name = file.toString().trim();
        try (InputStream in = UrlFilterChain.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("Configuration key '" + CONFIG_FILE + "': file '" + name
                        + "' is not on the classpath");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException("Configuration key '" + CONFIG_FILE + "': cannot read '" + name + "'",
                    e);
        }
        try {
            return new UrlFilterChain(new URLFilters(conf, name));
        } catch (IOException | RuntimeException e) {
            // StormCrawler wraps a filter's own complaint (e.g. a missing key) in a generic message: show both
            Throwable root = e;
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
            }
            throw new IllegalArgumentException("Configuration key '" + CONFIG_FILE + "': '" + name
                    + "' is not a valid URL filter chain: " + e.getMessage()
                    + (root == e || root.getMessage() == null ? "" : ": " + root.getMessage()), e);
        }
    }

    /**
     * The filter for the outlinks of one page: some filters look at the page (its host, its depth in the metadata).
     *
     * @param pageUrl      the URL of the page the links are on
     * @param pageMetadata the page's metadata (may be null)
     */
    public LinkFilter forPage(String pageUrl, Metadata pageMetadata) {
        URL sourceUrl = toUrl(pageUrl);
        Metadata metadata = pageMetadata == null ? new Metadata() : pageMetadata;
        return target -> filters.filter(sourceUrl, metadata, target);
    }

    /** The page URL as a java.net.URL, or null when it is not one: the filters that need it then decide alone. */
    private static URL toUrl(String url) {
        if (url == null) {
            return null;
        }
        try {
            return new URI(url).toURL();
        } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
            return null;
        }
    }
}
