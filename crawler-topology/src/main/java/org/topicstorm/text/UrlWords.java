package org.topicstorm.text;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The words of a URL, as features: a site's sections and page names ({@code /en-US/text/scalc/...},
 * {@code /health/...}) often say what a page is about. Shared by the link features and the page classifier.
 */
public final class UrlWords {

    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");
    private static final Set<String> URL_NOISE = Set.of("html", "htm", "php", "asp", "aspx", "jsp", "shtml", "www",
            "http", "https", "index", "com", "org", "net");

    private UrlWords() {
    }

    /** The words of a URL's path and query: lower case, split at anything not a letter or digit, each once. */
    public static List<String> words(String url) {
        String path;
        try {
            URI u = new URI(url);
            path = (u.getRawPath() == null ? "" : u.getRawPath()) + " " + (u.getRawQuery() == null ? "" : u.getRawQuery());
            path = java.net.URLDecoder.decode(path.replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8);
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            path = url;
        }
        List<String> words = new ArrayList<>();
        for (String w : NOT_WORD.split(path.toLowerCase(Locale.ROOT))) {
            // long numbers are ids and dates: they name one page, never a kind of page
            if (w.isEmpty() || URL_NOISE.contains(w) || (w.length() > 3 && w.chars().allMatch(Character::isDigit))) {
                continue;
            }
            if (!words.contains(w)) {
                words.add(w);
            }
        }
        return words;
    }

    /** The URL's host, lower case, or "" when it has none. */
    public static String host(String url) {
        try {
            String h = new URI(url).getHost();
            return h == null ? "" : h.toLowerCase(Locale.ROOT);
        } catch (java.net.URISyntaxException e) {
            return "";
        }
    }
}
