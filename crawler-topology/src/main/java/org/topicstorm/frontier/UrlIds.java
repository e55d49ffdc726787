package org.topicstorm.frontier;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/** Document ids and host keys for URLs: the same URL always maps to the same status and content document. */
public final class UrlIds {

    private UrlIds() {
    }

    /** 128-bit hex id of a (normalised) URL: short, fixed length, safe as an ES _id. */
    public static String id(String url) {
        return hash(url);
    }

    /** Id of the link from one URL to another in the links index. */
    public static String linkId(String from, String to) {
        return hash(from + '\n' + to);
    }

    /**
     * The host a URL is routed and politely fetched by: the lower-case host name without port, the same key
     * StormCrawler's URLPartitionerBolt uses in byHost mode, so one fetch queue = one frontier group.
     */
    public static String host(String url) {
        try {
            String host = URI.create(url).getHost();
            if (host == null) {
                // java.net.URI gives no host for names it does not accept (e.g. with '_'); java.net.URL, which
                // StormCrawler's partitioner uses, does
                host = new java.net.URL(url).getHost();
            }
            if (host != null && !host.isEmpty()) {
                return host.toLowerCase(Locale.ROOT);
            }
        } catch (IllegalArgumentException | java.net.MalformedURLException e) {
            // fall through: a URL that neither parser accepts still gets a stable routing key
        }
        return "invalid";
    }

    private static String hash(String s) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by the Java platform", e);
        }
    }
}
