package org.topicstorm.parse;

import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a page's robots meta tags and X-Robots-Tag headers ask of crawlers: {@code noindex} (keep it out of the
 * index), {@code nofollow} (do not follow its links), {@code none} (both). Other directives (noarchive,
 * max-snippet, ...) concern search results and are ignored; {@code index}, {@code follow} and {@code all} ask nothing.
 * Directives add up, the most restrictive winning, as search engines combine them.
 *
 * <p>Read from {@code <meta name="robots">} and from a meta tag named after the crawler's agent (e.g.
 * {@code <meta name="topicstorm">}), and from X-Robots-Tag header values, which may be scoped to one agent
 * ({@code X-Robots-Tag: otherbot: noindex} does not concern us). StormCrawler's RobotsTags does not fit: it reads the
 * header under "X-Robots-Tag" while its protocols store header names in lower case (so it never sees one), and it
 * knows neither agent-named meta tags nor agent-scoped header values.
 */
public record RobotsDirectives(boolean noIndex, boolean noFollow) implements Serializable {

    public static final RobotsDirectives NONE = new RobotsDirectives(false, false);

    /** Directives written "name: value" in a header, which a "name:" prefix must not be taken for an agent. */
    private static final Set<String> VALUED = Set.of("unavailable_after", "max-snippet", "max-image-preview",
            "max-video-preview");
    private static final Pattern AGENT_PREFIX = Pattern.compile("^\\s*([A-Za-z0-9_.-]+)\\s*:(.*)$", Pattern.DOTALL);

    /** Both asks together: each directive holds if either holds it. */
    public RobotsDirectives and(RobotsDirectives other) {
        return new RobotsDirectives(noIndex || other.noIndex, noFollow || other.noFollow);
    }

    /** The directives of one list, e.g. the content of a meta tag: "noindex, nofollow". */
    public static RobotsDirectives parse(String directives) {
        if (directives == null) {
            return NONE;
        }
        boolean noIndex = false;
        boolean noFollow = false;
        for (String token : directives.split("[,\\s]+")) {
            switch (token.toLowerCase(Locale.ROOT)) {
                case "noindex" -> noIndex = true;
                case "nofollow" -> noFollow = true;
                case "none" -> {
                    noIndex = true;
                    noFollow = true;
                }
                default -> {
                    // index, follow, all, noarchive, max-snippet:..., unknown words: nothing asked of us
                }
            }
        }
        return new RobotsDirectives(noIndex, noFollow);
    }

    /**
     * The directives of a page's meta tags named "robots" or after {@code agent} (any case).
     *
     * @param agent the crawler's agent name (http.agent.name), or empty
     */
    public static RobotsDirectives fromMeta(Document doc, String agent) {
        RobotsDirectives d = NONE;
        for (Element meta : doc.select("meta[name][content]")) {
            String name = meta.attr("name").strip();
            if (name.equalsIgnoreCase("robots") || (!agent.isBlank() && name.equalsIgnoreCase(agent.strip()))) {
                d = d.and(parse(meta.attr("content")));
            }
        }
        return d;
    }

    /**
     * The directives of X-Robots-Tag header values. A value "name: directives" whose name is not a directive
     * concerns only the crawler of that name (compared without case with {@code agent}).
     */
    public static RobotsDirectives fromHeaders(List<String> values, String agent) {
        RobotsDirectives d = NONE;
        for (String value : values) {
            if (value == null) {
                continue;
            }
            Matcher m = AGENT_PREFIX.matcher(value);
            if (m.matches() && !VALUED.contains(m.group(1).toLowerCase(Locale.ROOT))) {
                if (!agent.isBlank() && m.group(1).equalsIgnoreCase(agent.strip())) {
                    d = d.and(parse(m.group(2)));
                }
            } else {
                d = d.and(parse(value));
            }
        }
        return d;
    }
}
