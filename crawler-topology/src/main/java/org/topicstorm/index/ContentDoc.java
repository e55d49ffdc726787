package org.topicstorm.index;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.topicstorm.frontier.UrlIds;
import org.topicstorm.parse.ParsedPage;
import org.topicstorm.relevance.Relevance;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;

/**
 * A document of the {@code <crawl>-content} index (es-conf/content.json): one relevant page, with the videos it
 * embeds when it has any ({@code videos}: Kibana finds video pages with {@code videos:*}), and its {@link SimHash}
 * with the signature's bands, by which the indexer finds near-duplicates (both absent for a text too short to
 * sign), the canonical URL it declares when that page was not stored when it came ({@link CanonicalOriginals}), and
 * when it says it was published ({@code published}, {@link org.topicstorm.parse.PublishedTime}); a page with replies
 * has their count ({@code replies}) and, in a continuous crawl, its topic heat ({@code heat}).
 * Read back, it ignores the fields others add to the document ({@code topicstorm rank}'s hub, authority,
 * rank and ranked).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ContentDoc(String url, String host, String title, List<String> headings, String text, String language,
                         String pageType, double relevance, List<String> topTerms, int depth, int outlinks,
                         String signature, long fetched, List<String> videos, Long simhash,
                         List<String> simhashBands, String canonical, Long published, Integer replies,
                         Double heat) {

    /** A page without replies. */
    public ContentDoc(String url, String host, String title, List<String> headings, String text, String language,
                      String pageType, double relevance, List<String> topTerms, int depth, int outlinks,
                      String signature, long fetched, List<String> videos, Long simhash,
                      List<String> simhashBands, String canonical, Long published) {
        this(url, host, title, headings, text, language, pageType, relevance, topTerms, depth, outlinks, signature,
                fetched, videos, simhash, simhashBands, canonical, published, null, null);
    }

    /** A page that declares no publication time. */
    public ContentDoc(String url, String host, String title, List<String> headings, String text, String language,
                      String pageType, double relevance, List<String> topTerms, int depth, int outlinks,
                      String signature, long fetched, List<String> videos, Long simhash,
                      List<String> simhashBands, String canonical) {
        this(url, host, title, headings, text, language, pageType, relevance, topTerms, depth, outlinks, signature,
                fetched, videos, simhash, simhashBands, canonical, null);
    }

    /** A page that declares no other original. */
    public ContentDoc(String url, String host, String title, List<String> headings, String text, String language,
                      String pageType, double relevance, List<String> topTerms, int depth, int outlinks,
                      String signature, long fetched, List<String> videos, Long simhash, List<String> simhashBands) {
        this(url, host, title, headings, text, language, pageType, relevance, topTerms, depth, outlinks, signature,
                fetched, videos, simhash, simhashBands, null);
    }

    /** A page without videos and without a SimHash (those fields are left out of the document). */
    public ContentDoc(String url, String host, String title, List<String> headings, String text, String language,
                      String pageType, double relevance, List<String> topTerms, int depth, int outlinks,
                      String signature, long fetched) {
        this(url, host, title, headings, text, language, pageType, relevance, topTerms, depth, outlinks, signature,
                fetched, null, null, null);
    }

    public static ContentDoc of(ParsedPage page, Relevance relevance, int depth, long fetched) {
        List<String> terms = relevance.topTerms().stream().map(Relevance.TermContribution::term).toList();
        OptionalLong simhash = SimHash.of(page.text());
        return new ContentDoc(page.url(), UrlIds.host(page.url()), page.title(), page.headings(), page.text(),
                page.language().isEmpty() ? null : page.language(), page.type().name(), relevance.score(), terms, depth,
                page.outlinks().size(), signature(page.text()), fetched,
                page.videos().isEmpty() ? null : page.videos(),
                simhash.isPresent() ? simhash.getAsLong() : null,
                simhash.isPresent() ? SimHash.bands(simhash.getAsLong()) : null, page.canonical(), page.published(),
                page.replies().count() > 0 ? page.replies().count() : null, null);
    }

    /** The same document with the page's topic heat (a continuous crawl's; null: none). */
    public ContentDoc withHeat(Double pageHeat) {
        return new ContentDoc(url, host, title, headings, text, language, pageType, relevance, topTerms, depth,
                outlinks, signature, fetched, videos, simhash, simhashBands, canonical, published, replies, pageHeat);
    }

    /** Exact-duplicate signature of the page text (MD5 is enough to spot copies; not used for security). */
    static String signature(String text) {
        try {
            byte[] d = MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is required by the Java platform", e);
        }
    }
}
