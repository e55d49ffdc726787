package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.BulkRequest;
import co.elastic.clients.elasticsearch.core.BulkResponse;
import co.elastic.clients.elasticsearch.core.MgetResponse;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.get.GetResult;
import co.elastic.clients.elasticsearch.core.mget.MultiGetOperation;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import com.digitalpebble.stormcrawler.persistence.Status;
import org.slf4j.Logger;
import org.topicstorm.priority.Demotion;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes status updates to the status index with optimistic concurrency, so that concurrent writers and replayed
 * tuples can never lower a priority or lose an update (no scripts: the same requests run on every ES 8/9 node).
 *
 * <p>Per batch: read the current documents (mget), merge the updates in memory ({@link StatusMerge}), write back
 * with {@code create} for new URLs and {@code if_seq_no/if_primary_term} for known ones. A version conflict means
 * someone else wrote the document in between: re-read and merge again. The link of each discovered URL is also
 * written to the links index (one document per parent, create-once, so replays are harmless), in the first round's
 * bulk request.
 */
public final class StatusWriter {

    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);
    private static final int MAX_ROUNDS = 8;

    private final ElasticsearchClient client;
    private final String statusIndex;
    private final String linksIndex;
    private final StatusMerge merge;
    private final Clock clock;

    /**
     * @param linksIndex the links index, or null to not record links
     */
    public StatusWriter(ElasticsearchClient client, String statusIndex, String linksIndex, StatusMerge merge,
                        Clock clock) {
        this.client = client;
        this.statusIndex = statusIndex;
        this.linksIndex = linksIndex;
        this.merge = merge;
        this.clock = clock;
    }

    /**
     * Writes status changes in two steps: first every URL they add (outlinks, redirect targets), then the outcome
     * of each change whose additions are all stored. Never throws for an ES failure.
     *
     * @return for each change, in order, whether all of it is stored (false: fail its tuple so it is replayed)
     */
    public boolean[] writeChanges(List<StatusChange> changes) {
        boolean[] ok = inOrder(changes, this::write);
        List<Demotion> demotions = new ArrayList<>();
        for (StatusChange c : changes) {
            demotions.addAll(c.demotions());
        }
        if (!demotions.isEmpty()) {
            demote(demotions);
        }
        return ok;
    }

    /** Pages whose outlinks are read per demotion at most (one search): the links documents of one parent. */
    static final int MAX_LINK_DOCS = 100;

    /**
     * 003's sibling rule, best effort: each parent's outlinks are read from the links index, and its contribution to
     * those still waiting is lowered ({@link StatusMerge}: once per parent, so a replay changes nothing). A failure
     * is logged: the priorities stay as they were, no URL is lost. Without a links index nothing is demoted.
     */
    void demote(List<Demotion> demotions) {
        if (linksIndex == null) {
            return;
        }
        try {
            List<StatusUpdate> updates = new ArrayList<>();
            for (Demotion d : demotions) {
                for (String child : childrenOf(d.parent())) {
                    updates.add(StatusUpdate.demoted(child, d.parent(), d.factor(),
                            org.topicstorm.priority.Aggregation.SUM));
                }
            }
            boolean[] ok = write(updates);
            int written = 0;
            for (boolean b : ok) {
                written += b ? 1 : 0;
            }
            LOG.debug("demoted the children of {} parents: {} of {} updates written", demotions.size(), written,
                    updates.size());
        } catch (Exception e) {
            LOG.warn("could not demote the children of {} parents: {}", demotions.size(), e.toString());
        }
    }

    /**
     * The outlinks the links index holds for a parent. A parent that has children has a links document, but one
     * written less than a refresh interval ago is not yet searchable (a run of three irrelevant children can
     * complete within a second of the parent's fetch): when none is found the index is refreshed and searched once
     * more. That happens at most once per demoted parent, so the refresh costs little.
     */
    private Set<String> childrenOf(String parent) throws java.io.IOException {
        Set<String> children = new LinkedHashSet<>();
        for (int attempt = 0; attempt < 2 && children.isEmpty(); attempt++) {
            if (attempt > 0) {
                client.indices().refresh(r -> r.index(linksIndex));
            }
            client.search(s -> s.index(linksIndex).size(MAX_LINK_DOCS)
                            .query(q -> q.term(t -> t.field("from").value(parent))), LinkDoc.class)
                    .hits().hits().forEach(h -> {
                        if (h.source() != null) {
                            children.addAll(h.source().to());
                        }
                    });
        }
        return children;
    }

    /** The two-step order of {@link #writeChanges}, given the writer of a list of updates. */
    static boolean[] inOrder(List<StatusChange> changes, java.util.function.Function<List<StatusUpdate>, boolean[]> write) {
        List<StatusUpdate> first = new ArrayList<>();
        for (StatusChange c : changes) {
            first.addAll(c.before());
        }
        boolean[] firstOk = write.apply(first);
        boolean[] ok = new boolean[changes.size()];
        List<StatusUpdate> outcomes = new ArrayList<>();
        List<Integer> outcomeOf = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < changes.size(); i++) {
            boolean allBefore = true;
            for (int j = 0; j < changes.get(i).before().size(); j++) {
                allBefore &= firstOk[k++];
            }
            StatusUpdate outcome = changes.get(i).outcome();
            if (allBefore && outcome != null) {
                outcomes.add(outcome);
                outcomeOf.add(i);
            } else {
                ok[i] = allBefore;
            }
        }
        boolean[] outcomeOk = write.apply(outcomes);
        for (int j = 0; j < outcomes.size(); j++) {
            ok[outcomeOf.get(j)] = outcomeOk[j];
        }
        return ok;
    }

    /**
     * Writes the updates. Never throws for an ES failure: the affected updates are reported as not written.
     *
     * @return for each update, in order, whether it is durably stored (false: fail the tuple so it is replayed)
     */
    public boolean[] write(List<StatusUpdate> updates) {
        boolean[] ok = new boolean[updates.size()];
        if (updates.isEmpty()) {
            return ok;
        }
        Map<String, List<Integer>> byId = new LinkedHashMap<>();
        for (int i = 0; i < updates.size(); i++) {
            byId.computeIfAbsent(UrlIds.id(updates.get(i).url()), k -> new ArrayList<>()).add(i);
        }
        try {
            // the links go in the same bulk request as the first round's status documents: one request less
            List<BulkOperation> links = linkOperations(updates);
            boolean[] linksOk = {true};
            Map<String, List<Integer>> pending = byId;
            for (int round = 0; round < MAX_ROUNDS && !pending.isEmpty(); round++) {
                pending = writeRound(updates, pending, ok, round == 0 ? links : List.of(), linksOk);
            }
            if (!pending.isEmpty()) {
                LOG.warn("{} status documents still conflicting after {} rounds; their tuples will be replayed",
                        pending.size(), MAX_ROUNDS);
            }
            if (!linksOk[0]) {
                for (int i = 0; i < updates.size(); i++) {
                    if (updates.get(i).parent() != null) {
                        ok[i] = false;
                    }
                }
            }
        } catch (Exception e) {
            org.topicstorm.topology.LogThrottle.WARNINGS.warn(LOG, "status write of {} updates failed: {}", updates.size(), e.toString());
            java.util.Arrays.fill(ok, false);
        }
        return ok;
    }

    /**
     * One read-merge-write round; returns the ids that met a version conflict and must be retried.
     *
     * @param links   link documents to write in the same bulk request (after the status documents)
     * @param linksOk set to false if a link could not be written (a link that exists already is fine)
     */
    private Map<String, List<Integer>> writeRound(List<StatusUpdate> updates, Map<String, List<Integer>> ids,
                                                  boolean[] ok, List<BulkOperation> links, boolean[] linksOk)
            throws java.io.IOException {
        List<String> idList = new ArrayList<>(ids.keySet());
        List<MultiGetOperation> gets = new ArrayList<>(idList.size());
        for (String id : idList) {
            String host = UrlIds.host(updates.get(ids.get(id).get(0)).url());
            gets.add(MultiGetOperation.of(g -> g.index(statusIndex).id(id).routing(host)));
        }
        MgetResponse<StatusDoc> current = client.mget(m -> m.docs(gets), StatusDoc.class);

        long now = clock.millis();
        List<BulkOperation> ops = new ArrayList<>();
        List<String> opIds = new ArrayList<>();
        int i = 0;
        for (MultiGetResponseItem<StatusDoc> item : current.docs()) {
            String id = idList.get(i++);
            if (item.isFailure()) {
                throw new java.io.IOException("mget failed for " + id + ": " + item.failure().error().reason());
            }
            GetResult<StatusDoc> got = item.result();
            StatusDoc existing = got.found() ? got.source() : null;
            StatusDoc doc = existing;
            boolean changed = false;
            for (int idx : ids.get(id)) {
                StatusDoc next = merge.merge(doc, updates.get(idx), now);
                if (next != null) {
                    doc = next;
                    changed = true;
                }
            }
            if (!changed) {
                ids.get(id).forEach(idx -> ok[idx] = true);
                continue;
            }
            StatusDoc toWrite = doc;
            if (existing == null) {
                ops.add(BulkOperation.of(op -> op.create(c -> c.index(statusIndex).id(id).routing(toWrite.host())
                        .document(toWrite))));
            } else {
                long seqNo = got.seqNo();
                long term = got.primaryTerm();
                ops.add(BulkOperation.of(op -> op.index(x -> x.index(statusIndex).id(id).routing(toWrite.host())
                        .ifSeqNo(seqNo).ifPrimaryTerm(term).document(toWrite))));
            }
            opIds.add(id);
        }
        Map<String, List<Integer>> retry = new LinkedHashMap<>();
        ops.addAll(links);
        if (ops.isEmpty()) {
            return retry;
        }
        BulkResponse response = client.bulk(BulkRequest.of(b -> b.operations(ops)));
        List<BulkResponseItem> items = response.items();
        for (int k = opIds.size(); k < items.size(); k++) {
            BulkResponseItem item = items.get(k);
            if (item.error() != null && item.status() != 409) {
                LOG.warn("link write failed: {} {}", item.error().type(), item.error().reason());
                linksOk[0] = false;
            }
        }
        for (int k = 0; k < opIds.size(); k++) {
            BulkResponseItem item = items.get(k);
            String id = opIds.get(k);
            if (item.error() == null) {
                ids.get(id).forEach(idx -> ok[idx] = true);
            } else if (item.status() == 409) {
                retry.put(id, ids.get(id));
            } else {
                LOG.warn("status write failed for {}: {} {}", id, item.error().type(), item.error().reason());
            }
        }
        return retry;
    }

    /**
     * The create-once operations recording the links of discovered URLs (none without a links index): one document
     * per parent in this batch, holding all its outlinks here. A page's outlinks come in one batch (they are the
     * first step of its {@link StatusChange}), so a page is one document, not one per link: a third of ES's cost per
     * discovered URL was its link document. The id is the parent's and its first outlink's, so a replay of the same
     * batch writes nothing new.
     */
    private List<BulkOperation> linkOperations(List<StatusUpdate> updates) {
        List<BulkOperation> ops = new ArrayList<>();
        if (linksIndex == null) {
            return ops;
        }
        Map<String, Map<String, String>> byParent = new LinkedHashMap<>();
        for (StatusUpdate u : updates) {
            if (u.status() == Status.DISCOVERED && u.parent() != null) {
                byParent.computeIfAbsent(u.parent(), p -> new LinkedHashMap<>())
                        .putIfAbsent(u.url(), u.anchor() == null ? "" : u.anchor());
            }
        }
        long now = clock.millis();
        byParent.forEach((parent, targets) -> {
            List<String> to = List.copyOf(targets.keySet());
            LinkDoc links = new LinkDoc(parent, UrlIds.host(parent), to,
                    to.stream().map(UrlIds::host).distinct().toList(), List.copyOf(targets.values()), now);
            ops.add(BulkOperation.of(op -> op.create(c -> c.index(linksIndex)
                    .id(UrlIds.linkId(parent, to.get(0))).document(links))));
        });
        return ops;
    }

    /**
     * A document of the links index (es-conf/links.json): the outlinks a page was found to have, with their anchor
     * texts ({@code anchor.get(i)} is the text of the link to {@code to.get(i)}, empty when it had none).
     */
    public record LinkDoc(String from, String fromHost, List<String> to, List<String> toHost, List<String> anchor,
                          long discovered) {
    }
}
