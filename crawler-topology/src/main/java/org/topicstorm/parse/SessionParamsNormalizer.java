package org.topicstorm.parse;

import com.digitalpebble.stormcrawler.Metadata;
import com.digitalpebble.stormcrawler.filtering.URLFilter;
import com.fasterxml.jackson.databind.JsonNode;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A StormCrawler URL normaliser that removes the parameters that only vary and never change the page: session ids
 * ({@code sid}, {@code jsessionid}, {@code phpsessid}, ...) and tracking tags ({@code utm_*}, {@code fbclid}, ...),
 * from the query and from path parameters ({@code /page;jsessionid=...}) alike, their names matched without regard
 * to case. Without it a site that puts a new session id in every link makes a new URL of the same page each time
 * (issue 12: {@code ?sid=} made 26 URLs of one page).
 *
 * <p>StormCrawler's BasicURLNormalizer has a {@code queryElementsToRemove} list, but it matches names exactly
 * ({@code sid} but not {@code SID}), takes no prefixes ({@code utm_*}) and reads path parameters only in the last
 * segment; it also sorts the parameters, so this filter comes after it in the chain and keeps their order.
 *
 * <p>Parameter {@code "remove"} (in the chain's JSON): the names, lower or upper case alike; a name ending in
 * {@code *} removes every parameter starting with what precedes it. Without it, {@link #DEFAULT_NAMES}.
 */
public final class SessionParamsNormalizer implements URLFilter {

    /** Session ids of common servers and frameworks, and tracking tags of common analytics and ad networks. */
    public static final List<String> DEFAULT_NAMES = List.of(
            "sid", "sessionid", "session_id", "jsessionid", "phpsessid", "aspsessionid*", "asp.net_sessionid",
            "cfid", "cftoken", "zenid", "oscsid",
            "utm_*", "fbclid", "gclid", "dclid", "msclkid", "yclid", "mc_cid", "mc_eid", "_ga", "_gl", "spm");

    private List<String> exact = List.of();
    private List<String> prefixes = List.of();

    public SessionParamsNormalizer() {
        setNames(DEFAULT_NAMES);
    }

    /** A normaliser removing these names (as the "remove" parameter). */
    static SessionParamsNormalizer removing(List<String> names) {
        SessionParamsNormalizer n = new SessionParamsNormalizer();
        n.setNames(names);
        return n;
    }

    @Override
    public void configure(Map<String, Object> stormConf, JsonNode filterParams) {
        JsonNode remove = filterParams == null ? null : filterParams.get("remove");
        if (remove == null) {
            return;
        }
        if (!remove.isArray()) {
            throw new IllegalArgumentException(getClass().getSimpleName()
                    + ": parameter 'remove' must be a list of parameter names, got " + remove);
        }
        List<String> names = new ArrayList<>();
        remove.forEach(n -> names.add(n.asText()));
        setNames(names);
    }

    private void setNames(List<String> names) {
        List<String> e = new ArrayList<>();
        List<String> p = new ArrayList<>();
        for (String name : names) {
            String n = name.strip().toLowerCase(Locale.ROOT);
            if (n.endsWith("*")) {
                p.add(n.substring(0, n.length() - 1));
            } else if (!n.isEmpty()) {
                e.add(n);
            }
        }
        exact = List.copyOf(e);
        prefixes = List.copyOf(p);
    }

    @Override
    public String filter(URL sourceUrl, Metadata sourceMetadata, String urlToFilter) {
        return normalise(urlToFilter);
    }

    /** The URL without the parameters to remove (unchanged when it has none). */
    String normalise(String url) {
        if (url == null) {
            return null;
        }
        int hash = url.indexOf('#');
        String fragment = hash < 0 ? "" : url.substring(hash);
        String rest = hash < 0 ? url : url.substring(0, hash);
        int q = rest.indexOf('?');
        String path = q < 0 ? rest : rest.substring(0, q);
        String query = q < 0 ? null : rest.substring(q + 1);
        StringBuilder sb = new StringBuilder(path.indexOf(';') < 0 ? path : pathWithout(path));
        if (query != null) {
            String kept = queryWithout(query);
            if (!kept.isEmpty()) {
                sb.append('?').append(kept);
            }
        }
        return sb.append(fragment).toString();
    }

    /** Each segment's ";name=value" parameters, those to remove dropped ("/a;jsessionid=1/b;v=2" -> "/a/b;v=2"). */
    private String pathWithout(String path) {
        // the scheme and host contain no ';' in a URL the normaliser before this one has accepted
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            String[] parts = segments[i].split(";", -1);
            if (parts.length == 1) {
                continue;
            }
            StringBuilder s = new StringBuilder(parts[0]);
            for (int j = 1; j < parts.length; j++) {
                if (!removes(nameOf(parts[j]))) {
                    s.append(';').append(parts[j]);
                }
            }
            segments[i] = s.toString();
        }
        return String.join("/", segments);
    }

    private String queryWithout(String query) {
        List<String> kept = new ArrayList<>();
        for (String param : query.split("&")) {
            if (!param.isEmpty() && !removes(nameOf(param))) {
                kept.add(param);
            }
        }
        return String.join("&", kept);
    }

    private static String nameOf(String param) {
        int eq = param.indexOf('=');
        return eq < 0 ? param : param.substring(0, eq);
    }

    /** Whether a parameter of this name is removed. */
    boolean removes(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (exact.contains(n)) {
            return true;
        }
        for (String p : prefixes) {
            if (n.startsWith(p)) {
                return true;
            }
        }
        return false;
    }
}
