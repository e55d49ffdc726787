package org.topicstorm.frontier;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import co.elastic.clients.elasticsearch.core.bulk.BulkResponseItem;
import co.elastic.clients.elasticsearch.core.get.GetResult;
import co.elastic.clients.elasticsearch.core.mget.MultiGetOperation;
import co.elastic.clients.elasticsearch.core.mget.MultiGetResponseItem;
import com.digitalpebble.stormcrawler.persistence.Status;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.slf4j.Logger;
import org.topicstorm.es.BulkAnswer;
import org.slf4j.LoggerFactory;
import org.topicstorm.topology.LogThrottle;
import org.topicstorm.priority.Aggregation;
import org.topicstorm.priority.Demotion;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

/**
 * Writes status updates to the status index with optimistic concurrency, so that concurrent writers and replayed
 * tuples can never lower a priority or lose an update (no scripts: the same requests run on every ES 8/9 node).
 *
 * <p>The updates of one URL make one {@link Pending} document. Per round: read the current documents (mget; those
 * this call has not read or written yet: {@link Known}), merge
 * the updates in memory ({@link StatusMerge}), write back with {@code create} for new URLs and
 * {@code if_seq_no/if_primary_term} for known ones. A version conflict means someone else wrote the document in
 * between: re-read and merge again, up to {@link #MAX_ROUNDS} rounds. The outlinks of each page are also written to
 * the links index (create-once, so replays are harmless), in the same bulk request as the first round's status
 * documents. Requests are bounded in documents and bytes ({@link BulkLimits}): a large batch is several requests.
 *
 * <p>A batch of a few-host crawl is a page or two, and each request a round trip of tens of milliseconds that the
 * page's next frontier query waits for; so a batch of changes costs three requests in series where nothing
 * conflicts: one mget (the outlinks' documents and the pages' own), one bulk (outlinks and links documents), one
 * bulk (the pages' outcomes, whose versions are known from the mget or from the first bulk's answers: {@link Known}).
 *
 * <p>What becomes of each update ({@link Written}): stored; rejected by ES for good (a 400 for its item: its
 * document can never be stored as it is); or neither (ES unreachable or overloaded, conflicts past the rounds: try
 * again later). A change rejected for good counts a failed attempt of its URL, and its URL is given up at the
 * {@link StatusMerge#maxAttempts() maximum} ({@link Fate}).
 */
public final class StatusWriter {

    private static final Logger LOG = LoggerFactory.getLogger(StatusWriter.class);
    private static final int MAX_ROUNDS = 8;
    /** A cause is kept up to this many characters (the status index keeps error keywords up to 1,024). */
    static final int MAX_CAUSE_LENGTH = 500;
    /** Pages whose outlinks are read per demotion at most (one search): the links documents of one parent. */
    static final int MAX_LINK_DOCS = 100;
    /** Sizes only for bounding requests: the client's own serialisation gives about the same. */
    private static final ObjectMapper SIZES = new ObjectMapper();
    /** The bulk action line and separators of one item, roughly. */
    private static final long ACTION_BYTES = 200;

    /**
     * The largest request: at most {@code maxDocs} documents (in an mget or a bulk request) and, in a bulk request,
     * about {@code maxBytes} bytes (a single larger document goes alone). A page's outlinks are split over links
     * documents of at most {@code maxDocs} outlinks each.
     */
    public record BulkLimits(int maxDocs, long maxBytes) {
        public static final BulkLimits DEFAULT = new BulkLimits(1000, 5L << 20);

        public BulkLimits {
            if (maxDocs < 1 || maxBytes < 1) {
                throw new IllegalArgumentException("bulk limits must be positive, got " + maxDocs + " documents, "
                        + maxBytes + " bytes");
            }
        }
    }

    /**
     * What became of one update.
     *
     * @param doc       when stored: what the index now holds for its URL (null when nothing is stored for it)
     * @param rejection when ES refused it for good: why; else null
     */
    public record Written(StatusUpdate update, boolean stored, StatusDoc doc, String rejection) {

