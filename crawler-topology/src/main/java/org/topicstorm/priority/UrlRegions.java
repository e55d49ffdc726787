package org.topicstorm.priority;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The regions of a site a URL lies in, from the widest to the narrowest: its host, then each directory of its path
 * (at most {@link #MAX_DIRECTORIES}), then the "stem" of its file name, the leading letters that name a section on
 * sites whose pages lie in one directory ({@code libpq-connect.html} and {@code libpq-exec.html} share the region
 * {@code host/libpq*}; {@code func_hour.html} and {@code func_minute.html} share {@code .../func*}).
 *
 * <p>Why: a site keeps a topic's pages together (a section, a chapter, a module), so what the crawl found in a region
 * predicts what the region's other URLs hold, before any of them is fetched ({@link RegionHarvest}). The same idea as
 * TRES's tree of URL contexts (methods.md), read off the URL alone.
 *
 * <p>Keys are {@code host[:port]}, then {@code /segment} appended per directory, and {@code /stem*} for the stem. A
 * directory of digits only longer than three characters (an id, a year with its month: one page or one day each)
 * counts as {@code #}; shorter ones ({@code 01}, {@code 02} in a manual) are kept. Query and fragment are ignored.
 */
public final class UrlRegions {

    /** Directories read at most: deeper ones belong to the deepest region kept. */
    static final int MAX_DIRECTORIES = 4;

    private UrlRegions() {
    }

    /** The URL's regions, widest first; empty for a string that is not an absolute URL with a host. */
    public static List<String> of(String url) {
        URI u;
        try {
            u = new URI(url);
        } catch (java.net.URISyntaxException | RuntimeException e) {
            return List.of();
        }
        if (u.getHost() == null) {
            return List.of();
        }
        List<String> regions = new ArrayList<>();
        String key = u.getHost().toLowerCase(Locale.ROOT) + (u.getPort() < 0 ? "" : ":" + u.getPort());
        regions.add(key);
        String path = u.getRawPath() == null ? "" : u.getRawPath();
        String[] parts = path.split("/", -1);
        int directories = 0;
        for (int i = 0; i < parts.length - 1 && directories < MAX_DIRECTORIES; i++) {
            if (!parts[i].isEmpty()) {
                key = key + "/" + segment(parts[i]);
                regions.add(key);
                directories++;
            }
        }
        String stem = stem(parts.length == 0 ? "" : parts[parts.length - 1]);
        if (!stem.isEmpty()) {
            regions.add(key + "/" + stem + "*");
        }
        return regions;
    }

    /** A directory as a region: lower case; a long number (an id, a date) as {@code #}. */
    static String segment(String directory) {
        if (directory.length() > 3 && directory.chars().allMatch(Character::isDigit)) {
            return "#";
        }
        return directory.toLowerCase(Locale.ROOT);
    }

    /**
     * The leading letters of a file name, lower case ("libpq-connect.html" -&gt; "libpq", "04060101.html" -&gt; "");
     * none for a site's index page, which stands for its directory.
     */
    static String stem(String file) {
        int end = 0;
        while (end < file.length() && Character.isLetter(file.charAt(end))) {
            end++;
        }
        String stem = file.substring(0, end).toLowerCase(Locale.ROOT);
        return PathRelation.isDirectoryIndex("/" + file) ? "" : stem;
    }
}
