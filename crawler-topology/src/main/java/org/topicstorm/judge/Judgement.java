package org.topicstorm.judge;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.topicstorm.frontier.UrlIds;

/**
 * A person's word on one fetched page (a document of {@code <crawl>-judgements}, es-conf/judgements.json).
 *
 * @param url      the page
 * @param host     its host (for spreading samples over hosts, and for Kibana)
 * @param relevant what the person said
 * @param who      who said it: a user name, "import" for a CSV import, "oracle" for the evaluation's labels
 * @param judged   when, epoch ms
 * @param score    the crawler's score of the page when it was judged, or null when unknown (an imported URL the
 *                 crawl has not fetched)
 * @param verdict  the crawler's verdict then, or null when unknown
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Judgement(String url, String host, boolean relevant, String who, long judged, Double score,
                        Boolean verdict) {

    public Judgement {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("a judgement needs a URL");
        }
        if (who == null || who.isBlank()) {
            throw new IllegalArgumentException("a judgement needs to say who judged");
        }
        if (host == null) {
            host = UrlIds.host(url);
        }
    }

    /** A judgement of a page the crawler scored {@code score} (its verdict {@code verdict}). */
    public static Judgement of(String url, boolean relevant, String who, long judged, Double score, Boolean verdict) {
        return new Judgement(url, null, relevant, who, judged, score, verdict);
    }

    /** The document id: the URL's, as in the status index. */
    public String id() {
        return UrlIds.id(url);
    }
}