        static Written stored(StatusUpdate u, StatusDoc doc) {
            return new Written(u, true, doc, null);
        }

        static Written rejected(StatusUpdate u, String cause) {
            return new Written(u, false, null, cause);
        }

        static Written notYet(StatusUpdate u) {
            return new Written(u, false, null, null);
        }

        boolean rejected() {
            return rejection != null;
        }
    }

    /** What became of one status change, and so of its tuple. */
    public enum Fate {
        /** All of it is stored (or there was nothing to change): ack. */
        STORED(true),
        /** Rejected for good once too often: the URL is now ERROR with the cause, out of the frontier: ack. */
        GIVEN_UP(true),
        /** Rejected for good; the failed attempt is counted in the URL's document: fail, so it is tried again. */
        COUNTED(false),
        /** Not stored for a passing reason (ES unreachable or overloaded, conflicts): fail, nothing counted. */
        RETRY(false);

        private final boolean ack;

        Fate(boolean ack) {
            this.ack = ack;
        }

        /** Whether the tuple is done with (ack) rather than to be replayed (fail). */
        public boolean ack() {
            return ack;
        }
    }

    /** A change with what became of it: of the first of its updates not stored, else of its outcome. */
    record ChangeWritten(StatusChange change, Written written) {
    }

    /** The updates of one URL in a batch: one status document. */
    private record Pending(String id, String host, List<StatusUpdate> updates) {
    }

    /** One document to write with a bulk request. */
    private sealed interface Write permits DocWrite, LinkWrite {
        BulkOperation operation();

        long bytes();
    }

    /** One status document to write in a round: the merged document and the operation that writes it. */
    private record DocWrite(Pending pending, StatusDoc doc, BulkOperation operation, long bytes) implements Write {
    }

    /** One links document to write: a page and (some of) its outlinks. */
    private record LinkWrite(String parent, LinkDoc doc, BulkOperation operation, long bytes) implements Write {
    }

    /**
     * A status document as this writer last saw it stored, with the version a conditional write needs; {@code doc}
     * null when the index holds none under its id.
     */
    private record Stored(StatusDoc doc, long seqNo, long primaryTerm) {
        static final Stored ABSENT = new Stored(null, -1, -1);
    }

    /**
     * The status documents one call of {@link #writeChanges} (or {@link #writeAll}) has read or written, so that
     * its later steps read none of them again. The first mget also reads the documents named by
     * {@link #readAlso} (the pages whose outcomes follow), and each stored write's answer gives its document's new
     * version. What another writer changed since is caught by the conditional write (a conflict), and read again;
     * a merge that would write nothing on a copy known from before its round is not trusted (no write, so no
     * conflict could show it stale): that document is read again ({@code round}).
     */
    private static final class Known {
        private final Map<String, Stored> byId = new HashMap<>();
        /** Documents to read with the next mget, id to routing host. */
        private final Map<String, String> extra = new LinkedHashMap<>();

        void readAlso(String id, String host) {
            if (!byId.containsKey(id)) {
                extra.put(id, host);
            }
        }

        Stored get(String id) {
            return byId.get(id);
        }

        void put(String id, Stored stored) {
            byId.put(id, stored);
            extra.remove(id);
        }

        void forget(String id) {
            byId.remove(id);
        }

        /** The documents still to read with the next mget, id to routing host. */
        Map<String, String> unread() {
            return extra;
        }
    }

    /** An item of a bulk request with ES's answer for it. */
    private record Answered<T>(T write, BulkAnswer answer, BulkResponseItem item) {
    }

    /** What a round made of its documents: the updates it settled, and the documents to try again. */
    private record Round(List<Written> settled, List<Pending> conflicting) {
    }

    /** A page whose links document was not stored: rejected for good (with why), or not for now. */
    private record LinksNotStored(String rejection) {
    }

    private final ElasticsearchClient client;
    private final String statusIndex;
    private final String linksIndex;
    private final StatusMerge merge;
    private final Clock clock;
    private final BulkLimits limits;

