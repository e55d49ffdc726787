package org.topicstorm.parse;

import com.fasterxml.jackson.databind.JsonNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;

/**
 * When a page says it was published, as epoch milliseconds: the first of, in this order, the meta tags publishers
 * write for it (Open Graph's {@code article:published_time}, schema.org's {@code datePublished} as microdata,
 * Dublin Core and the older {@code date}/{@code pubdate} names), a schema.org {@code datePublished} in JSON-LD, and
 * a {@code <time datetime>} marked as the publication ({@code pubdate}, {@code itemprop=datePublished}) or, failing
 * that, the first one inside the page's {@code <article>}. Values are ISO 8601 (a date alone is midnight UTC; a
 * time without offset is UTC). A value that does not parse is skipped, not guessed.
 *
 * <p>Read by a continuous crawl's freshness: a page appeared when it was published, if it says so.
 */
public final class PublishedTime {

    private static final String META = "meta[property=article:published_time][content], "
            + "meta[itemprop=datePublished][content], meta[name~=(?i)^(dc\\.date(\\.issued)?|dcterms\\.issued|date"
            + "|pubdate|publishdate|publish-date)$][content]";

    private PublishedTime() {
    }

    /** The page's declared publication time, or null when it declares none that parses. */
    public static Long of(Document doc) {
        return of(doc, JsonLd.of(doc));
    }

    /** @param jsonLd the page's JSON-LD trees ({@link JsonLd#of}) */
    public static Long of(Document doc, java.util.List<JsonNode> jsonLd) {
        for (Element m : doc.select(META)) {
            Long t = parse(m.attr("content"));
            if (t != null) {
                return t;
            }
        }
        for (JsonNode tree : jsonLd) {
            Long t = fromJsonLd(tree);
            if (t != null) {
                return t;
            }
        }
        for (String selector : new String[] {"time[pubdate][datetime], time[itemprop=datePublished][datetime]",
                "article time[datetime]"}) {
            for (Element e : doc.select(selector)) {
                Long t = parse(e.attr("datetime"));
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }

    /** The first {@code datePublished} of a JSON-LD tree (objects, arrays, {@code @graph}), depth first. */
    private static Long fromJsonLd(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isObject()) {
            JsonNode d = node.get("datePublished");
            Long t = d != null && d.isTextual() ? parse(d.asText()) : null;
            if (t != null) {
                return t;
            }
        }
        if (node.isContainerNode()) {
            for (JsonNode child : node) {
                Long t = fromJsonLd(child);
                if (t != null) {
                    return t;
                }
            }
        }
        return null;
    }

    /** The earliest time taken as a publication time: 1990-01-01, before the web. */
    static final long EARLIEST = 631_152_000_000L;
    /** The latest: 3000-01-01. A value past it is a template's placeholder, not a date. */
    static final long LATEST = 32_503_680_000_000L;

    /**
     * An ISO 8601 date-time (with or without offset) or date, as epoch ms; null when it is none of them, or out of
     * [{@link #EARLIEST}, {@link #LATEST}] (so that no later arithmetic on it can overflow).
     */
    public static Long parse(String value) {
        if (value == null || value.isBlank() || value.length() > 64) {
            return null;
        }
        Long t;
        try {
            t = parseIso(value.strip());
        } catch (java.time.DateTimeException | ArithmeticException e) {
            // a year beyond what epoch milliseconds hold
            return null;
        }
        return t != null && t >= EARLIEST && t <= LATEST ? t : null;
    }

    private static Long parseIso(String v) {
        try {
            return OffsetDateTime.parse(v).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            // not with an offset
        }
        try {
            return ZonedDateTime.parse(v).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            // not with a zone
        }
        try {
            return LocalDateTime.parse(v).toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
            // not a local date-time
        }
        try {
            return LocalDate.parse(v).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
        } catch (DateTimeParseException e) {
            // not a date
        }
        try {
            return Instant.parse(v).toEpochMilli();
        } catch (DateTimeParseException e) {
            return null;
        }
    }
}
