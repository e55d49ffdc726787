package org.topicstorm.relevance;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch._types.SortOrder;
import co.elastic.clients.elasticsearch.core.SearchResponse;
import org.topicstorm.es.CrawlIndices;
import org.topicstorm.frontier.StatusDoc;
import org.topicstorm.frontier.StatusUpdate;
import org.topicstorm.frontier.StatusWriter;
import org.topicstorm.index.ContentWriter;
import org.topicstorm.judge.Judgement;
import org.topicstorm.judge.JudgementStore;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The judgement rounds' view of a crawl in Elasticsearch: its judgements ({@link JudgementStore}), its status index
 * (read, and new verdicts written through the frontier's {@link StatusWriter}, so they merge as every status change
 * does) and its content index (a page no longer relevant is removed; a page that becomes relevant is marked so in
 * the status index, and its text reaches the content index when it is next fetched).
 */
public final class EsJudgementSource implements JudgementRounds.Source {

    private final ElasticsearchClient client;
    private final CrawlIndices indices;
    private final JudgementStore judgements;
    private final StatusWriter status;
    private final ContentWriter content;

    public EsJudgementSource(ElasticsearchClient client, CrawlIndices indices, StatusWriter status) {
        this.client = client;
        this.indices = indices;
        this.judgements = new JudgementStore(client, indices);
        this.status = status;
        this.content = new ContentWriter(client, indices.content());
    }

    @Override
    public List<Judgement> since(JudgementStore.Cursor after) throws IOException {
        return judgements.since(after);
    }

    @Override
    public List<Judgement> all() throws IOException {
        return judgements.all();
    }

    @Override
    public Map<String, StatusDoc> statusOf(Collection<String> urls) throws IOException {
        return judgements.statusOf(urls);
    }

    @Override
    public List<StatusDoc> recentlyFetched(int max) throws IOException {
        SearchResponse<StatusDoc> r = client.search(s -> s.index(indices.status()).size(max)
                .trackTotalHits(t -> t.enabled(false))
                .query(q -> q.bool(b -> b.filter(f -> f.term(t -> t.field("status").value("FETCHED")))
                        .filter(f -> f.exists(e -> e.field("relevance")))))
                .sort(o -> o.field(f -> f.field("lastFetched").order(SortOrder.Desc)))
                .source(src -> src.filter(f -> f.includes("url", "host", "status", "relevant", "relevance",
                        "page"))), StatusDoc.class);
        return JudgementStore.sources(r);
    }

    @Override
    public void verdicts(List<JudgementRounds.Verdict> verdicts) throws IOException {
        if (verdicts.isEmpty()) {
            return;
        }
        List<StatusUpdate> updates = new ArrayList<>(verdicts.size());
        List<ContentWriter.Change> removals = new ArrayList<>();
        for (JudgementRounds.Verdict v : verdicts) {
            updates.add(StatusUpdate.verdict(v.url(), v.relevance(), v.relevant()));
            if (!v.relevant()) {
                removals.add(ContentWriter.Change.remove(v.url()));
            }
        }
        int failed = 0;
        for (boolean ok : status.write(updates)) {
            failed += ok ? 0 : 1;
        }
        for (boolean ok : content.write(removals)) {
            failed += ok ? 0 : 1;
        }
        if (failed > 0) {
            throw new IOException(failed + " of " + verdicts.size() + " new verdicts could not be written");
        }
    }
}