    /**
     * @param linksIndex the links index, or null to not record links
     */
    public StatusWriter(ElasticsearchClient client, String statusIndex, String linksIndex, StatusMerge merge,
                        Clock clock) {
        this(client, statusIndex, linksIndex, merge, clock, BulkLimits.DEFAULT);
    }

    public StatusWriter(ElasticsearchClient client, String statusIndex, String linksIndex, StatusMerge merge,
                        Clock clock, BulkLimits limits) {
        this.client = client;
        this.statusIndex = statusIndex;
        this.linksIndex = linksIndex;
        this.merge = merge;
        this.clock = clock;
        this.limits = limits;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Changes (one per tuple): additions first, then outcomes; a change rejected for good counts a failed attempt

    /**
     * Writes status changes in two steps: first every URL they add (outlinks, redirect targets), then the outcome
     * of each change whose additions are all stored. A change ES rejected for good counts a failed attempt of its
     * URL. Then the demotions, best effort. Never throws for an ES failure.
     *
     * @return for each change, in order, what became of it
     */
    public List<Fate> writeChanges(List<StatusChange> changes) {
        Known known = new Known();
        for (StatusChange c : changes) {
            if (c.outcome() != null && !c.outcome().isFailedAttempt()) {
                known.readAlso(UrlIds.id(c.outcome().url()), UrlIds.host(c.outcome().url()));
            }
        }
        List<Fate> fates = countFailures(inOrder(changes, updates -> writeAll(updates, known)));
        List<Demotion> demotions = changes.stream().flatMap(c -> c.demotions().stream()).toList();
        if (!demotions.isEmpty()) {
            demote(demotions);
        }
        return fates;
    }

    /**
     * The two-step order of {@link #writeChanges}, given the writer of a list of updates: a change's outcome is
     * written only once all its additions are stored, because the outcome takes its URL out of the frontier.
     *
     * @return for each change, in order, what became of the first of its updates that was not stored, or of its
     *         outcome (of its last addition for a change without one)
     */
    static List<ChangeWritten> inOrder(List<StatusChange> changes,
                                 java.util.function.Function<List<StatusUpdate>, List<Written>> write) {
        List<StatusUpdate> additions = changes.stream().flatMap(c -> c.before().stream()).toList();
        Map<StatusUpdate, Written> added = byUpdate(write.apply(additions));

        // a continuous crawl's page learns how many of its outlinks are new to the frontier (its revisit's evidence)
        Map<StatusChange, StatusUpdate> outcomeOf = new IdentityHashMap<>();
        for (StatusChange c : changes) {
            if (c.outcome() != null && firstNotStored(c.before(), added) == null) {
                outcomeOf.put(c, withNewLinks(c.outcome(), c.before(), added));
            }
        }
        Map<StatusUpdate, Written> written = byUpdate(write.apply(
                changes.stream().filter(outcomeOf::containsKey).map(outcomeOf::get).toList()));

        List<ChangeWritten> results = new ArrayList<>(changes.size());
        for (StatusChange c : changes) {
            Written failedAddition = firstNotStored(c.before(), added);
            if (failedAddition != null) {
                results.add(new ChangeWritten(c, failedAddition));
            } else if (c.outcome() != null) {
                results.add(new ChangeWritten(c, written.get(outcomeOf.get(c))));
            } else if (!c.before().isEmpty()) {
                results.add(new ChangeWritten(c, added.get(c.before().get(c.before().size() - 1))));
            } else {
                results.add(new ChangeWritten(c, Written.stored(null, null)));
            }
        }
        return results;
    }

    /**
     * The outcome with the count of its page's outlinks that are new: first seen at or after this fetch, so created
     * by this write or by another page's since (when it carries signals). Read from the stored documents, so a
     * replayed tuple counts the same links as the first write did.
     */
    private static StatusUpdate withNewLinks(StatusUpdate outcome, List<StatusUpdate> before,
                                             Map<StatusUpdate, Written> added) {
        if (outcome.signals() == null || outcome.fetchedAt() == null) {
            return outcome;
        }
        int fresh = 0;
        for (StatusUpdate u : before) {
            StatusDoc doc = added.get(u).doc();
            if (outcome.url().equals(u.parent()) && doc != null && doc.discovered() >= outcome.fetchedAt()) {
                fresh++;
            }
        }
        return outcome.withSignals(outcome.signals().withNewLinks(fresh));
    }

    private static Map<StatusUpdate, Written> byUpdate(List<Written> written) {
        Map<StatusUpdate, Written> map = new IdentityHashMap<>();
        written.forEach(w -> map.put(w.update(), w));
        return map;
    }

    /** The first of the updates that is not stored (a rejected one first), or null when all are. */
    private static Written firstNotStored(List<StatusUpdate> updates, Map<StatusUpdate, Written> written) {
        Written notStored = null;
        for (StatusUpdate u : updates) {
            Written w = written.get(u);
            if (w.rejected()) {
                return w;
            }
            if (!w.stored() && notStored == null) {
                notStored = w;
            }
        }
        return notStored;
    }

    /**
     * Each change rejected for good counts a failed attempt of its URL (its outcome's; a discovery's own URL),
     * which gives the URL up at the maximum. A change whose outcome was itself a failed attempt (a tuple that could
     * not be read) is given up or counted by what its document now says.
     */
    private List<Fate> countFailures(List<ChangeWritten> results) {
        List<StatusUpdate> attempts = new ArrayList<>();
        for (ChangeWritten r : results) {
            if (r.written().rejected()) {
                attempts.add(StatusUpdate.failedAttempt(urlOf(r.change()), r.written().rejection()));
            }
        }
        // what became of each failed attempt, in the order of the rejected changes
        // read afresh: whether an attempt gives its URL up depends on the document as it is now
        Iterator<Written> counted = writeAll(attempts).iterator();
        List<Fate> fates = new ArrayList<>(results.size());
        for (ChangeWritten r : results) {
            fates.add(r.written().rejected() ? fateOfAttempt(counted.next()) : fateOf(r.written()));
        }
        return fates;
    }

    private static Fate fateOf(Written w) {
        if (!w.stored()) {
            return Fate.RETRY;
        }
        return w.update() != null && w.update().isFailedAttempt() ? fateOfAttempt(w) : Fate.STORED;
    }

    /** A stored failed attempt: given up when its URL is now out of the frontier (or unknown: nothing to replay). */
    private static Fate fateOfAttempt(Written attempt) {
        if (!attempt.stored()) {
            return Fate.RETRY;
        }
        StatusDoc doc = attempt.doc();
        if (doc == null || Status.ERROR.name().equals(doc.status())) {
            LOG.warn("given up: {} ({})", attempt.update().url(),
                    doc == null ? attempt.update().failedAttempt() : doc.error());
            return Fate.GIVEN_UP;
        }
        LOG.warn("failed attempt {} of {}: {}", doc.attempts(), doc.url(), doc.attemptError());
        return Fate.COUNTED;
    }

    private static String urlOf(StatusChange c) {
        return c.outcome() != null ? c.outcome().url() : c.before().get(0).url();
    }

    // ---------------------------------------------------------------------------------------------------------
    // Updates

    /**
     * Writes the updates, as {@link #writeAll}, for callers that only need to know whether each is stored.
     *
     * @return for each update, in order, whether it is durably stored
     */
    public boolean[] write(List<StatusUpdate> updates) {
        List<Written> written = writeAll(updates);
        boolean[] ok = new boolean[written.size()];
        for (int i = 0; i < ok.length; i++) {
            ok[i] = written.get(i).stored();
        }
        return ok;
    }

    /**
     * Writes the updates and their links. Never throws for an ES failure: the affected updates are reported as not
     * stored. A discovered URL counts as stored only once its page's links document is too.
     *
     * @return for each update, in order, what became of it
     */
    public List<Written> writeAll(List<StatusUpdate> updates) {
        return writeAll(updates, new Known());
    }

    private List<Written> writeAll(List<StatusUpdate> updates, Known known) {
        if (updates.isEmpty()) {
            return List.of();
        }
        Map<StatusUpdate, Written> statuses = new IdentityHashMap<>();
        // the links documents go with the first slice's first round: a links document not stored fails its page's
        // outlinks whatever slice they are in, and every slice is done before any outcome is written
        List<LinkWrite> linkDocs = linkWrites(updates);
        Map<String, LinksNotStored> linkFailures = new HashMap<>();
        // at most maxDocs documents a slice (an mget holds ids only; its bulk requests are cut by bytes as well)
        for (List<Pending> slice : slices(pendingDocs(updates), limits.maxDocs(), Long.MAX_VALUE, p -> 0)) {
            writeStatus(slice, linkDocs, linkFailures, known).forEach(w -> statuses.put(w.update(), w));
            linkDocs = List.of();
        }

        List<Written> results = new ArrayList<>(updates.size());
        for (StatusUpdate u : updates) {
            Written status = statuses.get(u);
            LinksNotStored links = isLink(u) ? linkFailures.get(u.parent()) : null;
            if (status.stored() && links != null) {
                // the page's links document failed: so does each of its outlinks (and so the page, not the batch)
                results.add(Written.rejected(u, links.rejection()));
            } else {
                results.add(status);
            }
        }
        return results;
    }

    /** The updates grouped by URL, in the order of their first update. */
    private static List<Pending> pendingDocs(List<StatusUpdate> updates) {
        Map<String, List<StatusUpdate>> byId = new LinkedHashMap<>();
        for (StatusUpdate u : updates) {
            byId.computeIfAbsent(UrlIds.id(u.url()), id -> new ArrayList<>()).add(u);
        }
        List<Pending> docs = new ArrayList<>(byId.size());
        byId.forEach((id, us) -> docs.add(new Pending(id, UrlIds.host(us.get(0).url()), us)));
        return docs;
    }

    /**
     * Rounds of read-merge-write over some documents until none is left conflicting (or the rounds run out). The
     * links documents go with the first round's writes; those not stored are put in {@code linkFailures}.
     */
    private List<Written> writeStatus(List<Pending> docs, List<LinkWrite> links,
                                      Map<String, LinksNotStored> linkFailures, Known known) {
        List<Written> done = new ArrayList<>();
        List<Pending> conflicting = docs;
        Set<LinkWrite> unanswered = Collections.newSetFromMap(new IdentityHashMap<>());
        unanswered.addAll(links);
        try {
            for (int round = 0; round < MAX_ROUNDS && !conflicting.isEmpty(); round++) {
                Round r = round(conflicting, round == 0 ? links : List.of(), linkFailures, unanswered, known);
                done.addAll(r.settled());
                conflicting = r.conflicting();
            }
            if (!conflicting.isEmpty()) {
                LOG.warn("{} status documents still conflicting after {} rounds; their tuples will be replayed",
                        conflicting.size(), MAX_ROUNDS);
            }
        } catch (IOException | RuntimeException e) {
            // the round's documents are reported not stored, even those of its requests that went through: their
            // tuples are replayed, which changes nothing for those (the answered ones keep their new versions in
            // Known; a write applied but not answered meets a conflict when next written, and is read again)
            LogThrottle.WARNINGS.warn(LOG, "status write of {} documents (and {} links documents) failed: {}",
                    conflicting.size(), unanswered.size(), e.toString());
        }
        for (Pending p : conflicting) {
            p.updates().forEach(u -> done.add(Written.notYet(u)));
        }
        // a links document whose request never went (or failed as a whole) is not stored, for now
        unanswered.forEach(w -> linkFailures.putIfAbsent(w.parent(), new LinksNotStored(null)));
        return done;
    }

    /**
     * One round: reads the documents, merges their updates, writes those that changed. The documents that met a
     * version conflict are to be read, merged and written again.
     */
    private Round round(List<Pending> docs, List<LinkWrite> links, Map<String, LinksNotStored> linkFailures,
                        Set<LinkWrite> unanswered, Known known) throws IOException {
        List<Written> done = new ArrayList<>();
        Set<String> readNow = read(docs, known);
        long now = clock.millis();
        List<Write> writes = new ArrayList<>();
        List<Pending> conflicting = new ArrayList<>();
        for (Pending p : docs) {
            Stored got = known.get(p.id());
            StatusDoc existing = got.doc();
            StatusDoc merged = mergeAll(existing, p.updates(), now);
            if (merged != null) {
                writes.add(docWrite(p, merged, got));
            } else if (readNow.contains(p.id())) {
                p.updates().forEach(u -> done.add(Written.stored(u, existing)));
            } else {
                // nothing to write on a copy from earlier in this call: decided again on the document as it is now
                known.forget(p.id());
                conflicting.add(p);
            }
        }
        writes.addAll(links);
        for (List<Write> slice : slices(writes, limits.maxDocs(), limits.maxBytes(), Write::bytes)) {
            for (Answered<Write> a : send(slice, Write::operation)) {
                if (a.write() instanceof DocWrite w) {
                    settleStatus(w, a, known, done, conflicting);
                } else if (a.write() instanceof LinkWrite w) {
                    unanswered.remove(w);
                    settleLinks(w, a, linkFailures);
                }
            }
        }
        return new Round(done, conflicting);
    }

    /** What ES's answer makes of a status document's updates; the document's version is known if stored. */
    private static void settleStatus(DocWrite w, Answered<Write> a, Known known, List<Written> done,
                                     List<Pending> conflicting) {
        Pending p = w.pending();
        if (a.answer() == BulkAnswer.OK && a.item().seqNo() != null && a.item().primaryTerm() != null) {
            known.put(p.id(), new Stored(w.doc(), a.item().seqNo(), a.item().primaryTerm()));
        } else {
            known.forget(p.id());
        }
        switch (a.answer()) {
            case OK -> p.updates().forEach(u -> done.add(Written.stored(u, w.doc())));
            case CONFLICT -> conflicting.add(p);
            case REJECTED -> {
                String cause = cause("status document of " + w.doc().url() + " rejected: " + errorOf(a));
                LOG.warn(cause);
                p.updates().forEach(u -> done.add(Written.rejected(u, cause)));
            }
            case FAILED -> {
                LOG.warn("status write failed for {}: {}", p.id(), errorOf(a));
                p.updates().forEach(u -> done.add(Written.notYet(u)));
            }
        }
    }

    /** What ES's answer makes of a links document: a conflict is a replay's (create-once), so stored. */
    private static void settleLinks(LinkWrite w, Answered<Write> a, Map<String, LinksNotStored> linkFailures) {
        switch (a.answer()) {
            case OK, CONFLICT -> { }
            case REJECTED -> {
                String cause = cause("links document of " + w.parent() + " rejected: " + errorOf(a));
                LOG.warn(cause);
                linkFailures.put(w.parent(), new LinksNotStored(cause));
            }
            case FAILED -> {
                LOG.warn("links document of {} not written: {}", w.parent(), errorOf(a));
                linkFailures.putIfAbsent(w.parent(), new LinksNotStored(null));
            }
        }
    }

    /**
     * Makes the documents' stored versions known: one mget for those not known yet, which also reads the documents
     * {@link Known#readAlso} named while the request has room (a failure to read one of those leaves it unread).
     *
     * @return the ids of the documents read now
     */
    private Set<String> read(List<Pending> docs, Known known) throws IOException {
        Map<String, String> ids = new LinkedHashMap<>();
        for (Pending p : docs) {
            if (known.get(p.id()) == null) {
                ids.put(p.id(), p.host());
            }
        }
        if (ids.isEmpty()) {
            return Set.of();
        }
        Set<String> needed = Set.copyOf(ids.keySet());
        for (Map.Entry<String, String> e : known.unread().entrySet()) {
            if (ids.size() >= limits.maxDocs()) {
                break;
            }
            ids.putIfAbsent(e.getKey(), e.getValue());
        }
        List<MultiGetOperation> gets = new ArrayList<>(ids.size());
        ids.forEach((id, host) -> gets.add(MultiGetOperation.of(g -> g.index(statusIndex).id(id).routing(host))));
        for (MultiGetResponseItem<StatusDoc> item : client.mget(m -> m.docs(gets), StatusDoc.class).docs()) {
            if (item.isFailure()) {
                if (!needed.contains(item.failure().id())) {
                    continue;
                }
                throw new IOException("mget failed for " + item.failure().id() + ": "
                        + item.failure().error().reason());
            }
            GetResult<StatusDoc> got = item.result();
            if (!got.found() || got.source() == null) {
                known.put(got.id(), Stored.ABSENT);
            } else if (got.seqNo() == null || got.primaryTerm() == null) {
                throw new IOException("mget of " + got.id() + " gave no version (seq_no, primary_term)");
            } else {
                known.put(got.id(), new Stored(got.source(), got.seqNo(), got.primaryTerm()));
            }
        }
        return needed;
    }

    /** A document's updates merged in order; null when none changes it. */
    private StatusDoc mergeAll(StatusDoc existing, List<StatusUpdate> updates, long now) {
        StatusDoc doc = existing;
        boolean changed = false;
        for (StatusUpdate u : updates) {
            StatusDoc next = merge.merge(doc, u, now);
            if (next != null) {
                doc = next;
                changed = true;
            }
        }
        return changed ? doc : null;
    }

    /** {@code create} for a new URL; for a known one, a write only if nobody wrote it since it was read. */
    private DocWrite docWrite(Pending p, StatusDoc doc, Stored read) {
        BulkOperation op = read.doc() == null
                ? BulkOperation.of(o -> o.create(c -> c.index(statusIndex).id(p.id()).routing(doc.host())
                .document(doc)))
                : BulkOperation.of(o -> o.index(x -> x.index(statusIndex).id(p.id()).routing(doc.host())
                .ifSeqNo(read.seqNo()).ifPrimaryTerm(read.primaryTerm()).document(doc)));
        return new DocWrite(p, doc, op, bytesOf(doc));
    }

    // ---------------------------------------------------------------------------------------------------------
    // Links

    private static boolean isLink(StatusUpdate u) {
        return u.status() == Status.DISCOVERED && u.parent() != null && !u.isDemotion() && !u.isRescore()
                && !u.verdictOnly();
    }

    /**
     * The create-once documents recording the links of discovered URLs: per parent in this batch, its outlinks here,
     * in documents of at most {@link BulkLimits#maxDocs} outlinks. A page's outlinks come in one batch (they are the
     * first step of its {@link StatusChange}), so a page is one document (or a few), not one per link: a third of
     * ES's cost per discovered URL was its link document. The id is the parent's and the document's first outlink's,
     * so a replay of the same batch writes nothing new.
     */
    private List<LinkWrite> linkWrites(List<StatusUpdate> updates) {
        List<LinkWrite> writes = new ArrayList<>();
        if (linksIndex == null) {
            return writes;
        }
        Map<String, Map<String, String>> byParent = new LinkedHashMap<>();
        for (StatusUpdate u : updates) {
            if (isLink(u)) {
                byParent.computeIfAbsent(u.parent(), p -> new LinkedHashMap<>())
                        .putIfAbsent(u.url(), u.anchor() == null ? "" : u.anchor());
            }
        }
        long now = clock.millis();
        byParent.forEach((parent, targets) -> {
            List<String> urls = List.copyOf(targets.keySet());
            List<String> anchors = List.copyOf(targets.values());
            for (int from = 0; from < urls.size(); from += limits.maxDocs()) {
                int to = Math.min(urls.size(), from + limits.maxDocs());
                List<String> part = urls.subList(from, to);
                LinkDoc doc = new LinkDoc(parent, UrlIds.host(parent), part,
                        part.stream().map(UrlIds::host).distinct().toList(), anchors.subList(from, to), now);
                BulkOperation op = BulkOperation.of(o -> o.create(c -> c.index(linksIndex)
                        .id(UrlIds.linkId(parent, part.get(0))).document(doc)));
                writes.add(new LinkWrite(parent, doc, op, bytesOf(doc)));
            }
        });
        return writes;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Requests

    /** Sends the writes in one bulk request; ES answers the items in the order of the request. */
    private <T> List<Answered<T>> send(List<T> writes, java.util.function.Function<T, BulkOperation> operation)
            throws IOException {
        List<BulkOperation> ops = writes.stream().map(operation).toList();
        Iterator<BulkResponseItem> answers = client.bulk(b -> b.operations(ops)).items().iterator();
        List<Answered<T>> answered = new ArrayList<>(writes.size());
        for (T w : writes) {
            BulkResponseItem item = answers.next();
            answered.add(new Answered<>(w, BulkAnswer.of(item), item));
        }
        return answered;
    }

    private static String errorOf(Answered<?> a) {
        return BulkAnswer.errorOf(a.item());
    }

    /** A cause cut to {@link #MAX_CAUSE_LENGTH} characters. */
    static String cause(String s) {
        return s.length() <= MAX_CAUSE_LENGTH ? s : s.substring(0, MAX_CAUSE_LENGTH - 3) + "...";
    }

    private static long bytesOf(Object doc) {
        try {
            return SIZES.writeValueAsBytes(doc).length + ACTION_BYTES;
        } catch (JsonProcessingException e) {
            return ACTION_BYTES;
        }
    }

    /**
     * The items in consecutive slices of at most {@code maxCount} items and {@code maxBytes} bytes (an item larger
     * than that alone), in order.
     */
    static <T> List<List<T>> slices(List<T> items, int maxCount, long maxBytes, ToLongFunction<T> bytes) {
        List<List<T>> slices = new ArrayList<>();
        List<T> slice = new ArrayList<>();
        long sliceBytes = 0;
        for (T item : items) {
            long b = bytes.applyAsLong(item);
            if (!slice.isEmpty() && (slice.size() >= maxCount || sliceBytes + b > maxBytes)) {
                slices.add(slice);
                slice = new ArrayList<>();
                sliceBytes = 0;
            }
            slice.add(item);
            sliceBytes += b;
        }
        if (!slice.isEmpty()) {
            slices.add(slice);
        }
        return slices;
    }

    // ---------------------------------------------------------------------------------------------------------
    // Demotions

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
                    updates.add(StatusUpdate.demoted(child, d.parent(), d.factor(), Aggregation.SUM));
                }
            }
            long written = writeAll(updates).stream().filter(Written::stored).count();
            LOG.debug("demoted the children of {} parents: {} of {} updates written", demotions.size(), written,
                    updates.size());
        } catch (IOException | RuntimeException e) {
            LogThrottle.WARNINGS.warn(LOG, "could not demote the children of {} parents: {}", demotions.size(),
                    e.toString());
        }
    }

    /**
     * The outlinks the links index holds for a parent. A parent that has children has a links document, but one
     * written less than a refresh interval ago is not yet searchable (a run of three irrelevant children can
     * complete within a second of the parent's fetch): when none is found the index is refreshed and searched once
     * more. That happens at most once per demoted parent, so the refresh costs little.
     */
    private Set<String> childrenOf(String parent) throws IOException {
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

    /**
     * A document of the links index (es-conf/links.json): the outlinks a page was found to have, with their anchor
     * texts ({@code anchor.get(i)} is the text of the link to {@code to.get(i)}, empty when it had none).
     */
    public record LinkDoc(String from, String fromHost, List<String> to, List<String> toHost, List<String> anchor,
                          long discovered) {
    }
}
