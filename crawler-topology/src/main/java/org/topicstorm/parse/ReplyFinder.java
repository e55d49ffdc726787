package org.topicstorm.parse;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The replies a page shows, for the 003 patent's topic heat. Three sources, the first that finds any wins:
 * <ol>
 * <li>schema.org in JSON-LD: objects typed {@code Comment} or {@code Answer} (a {@code DiscussionForumPosting}'s or
 * an article's {@code comment} list), each dated by {@code dateCreated} or {@code datePublished}; a declared
 * {@code commentCount} counts when it is larger than the comments listed (a page that shows only the latest);</li>
 * <li>schema.org microdata: elements of {@code itemtype} Comment or Answer, dated by their
 * {@code itemprop=dateCreated} or {@code datePublished} ({@code datetime} or {@code content});</li>
 * <li>common comment and forum markup: an element whose class names it a {@code comment}, {@code reply} or
 * {@code answer}, or whose id is {@code comment-N}, with a {@code <time datetime>} inside (WordPress, Disqus-style
 * lists, most forum templates); each such element is one reply, dated by its first time.</li>
 * </ol>
 * Times are read as {@link PublishedTime#parse} reads them; a reply without a readable time counts without a time.
 */
public final class ReplyFinder {

    private static final Set<String> REPLY_CLASSES = Set.of("comment", "reply", "answer");
    private static final java.util.regex.Pattern REPLY_ID = java.util.regex.Pattern.compile("(?i)comment-\\d+");

    private ReplyFinder() {
    }

    /** The page's replies; {@link Replies#NONE} when it shows none. Runs before scripts are removed. */
    public static Replies of(Document doc) {
        return of(doc, JsonLd.of(doc));
    }

    /** @param jsonLd the page's JSON-LD trees ({@link JsonLd#of}) */
    public static Replies of(Document doc, List<JsonNode> jsonLd) {
        Replies r = fromJsonLd(jsonLd);
        if (r.count() == 0) {
            r = fromMicrodata(doc);
        }
        if (r.count() == 0) {
            r = fromMarkup(doc);
        }
        return r;
    }

    private static Replies fromJsonLd(List<JsonNode> jsonLd) {
        List<Long> times = new ArrayList<>();
        int[] found = {0, 0}; // comments listed, largest commentCount declared
        for (JsonNode tree : jsonLd) {
            collect(tree, times, found);
        }
        return replies(Math.max(found[0], found[1]), times);
    }

    private static void collect(JsonNode node, List<Long> times, int[] found) {
        if (node == null) {
            return;
        }
        if (node.isObject()) {
            if (isReply(node.get("@type"))) {
                found[0]++;
                Long t = date(node.get("dateCreated"));
                t = t != null ? t : date(node.get("datePublished"));
                if (t != null) {
                    times.add(t);
                }
            }
            JsonNode declared = node.get("commentCount");
            if (declared != null && declared.canConvertToInt()) {
                found[1] = Math.max(found[1], declared.asInt());
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collect(child, times, found));
        }
    }

    private static boolean isReply(JsonNode type) {
        if (type == null) {
            return false;
        }
        if (type.isArray()) {
            for (JsonNode t : type) {
                if (isReply(t)) {
                    return true;
                }
            }
            return false;
        }
        String t = type.asText();
        return t.equals("Comment") || t.equals("Answer") || t.endsWith("/Comment") || t.endsWith("/Answer");
    }

    private static Long date(JsonNode n) {
        return n != null && n.isTextual() ? PublishedTime.parse(n.asText()) : null;
    }

    private static Replies fromMicrodata(Document doc) {
        List<Long> times = new ArrayList<>();
        int count = 0;
        for (Element e : doc.select("[itemtype~=(?i)schema\\.org/(Comment|Answer)$]")) {
            count++;
            Element d = e.selectFirst("[itemprop=dateCreated], [itemprop=datePublished]");
            Long t = d == null ? null : PublishedTime.parse(d.hasAttr("datetime") ? d.attr("datetime")
                    : d.attr("content"));
            if (t != null) {
                times.add(t);
            }
        }
        return replies(count, times);
    }

    private static Replies fromMarkup(Document doc) {
        // each reply element once, dated by its first time
        Map<Element, Long> replies = new LinkedHashMap<>();
        for (Element time : doc.select("time[datetime]")) {
            Element reply = replyAncestor(time);
            if (reply != null && !replies.containsKey(reply)) {
                replies.put(reply, PublishedTime.parse(time.attr("datetime")));
            }
        }
        List<Long> times = replies.values().stream().filter(java.util.Objects::nonNull).toList();
        return replies(replies.size(), times);
    }

    /** The nearest ancestor that is a reply by its class or id, or null. */
    private static Element replyAncestor(Element e) {
        for (Element a = e.parent(); a != null; a = a.parent()) {
            for (String c : a.classNames()) {
                if (REPLY_CLASSES.contains(c.toLowerCase(Locale.ROOT))) {
                    return a;
                }
            }
            if (REPLY_ID.matcher(a.id()).matches()) {
                return a;
            }
        }
        return null;
    }

    private static Replies replies(int count, List<Long> times) {
        if (count == 0) {
            return Replies.NONE;
        }
        if (times.isEmpty()) {
            return new Replies(count, null);
        }
        // the mean as the first time plus the mean offset from it: no overflow, exact to the millisecond
        long first = times.get(0);
        long offsets = 0;
        for (long t : times) {
            offsets += t - first;
        }
        return new Replies(count, first + Math.round((double) offsets / times.size()));
    }
}
