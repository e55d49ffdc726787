package org.topicstorm.judge;

import org.topicstorm.frontier.StatusDoc;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Imported labels as judgements: each with the crawler's score and verdict of the page when the crawl has fetched
 * it (its status document), else none. A URL labelled twice counts once, with its later label.
 */
public final class JudgeImport {

    /** The judgements, and how many of their pages the crawl has fetched. */
    public record Result(List<Judgement> judgements, int fetched) {
    }

    private JudgeImport() {
    }

    /**
     * @param status the status documents of the labelled URLs that the crawl knows, by URL
     * @param now    the time of the import, epoch ms
     */
    public static Result judgements(List<JudgeCsv.Label> labels, Map<String, StatusDoc> status, String who,
                                    long now) {
        Map<String, Boolean> last = new LinkedHashMap<>();
        for (JudgeCsv.Label l : labels) {
            last.remove(l.url());
            last.put(l.url(), l.relevant());
        }
        List<Judgement> out = new ArrayList<>(last.size());
        int fetched = 0;
        for (Map.Entry<String, Boolean> e : last.entrySet()) {
            StatusDoc doc = status.get(e.getKey());
            boolean isFetched = doc != null && "FETCHED".equals(doc.status());
            fetched += isFetched ? 1 : 0;
            out.add(Judgement.of(e.getKey(), e.getValue(), who, now, isFetched ? doc.relevance() : null,
                    isFetched ? doc.relevant() : null));
        }
        return new Result(out, fetched);
    }
}
