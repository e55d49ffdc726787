package org.topicstorm.parse;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The videos a page embeds (the 004 patent's video pages), as absolute http(s) URLs, each once, in this order: the
 * sources of {@code <video>} elements, iframes of known video players, {@code og:video} meta tags and schema.org
 * {@code VideoObject}s in JSON-LD ({@code contentUrl}, else {@code embedUrl}), each kind in document order. Runs on the whole document, before
 * scripts and iframes are removed as non-content.
 *
 * <p>A player is known by where its iframe points: a host (or a parent domain of it) and a path prefix, written
 * {@code host/path-prefix}. {@link #DEFAULT_PLAYERS} holds the common ones, English and Chinese; a crawl adds its own
 * with {@code parse.video.players} (a site's own player, say).
 */
public final class VideoFinder {

    /** Video URLs kept per page: a gallery page may embed hundreds. */
    public static final int MAX_VIDEOS = 20;

    /** Embedded players known without configuration: {@code host/path-prefix}. */
    public static final List<String> DEFAULT_PLAYERS = List.of(
            "youtube.com/embed/", "youtube-nocookie.com/embed/", "player.vimeo.com/video/",
            "dailymotion.com/embed/video/", "geo.dailymotion.com/player", "player.twitch.tv/",
            "embed.ted.com/talks/", "facebook.com/plugins/video.php", "player.bilibili.com/player.html",
            "v.qq.com/txp/iframe/", "player.youku.com/embed/", "open.iqiyi.com/developer/player_js/",
            "ixigua.com/iframe/", "fast.wistia.net/embed/", "players.brightcove.net/");

    private final List<Player> players;

    /** @param extraPlayers players known besides the defaults, {@code host/path-prefix} each */
    public VideoFinder(List<String> extraPlayers) {
        List<Player> all = new ArrayList<>();
        for (String p : DEFAULT_PLAYERS) {
            all.add(Player.of(p));
        }
        for (String p : extraPlayers) {
            all.add(Player.of(p));
        }
        this.players = List.copyOf(all);
    }

    /** @throws IllegalArgumentException when a player is not written {@code host/path-prefix} */
    static void check(String player) {
        Player.of(player);
    }

    public List<String> find(Document doc) {
        return find(doc, JsonLd.of(doc));
    }

    /** @param jsonLd the page's JSON-LD trees ({@link JsonLd#of}) */
    public List<String> find(Document doc, List<JsonNode> jsonLd) {
        Set<String> videos = new LinkedHashSet<>();
        for (Element v : doc.select("video[src], video source[src]")) {
            add(videos, v.absUrl("src"));
        }
        for (Element f : doc.select("iframe[src]")) {
            String src = f.absUrl("src");
            if (isPlayer(src)) {
                add(videos, src);
            }
        }
        for (Element m : doc.select("meta[property~=(?i)^og:video(:url|:secure_url)?$][content]")) {
            add(videos, m.absUrl("content"));
        }
        for (JsonNode tree : jsonLd) {
            collect(tree, doc, videos);
        }
        List<String> list = new ArrayList<>(videos);
        return list.size() > MAX_VIDEOS ? List.copyOf(list.subList(0, MAX_VIDEOS)) : List.copyOf(list);
    }

    /** Walks a JSON-LD tree (objects, arrays, {@code @graph}) for objects typed VideoObject. */
    private static void collect(JsonNode node, Document doc, Set<String> videos) {
        if (node == null) {
            return;
        }
        if (node.isArray()) {
            node.forEach(n -> collect(n, doc, videos));
            return;
        }
        if (!node.isObject()) {
            return;
        }
        if (isVideoObject(node.get("@type"))) {
            String url = text(node.get("contentUrl"));
            add(videos, resolve(doc, url != null ? url : text(node.get("embedUrl"))));
        }
        node.forEach(n -> collect(n, doc, videos));
    }

    private static boolean isVideoObject(JsonNode type) {
        if (type == null) {
            return false;
        }
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (isVideoObject(t)) {
                    return true;
                }
            }
            return false;
        }
        String t = type.asText();
        return t.equals("VideoObject") || t.endsWith("/VideoObject");
    }

    /** A URL given as a string or as {@code {"@id": ...}}. */
    private static String text(JsonNode n) {
        if (n == null) {
            return null;
        }
        if (n.isTextual()) {
            return n.asText();
        }
        return n.isObject() && n.get("@id") != null && n.get("@id").isTextual() ? n.get("@id").asText() : null;
    }

    private static String resolve(Document doc, String url) {
        if (url == null || url.isBlank()) {
            return "";
        }
        try {
            return URI.create(doc.location()).resolve(url.strip()).toString();
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static void add(Set<String> videos, String url) {
        String u = PageParser.httpWithoutFragment(url == null ? "" : url);
        if (u != null) {
            videos.add(u);
        }
    }

    private boolean isPlayer(String url) {
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            return false;
        }
        if (uri.getHost() == null) {
            return false;
        }
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        for (Player p : players) {
            if (p.matches(host, path)) {
                return true;
            }
        }
        return false;
    }

    /** A known player: the host or any subdomain of it, and a path prefix ("" = any path). */
    private record Player(String host, String pathPrefix) {
        static Player of(String spec) {
            String s = spec == null ? "" : spec.strip().toLowerCase(Locale.ROOT);
            int slash = s.indexOf('/');
            String host = slash < 0 ? s : s.substring(0, slash);
            if (host.isEmpty() || !host.matches("[a-z0-9.-]+") || host.startsWith(".") || s.contains("://")) {
                throw new IllegalArgumentException("a video player is written host/path-prefix (e.g. "
                        + "player.example.com/embed/), not '" + spec + "'");
            }
            return new Player(host, slash < 0 ? "/" : s.substring(slash));
        }

        boolean matches(String urlHost, String path) {
            return (urlHost.equals(host) || urlHost.endsWith("." + host)) && path.toLowerCase(Locale.ROOT)
                    .startsWith(pathPrefix);
        }
    }
}
