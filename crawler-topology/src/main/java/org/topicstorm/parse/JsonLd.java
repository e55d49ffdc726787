package org.topicstorm.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The JSON-LD blocks of a page ({@code <script type="application/ld+json">}), each parsed once for every reader of
 * schema.org data ({@link VideoFinder}, {@link PublishedTime}, {@link ReplyFinder}). A block that is not JSON is
 * left out: it says nothing, and the page is still parsed.
 */
public final class JsonLd {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JsonLd() {
    }

    /** The page's JSON-LD trees, in document order. Read before scripts are removed. */
    public static List<JsonNode> of(Document doc) {
        List<JsonNode> trees = new ArrayList<>();
        for (Element s : doc.select("script[type=application/ld+json]")) {
            try {
                JsonNode tree = JSON.readTree(s.data());
                if (tree != null) {
                    trees.add(tree);
                }
            } catch (IOException | RuntimeException e) {
                // a broken block: left out
            }
        }
        return trees;
    }
}
